// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Question and progress dialogs, raised by libVLC's AVI demuxer for a file without an index:
/// it asks whether to build one, and shows the build's progress for files over 10 MB.
@Suite("Question and progress dialogs", .sharesTheMachine)
@MainActor
struct QuestionDialogTests {
  let instance: VLCInstance
  let handler: DialogHandler
  let dialogs: AsyncStream<Dialog>

  init() throws {
    instance = try headlessInstance()
    handler = DialogHandler(instance: instance)
    dialogs = handler.dialogs
  }

  /// Plays `path` and returns libVLC's question about the missing index.
  func playAndAsk(_ path: String) async throws -> (Player, Dialog) {
    let player = Player(instance: instance)
    try player.play(Media(path: path, instance: instance))
    let question = try await dialogs.first(within: .seconds(10), "the index question") {
      if case .question = $0.kind { true } else { false }
    }
    #expect(
      question.kind
        == .question(
          severity: .normal, cancelTitle: "Do not play", action1: "Build index then play",
          action2: "Play as is"))
    #expect(question.title == "Broken or missing Index")
    #expect(question.state == .pending)
    return (player, question)
  }

  /// What ``buildIndex(in:)`` leaves running.
  struct IndexBuild {
    var player: Player
    var progress: Dialog
    /// The instance's debug log, subscribed before the build started.
    var logs: AsyncStream<LogEntry>
  }

  /// Plays a 40 MB copy of the index-less AVI, its 25 frames behind 5 million empty chunks,
  /// answers "Build index then play" and returns the progress dialog libVLC then shows while
  /// it rebuilds the index (about 0.5 s on an idle machine).
  func buildIndex(
    in directory: ScratchDirectory, onArrival: @escaping @Sendable (Dialog) -> Void = { _ in }
  ) async throws -> IndexBuild {
    let logs = instance.logs(minimumLevel: .debug)
    let file = try await paddedAVI(.noIndexAVI, junkChunks: 5_000_000, in: directory)
    let (player, question) = try await playAndAsk(file.path)
    try question.respond(action: .action1)
    let progress = try await dialogs.first(within: .seconds(10), "the progress dialog") {
      onArrival($0)
      return true
    }
    return IndexBuild(player: player, progress: progress, logs: logs)
  }

  @Test("a question is answered once with one of its actions; playing as is reaches the end")
  func playAsIs() async throws {
    let (player, question) = try await playAndAsk(Fixture.noIndexAVI.path)
    #expect(player.state.isActive)
    #expect(throws: VLCError.invalidInput("\(question.title) is not a login dialog")) {
      try question.respond(username: "user", password: "secret")
    }
    try question.respond(action: .action2)
    #expect(question.state == .answered)
    #expect(throws: VLCError.invalidState("the dialog was already answered")) {
      try question.respond(action: .action1)
    }
    try await waitUntil("the end") { player.state == .ended }
    #expect(player.outcome == .ended)
  }

  @Test("declining the question fails playback with a typed outcome")
  func decline() async throws {
    let (player, question) = try await playAndAsk(Fixture.noIndexAVI.path)
    question.dismiss()
    #expect(question.state == .dismissed)
    try await waitUntil("a final state") { !player.state.isActive }
    guard case .failed(.sourceFailed(_, let source)) = player.outcome,
      source.hasSuffix("noindex.avi")
    else {
      Issue.record("outcome \(String(describing: player.outcome))")
      return
    }
    let error = try await dialogs.first(within: .seconds(15), "libVLC's error dialog") { _ in true }
    #expect(error.kind == .error)
    #expect(error.state == .informational)
  }

  @Test("building the index shows a progress dialog that advances and is withdrawn when done")
  func progress() async throws {
    let directory = try ScratchDirectory("avi")
    defer { directory.remove() }
    // Followed from its arrival, off the main actor: the build can end before a busy main
    // actor subscribes (a closed dialog's stream ends at once).
    let streams = Recorder<AsyncStream<DialogUpdate>>()
    let build = try await buildIndex(in: directory) { streams.append($0.updates) }
    let (player, progress) = (build.player, build.progress)
    #expect(progress.kind == .progress(isIndeterminate: false, cancelTitle: "Cancel"))
    #expect(progress.title == "Broken or missing AVI Index")
    #expect(progress.text == "Fixing AVI Index...")

    let stream = try #require(streams.values.first)
    let updates = try await within(.seconds(30), "the progress dialog to close") {
      var updates: [DialogUpdate] = []
      for await update in stream {
        updates.append(update)
        if case .closed = update { break }
      }
      return updates
    }
    #expect(updates.last == .closed(.withdrawn))
    #expect(progress.state == .withdrawn)
    let positions = updates.compactMap { update -> Float? in
      if case .progress(let position, _) = update { position } else { nil }
    }
    #expect(!positions.isEmpty, "libVLC reports progress every 100 ms")
    #expect(positions == positions.sorted() && positions.allSatisfy { (0...1).contains($0) })
    // A stream made after the close starts with the latest progress and how it closed.
    let late = try await within(.seconds(5), "a late stream") {
      await progress.updates.reduce(into: []) { $0.append($1) }
    }
    #expect(late.count == 2)
    #expect(late.first.map { if case .progress = $0 { true } else { false } } == true)
    #expect(late.last == .closed(.withdrawn))
    #expect(try await indexedFrames(in: build.logs) == 25)
    try await waitUntil("the end") { player.state == .ended }
  }

  @Test("cancelling the progress dialog stops the index build, and playback goes on")
  func cancelProgress() async throws {
    let directory = try ScratchDirectory("avi")
    defer { directory.remove() }
    // Dismissed as it arrives, off the main actor (libVLC looks 100 ms after showing it): a
    // busy main actor came to it only after the build had ended and libVLC had withdrawn it.
    let streams = Recorder<AsyncStream<DialogUpdate>>()
    let build = try await buildIndex(in: directory) { progress in
      streams.append(progress.updates)
      progress.dismiss()
    }
    let (player, progress) = (build.player, build.progress)
    #expect(progress.state == .dismissed)
    let updates = try #require(streams.values.first)
    let closed = try await updates.first(within: .seconds(10), "the closing update") {
      if case .closed = $0 { true } else { false }
    }
    #expect(closed == .closed(.dismissed))
    progress.dismiss()  // already closed: nothing happens
    #expect(try await indexedFrames(in: build.logs) == 0, "the frames come after the padding")
    // Playback goes on without an index: playing, or (the 1 s clip played out before a busy
    // main actor looked) ended.
    try await waitUntil("playback without an index") {
      player.state == .playing || player.state == .ended
    }
    #expect(player.outcome == nil || player.outcome == .ended)
    await player.stop()
  }

  /// The number of frames libVLC's rebuilt index holds, from its debug log.
  func indexedFrames(in logs: AsyncStream<LogEntry>) async throws -> Int? {
    let line = try await logs.first(within: .seconds(30), "the index build's end") {
      $0.message.hasPrefix("stream[0] creating ")
    }
    return line.message.split(separator: " ").compactMap { Int($0) }.first
  }
}
