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
    ],
    notes: """
      LIST is an extended M3U/M3U8 file or http(s) URL, as IPTV providers publish. Without
      --check, prints one line per channel: NUMBER, group, name and location, tab-separated.
      With --check, each channel is played (headless) until its first picture, and one line
      per channel is printed as soon as its result is known:
        NUMBER alive NAME: WIDTHxHEIGHT CODECS
        NUMBER dead NAME: REASON
      REASON is "DNS: HOST not found", "connection refused", "HTTP STATUS", "timeout",
      "no stream" or libVLC's own words. The exit status is 0 when every channel plays,
      1 when one is dead or the list cannot be read.

      JSON: an array in list order of
        { "number", "name", "location", "group", "tvgId", "logo",
          "status": "alive|dead", "reason", "reasonKind": "dns|refused|http|timeout|
          no-stream|failed", "httpStatus", "width", "height",
          "tracks": [ { "kind", "codec" } ], "elapsedMs" }
      where the status keys appear only with --check. Example:
        swiftvlc channels https://example.com/tv.m3u --check --concurrency 8
      """
  ) { arguments throws(UsageError) in
    var channels = Command.Channels(
      list: arguments.operands[0], check: arguments.flag("check"), json: arguments.flag("json"))
    if let timeout = try arguments.positiveTime("timeout") { channels.timeout = timeout }
    if let concurrency = try arguments.integer("concurrency", in: 1...32) {
      channels.concurrency = concurrency
    }
    return .channels(channels)
  }
}
