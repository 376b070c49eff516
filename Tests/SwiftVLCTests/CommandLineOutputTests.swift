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

  @Test("output that cannot be written is a failure, through stdio and unbuffered alike")
  func unwritableOutput() async throws {
    // probe prints through stdio; record's result lines and channels' go out unbuffered.
    // Each exited 0 with its output lost.
    for arguments in [
      ["probe", Fixture.shortMP4.path], ["probe", "--json", Fixture.shortMP4.path],
      ["record", Fixture.shortMP4.path, "--container", "mkv", "-o", "/dev/null"],
    ] {
      let command = "\"$0\" \(arguments.map { "'\($0)'" }.joined(separator: " ")) > /dev/full"
      let run = try await runProgram("/bin/sh", ["-c", command, SwiftVLCTool.url.path])
      #expect(run.status == 1, "\(arguments): \(run.stderr)")
      #expect(
        run.stderr
          == "swiftvlc: cannot write the output to standard output: No space left on device\n",
        "\(arguments)")
    }
  }

  @Test("record -o - into a pipe whose reader leaves says so, naming standard output")
  func readerLeaves() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let clip = try await media.make("long.mp4", GeneratedMedia.video(seconds: 30))
    for container in ["ts", "mkv"] {
      let command =
        "\"$0\" record '\(clip)' -o - --container \(container) | head -c 100 > /dev/null"
      let run = try await runProgram(
        "/bin/sh", ["-c", command, SwiftVLCTool.url.path], within: .seconds(60))
      // It was "cannot write /proc/self/fd/1: Resource temporarily unavailable".
      #expect(
        run.stderr
          == "swiftvlc: record: operation failed: cannot write to standard output: the program "
          + "reading it has exited\n", "\(container)")
    }
    // Refused before it starts, standard output is named so too (it said "/dev/stdout").
    let mp4 = try await runProgram(
      "/bin/sh",
      ["-c", "\"$0\" record '\(clip)' -o - --container mp4 | cat", SwiftVLCTool.url.path],
      within: .seconds(60))
    #expect(
      mp4.stderr.hasPrefix(
        "swiftvlc: record: invalid input: cannot write to standard output: MP4 cannot be "),
      "\(mp4.stderr)")
  }

  /// A local file into a pipe is copied as into a file: libVLC's pipe got the tracks in the
  /// order its threads made them, without languages, titles, chapters or the file's title.
  @Test("record -o - of a local file into a pipe keeps the tracks' order, tags and chapters")
  func pipeKeepsTheSource() async throws {
    let media = try GeneratedMedia()
    defer { media.remove() }
    let chapters = try media.chapterFile(names: ("One", "Two"))
    let clip = try await media.make(
      "tagged.mkv",
      [
        "-f", "lavfi", "-i", "testsrc2=s=160x120:r=25:d=4", "-f", "lavfi", "-i", "sine=f=440:d=4",
        "-f", "lavfi", "-i", "sine=f=880:d=4", "-i", chapters, "-map", "0", "-map", "1", "-map",
        "2", "-map_chapters", "3", "-c:v", "libx264", "-c:a", "aac", "-metadata:s:a:0",
        "language=eng", "-metadata:s:a:1", "language=fre", "-metadata:s:a:1", "title=French",
        "-metadata", "title=My clip",
      ])
    let entries =
      "stream=codec_name:stream_tags=language,title:format_tags=title:chapter=start_time"
    let expected = try await ffprobeLines(clip, entries)
    for container in ["mkv", "ts"] {
      let copy = media.folder.appendingPathComponent("piped.\(container)").path
      let command = "\"$0\" record '\(clip)' -o - --container \(container) | cat > '\(copy)'"
      let run = try await runProgram(
        "/bin/sh", ["-c", command, SwiftVLCTool.url.path], within: .seconds(60))
      #expect(run.status == 0, "\(container): \(run.stderr)")
      let lines = try await ffprobeLines(copy, entries)
      if container == "mkv" {
        #expect(lines == expected, "\(lines)")
      } else {
        // MPEG-TS holds no chapters, titles or file title: the streams, in order, with their
        // languages (listed under their program first).
        #expect(lines.suffix(3) == ["h264", "aac,eng", "aac,fre"], "\(lines)")
      }
      let decoded = try await runProgram("ffmpeg", ["-v", "error", "-i", copy, "-f", "null", "-"])
      #expect(decoded.stderr.isEmpty, "\(container): \(decoded.stderr)")
    }
    // What went into the pipe is what the summary says (it said the source's whole length
    // for a copy cut by --duration), and a cut source fails as it does into a file.
    let cutShort = "\"$0\" record '\(clip)' -o - --container mkv --duration 2 | cat > /dev/null"
    let short = try await runProgram(
      "/bin/sh", ["-c", cutShort, SwiftVLCTool.url.path], within: .seconds(60))
    let said = short.stderr.split(separator: "\n").first { $0.hasPrefix("duration ") }
    let seconds = said.flatMap { Double($0.dropFirst("duration ".count)) } ?? 0
    #expect(seconds > 1.9 && seconds <= 2.0, "\(short.stderr)")
    // Named as what it is (it said "file /proc/self/fd/1" and "bytes 0").
    #expect(short.stderr.hasPrefix("file standard output\nduration "), "\(short.stderr)")
    let whole = try Data(contentsOf: URL(fileURLWithPath: clip))
    let cut = media.folder.appendingPathComponent("cut.mkv").path
    try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: cut))
    let failed = try await runProgram(
      "/bin/sh",
      [
        "-c", "\"$0\" record '\(cut)' -o - --container mkv | cat > /dev/null",
        SwiftVLCTool.url.path,
      ],
      within: .seconds(60))
    #expect(failed.stderr.contains("the source ended early at "), "\(failed.stderr)")
  }

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

}
