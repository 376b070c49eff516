// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Builds libVLC stream-output chains (the value of the `:sout=` media option) from typed
/// values. Nothing outside this file writes chain syntax.
///
/// libVLC parses a chain with `config_ChainCreate`: an option value in double quotes may hold
/// any character once `"`, `'` and `\` are escaped with a backslash. An unquoted value may not,
/// and inside an element's braces libVLC matches braces without regard to quotes, so every
/// value that is itself a chain (`duplicate`'s `dst`) is quoted too, and escaped once more.
enum SoutChain {
  /// What happens besides writing the output.
  enum Monitor: Sendable, Equatable {
    /// Nothing: libVLC reads the source as fast as it can (faster than real time for files).
    case none
    /// The source is also shown and heard through the player's outputs (`dst=display`).
    case display
    /// Nothing is shown, but the source is read at its real-time pace
    /// (`dst=display{noaudio,novideo}`): needed for limits measured in playback time.
    case pace
  }

  /// `std{access=file,mux=…,dst="path"}`.
  static func file(path: String, container: OutputContainer) -> String {
    "std{access=file,mux=\(container.fileMuxer),dst=\(quoted(path))}"
  }

  /// `std{access=fd,mux=…,dst=N}`: libVLC writes a copy of the open `descriptor` (`vlc_dup`),
  /// which the caller keeps open (a FIFO's writing end, a pipe's) and closes when done.
  static func descriptor(_ descriptor: Int32, container: OutputContainer) -> String {
    "std{access=fd,mux=\(container.fileMuxer),dst=\(descriptor)}"
  }

  /// `std{access=http,mux=…,dst="host:port/path"}`.
  static func http(host: String, port: Int, path: String, container: OutputContainer) -> String {
    "std{access=http,mux=\(container.streamMuxer),dst=\(quoted("\(host):\(port)\(path)"))}"
  }

  /// The complete chain, starting with `#`: optional transcoding, then `destination`, with
  /// `monitor` alongside.
  static func chain(destination: String, transcode: Transcode? = nil, monitor: Monitor = .none)
    -> String
  {
    let output = [transcode?.chainElement, destination].compactMap { $0 }.joined(separator: ":")
    switch monitor {
    case .none:
      return "#" + output
    case .display:
      return "#duplicate{dst=display,dst=\(quoted(output))}"
    case .pace:
      // Without subtitles too: the display would open a decoder for them (libass printed its
      // banner on stderr), and its presence alone paces the input.
      return "#duplicate{dst=display{noaudio,novideo},select=\"nospu\",dst=\(quoted(output))}"
    }
  }

  /// `value` as a double-quoted chain value, with `"`, `'` and `\` escaped by a backslash
  /// (libVLC's `config_StringEscape`).
  static func quoted(_ value: String) -> String {
    var escaped = "\""
    for character in value {
      if character == "\"" || character == "'" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped + "\""
  }
}
