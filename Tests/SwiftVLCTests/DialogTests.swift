// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Dialogs", .sharesTheMachine)
@MainActor
struct DialogTests {
  let instance: VLCInstance

  /// Headless arguments include libVLC's in-memory keystore: its desktop keystores wait on a
  /// D-Bus session bus that a test machine lacks, and the login dialog would never come.
  init() throws { instance = try headlessInstance() }

  /// What ``playProtected()`` leaves running; the caller keeps it alive for the test.
  struct ProtectedPlayback {
    var server: TestServer
    var handler: DialogHandler
    var player: Player
    var login: Dialog
  }

  /// Installs a dialog handler, plays the Basic-auth fixture and waits for its login dialog.
  func playProtected() async throws -> ProtectedPlayback {
    let server = try await TestServer()
    let handler = DialogHandler(instance: instance)
    let dialogs = handler.dialogs
    let player = Player(instance: instance)
    try player.play(url: server.url("auth/user/secret/seek.mp4"))
    let login = try await dialogs.first(within: .seconds(10), "a login dialog") {
      if case .login = $0.kind { true } else { false }
    }
    return ProtectedPlayback(server: server, handler: handler, player: player, login: login)
  }

  @Test("a protected source raises a login dialog; the right credentials play it")
  func rightCredentials() async throws {
    let playback = try await playProtected()
    defer { withExtendedLifetime(playback) {} }  // the server and handler live to the end
    let (player, login) = (playback.player, playback.login)
    #expect(login.kind == .login(defaultUsername: nil, canStore: true))
    #expect(login.text.contains("SwiftVLC"), "\(login.text)")  // the realm
    #expect(login.state == .pending)
    #expect(player.state.isActive)

    #expect(throws: VLCError.invalidInput("the user name is empty")) {
      try login.respond(username: "", password: "secret")
    }
    #expect(throws: VLCError.invalidInput("\(login.title) is not a question dialog")) {
      try login.respond(action: .action1)
    }
    // The 3 s clip can play out before a busy main actor polls: the event is what counts.
    let events = player.events
    try login.respond(username: "user", password: "secret")
    #expect(login.state == .answered)
    #expect(throws: VLCError.invalidState("the dialog was already answered")) {
      try login.respond(username: "user", password: "secret")
    }
    login.dismiss()  // too late: nothing happens
    #expect(login.state == .answered)

    _ = try await events.first(within: .seconds(15), "playback") { $0 == .stateChanged(.playing) }
    await player.stop()
  }

  @Test("wrong credentials are asked again, then fail with a typed outcome")
  func wrongCredentials() async throws {
    let server = try await TestServer()
    let handler = DialogHandler(instance: instance)
    let logins = Recorder<DialogKind>()
    // Answers two login dialogs wrongly, then stops listening: later ones are dismissed.
    let listening = Recorder<Bool>()
    let answering = Task { [handler] in
      let dialogs = handler.dialogs  // ends with the task: then nobody listens
      listening.append(true)
      for await dialog in dialogs where dialog.kind != .error {
        logins.append(dialog.kind)
        try? dialog.respond(username: "user", password: "wrong")
        if logins.values.count == 2 { return }
      }
    }
    defer { answering.cancel() }
    // The task may start late: the first dialog must not be posted before it listens.
    try await waitUntil("the answering task to listen") { !listening.values.isEmpty }
    let player = Player(instance: instance)
    try player.play(url: server.url("auth/user/secret/seek.mp4"))
    try await waitUntil("a final state", within: .seconds(15)) { !player.state.isActive }
    try await waitUntil("the two wrong answers", within: .seconds(15)) {
      logins.values.count == 2
    }
    #expect(player.state == .error)
    guard case .failed(.sourceFailed(.authenticationRequired, _)) = player.outcome else {
      Issue.record("outcome \(String(describing: player.outcome))")
      return
    }
    // The second prompt suggests the user name that failed.
    #expect(
      logins.values == [
        .login(defaultUsername: nil, canStore: true),
        .login(defaultUsername: "user", canStore: true),
      ])
  }

  @Test("dismissing the login fails playback cleanly, and libVLC's error dialog follows")
  func dismissal() async throws {
    let server = try await TestServer()
    let handler = DialogHandler(instance: instance)
    let seen = Recorder<(DialogKind, DialogState)>()
    let dialogs = handler.dialogs  // subscribed before playing, not when the task starts
    defer { withExtendedLifetime(handler) {} }
    let handling = Task {
      for await dialog in dialogs {
        dialog.dismiss()
        seen.append((dialog.kind, dialog.state))
      }
    }
    defer { handling.cancel() }
    let player = Player(instance: instance)
    try player.play(url: server.url("auth/user/secret/seek.mp4"))
    try await waitUntil("a final state", within: .seconds(15)) { !player.state.isActive }
    #expect(player.state == .error)
    guard case .failed(.sourceFailed(.authenticationRequired, _)) = player.outcome else {
      Issue.record("outcome \(String(describing: player.outcome))")
      return
    }
    try await waitUntil("the error dialog") { seen.values.contains { $0.0 == .error } }
    let logins = seen.values.filter { if case .login = $0.0 { true } else { false } }
    #expect(!logins.isEmpty)
    #expect(logins.allSatisfy { $0.1 == .dismissed })
    #expect(seen.values.first { $0.0 == .error }?.1 == .informational)
  }

  @Test("nothing blocks when nobody listens, with or without a handler")
  func nobodyListens() async throws {
    let server = try await TestServer()
    for installsHandler in [true, false] {
      let handler = installsHandler ? DialogHandler(instance: instance) : nil
      let player = Player(instance: instance)
      let started = ContinuousClock.now
      try player.play(url: server.url("auth/user/secret/seek.mp4"))
      try await waitUntil("a final state", within: .seconds(10)) { !player.state.isActive }
      #expect(player.state == .error, "handler: \(installsHandler)")
      #expect(ContinuousClock.now - started < .seconds(5), "handler: \(installsHandler)")
      _ = handler
    }
  }

  @Test("stopping the player withdraws its open login dialog")
  func stopWithdraws() async throws {
    let playback = try await playProtected()
    defer { withExtendedLifetime(playback) {} }  // the server and handler live to the end
    let (player, login) = (playback.player, playback.login)
    let updates = login.updates
    try await within(.seconds(5), "stop") { await player.stop() }
    #expect(player.state == .stopped)
    #expect(login.state == .withdrawn)
    let closed = try await updates.first(within: .seconds(10), "the closing update") { _ in true }
    #expect(closed == .closed(.withdrawn))
    #expect(throws: VLCError.invalidState("the dialog was already withdrawn")) {
      try login.respond(username: "user", password: "secret")
    }
  }

  @Test("one handler per instance: a second one is inactive until the first is dropped")
  func oneHandlerPerInstance() async throws {
    var first: DialogHandler? = DialogHandler(instance: instance)
    let second = DialogHandler(instance: instance)
    #expect(first?.isActive == true)
    #expect(!second.isActive)
    let ended = try await within(.seconds(2), "the inactive stream to end") {
      for await _ in second.dialogs { return false }
      return true
    }
    #expect(ended)
    first = nil
    #expect(DialogHandler(instance: instance).isActive)
    #expect(DialogHandler(instance: try headlessInstance()).isActive)  // another instance
  }
}
