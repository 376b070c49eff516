// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Trimming characters from both ends of a string, which FoundationEssentials does not have
/// (`trimmingCharacters(in:)` needs Foundation's `CharacterSet`).
extension StringProtocol {
  /// The text without the leading and trailing characters for which `isTrimmed` is true.
  func trimming(while isTrimmed: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !isTrimmed($0) }),
      let last = lastIndex(where: { !isTrimmed($0) })
    else { return "" }
    return String(self[first...last])
  }

  /// The text without leading and trailing spaces and tabs (Unicode space separators, as
  /// `CharacterSet.whitespaces`); newlines stay.
  func trimmingSpaces() -> String {
    trimming { character in
      character == "\t"
        || character.unicodeScalars.allSatisfy { $0.properties.generalCategory == .spaceSeparator }
    }
  }
}
