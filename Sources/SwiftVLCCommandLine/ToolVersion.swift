// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// The version of SwiftVLC: one number for the package, its library and the `swiftvlc` tool.
///
/// `swiftvlc --version` prints it beside libVLC's, the Debian package (`make deb`) carries it
/// (as `0.3.0~dev`, which Debian sorts before `0.3.0`), and CHANGELOG.md has one section per
/// version. Between releases it is the next version with `-dev`, and CHANGELOG's changes are
/// under "Unreleased". Change it in this one place when releasing.
package enum ToolVersion {
  /// The current version, semantic versioning: "MAJOR.MINOR.PATCH", or "MAJOR.MINOR.PATCH-dev"
  /// for a build between releases.
  package static let current = "0.3.0-dev"
}
