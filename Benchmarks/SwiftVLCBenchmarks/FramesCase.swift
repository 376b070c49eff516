// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Bench {
  /// Case 9: 1080p60 played to the end into RGBA and into I420 frames, SwiftVLC's
  /// `videoFrames` against the C reference's vmem callbacks: CPU per frame delivered.
  func framesCase() throws -> CaseReport {
    var report = CaseReport(
      name: "frames",
      title: "9. Frames into Swift (1920×1080 H.264 at 60 fps into RGBA and I420 frames)")
    func measures(_ run: ChildRun) throws -> [String: Double] {
      let json = try run.json()
      guard json["complete"] as? Bool == true else { throw BenchError.child("incomplete: \(json)") }
      let frames = try json.number("frames")
      guard frames > 0 else { throw BenchError.child("no frame: \(json)") }
      return [
        "process": run.cpuSeconds * 1_000 / frames,
        "playing": try json.number("cpuSeconds") * 1_000 / frames, "frames": frames,
        "lost": try json.number("lost"), "wall": try json.number("seconds"),
      ]
    }
    // libVLC shows what is due at 1× and skips the rest, so on a loaded machine the frames
    // that reach the consumer (and so the CPU per frame) vary from run to run. The first
    // variant plays 150 frames at a quarter of the speed with late pictures kept, so that
    // both sides get every frame and do the same work; the second is what an application gets
    // by default.
    let variants = [
      (
        "every frame (150 at ¼ speed)", try inputs.clip1080p60(frames: 150),
        Self.everyPicture + [":rate=0.25"]
      ),
      ("1×, libVLC's defaults (600)", try inputs.clip1080p60(frames: 600), []),
    ]
    var contenders: [Contender] = []
    var labels: [String] = []
    for (variant, clip, options) in variants {
      for chroma in ["RGBA", "I420"] {
        let label = "\(chroma), \(variant)"
        labels.append(label)
        let arguments = ["frames", clip, "1920", "1080", chroma] + options
        contenders.append(
          ("SwiftVLC videoFrames, \(label)", { try measures(swiftChild(arguments)) }))
        if let reference {
          contenders.append(
            ("C libVLC vmem, \(label)", { try measures(runChild(reference, arguments)) }))
        }
      }
    }
    let results = rounds(contenders)
    report.noteFailures(results)
    for contender in contenders {
      let values = results[contender.name] ?? [:]
      report.add(contender.name, "CPU per frame, whole process", "ms", values["process"] ?? [])
      report.add(contender.name, "CPU per frame, play → end", "ms", values["playing"] ?? [])
      report.add(contender.name, "frames delivered", "", values["frames"] ?? [])
      report.add(contender.name, "pictures libVLC lost", "", values["lost"] ?? [])
      report.add(contender.name, "wall, play → end", "s", values["wall"] ?? [])
    }
    for label in labels {
      func ratio(_ metric: String) -> Double? {
        guard let ours = report.median(of: "SwiftVLC videoFrames, \(label)", metric),
          let floor = report.median(of: "C libVLC vmem, \(label)", metric)
        else { return nil }
        return ours / floor
      }
      report.target(
        "\(label): SwiftVLC ÷ C, CPU/frame, process",
        ratio("CPU per frame, whole process"), atMost: 1.05)
      report.target(
        "\(label): SwiftVLC ÷ C, CPU/frame, playing", ratio("CPU per frame, play → end"),
        atMost: 1.05)
    }
    report.notes.append(
      "Each run is a child process measured with wait4 (user + system, all threads), divided by "
        + "the frames that reached the consumer; both read one byte of every frame, both set "
        + "the format through libVLC's format callbacks (C: pitches and lines rounded up to 32), "
        + "`:no-audio` on both. 'pictures libVLC lost' is libVLC's own counter of late pictures "
        + "it dropped.")
    return report
  }

  /// The instance options that make libVLC decode and show late pictures instead of dropping
  /// them.
  static let everyPicture = ["--no-drop-late-frames", "--no-skip-frames"]
}
