// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@testable import SwiftVLCCommandLine

@Suite("Command-line output", .sharesTheMachine)
struct CommandLineOutputTests {
  /// The text a terminal would show, without escape sequences.
  private func visible(_ text: String) -> String {
    text.replacing(/\u{1B}\[[0-9;?]*[A-Za-z]/, with: "")
  }

  // MARK: Half-block renderer

  @Test("a quoted name stays on one line: quotes, backslashes and line breaks escaped")
  func quotedNames() {
    #expect(TrackText.quoted("English mono") == #""English mono""#)
    #expect(
      TrackText.quoted("Line1\nLine2 \"director\" C:\\x\r\n")
        == #""Line1\nLine2 \"director\" C:\\x\r\n""#)
    // A file's escape sequences reach the terminal as text, not as orders.
    #expect(TrackText.quoted("\u{1B}[31mRED\u{7}") == #""\u{1B}[31mRED\u{7}""#)
  }

  @Test("probe's notes name the tool's option, not the library's depth value")
  func toolWords() {
    #expect(
      ProbeReport.toolWords(
        "frame rates of some tracks: the decoders were not run (depth container; parse with "
          + "depth .decoded)")
        == "frame rates of some tracks: the decoders were not run (--depth container; probe "
        + "with --depth decoded)")
    #expect(
      ProbeReport.toolWords("chapters: read only while playing (depth .decoded)")
        == "chapters: read only while playing (--depth decoded)")
  }

  @Test("tag values and chapter names print on one line, with the terminal's controls escaped")
  func oneLineText() {
    // A chapter named so that its second line looked like a track line, and a tag that
    // turned the terminal red.
    #expect(TrackText.oneLine("A\n  track 9    video FAKE") == #"A\n  track 9    video FAKE"#)
    #expect(TrackText.oneLine("Line2 \u{1B}[31mRED\u{9B}") == #"Line2 \u{1B}[31mRED\u{9B}"#)
    #expect(TrackText.oneLine("Ünïcode \"as is\"") == "Ünïcode \"as is\"")
  }

  @Test("a cell shows the top pixel as foreground and the bottom pixel as background")
  func halfBlockCells() {
    // 2x2: red, green on top; blue, white below.
    let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
    let area = CellArea(row: 3, column: 5, columns: 2, rows: 1)
    let output = pixels.withUnsafeBytes {
      HalfBlockRenderer.render(rgba: $0, width: 2, height: 2, pitch: 8, in: area)
    }
    #expect(
      output
        == "\u{1B}[3;5H"
        + "\u{1B}[38;2;255;0;0m\u{1B}[48;2;0;0;255m\u{2580}"
        + "\u{1B}[38;2;0;255;0m\u{1B}[48;2;255;255;255m\u{2580}"
        + "\u{1B}[0m")
  }

  @Test("colours are only repeated when they change, and each row starts at its own line")
  func halfBlockRunsAndRows() {
    // 4x4 of one grey, drawn into 4 columns by 2 rows.
    let pixels = [UInt8](repeating: 128, count: 4 * 4 * 4)
    let output = pixels.withUnsafeBytes {
      HalfBlockRenderer.render(
        rgba: $0, width: 4, height: 4, pitch: 16,
        in: CellArea(row: 1, column: 1, columns: 4, rows: 2))
    }
    #expect(output.components(separatedBy: "38;2;128;128;128m").count == 2)
    #expect(output.contains("\u{1B}[1;1H") && output.contains("\u{1B}[2;1H"))
    #expect(visible(output) == String(repeating: "\u{2580}", count: 8))
  }

  @Test("the renderer scales by sampling and honours a padded pitch")
  func halfBlockScalingAndPitch() {
    // 4x2 picture, left half red, right half blue, each row padded to 24 bytes.
    var pixels = [UInt8](repeating: 7, count: 24 * 2)
    for y in 0..<2 {
      for x in 0..<4 {
        let colour: [UInt8] = x < 2 ? [255, 0, 0, 255] : [0, 0, 255, 255]
        pixels.replaceSubrange((y * 24 + x * 4)..<(y * 24 + x * 4 + 4), with: colour)
      }
    }
    let output = pixels.withUnsafeBytes {
      HalfBlockRenderer.render(
        rgba: $0, width: 4, height: 2, pitch: 24,
        in: CellArea(row: 1, column: 1, columns: 2, rows: 1))
    }
    #expect(
      output
        == "\u{1B}[1;1H\u{1B}[38;2;255;0;0m\u{1B}[48;2;255;0;0m\u{2580}"
        + "\u{1B}[38;2;0;0;255m\u{1B}[48;2;0;0;255m\u{2580}\u{1B}[0m")
  }

  @Test("a buffer smaller than its dimensions draws nothing")
  func halfBlockShortBuffer() {
    let pixels = [UInt8](repeating: 0, count: 15)
    let output = pixels.withUnsafeBytes {
      HalfBlockRenderer.render(
        rgba: $0, width: 2, height: 2, pitch: 8,
        in: CellArea(row: 1, column: 1, columns: 2, rows: 1))
    }
    #expect(output.isEmpty)
  }

  @Test("a picture is fitted to the area keeping its shape, and centred")
  func halfBlockFit() {
    let screen = CellArea(row: 1, column: 1, columns: 80, rows: 23)
    // 16:9 in 80x46 pixel cells: width-bound, 80 x 45 pixels, 23 rows (rounded).
    #expect(
      HalfBlockRenderer.fit(width: 160, height: 90, in: screen)
        == CellArea(row: 1, column: 1, columns: 80, rows: 23))
    // A square picture is height-bound: 46x46 pixels, centred horizontally.
    #expect(
      HalfBlockRenderer.fit(width: 64, height: 64, in: screen)
        == CellArea(row: 1, column: 18, columns: 46, rows: 23))
    #expect(HalfBlockRenderer.fit(width: 0, height: 64, in: screen).columns == 0)
  }

  // MARK: Status line

  private let status = PlaybackStatus(
    state: .playing, time: .seconds(61), duration: .seconds(244), volume: 0.8, isMuted: false,
    audio: "English", subtitle: "off")

  @Test("the status line shows state, time, duration, volume and tracks in exactly the width")
  func statusLine() {
    let line = StatusLine.render(status, width: 80)
    let text = visible(line)
    #expect(text.count == 80)
    #expect(text.hasPrefix(" playing  1:01 / 4:04 "))
    #expect(text.hasSuffix(" vol 80%  audio English  subs off "))
    #expect(line.contains("\u{1B}[48;2;"))
    #expect(line.hasSuffix("\u{1B}[0m"))
  }

  @Test("the progress bar is filled in proportion to time over duration")
  func statusProgress() {
    var quarter = status
    quarter.time = .seconds(61)
    let line = StatusLine.render(quarter, width: 80)
    let filled = line.firstMatch(of: /\u{1B}\[48;2;64;156;255m( *)\u{1B}/)?.1.count ?? -1
    let empty = line.firstMatch(of: /\u{1B}\[48;2;90;90;100m( *)\u{1B}/)?.1.count ?? -1
    #expect(
      filled + empty == 80 - " playing  1:01 / 4:04 ".count
        - " vol 80%  audio English  subs off ".count)
    #expect(abs(Double(filled) / Double(filled + empty) - 0.25) < 0.05)
  }

  @Test("a narrow status line drops track labels before the bar, a notice replaces them")
  func statusNarrowAndNotice() {
    let narrow = visible(StatusLine.render(status, width: 50))
    #expect(narrow.count == 50)
    #expect(narrow.contains("vol 80%"))
    #expect(!narrow.contains("subs"))
    var muted = status
    muted.isMuted = true
    muted.message = "cannot seek"
    let text = visible(StatusLine.render(muted, width: 80))
    #expect(text.hasSuffix(" muted  cannot seek "))
    #expect(visible(StatusLine.render(status, width: 10)).count == 10)
  }

  @Test("a message too long for the line is cut with an ellipsis, not dropped")
  func statusLongMessage() {
    var dead = status
    dead.message =
      "2 Dead: connection refused by 127.0.0.1 port 9 " + String(repeating: "x", count: 60)
    let text = visible(StatusLine.render(dead, width: 100))
    #expect(text.count == 100)
    #expect(text.contains(" vol 80%  2 Dead: connection refused"), "\(text)")
    #expect(text.hasSuffix("\u{2026} "))
  }

  // MARK: Event lines and keys

  @Test("event lines name states, give durations in seconds and mark selected tracks")
  func eventLines() {
    #expect(EventLine.state(.buffering) == "state buffering")
    #expect(EventLine.duration(.milliseconds(4_017)) == "duration 4.017")
    let english = Track(id: 1, kind: .audio, codec: "mp4a", language: "eng")
    let french = Track(id: 2, kind: .audio, codec: "mp4a", language: "fre")
    let video = Track(id: 0, kind: .video, codec: "h264")
    let line = EventLine.tracks(
      video: [video], audio: [english, french], subtitle: [], selectedVideo: video,
      selectedAudio: french, selectedSubtitle: nil)
    #expect(line == "tracks video=0:h264* audio=1:mp4a:eng,2:mp4a:fre* subtitle=none")
    #expect(EventLine.error(.parseTimeout) == "error parsing the media timed out")
    // A stalled source says its source once; a timeout adds what libVLC's log named.
    let stalled = VLCError.sourceFailed(.timeout, source: "http://h/x")
    #expect(FailureWords.of(.parseTimeout, source: "http://h/x") == "http://h/x: timeout")
    #expect(
      FailureWords.of(stalled, logged: .connectionRefused)
        == "http://h/x: timeout (connection refused)")
    #expect(FailureWords.of(stalled, logged: .timeout) == "http://h/x: timeout")
  }

  @Test("event lines leave out unknown languages (libVLC's ???, und)")
  func eventLineUnknownLanguage() {
    let unknown = Track(id: 1, kind: .audio, codec: "mp4a", language: "???")
    let undetermined = Track(id: 2, kind: .subtitle, codec: "subt", language: "und")
    let line = EventLine.tracks(
      video: [], audio: [unknown], subtitle: [undetermined], selectedVideo: nil,
      selectedAudio: unknown, selectedSubtitle: nil)
    #expect(line == "tracks video=none audio=1:mp4a* subtitle=2:subt")
    #expect(TrackChoice.label(unknown) == "track 1")
  }

  @Test("keys decode from single bytes and from arrow sequences in both cursor modes")
  func keys() {
    var decoder = KeyDecoder()
    #expect(
      decoder.feed(Array(" qQamsvf".utf8)) == [
        .togglePause, .quit, .quit, .nextAudioTrack, .toggleMute, .nextSubtitleTrack,
        .nextVideoTrack, .toggleFullscreen,
      ])
    #expect(
      decoder.feed([0x1B, 0x5B, 0x41, 0x1B, 0x5B, 0x42, 0x1B, 0x4F, 0x43, 0x1B, 0x4F, 0x44])
        == [.volumeUp, .volumeDown, .seekForward, .seekBackward])
  }

  @Test("a sequence split across reads is completed, unknown ones and a lone Esc are skipped")
  func keySequences() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.feed([0x5B]).isEmpty)
    #expect(decoder.feed([0x43, UInt8(ascii: "m")]) == [.seekForward, .toggleMute])
    // F5 (ESC [ 1 5 ~), then Esc followed by q, then x (unbound).
    #expect(decoder.feed(Array("\u{1B}[15~\u{1B}qx".utf8)) == [.quit])
  }

  // MARK: Tracks

  @Test("the a and s keys step through tracks, subtitles passing through off")
  func trackCycling() {
    let tracks = [1, 2, 3].map { Track(id: $0, kind: .subtitle, codec: "subt") }
    #expect(TrackChoice.next(after: nil, in: tracks, allowingNone: true)?.id == 1)
    #expect(TrackChoice.next(after: tracks[1], in: tracks, allowingNone: true)?.id == 3)
    #expect(TrackChoice.next(after: tracks[2], in: tracks, allowingNone: true) == nil)
    #expect(TrackChoice.next(after: tracks[2], in: tracks, allowingNone: false)?.id == 1)
    #expect(TrackChoice.next(after: tracks[0], in: [], allowingNone: false) == nil)
  }

  @Test("track labels prefer the name, unwrap libVLC's generated names, then the language")
  func trackLabels() {
    #expect(TrackChoice.label(nil) == "off")
    #expect(
      TrackChoice.label(Track(id: 1, kind: .audio, codec: "", name: "Français")) == "Français")
    #expect(
      TrackChoice.label(Track(id: 1, kind: .audio, codec: "", name: "Track 1 - [English]"))
        == "English")
    #expect(TrackChoice.label(Track(id: 4, kind: .audio, codec: "", language: "eng")) == "eng")
    #expect(TrackChoice.label(Track(id: 4, kind: .audio, codec: "")) == "track 4")
  }

  // MARK: Contact sheet and progress

  @Test("a contact sheet takes its pictures at the middle of equal parts of the duration")
  func contactSheetTimes() {
    #expect(
      ContactSheet.times(count: 4, over: .seconds(3))
        == [.milliseconds(375), .milliseconds(1_125), .milliseconds(1_875), .milliseconds(2_625)])
    #expect(ContactSheet.times(count: 1, over: .seconds(10)) == [.seconds(5)])
    #expect(ContactSheet.times(count: 0, over: .seconds(10)).isEmpty)
  }

  @Test("a contact sheet lays pictures out row by row with gaps, crops or pads, fills the rest")
  func contactSheetLayout() throws {
    func solid(_ width: Int, _ height: Int, _ value: UInt8) -> Thumbnail {
      Thumbnail(
        width: width, height: height,
        rgba: Array(repeating: [value, value, value, 255], count: width * height).flatMap { $0 })
    }
    // Cells are 20x10; the third picture is cropped, the fourth padded.
    let pictures = [solid(20, 10, 10), solid(20, 10, 20), solid(30, 20, 30), solid(10, 10, 40)]
    let layout = SheetLayout(columns: 2, rows: 3, cellWidth: 20, cellHeight: 10, headerLines: 0)
    let sheet = try ContactSheet.compose(pictures, times: [], header: [], layout: layout)
    #expect(layout.gap == 4)
    #expect(sheet.width == 2 * 20 + 3 * 4)
    #expect(sheet.height == 4 + 3 * (10 + layout.captionHeight + 4))
    func red(_ point: (x: Int, y: Int)) -> UInt8 {
      sheet.rgba[(point.y * sheet.width + point.x) * 4]
    }
    let corners = (0..<6).map { layout.origin(ofCell: $0) }
    #expect(corners.map(red) == [10, 20, 30, 40, 24, 24])
    #expect(corners.map { red(($0.x + 19, $0.y + 9)) } == [10, 20, 30, 24, 24, 24])
    // The gaps between cells are the background.
    #expect(red((corners[0].x + 20, corners[0].y)) == ContactSheet.background)
    #expect(red((corners[0].x, corners[0].y - 1)) == ContactSheet.background)
    #expect(stride(from: 3, to: sheet.rgba.count, by: 4).allSatisfy { sheet.rgba[$0] == 255 })
    let empty = SheetLayout(columns: 0, rows: 2, cellWidth: 20, cellHeight: 10, headerLines: 0)
    #expect(throws: VLCError.self) {
      try ContactSheet.compose(pictures, times: [], header: [], layout: empty)
    }
  }

  @Test("a contact sheet writes each cell's time under it and the header above the grid")
  func contactSheetText() throws {
    let picture = Thumbnail(
      width: 160, height: 90, rgba: [UInt8](repeating: 255, count: 160 * 90 * 4))
    let layout = SheetLayout(columns: 2, rows: 1, cellWidth: 160, cellHeight: 90, headerLines: 2)
    let header = ["clip.mp4", "Size: 1.00 MB   Duration: 0:30"]
    let sheet = try ContactSheet.compose(
      [picture, picture], times: ["0:07", "0:22"], header: header, layout: layout)
    func bright(x: Range<Int>, y: Range<Int>) -> Int {
      y.reduce(0) { total, row in
        total + x.filter { sheet.rgba[(row * sheet.width + $0) * 4] > 120 }.count
      }
    }
    // Text is light on the dark background: in the header band, and in each caption strip
    // (right-aligned: the right half of the strip has it, the left does not).
    #expect(bright(x: 0..<sheet.width, y: 0..<layout.headerHeight) > 100)
    for cell in 0..<2 {
      let origin = layout.origin(ofCell: cell)
      let strip = origin.y + 90..<origin.y + 90 + layout.captionHeight
      #expect(bright(x: origin.x + 80..<origin.x + 160, y: strip) > 20)
      #expect(bright(x: origin.x..<origin.x + 80, y: strip) == 0)
    }
    let bare = try ContactSheet.compose(
      [picture, picture], times: [], header: [],
      layout: SheetLayout(columns: 2, rows: 1, cellWidth: 160, cellHeight: 90, headerLines: 0))
    #expect(bare.height == sheet.height - layout.headerHeight)
  }

  @Test("a sheet's header gives the file's name and title, size, duration, bitrate and tracks")
  func sheetHeader() {
    let info = MediaInfo(
      duration: .seconds(90), metadata: Metadata([.title: "Big Clip"]),
      tracks: [
        Track(id: 0, kind: .video, codec: "h264", width: 1_280, height: 720, frameRate: 25),
        Track(id: 1, kind: .audio, codec: "mp4a", channels: 6, sampleRate: 48_000),
      ],
      isPlayable: true, container: "MP4/QuickTime", bitrate: 2_500_000)
    #expect(
      SheetHeader.lines(name: "clip.mp4", fileSize: 28_125_000, info: info) == [
        "clip.mp4 \u{2014} Big Clip",
        "Size: 28.1 MB   Duration: 1:30   Bitrate: 2.5 Mb/s   Container: MP4/QuickTime",
        "Video H.264 (h264) 1280x720 25 fps", "Audio AAC (mp4a) 5.1 48000 Hz",
      ])
  }

  @Test("progress lines: a bar with a count, a recording's time and size, sizes in SI units")
  func progressText() {
    #expect(
      ProgressText.bar("sheet", done: 3, total: 6, width: 4)
        == "sheet \u{2588}\u{2588}\u{2591}\u{2591} 3/6")
    #expect(ProgressText.bar("still", done: 0, total: 1, width: 2) == "still \u{2591}\u{2591} 0/1")
    #expect(
      ProgressText.recording(elapsed: .seconds(65), bytes: 1_234_567, mediaTime: .seconds(64))
        == "recording 1:05  1.23 MB  (source 1:04)")
    #expect(
      ProgressText.recording(elapsed: .seconds(5), bytes: 0, mediaTime: nil)
        == "recording 0:05  0 B")
    let sizes: [Int64] = [812, 1_000, 1_500, 12_345, 999_999, 123_456_789, 2_040_000_000]
    #expect(
      sizes.map(ProgressText.bytes) == [
        "812 B", "1.00 kB", "1.50 kB", "12.3 kB", "1.00 MB", "123 MB", "2.04 GB",
      ])
  }

  // MARK: Probe report

  @Test("a probe report keeps times in milliseconds, names metadata keys and leaves out unknowns")
  func probeReportJSON() throws {
    let info = MediaInfo(
      duration: .milliseconds(4_017), metadata: Metadata([.title: "Demo", .trackNumber: "3"]),
      tracks: [
        Track(
          id: 0, kind: .video, codec: "h264", width: 96, height: 64, frameRate: 30_000.0 / 1_001)
      ],
      isPlayable: true, container: "Matroska/WebM", demuxer: "mkv",
      chapters: [Chapter(index: 0, name: "Opening", start: .zero, duration: .milliseconds(2_000))])
    let report = ProbeReport(source: "a.mkv", mrl: "file:///a.mkv", info: info)
    let failed = ProbeReport(source: "b.mkv", error: .parseTimeout)
    let json = ProbeReport.json([report, failed])
    let decoded = try #require(
      try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
    #expect(decoded[0]["durationMs"] as? Int == 4_017)
    #expect(decoded[0]["metadata"] as? [String: String] == ["title": "Demo", "trackNumber": "3"])
    let track = try #require((decoded[0]["tracks"] as? [[String: Any]])?.first)
    #expect(Set(track.keys) == ["id", "kind", "codec", "format", "width", "height", "fps"])
    #expect(decoded[0]["container"] as? String == "Matroska/WebM")
    #expect(decoded[0]["demuxer"] as? String == "mkv")
    #expect(track["fps"] as? Double == 29.97)
    #expect((decoded[0]["chapters"] as? [[String: Any]])?.first?["startMs"] as? Int == 0)
    #expect(
      decoded[1] as? [String: String] == [
        // As every path names a stalled source (it was "parsing the media timed out").
        "source": "b.mkv", "error": "b.mkv: timeout",
      ])
    #expect(json.contains("\"source\" : \"a.mkv\"") || json.contains("\"source\": \"a.mkv\""))
  }

  @Test("probe text writes long metadata keys whole, known languages only, 5.1 and 7.1 layouts")
  func probeReportText() {
    let info = MediaInfo(
      duration: .seconds(4),
      metadata: Metadata([.description: "A long one", .trackNumber: "3", .title: "Demo"]),
      tracks: [
        Track(id: 0, kind: .audio, codec: "mp4a", language: "???", channels: 6),
        Track(id: 1, kind: .audio, codec: "mp4a", language: "eng", channels: 8),
        Track(id: 2, kind: .audio, codec: "mp4a", channels: 3),
      ],
      isPlayable: true)
    let lines = ProbeReport(source: "a.mkv", mrl: "file:///a.mkv", info: info).text
      .split(separator: "\n").map(String.init)
    #expect(lines.contains("  description A long one"))
    #expect(lines.contains("  trackNumber 3"))
    #expect(lines.contains("  title      Demo"))
    #expect(lines.contains("  track 0    audio AAC (mp4a) 5.1"))
    #expect(lines.contains("  track 1    audio AAC (mp4a) 7.1 [eng]"))
    #expect(lines.contains("  track 2    audio AAC (mp4a) 3 ch"))
    #expect(!lines.joined().contains("???"))
  }
}
