// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// A file the build installs beside the tool, generated from the command table by the hidden
/// `swiftvlc --generate NAME` (see the Makefile's `install`).
package enum GeneratedFile: String, CaseIterable, Sendable {
  /// The manual page swiftvlc(1), in roff.
  case man
  /// The bash completion script.
  case bashCompletion = "bash-completion"
  /// The zsh completion function `_swiftvlc`.
  case zshCompletion = "zsh-completion"
  /// The fish completions.
  case fishCompletion = "fish-completion"

  /// The file's text.
  package var contents: String {
    switch self {
    case .man: ManPage.render()
    case .bashCompletion: BashCompletion.render()
    case .zshCompletion: ZshCompletion.render()
    case .fishCompletion: FishCompletion.render()
    }
  }
}
