// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension CommandSpec {
  /// Every subcommand of `swiftvlc`, in the order help lists them.
  package static let all: [CommandSpec] = [
    play, probe, thumbnail, record, channels, discover, devices, help,
  ]

  static let play = CommandSpec(
    name: "play",
    summary: "Play a file or URL in the terminal (the bundled demo clip without SOURCE)",
    operands: .optional("SOURCE"),
    options: [
      .flag("window", "Play into an X11 window (needs DISPLAY) instead of the terminal"),
      .value(
        "stall-timeout", "TIME",
        "How long without progress counts as a stall (default 5s, at least 0.5s)"),
      .value(
        "timeout", "TIME",
        "How long the source may take to start playing (default 30s; channels: 10s)"),
      .value("epg", "FILE|URL", "The XMLTV programme guide of a channel list SOURCE"),
      .flag("timeshift", "Keep live TV on disk as it plays, to pause and rewind it (below)"),
    ],
    notes: """
      In a terminal, the video is drawn with coloured half-block characters under a status
      line. Keys: space pause, left/right seek 5 s (each waits until playback has landed),
      up/down volume, a audio track, v video track, s subtitle track, m mute, f fullscreen
      (with --window), q quit.

      SOURCE may be an M3U channel list (.m3u or .m3u8 that is not an HLS playlist): the
      first channel plays, Page Up and Page Down switch channels, and the status line shows
      the channel's number and name, and what is on now and next from the list's programme
      guide (url-tvg in its header, or --epg), kept current at programme boundaries. The
      guide is read in the background; playback does not wait for it. A dead channel shows
      why on the status line, in the words of channels --check; one whose location cannot
      be opened at all is skipped, and a notice names it.

      With --timeshift, a live SOURCE (a channel list's channels, udp://, HLS, an HTTP
      stream) plays through a buffer on disk (in $TMPDIR/swiftvlc-timeshift-UID, at most
      512 MiB, deleted when playback stops): space pauses live TV and resumes where it
      paused, left/right move 10 s within the buffer, l jumps back to live, and the status
      line shows how far behind live playback is (-0:42), or "live" within 3 s.

      When standard output is not a terminal, one line is printed per event, and the command
      exits when playback ends (0), fails (1) or is interrupted (130):
        state opening|buffering|playing|paused|stopping|stopped|ended|error
        duration SECONDS
        tracks video=LIST audio=LIST subtitle=LIST
          LIST is ID:CODEC[:LANGUAGE][*],... with * marking each selected track, or none
        stalled      no progress for the stall timeout while playing (the stream may resume)
        recovered    data flows again after a stall
        error MESSAGE
        end          always the last line, after an end, a failure or an interruption
      The first Ctrl-C (or SIGTERM, SIGHUP) stops playback and exits 130 within 2 seconds,
      even when libVLC is stuck on a stalled network read.
      """
  ) { arguments throws(UsageError) in
    var play = Command.Play(source: arguments.operands.first, window: arguments.flag("window"))
    play.stallTimeout = try arguments.stallTimeout()
    play.openingTimeout = try arguments.positiveTime("timeout")
    play.epg = arguments.value("epg")
    play.timeshift = arguments.flag("timeshift")
    return .play(play)
  }

  static let probe = CommandSpec(
    name: "probe",
    summary: "Show container, duration, bitrate, tracks, programs, metadata and chapters",
    operands: .oneOrMore("SOURCE"),
    options: [
      .flag("json", "Print JSON (format below)"),
      .flag("json-lines", "Print one JSON object per line, streamed (format below)"),
      .flag("recursive", short: "r", "Also probe the files in subfolders of a folder SOURCE"),
      .value(
        "depth", "container|decoded",
        "Read the container only, or decode a moment too (default below)"),
      .value("timeout", "TIME", "How long each source may take (default 10s)"),
    ],
    notes: """
      A SOURCE is a file, a URL or a folder. A folder stands for the media files in it (with
      --recursive, in its subfolders too), in name order; hidden files and the extensions
      libVLC skips in folders (images, text, playlists: m3u, nfo, jpg, png, txt, cue, ...),
      subtitles (srt, ass, vtt, ...) and documents (json, pdf, sh, ...) are left out; a
      folder without media files is an error. Sources are probed several at a time, over a
      few libVLC instances; results are printed in order. A source that fails is reported
      on its own line of stderr, and the exit status is then 1. When stderr is a terminal, a
      progress bar counts the sources done.

      Depth: a SOURCE named on the command line is read by libVLC and then played silently
      for a moment (within the timeout), so the decoders report what containers leave out or
      get wrong: the channels of mono AAC in MP4, the picture size of MPEG-TS and HLS, the
      streams of every TS program. Files found in a folder are read from their container
      and headers only (--depth container), dozens of times faster, with the same facts:
      what only decoders know (MPEG-TS picture sizes, HE-AAC channels) is then missing,
      and "unknown" lines say so; so is the demuxer, which libVLC names only as it plays.
      --depth sets one depth for all. Codecs show their common name and the fourcc
      ("H.264 (h264)"), containers their common name and, once played, libVLC's demuxer
      ("MPEG-TS (ts)").
      Bitrates are in the text too: the file's average, and each track's when known.
      Chapters are numbered from 0, as in the JSON. Lines "unknown" say what could not be
      learnt, and why.

      JSON (--json): an array with one object per source, in order, printed at the end.
      JSON lines (--json-lines): the same objects, one per line, each printed as soon as
      those before it are, errors included. Times are whole milliseconds, bitrates bits per
      second. Keys whose value is unknown are left out.
        { "source", "mrl", "container", "demuxer", "durationMs", "bitrate",
          "metadata": { "title", "artist", ... },
          "tracks": [ { "id", "kind": "video|audio|subtitle|unknown", "codec" (fourcc),
                        "format" (common name), "codecName" (libVLC's), "language",
                        "name", "bitrate", "channels", "sampleRate", "width", "height",
                        "sampleAspectRatio", "displayAspectRatio" ("64:45", "16:9": stored
                        pixels that are not square), "rotation" (degrees a player turns
                        the picture clockwise), "fps", "program" } ],
          "programs": [ { "number", "name", "provider", "trackIds" } ],   (MPEG-TS)
          "chapters": [ { "index" (from 0), "name", "startMs", "durationMs" } ],
          "unknown": [ REASON, ... ] }
      "language" is left out for "und" (undetermined); "title" is only a real title tag,
      never the file name. "artworkURL" is libVLC's picture for the file: its own cover
      (copied into ~/.cache/vlc/art) or one beside it (cover.jpg, folder.png). A source that failed is { "source", "error": MESSAGE }.
      Example, a whole library as JSON lines:
        swiftvlc probe ~/Videos --recursive --json-lines > library.jsonl
      """
  ) { arguments throws(UsageError) in
    var probe = Command.Probe(sources: arguments.operands, json: arguments.flag("json"))
    if let timeout = try arguments.positiveTime("timeout") { probe.timeout = timeout }
    probe.jsonLines = arguments.flag("json-lines")
    if probe.json && probe.jsonLines {
      throw arguments.error("--json and --json-lines cannot be combined")
    }
    probe.recursive = arguments.flag("recursive")
    probe.depth = try arguments.choice(
      "depth", ["container": .container, "decoded": .decoded])
    return .probe(probe)
  }

  static let thumbnail = CommandSpec(
    name: "thumbnail",
    summary: "Write a PNG or JPEG still or contact sheet of a file or URL",
    operands: .one("SOURCE"),
    options: [
      .value("at", "TIME", "Where to take the picture (90, 2.5s, 1:30, 00:01:30.5)"),
      .value("width", "N", "Width in pixels, height follows (sheet cells: 320 by default)"),
      .flag("precise", "Decode the frame at the time instead of the keyframe before it"),
      .value("sheet", "COLSxROWS", "A contact sheet of pictures spread over the duration"),
      .flag("no-header", "Leave the sheet's header (name, size, duration, tracks) out"),
      .value(
        "output", short: "o", "FILE",
        "The picture to write: PNG, or JPEG when it ends in .jpg or .jpeg"),
      .value("quality", "1-100", "The JPEG quality (default 90)"),
      .value("timeout", "TIME", "How long each picture may take, parsing included (default 10s)"),
    ],
    notes: """
      Give either --at or --sheet. A sheet takes COLSxROWS pictures at the middle of as many
      equal parts of the duration (of the pictures' span when the duration runs past the
      last picture) and lays them out row by row with gaps between them, each
      with the time of the frame it shows under it (of a local file; else the time it was
      taken at), on a dark background; a header above them gives the file's
      name, size, duration, bitrate and container and its first video and audio tracks
      (also written into a PNG as text chunks: Title, Description, Software). A still
      without --width keeps the source's size. Without --precise each picture is the
      keyframe at or before its time (quick); sheet cells that would share a keyframe show
      the frame at their time. A progress bar (pictures, then the encoding) is drawn on
      stderr when it is a terminal; nothing is printed on success. Examples:
        swiftvlc thumbnail movie.mkv --at 1:30 --width 320 -o still.png
        swiftvlc thumbnail movie.mkv --sheet 4x3 --width 160 --precise -o sheet.png
        swiftvlc thumbnail movie.mkv --sheet 5x6 --quality 85 -o sheet.jpg
      """
  ) { arguments throws(UsageError) in
    let time = try arguments.time("at")
    let sheet = try arguments.value("sheet").map { text throws(UsageError) in
      guard let sheet = Command.Sheet(text) else {
        throw arguments.error(
          "invalid value '\(text)' for --sheet (COLSxROWS, each from 1 to 20, like 4x3)")
      }
      return sheet
    }
    let output = try arguments.required("output")
    var thumbnail = Command.Thumbnail(
      source: arguments.operands[0], time: time,
      width: try arguments.integer("width", in: 1...8_192),
      precise: arguments.flag("precise"), output: output, sheet: sheet)
    thumbnail.noHeader = arguments.flag("no-header")
    thumbnail.quality = try arguments.integer("quality", in: 1...100)
    if let timeout = try arguments.positiveTime("timeout") { thumbnail.timeout = timeout }
    guard thumbnail.writesJPEG || output.lowercased().hasSuffix(".png") else {
      throw arguments.error(
        "invalid value '\(output)' for --output (name it .png for PNG, .jpg or .jpeg for JPEG)")
    }
    if thumbnail.quality != nil && !thumbnail.writesJPEG {
      throw arguments.error("--quality is for JPEG output (.jpg or .jpeg)")
    }
    if thumbnail.noHeader && sheet == nil {
      throw arguments.error("--no-header is for a contact sheet (--sheet)")
    }
    switch (time, sheet) {
    case (nil, nil): throw arguments.error("missing --at or --sheet")
    case (.some, .some): throw arguments.error("--at and --sheet cannot be combined")
    default: break
    }
    return .thumbnail(thumbnail)
  }

  static let record = CommandSpec(
    name: "record",
    summary: "Save a file or URL (a live stream, say) to a file",
    operands: .one("SOURCE"),
    options: [
      .value("output", short: "o", "FILE", "The file to write"),
      .value("duration", "TIME", "Stop after this long (default: at the end of the source)"),
      .value("container", "ts|mp4|mkv", "The container, for a FILE without an extension"),
      .value(
        "stall-timeout", "TIME",
        "How long the source may send nothing before recording ends (default 15s, at least 0.5s)"),
    ],
    notes: """
      Streams are copied, not re-encoded. FILE's extension (.ts, .mp4, .mkv) chooses the
      container; a FILE without one needs --container. A source whose audio or video the
      container cannot hold (VP8 or Windows Media into MP4; for a URL not named as Matroska
      or WebM, also VP9, AV1 or Vorbis into MP4, which libVLC writes as MPEG-TS first) is
      refused before anything is written. --duration is the source's time for a local file
      and the clock's for a URL (read at its own pace: a server slower than the stream gives
      less, and the summary's duration says how much). Without --duration, records until the
      source ends (a file is read faster than real time) or until Ctrl-C. When stderr is a
      terminal, a progress line shows the time elapsed and the file's size. SOURCE may be
      an M3U channel list (.m3u or .m3u8 that is not an HLS playlist): its first channel is
      recorded, as play without a terminal plays it. The finished file is read back: one
      without audio or video, or a source that ended early (an HLS segment that failed), is
      an error (exit status 1, the file is removed); one that lacks the source's audio or
      video (a live video that never reached a keyframe) is an error too, and the file is
      kept. At the end, stdout gets (stderr, when FILE is stdout
      itself: -o - or -o /dev/stdout, with --container):
        file PATH
        bytes SIZE                0 for a device or a FIFO
        duration SECONDS          read from the finished file (for a device or a FIFO,
                                  the length the source gave)
        dropped KIND ID:CODEC[:LANGUAGE] (REASON)
                                  one line per track the container left out (subtitles,
                                  a cover picture in MPEG-TS)
        dropped chapters COUNT (REASON)
        dropped FIELD of KIND ID:CODEC[:LANGUAGE] "VALUE" (REASON)
        dropped metadata KEY "VALUE" (REASON)
                                  a track's title, language, default or forced flag, or a
                                  tag of the file, that the finished file does not hold;
                                  "dropped packets of ... "3 of 100"": packets whose times
                                  the container refused
      Ctrl-C (or SIGTERM, SIGHUP) stops cleanly: a line on stderr says so, the file is
      finished and the summary printed, and the exit status is 130 (0 when the source ended
      or --duration was reached). When libVLC cannot close the source within 5 seconds (a
      stalled network read), the tool says so and exits 130, leaving the file unfinished; a
      second Ctrl-C does that at once (one within 0.5 s of the first, as `timeout -s INT`
      sends to the tool and its group, counts as the same). A source that sends nothing for
      the stall timeout
      (a stalled HTTP or HLS download, a silent UDP address) ends the recording within about
      5 seconds more: what was recorded is kept, an error line says so, and the exit status
      is 1. Example:
        swiftvlc record udp://@239.0.0.1:1234 --duration 30s -o capture.ts
      """
  ) { arguments throws(UsageError) in
    // "-" is standard output, as for other tools (a file named "-" was written).
    let named = try arguments.required("output")
    let output = named == "-" ? "/dev/stdout" : named
    let duration = try arguments.positiveTime("duration")
    let chosen: Command.Container? = try arguments.choice(
      "container", ["ts": .ts, "mp4": .mp4, "mkv": .mkv])
    let container: Command.Container
    switch (Command.Container.fileExtension(of: output), chosen) {
    case (nil, let chosen?):
      container = chosen
    case (nil, nil):
      throw arguments.error(
        "cannot tell the container of '\(named)': name it .ts, .mp4 or .mkv, or give --container")
    case (let written?, let chosen):
      guard let named = Command.Container(rawValue: written.lowercased()) else {
        throw arguments.error(
          "invalid value '\(output)' for --output (record writes .ts, .mp4 or .mkv)")
      }
      if let chosen, chosen != named {
        throw arguments.error(
          "--container \(chosen.rawValue) does not match the extension of '\(output)'")
      }
      container = named
    }
    var record = Command.Record(
      source: arguments.operands[0], output: output, duration: duration, container: container)
    record.stallTimeout = try arguments.stallTimeout()
    return .record(record)
  }

  static let discover = CommandSpec(
    name: "discover",
    summary: "List renderers and media servers on the network, or media on this machine",
    operands: .none,
    options: [
      .flag("renderers", "Chromecast and other renderers (needs avahi-daemon)"),
      .flag("lan", "Media servers on the local network (UPnP, SAP)"),
      .flag("local", "Media in this machine's video, music and picture folders"),
      .value("duration", "TIME", "How long to listen (default 5s)"),
    ],
    notes: """
      Without a kind, looks for all of them. Starts every libVLC service of each kind and
      prints one line per item as it is found:
        KIND SERVICE MRL             "local video_dir file:///home/me/Videos/a.mkv"
        renderers SERVICE TYPE NAME  "renderers avahi_renderer chromecast Living Room"
      A service that cannot start is noted on stderr. A kind none of whose services can start
      (renderers need a running avahi-daemon) is an error: the others are still listed, and
      the exit status is 1.
      """
  ) { arguments throws(UsageError) in
    let kinds = Command.DiscoveryKind.allCases.filter { arguments.flag($0.rawValue) }
    var discover = Command.Discover(kinds: kinds.isEmpty ? Command.DiscoveryKind.allCases : kinds)
    if let duration = try arguments.positiveTime("duration") { discover.duration = duration }
    return .discover(discover)
  }

  static let devices = CommandSpec(
    name: "devices",
    summary: "List libVLC's audio outputs and their devices",
    operands: .none,
    options: [],
    notes: """
      Each output is followed, indented, by the devices it lists (ID and description). The
      null, memory and file outputs list none, and some outputs list none when their sound
      server is not running.
      """
  ) { _ throws(UsageError) in .devices }

  static let help = CommandSpec(
    name: "help",
    summary: "Show help for a command",
    operands: .optional("COMMAND"),
    options: [],
    notes: ""
  ) { arguments throws(UsageError) in
    guard let topic = arguments.operands.first else { return .help(nil) }
    guard all.contains(where: { $0.name == topic }) else {
      throw arguments.error("unknown command '\(topic)'")
    }
    return .help(topic)
  }
}

extension Command.Sheet {
  /// Reads "COLSxROWS" ("4x3"), each from 1 to 20.
  init?(_ text: String) {
    let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let columns = Int(parts[0]), let rows = Int(parts[1]),
      (1...20).contains(columns), (1...20).contains(rows)
    else { return nil }
    self.init(columns: columns, rows: rows)
  }
}

extension Command.Container {
  /// The extension of a file name, without the dot ("a.MKV": "MKV"), if it has one.
  static func fileExtension(of path: String) -> String? {
    let name = path.split(separator: "/").last ?? ""
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    let written = name[name.index(after: dot)...]
    return written.isEmpty ? nil : String(written)
  }
}
