// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "SwiftVLC",
  products: [
    .library(name: "SwiftVLC", targets: ["SwiftVLC"]),
    .executable(name: "swiftvlc", targets: ["swiftvlc"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLibVLC",
      pkgConfig: "libvlc",
      providers: [.apt(["libvlc-dev", "vlc-plugin-base"])]
    ),
    .target(
      name: "CSwiftVLCShim",
      dependencies: ["CLibVLC"]
    ),
    .target(
      name: "SwiftVLC",
      dependencies: ["CLibVLC", "CSwiftVLCShim"]
    ),
    .target(
      name: "SwiftVLCCommandLine",
      dependencies: ["SwiftVLC"]
    ),
    .executableTarget(
      name: "swiftvlc",
      dependencies: ["SwiftVLC", "SwiftVLCCommandLine"],
      resources: [.copy("Resources/demo.mkv")]
    ),
    .testTarget(
      name: "SwiftVLCTests",
      dependencies: ["SwiftVLC", "SwiftVLCCommandLine", "swiftvlc"],
      resources: [.copy("Fixtures")]
    ),
  ],
  swiftLanguageModes: [.v6]
)
