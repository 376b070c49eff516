// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

extension Command {
  /// Options of `swiftvlc channels`.
  package struct Channels: Sendable, Equatable {
    /// The channel list: a file, or an http(s) URL.
    package var list: String
    /// Open every channel and report whether it plays.
    package var check = false
    /// Print JSON instead of text.
    package var json = false
    /// How long each channel may take to show a picture (with --check).
    package var timeout: Duration = .seconds(10)
    /// How many channels are opened at once (with --check).
    package var concurrency = 4
    /// A programme guide (file or http(s) URL) to use instead of the list's own (`--epg`).
    package var epg: String?
    /// Print what is on now and next, channel by channel (`--guide`).
    package var guide = false
    /// The moment `--guide` and the JSON's now/next are for; `nil` is now.
    package var at: Date?

    /// Whether the programme guide is read: with `--epg` or `--guide`.
    package var readsGuide: Bool { epg != nil || guide }
  }
}

extension CommandSpec {
  static let channels = CommandSpec(
    name: "channels",
    summary: "List the channels of an M3U channel list, or check which ones play",
    operands: .one("LIST"),
    options: [
      .flag("check", "Open every channel and report whether it plays, and why not"),
      .flag("json", "Print JSON (format below)"),
      .value("timeout", "TIME", "How long each channel may take to show a picture (default 10s)"),
      .value("concurrency", "N", "How many channels are opened at once, 1-32 (default 4)"),
      .value("epg", "FILE|URL", "Read this XMLTV programme guide instead of the list's url-tvg"),
      .flag("guide", "Print what is on now and next on each channel (from the guide)"),
      .value("at", "TIME", "The moment for --guide and now/next (default now; forms below)"),
    ],
    notes: """
      LIST is an extended M3U/M3U8 file or http(s) URL, as IPTV providers publish. Without
      --check, prints one line per channel: NUMBER, group, name and location, tab-separated.
      With --check, each channel is played (headless) until its first picture, and one line
      per channel is printed as soon as its result is known:
        NUMBER alive NAME: WIDTHxHEIGHT CODECS
        NUMBER dead NAME: REASON
      REASON is "DNS: HOST not found", "connection refused", "HTTP STATUS", "authentication
      required: ...", "timeout", "not a media file", or the words every command uses for
      another failure. The exit status is 0 when every channel plays, 1 when one is dead or
      the list cannot be read.

      JSON: an array in list order of
        { "number", "name", "location", "group", "tvgId", "logo",
          "status": "alive|dead", "reason", "reasonKind": "dns|refused|http|login|
          timeout|no-stream|failed", "httpStatus", "width", "height",
          "tracks": [ { "kind", "codec" } ], "elapsedMs" }
      where the status keys appear only with --check.

      Programme guide: with --epg or --guide, the XMLTV guide is read (gzipped or not): the
      one --epg names, or else the first of the list's header (url-tvg, x-tvg-url) that
      loads. Channels are matched by tvg-id, then tvg-name, then name, ignoring case.
      --guide prints, instead of the list, one line per channel:
        NUMBER  NAME  START-STOP NOW-TITLE  START NEXT-TITLE
      in local time, with "-" where the guide has nothing. With --json, each channel also
      gets "now" and "next" (left out when unknown):
        { "title", "subtitle", "start", "stop", "categories", "episode" }
      with times in UTC ISO 8601 ("2026-12-02T18:30:00Z"). TIME for --at: now, +90m, +2h,
      19:30 (today), 2026-12-02T19:30 (local time), 2026-12-02T19:30Z or +01:00, or an XMLTV
      time (20261202193000 +0100). Guide times without a zone are UTC; a programme without a
      stop ends at the next one's start; overlaps are cut (the later start wins); a guide cut
      short keeps what was read. Examples:
        swiftvlc channels https://example.com/tv.m3u --check --concurrency 8
        swiftvlc channels tv.m3u --guide --at 20:00
        swiftvlc channels tv.m3u --epg guide.xml.gz --json

      To watch: swiftvlc play LIST zaps with Page Up/Page Down; with --timeshift, live TV
      pauses (space), rewinds within a buffer on disk (left/right, 10 s), and l jumps back
      to live (see swiftvlc play --help).
      """
  ) { arguments throws(UsageError) in
    var channels = Command.Channels(
      list: arguments.operands[0], check: arguments.flag("check"), json: arguments.flag("json"))
    if let timeout = try arguments.positiveTime("timeout") { channels.timeout = timeout }
    if let concurrency = try arguments.integer("concurrency", in: 1...32) {
      channels.concurrency = concurrency
    }
    channels.epg = arguments.value("epg")
    channels.guide = arguments.flag("guide")
    if let text = arguments.value("at") {
      guard let moment = ProgrammeText.moment(text) else {
        throw arguments.error(
          "invalid value '\(text)' for --at (now, +90m, 19:30, 2026-12-02T19:30[Z], or "
            + "20261202193000 +0100)")
      }
      channels.at = moment
    }
    if channels.guide && channels.check {
      throw arguments.error("--guide and --check cannot be combined")
    }
    return .channels(channels)
  }
}
