// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CX11
import Foundation
import Testing

/// A private X server for one test: started on a free display number, killed by ``stop()``.
/// Nothing here blocks its caller: the tests that use it run on the main actor.
final class Xvfb: Sendable {
  static let isInstalled =
    FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb")
    && FileManager.default.isExecutableFile(atPath: "/usr/bin/xwd")

  let display: String
  private let process: Process

  /// Starts `Xvfb` on a display number it picks itself (`-displayfd`: it takes the first free
  /// number under its own lock, so concurrent test runs on one machine never share a server)
  /// and waits (bounded) until it answers. The screen is `width` × `height` pixels.
  init(width: Int = 320, height: Int = 240) async throws {
    // The server is checked before use, and replaced up to twice if it does not answer.
    var attempt = 1
    while true {
      let (process, number) = try await Self.start(width: width, height: height)
      let display = ":\(number)"
      let answers = try await offThePool {
        guard let connection = XOpenDisplay(display) else { return false }
        defer { XCloseDisplay(connection) }
        let screen = XDefaultScreen(connection)
        return XDisplayWidth(connection, screen) == Int32(width)
          && XDisplayHeight(connection, screen) == Int32(height)
      }
      if answers && process.isRunning {
        (self.process, self.display) = (process, display)
        return
      }
      kill(process.processIdentifier, SIGKILL)
      guard attempt < 3 else { throw TimedOut(what: "an Xvfb of \(width)x\(height) that answers") }
      attempt += 1
    }
  }

  /// Starts one `Xvfb` and returns it with the display number it announced.
  private static func start(width: Int, height: Int) async throws -> (Process, Int) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
    process.arguments = [
      "-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp",
      // An X server resets when its last client leaves, and refuses connections meanwhile:
      // a test's short-lived clients (xdotool, xwd) left the next one without a display.
      "-noreset",
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Xvfb writes the number and a newline once its socket listens.
    let reader = output.fileHandleForReading
    let text = try await offThePool {
      var ready = pollfd(fd: reader.fileDescriptor, events: Int16(POLLIN), revents: 0)
      var text = ""
      let deadline = Date().addingTimeInterval(20)
      while !text.hasSuffix("\n") {
        let left = Int32(max(0, deadline.timeIntervalSinceNow) * 1000)
        guard poll(&ready, 1, left) > 0 else { break }
        let data = reader.availableData
        if data.isEmpty { break }  // Xvfb exited
        text += String(decoding: data, as: UTF8.self)
      }
      return text
    }
    guard let number = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      kill(process.processIdentifier, SIGKILL)
      throw TimedOut(what: "Xvfb to start")
    }
    return (process, number)
  }

  /// Points this process's `DISPLAY` at this server, for the rest of its life: libVLC 3 draws
  /// into an application's window (`VideoOutput.xWindow`) only on the server `DISPLAY` names.
  /// The environment is the whole process's, so only a process of the test's own may change
  /// it: the child of an exit test (see ``inOwnProcess(_:)``).
  func exportDisplay() {
    precondition(ExitTest.current != nil, "DISPLAY is the whole process's: set it in an exit test")
    setenv("DISPLAY", display, 1)
  }

  /// Kills the server (SIGTERM can be blocked in processes the test runner starts). Does not
  /// wait: Foundation reaps it, and a later server takes another display number.
  func stop() {
    guard process.isRunning else { return }
    kill(process.processIdentifier, SIGKILL)
  }

  /// Captures the whole screen with `xwd`. (Capturing a window by id misses what libVLC draws
  /// in its child window: XGetImage leaves inferiors of another visual undefined, black here.)
  func captureScreen() async throws -> XwdImage {
    let run = try await runProgram("xwd", ["-display", display, "-root", "-silent"])
    guard run.status == 0 else { throw XwdImage.Unsupported() }
    return try XwdImage(run.stdout)
  }
}

/// A 24/32-bit TrueColor XWD image, as `xwd` writes it.
struct XwdImage {
  struct Unsupported: Error {}

  let width: Int
  let height: Int
  private let pixels: Data
  private let bytesPerLine: Int
  private let masks: (red: UInt32, green: UInt32, blue: UInt32)
  private let littleEndian: Bool
  private let bytesPerPixel: Int

  init(_ data: Data) throws {
    let bytes = [UInt8](data)
    func field(_ index: Int) -> Int {
      bytes[index * 4..<index * 4 + 4].reduce(0) { $0 << 8 | Int($1) }
    }
    // 32 bits per pixel, or 24 (packed) when a window of another visual (GTK's ARGB windows)
    // is on screen.
    guard bytes.count >= 100, field(1) == 7, field(11) == 32 || field(11) == 24 else {
      throw Unsupported()
    }
    bytesPerPixel = field(11) / 8
    width = field(4)
    height = field(5)
    littleEndian = field(7) == 0
    bytesPerLine = field(12)
    masks = (UInt32(field(14)), UInt32(field(15)), UInt32(field(16)))
    let start = field(0) + field(19) * 12
    guard bytes.count >= start + bytesPerLine * height else { throw Unsupported() }
    pixels = Data(bytes[start..<start + bytesPerLine * height])
  }

  /// The colour at (`x`, `y`) as (red, green, blue).
  func rgb(x: Int, y: Int) -> (UInt8, UInt8, UInt8) {
    let offset = y * bytesPerLine + x * bytesPerPixel
    let raw = pixels[offset..<offset + bytesPerPixel]
    let value =
      littleEndian
      ? raw.reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      : raw.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
    func channel(_ mask: UInt32) -> UInt8 {
      UInt8(truncatingIfNeeded: (value & mask) >> UInt32(mask.trailingZeroBitCount))
    }
    return (channel(masks.red), channel(masks.green), channel(masks.blue))
  }

  /// The hue at (`x`, `y`).
  func hue(x: Int, y: Int) -> Hue {
    let (red, green, blue) = rgb(x: x, y: y)
    return Hue(red: red, green: green, blue: blue)
  }
}
