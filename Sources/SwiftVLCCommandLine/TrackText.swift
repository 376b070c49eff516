// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// How the tool's text output writes a track's language, channels and names.
package enum TrackText {
  /// The language as the container or libVLC names it, or `nil` when it is not known
  /// (missing, empty, libVLC's "???", ISO 639's "und", "unk" or "unknown").
  package static func language(_ language: String?) -> String? {
    guard let language, !language.isEmpty,
      !["???", "und", "unk", "unknown"].contains(language.lowercased())
    else { return nil }
    return language
  }

  /// The channel layout as people write it: "mono", "stereo", "5.1", "7.1", else "N ch".
  package static func channels(_ count: Int) -> String {
    switch count {
    case 1: "mono"
    case 2: "stereo"
    case 6: "5.1"
    case 8: "7.1"
    default: "\(count) ch"
    }
  }

  /// A name or value in double quotes, kept on one line: backslashes, quotes and line
  /// breaks escaped ("Commentary \"director\"", "Line1\nLine2").
  package static func quoted(_ value: String) -> String {
    var text = "\""
    for character in value {
      switch character {
      case "\\": text += "\\\\"
      case "\"": text += "\\\""
      case "\r\n": text += "\\r\\n"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      default: text.append(character)
      }
    }
    return text + "\""
  }
}
