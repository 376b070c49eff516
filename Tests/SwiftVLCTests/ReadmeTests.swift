// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import Testing

/// The README's example is compiled: it is `ReadmeExample.swift`, built with this target
/// against the public API (`import SwiftVLC`, not `@testable`), and this test checks that the
/// README shows exactly that file.
@Suite("README")
struct ReadmeTests {
  private static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  @Test("the Use example is ReadmeExample.swift, which this target compiles")
  func useExampleCompiles() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let file = try String(
      contentsOf: Self.root.appendingPathComponent("Tests/SwiftVLCTests/ReadmeExample.swift"),
      encoding: .utf8)
    // The file's licence lines (every source file starts with them) are not the example's.
    let lines = file.split(separator: "\n", omittingEmptySubsequences: false)
    let licence = lines.prefix { $0.hasPrefix("// SPDX-") }.count
    #expect(licence == 2, "ReadmeExample.swift starts with its two SPDX lines")
    let example = lines.dropFirst(licence).drop { $0.isEmpty }.joined(separator: "\n")
    let use = try #require(readme.range(of: "\n## Use\n"), "README has no Use section")
    let section = readme[use.upperBound...]
    let blocks = section.components(separatedBy: "```swift\n").dropFirst().map {
      $0.components(separatedBy: "```").first ?? ""
    }
    #expect(blocks.contains(example), "README's Use section does not show ReadmeExample.swift")
  }

  @Test("the Use section shows how to depend on SwiftVLC with .package")
  func dependencySnippet() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let use = try #require(readme.range(of: "\n## Use\n"))
    let section = readme[use.upperBound...].components(separatedBy: "\n## ").first ?? ""
    #expect(section.contains(".package("))
    #expect(section.contains(#".product(name: "SwiftVLC", package: "SwiftVLC")"#))
  }
}
