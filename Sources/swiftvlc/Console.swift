import Foundation

/// Where the tool writes: results on stdout, one-line errors on stderr.
enum Console {
  /// Prints `message` as one line on stderr, prefixed with "swiftvlc: ". Newlines inside the
  /// message are flattened so a script always reads one line per error.
  static func error(_ message: String) {
    let line = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    FileHandle.standardError.write(Data("swiftvlc: \(line)\n".utf8))
  }

  /// Writes `text` and a newline to stdout at once, unbuffered, so a pipe sees each event line
  /// as it happens.
  static func line(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Whether a file descriptor is a terminal.
  static func isTerminal(_ descriptor: Int32) -> Bool { isatty(descriptor) == 1 }
}
