// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation

extension Bench {
  /// Case 7: CPU of showing 720p30 for 10 s in the GTK widget (gtk-player) against libVLC
  /// drawing into an X11 window itself (x11-player), on one private Xvfb.
  func gtkCase() throws -> CaseReport {
    let directory = (executable as NSString).deletingLastPathComponent
    let gtkPlayer = directory + "/gtk-player"
    let x11Player = directory + "/x11-player"
    for program in [gtkPlayer, x11Player]
    where !FileManager.default.isExecutableFile(atPath: program) {
      throw BenchError.setup(
        "\(program) is missing: swift build -c release --product gtk-player --product x11-player")
    }
    let seconds = quick ? 5 : 10
    let clip = try clip720p30(seconds: seconds)
    var report = CaseReport(
      name: "gtk",
      title:
        "7. Showing video in a window (\(seconds) s of 1280×720 at 30 fps, window about 640×360)"
    )
    let server = try BenchXvfb()
    defer { server.stop() }
    let display = [
      "DISPLAY": server.display, "GDK_BACKEND": "x11", "GTK_A11Y": "none",
      // No session bus: the MPRIS server gives up at once instead of starting one.
      "DBUS_SESSION_BUS_ADDRESS": "disabled:", "GTK_PLAYER_QUIT_AT_END": "1",
    ]
    var renderers: [String: Set<String>] = [:]
    func measured(_ name: String, _ program: String, _ extra: [String: String] = [:]) throws
      -> [String: Double]
    {
      let before = server.cpuSeconds
      let run = try runChild(program, [clip], environment: display.merging(extra) { $1 })
      guard run.status == 0 else {
        throw BenchError.child("\(program) exited with \(run.status): \(run.errors.suffix(300))")
      }
      // gtk-player's trace names the renderer that drew its window.
      for field in run.output.split(whereSeparator: \.isWhitespace)
      where field.hasPrefix("renderer=") && field != "renderer=none" {
        renderers[name, default: []].insert(String(field.dropFirst(9)))
      }
      return [
        "player": run.cpuSeconds, "total": run.cpuSeconds + server.cpuSeconds - before,
        "wall": run.wallSeconds,
      ]
    }
    let gtk = "SwiftVLCGTK VideoView (gtk-player), default renderer"
    let x11 = "libVLC into an X11 window (x11-player, .xWindow)"
    let gl = "SwiftVLCGTK VideoView (gtk-player), GSK_RENDERER=gl"
    let trace = ["GTK_PLAYER_TRACE": "1"]
    let contenders: [Contender] = [
      (gtk, { try measured(gtk, gtkPlayer, trace) }),
      (gl, { try measured(gl, gtkPlayer, trace.merging(["GSK_RENDERER": "gl"]) { $1 }) }),
      (x11, { try measured(x11, x11Player) }),
    ]
    let results = rounds(contenders)
    report.noteFailures(results)
    for contender in contenders {
      let values = results[contender.name] ?? [:]
      report.add(contender.name, "CPU, player + X server", "s", values["total"] ?? [])
      report.add(contender.name, "CPU, player process", "s", values["player"] ?? [])
      report.add(contender.name, "wall", "s", values["wall"] ?? [])
    }
    func ratio(_ ours: String, _ metric: String) -> Double? {
      guard let value = report.median(of: ours, metric), let peer = report.median(of: x11, metric)
      else { return nil }
      return value / peer
    }
    report.target(
      "GTK (default renderer) ÷ X11 window, CPU of player + X server",
      ratio(gtk, "CPU, player + X server"), atMost: 1.3)
    for (name, used) in renderers.sorted(by: { $0.key < $1.key }) {
      report.notes.append("\(name) drew with \(used.sorted().joined(separator: ", ")).")
    }
    if let forced = ratio(gl, "CPU, player + X server") {
      report.notes.append(
        "Forcing GTK's GL renderer costs \(format(forced))× the X11 window (no goal: "
          + "RendererChoice keeps GTK off GL when GL is a software rasterizer).")
    }
    report.notes.append(
      "Both are the example programs, run to the end of the clip on one Xvfb. Without a GPU "
        + "both draw in software: the X11 example through libVLC's OpenGL output on Mesa's "
        + "llvmpipe, the GTK player through the renderer named above. The X server's CPU "
        + "time is read from /proc before and after each run. Audio is the instance's "
        + "default output on both.")
    return report
  }

  /// A 1280×720, 30 fps H.264 clip of `seconds` without audio, made once in the cache.
  private func clip720p30(seconds: Int) throws -> String {
    let path = inputs.directory + "/gtk-720p30-\(seconds)s.mp4"
    if FileManager.default.fileExists(atPath: path) { return path }
    let ffmpeg = inputs.ffmpeg
    let run = try runChild(
      ffmpeg,
      [
        "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
        "testsrc2=s=1280x720:r=30:d=\(seconds)", "-pix_fmt", "yuv420p", "-c:v", "libx264",
        "-preset", "veryfast", "-g", "60", path,
      ])
    guard run.status == 0 else {
      throw BenchError.setup("ffmpeg failed: \(run.errors.suffix(300))")
    }
    return path
  }
}

/// A private X server for the GTK case, 1280×800.
private struct BenchXvfb {
  let display: String
  let pid: pid_t

  init() throws {
    var number = Int.random(in: 300..<900)
    while FileManager.default.fileExists(atPath: "/tmp/.X\(number)-lock") { number += 1 }
    display = ":\(number)"
    var spawned: pid_t = 0
    let words = ["/usr/bin/Xvfb", display, "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
    let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    guard posix_spawn(&spawned, "/usr/bin/Xvfb", nil, nil, argv, environ) == 0 else {
      throw BenchError.setup("cannot start Xvfb")
    }
    pid = spawned
    let deadline = Date().addingTimeInterval(10)
    while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") {
      guard Date() < deadline else {
        stop()
        throw BenchError.setup("Xvfb did not start")
      }
      usleep(20_000)
    }
  }

  /// The server's user + system CPU time so far, from /proc.
  var cpuSeconds: Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    // After the name: state is field 3; utime and stime are fields 14 and 15.
    let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
    return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  func stop() {
    kill(pid, SIGKILL)
    var status: Int32 = 0
    waitpid(pid, &status, 0)
  }
}
