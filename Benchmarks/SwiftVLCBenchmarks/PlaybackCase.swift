// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

extension Bench {
  /// Case 4: CPU time to play 720p at 1× into RGBA frames.
  func playbackCase() throws -> CaseReport {
    let clip = try inputs.clip720
    let frames = quick ? 75 : 250
    var report = CaseReport(
      name: "playback",
      title: "4. Playback overhead (\(frames / 25) s of 720p at 1× into 1280×720 RGBA frames)")
    let arguments = ["playback", clip, "\(frames)", "1280", "720"]
    func measures(_ run: ChildRun) throws -> [String: Double] {
      let json = try run.json()
      guard json["complete"] as? Bool == true else { throw BenchError.child("incomplete: \(json)") }
      return [
        "process": run.cpuSeconds, "playing": try json.number("cpuSeconds"),
        "wall": try json.number("seconds"),
      ]
    }
    let swift = "SwiftVLC videoFrames"
    let c = "C libVLC vmem"
    var contenders: [Contender] = [(swift, { try measures(swiftChild(arguments)) })]
    if let reference {
      contenders.append(
        (
          c,
          { try measures(runChild(reference, Array(arguments.dropFirst()).prepending("playback"))) }
        ))
    }
    let results = rounds(contenders)
    report.noteFailures(results)
    for contender in contenders {
      let values = results[contender.name] ?? [:]
      report.add(contender.name, "CPU, whole process", "s", values["process"] ?? [])
      report.add(contender.name, "CPU, play → last frame", "s", values["playing"] ?? [])
      report.add(contender.name, "wall, play → last frame", "s", values["wall"] ?? [])
    }
    func ratio(_ metric: String) -> Double? {
      guard let ours = report.median(of: swift, metric), let floor = report.median(of: c, metric)
      else { return nil }
      return ours / floor
    }
    // Issue 30's goal for both.
    report.target(
      "SwiftVLC ÷ C, CPU of the whole process", ratio("CPU, whole process"), atMost: 1.03)
    report.target("SwiftVLC ÷ C, CPU while playing", ratio("CPU, play → last frame"), atMost: 1.03)
    report.notes.append(
      "Each run is a child process measured with wait4 (user + system, all threads); both read one "
        + "byte of every frame; `:no-audio` on both.")
    return report
  }

  /// Case 5: time from `play` to the first decoded frame.
  func firstFrameCase() throws -> CaseReport {
    let clip = try inputs.clip720
    let perChild = quick ? 3 : 5
    var report = CaseReport(
      name: "first-frame",
      title: "5. Time to first frame (720p, 1280×720 RGBA, new player each time)")
    let arguments = ["first-frame", clip, "\(perChild)", "1280", "720"]
    func measures(_ run: ChildRun) throws -> [String: Double] {
      ["ms": median(try run.json().numbers("milliseconds"))]
    }
    let swift = "SwiftVLC Player.play → videoFrames"
    let c = "C libVLC play → vmem display"
    let cInSwift = "C libVLC play → vmem display, in SwiftVLC's process"
    var contenders: [Contender] = [
      (swift, { try measures(swiftChild(arguments)) }),
      (cInSwift, { try measures(swiftChild(["c-reference"] + arguments)) }),
    ]
    if let reference {
      contenders.append((c, { try measures(runChild(reference, arguments)) }))
    }
    let results = rounds(contenders)
    report.noteFailures(results)
    for contender in contenders {
      report.add(contender.name, "first frame", "ms", results[contender.name]?["ms"] ?? [])
    }
    if let ours = report.median(of: swift, "first frame"),
      let floor = report.median(of: c, "first frame")
    {
      report.target("SwiftVLC ÷ C", ours / floor, atMost: 1.10)
    }
    report.notes.append("Each run value is the median of \(perChild) plays in one child process.")
    report.notes.append(
      "The row in SwiftVLC's process runs the C reference's code in a `swiftvlc-bench` child "
        + "(SwiftVLC's libraries and the Swift runtime loaded, no Player): it tells the process "
        + "from the Player's work.")
    return report
  }
}

extension Array {
  fileprivate func prepending(_ element: Element) -> [Element] { [element] + self }
}
