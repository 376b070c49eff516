/// The version of SwiftVLC: one number for the package, its library and the `swiftvlc` tool.
///
/// `swiftvlc --version` prints it beside libVLC's, the Debian package (`make deb`) carries it,
/// and CHANGELOG.md has one section per version. Change it in this one place when releasing.
package enum ToolVersion {
  /// The current version, semantic versioning: "MAJOR.MINOR.PATCH".
  package static let current = "0.2.0"
}
