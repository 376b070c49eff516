// swift-tools-version: 6.1
// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import PackageDescription

let package = Package(
  name: "SwiftVLC",
  // What a dependent package sees: the library and the tool. The X11 example and the
  // benchmark programs stay executable targets, run inside this package with `swift run NAME`.
  products: [
    .library(name: "SwiftVLC", targets: ["SwiftVLC"]),
    .executable(name: "swiftvlc", targets: ["swiftvlc"]),
    // A GTK 4 video widget; needs GTK (libgtk-4-dev), which SwiftVLC alone never does.
    .library(name: "SwiftVLCGTK", targets: ["SwiftVLCGTK"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLibVLC",
      pkgConfig: "libvlc",
      providers: [.apt(["libvlc-dev", "vlc-plugin-base"])]
    ),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"])]
    ),
    // Programme guides (XMLTV) come gzipped; inflated as they are read.
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"])]
    ),
    .systemLibrary(
      name: "CX11",
      pkgConfig: "x11",
      providers: [.apt(["libx11-dev"])]
    ),
    // Not through pkg-config: gtk4.pc's -pthread and -msse flags are ones SwiftPM refuses with a
    // warning in every package whose graph holds this target, even one that only uses SwiftVLC.
    // CGTK.h declares the GTK subset we use and the module map links the libraries by name;
    // scripts/check-gtk-declarations.py proves it against the real headers (docs/modules.md).
    .systemLibrary(
      name: "CGTK",
      providers: [.apt(["libgtk-4-dev"])]
    ),
    .target(
      name: "CGTKShim",
      dependencies: ["CGTK"],
      // GL_RENDERER, to tell software GL (libepoxy-dev comes with libgtk-4-dev).
      linkerSettings: [.linkedLibrary("epoxy")]
    ),
    .target(
      name: "SwiftVLCGTK",
      dependencies: ["SwiftVLC", "CGTK", "CGTKShim"]
    ),
    .executableTarget(
      name: "gtk-player",
      dependencies: ["SwiftVLC", "SwiftVLCGTK", "CGTK", "CGTKShim"],
      path: "Examples/GTKPlayer"
    ),
    .target(
      name: "CSwiftVLCShim",
      dependencies: ["CLibVLC"]
    ),
    // Exact thumbnails of local files: libavformat and libavcodec, which Debian's libVLC
    // plugins (vlc-plugin-base) already depend on, know every picture's presentation time.
    // FFmpeg is loaded at first use (CFFmpeg), not linked: see CLibraryLoader.
    .target(
      name: "CFrameDecoder",
      dependencies: ["CLibAVFormat", "CFFmpeg"]
    ),
    // What the two FFmpeg modules (CFrameDecoder, CRemux) share: FFmpeg's libraries loaded at
    // first use, the one FFmpeg log filter (FFmpeg has one log callback per process) and the
    // one display-matrix reading.
    .target(
      name: "CFFmpeg",
      dependencies: ["CLibAVFormat", "CLibraryLoader"]
    ),
    // A library loaded at first use (dlopen) rather than at start: FFmpeg's and libcurl's
    // trees are most of what a program would otherwise map before main (Benchmarks/README.md).
    .target(name: "CLibraryLoader"),
    // Fetching channel lists and guides over HTTP(S): libcurl, through a C shim because
    // curl_easy_setopt is variadic (Foundation's URLSession would link all of Foundation).
    // Headers only (on the default multiarch path, where libcurl.pc points too): CHTTPFetch
    // loads libcurl at first use, so libcurl.pc's -lcurl is not wanted.
    .systemLibrary(
      name: "CCurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .target(
      name: "CHTTPFetch",
      dependencies: ["CCurl", "CLibraryLoader"]
    ),
    .target(
      name: "SwiftVLC",
      dependencies: [
        "CLibVLC", "CSwiftVLCShim", "CPNG", "CFrameDecoder", "CHTTPFetch", "CRemux", "CJPEGEncoder",
        "CZlib",
      ]
    ),
    .target(
      name: "SwiftVLCCommandLine",
      dependencies: ["SwiftVLC", "CFreeType", "CFontconfig"]
    ),
    // Thumbnail.jpegData(quality:) encodes with libjpeg-turbo; contact sheets' text is drawn
    // with FreeType in a font fontconfig finds.
    .systemLibrary(
      name: "CJPEG",
      pkgConfig: "libjpeg",
      providers: [.apt(["libjpeg-dev"])]
    ),
    .target(
      name: "CJPEGEncoder",
      dependencies: ["CJPEG"],
      linkerSettings: [.linkedLibrary("jpeg")]
    ),
    .systemLibrary(
      name: "CFreeType",
      pkgConfig: "freetype2",
      providers: [.apt(["libfreetype-dev"])]
    ),
    .systemLibrary(
      name: "CFontconfig",
      pkgConfig: "fontconfig",
      providers: [.apt(["libfontconfig-dev", "fonts-dejavu-core"])]
    ),
    .executableTarget(
      name: "swiftvlc",
      // CSwiftVLCShim: the heap's arena cap, which only the tool sets (its main.swift).
      dependencies: ["SwiftVLC", "SwiftVLCCommandLine", "CSwiftVLCShim"],
      // The demo clip is installed by `make install`, not a SwiftPM resource: the generated
      // resource accessor imports Foundation, which would link all of it into the tool.
      exclude: ["Resources"]
    ),
    .executableTarget(
      name: "x11-player",
      dependencies: ["SwiftVLC", "CX11"],
      path: "Examples/X11Player"
    ),
    .target(
      name: "CVLCReference",
      dependencies: ["CLibVLC"],
      path: "Benchmarks/CVLCReference"
    ),
    .executableTarget(
      name: "cvlc-reference",
      dependencies: ["CVLCReference"],
      path: "Benchmarks/cvlc-reference"
    ),
    .executableTarget(
      name: "swiftvlc-bench",
      dependencies: ["SwiftVLC", "SwiftVLCCommandLine", "CVLCReference"],
      path: "Benchmarks/SwiftVLCBenchmarks"
    ),
    .executableTarget(
      name: "fuzz-channel-list",
      dependencies: ["SwiftVLC"],
      path: "Fuzz/ChannelList",
      exclude: ["seeds"]
    ),
    .testTarget(
      name: "SwiftVLCTests",
      // Not gtk-player: a test target's executable dependencies are linked into the test
      // binary, and GTK has no business in it. `swift build` and `swift test` build it anyway.
      dependencies: [
        "SwiftVLC", "CLibVLC", "CX11", "CPNG", "CJPEG", "SwiftVLCCommandLine", "swiftvlc",
      ],
      resources: [.copy("Fixtures")]
    ),
    // FFmpeg's libraries, for the exact-frame decoder (CFrameDecoder) and recordings' final
    // copy into the container (CRemux), which keeps the track order, languages, titles,
    // flags, chapters, tags and subtitles libVLC 3's muxers lose (docs/libvlc3-findings.md,
    // "Recording fidelity"). Debian's libavformat.pc is not named here: its flags (-pthread,
    // -msse) are ones SwiftPM refuses with a warning on every build; the headers are on the
    // default path, and nothing links the libraries: CFFmpeg loads them at first use.
    .systemLibrary(
      name: "CLibAVFormat",
      path: "Sources/CLibAVFormat",
      providers: [.apt(["libavformat-dev", "libavcodec-dev"])]
    ),
    .target(
      name: "CRemux",
      dependencies: ["CLibAVFormat", "CFFmpeg"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
