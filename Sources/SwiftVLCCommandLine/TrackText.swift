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

  /// A name or value in double quotes, kept on one line: backslashes, quotes, line breaks
  /// and other control characters escaped ("Commentary \"director\"", "Line1\nLine2").
  package static func quoted(_ value: String) -> String {
    "\"" + oneLine(value, escaping: ["\\", "\""]) + "\""
  }

  /// A file's text (a tag's value, a chapter's name) as one line that cannot steer the
  /// terminal: line breaks, tabs and other control characters (an escape sequence's ESC)
  /// escaped, `\n` or `\u{1B}`, and the characters in `escaping` behind a backslash.
  package static func oneLine(_ value: String, escaping: Set<Character> = []) -> String {
    var text = ""
    for character in value {
      switch character {
      case _ where escaping.contains(character): text += "\\" + String(character)
      case "\r\n": text += "\\r\\n"
      case "\n": text += "\\n"
      case "\r": text += "\\r"
      case "\t": text += "\\t"
      default:
        // A control character (C0, DEL, C1) by its code, anything else as it is.
        for scalar in character.unicodeScalars {
          let control = scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
          text +=
            control ? "\\u{\(String(scalar.value, radix: 16, uppercase: true))}" : String(scalar)
        }
      }
    }
    return text
  }
}
