// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

/// A DVD-Video folder with a menu, authored at test time with ffmpeg, spumux and dvdauthor
/// (Debian's `dvdauthor` package), made once per machine and kept in the temporary folder.
///
/// The first-play program jumps to the title set's root menu: a grey still (480 lines, NTSC)
/// with two buttons, "red" above "blue", whose highlights are a spumux subpicture. "red"
/// plays title 1 (3 s of red), "blue" title 2 (3 s of blue); each title calls the menu again
/// when it ends.
enum DVDMenuDisc {
  /// Whether the authoring tools are installed.
  static let canAuthor = ["/usr/bin/dvdauthor", "/usr/bin/spumux", "/usr/bin/ffmpeg"].allSatisfy {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The folder holding `VIDEO_TS`, authored on first use. Made in a private folder and
  /// renamed into place, so concurrent test runs never see half a disc.
  static func folder() async throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("swiftvlc-dvd-menu-v1")
    let index = folder.appendingPathComponent("VIDEO_TS/VIDEO_TS.IFO")
    if FileManager.default.fileExists(atPath: index.path) { return folder }
    let work = try GeneratedMedia()
    defer { work.remove() }
    try await author(in: work)
    // A run that lost the race finds the other's disc in place: keep that one.
    try? FileManager.default.moveItem(
      at: work.folder.appendingPathComponent("DVD"), to: folder)
    guard FileManager.default.fileExists(atPath: index.path) else {
      throw GenerationFailed(name: "the DVD menu disc", message: "no VIDEO_TS.IFO")
    }
    return folder
  }

  /// The `dvd://` location libVLC's DVD module (libdvdnav) opens `folder` by.
  static func location(_ folder: URL) -> URL {
    URL(string: "dvd://\(folder.path)")!
  }

  private static func author(in work: GeneratedMedia) async throws {
    func clip(_ name: String, _ colour: String, _ filters: [String] = [], seconds: Int) async throws
    {
      let video = (["color=c=\(colour):s=720x480:r=30000/1001"] + filters)
      _ = try await work.make(
        name,
        [
          "-f", "lavfi", "-i", video.joined(separator: ","), "-f", "lavfi",
          "-i", "anullsrc=r=48000:cl=stereo", "-t", "\(seconds)", "-target", "ntsc-dvd",
          "-aspect", "4:3",
        ])
    }
    func buttons(_ name: String, _ colour: String) async throws {
      let boxes = [90, 290].map { "drawbox=x=90:y=\($0):w=220:h=100:color=\(colour):t=8" }
      _ = try await work.make(
        name,
        [
          "-f", "lavfi", "-i",
          "color=c=black@0.0:s=720x480,format=rgba,\(boxes.joined(separator: ","))",
          "-frames:v", "1",
        ])
    }
    let face = [100, 300].map { "drawbox=x=100:y=\($0):w=200:h=80:color=white:t=fill" }
    try await clip("background.mpg", "0x404040", face, seconds: 2)
    try await clip("red.mpg", "red", seconds: 3)
    try await clip("blue.mpg", "blue", seconds: 3)
    try await buttons("highlight.png", "yellow")
    try await buttons("select.png", "green")
    try write(
      """
      <subpictures><stream>
        <spu force="yes" start="00:00:00.00" highlight="highlight.png" select="select.png">
          <button name="red" x0="90" y0="90" x1="310" y1="190" down="blue"/>
          <button name="blue" x0="90" y0="290" x1="310" y1="390" up="red"/>
        </spu>
      </stream></subpictures>
      """, to: "menu.xml", in: work)
    try write(
      """
      <dvdauthor dest="DVD">
        <vmgm><fpc>jump titleset 1 menu;</fpc></vmgm>
        <titleset>
          <menus>
            <video format="ntsc" aspect="4:3"/>
            <pgc entry="root">
              <button name="red">jump title 1;</button>
              <button name="blue">jump title 2;</button>
              <vob file="menu.mpg" pause="inf"/>
            </pgc>
          </menus>
          <titles>
            <video format="ntsc" aspect="4:3"/>
            <pgc><vob file="red.mpg"/><post>call menu;</post></pgc>
            <pgc><vob file="blue.mpg"/><post>call menu;</post></pgc>
          </titles>
        </titleset>
      </dvdauthor>
      """, to: "dvd.xml", in: work)
    // spumux multiplexes the button subpicture into the menu's MPEG program stream.
    try await run(
      "spumux menu.xml < background.mpg > menu.mpg", in: work, what: "spumux")
    try await run("VIDEO_FORMAT=NTSC dvdauthor -x dvd.xml", in: work, what: "dvdauthor")
  }

  private static func write(_ text: String, to name: String, in work: GeneratedMedia) throws {
    try text.write(
      to: work.folder.appendingPathComponent(name), atomically: true, encoding: .utf8)
  }

  private static func run(_ command: String, in work: GeneratedMedia, what: String) async throws {
    let output = try await runProgram(
      "sh", ["-c", "cd '\(work.folder.path)' && \(command)"], within: .seconds(60))
    guard output.status == 0 else {
      throw GenerationFailed(name: what, message: String(output.stderr.suffix(400)))
    }
  }
}
