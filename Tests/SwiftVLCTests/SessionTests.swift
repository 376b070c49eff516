// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Testing

@testable import SwiftVLC

/// The session rules as a pure function: every transition and fault path, on a fake clock,
/// without libVLC, servers or sleeps.
@Suite("Session state machine")
struct SessionTests {
  /// A session with a fake clock that tests move by hand.
  struct Harness {
    var session = Session()
    var now = ContinuousClock.now

    mutating func handle(_ input: SessionInput) -> [SessionEffect] {
      session.handle(input, at: now)
    }

    mutating func advance(_ duration: Duration) { now += duration }

    /// Feeds a native event of the current generation.
    mutating func native(_ event: SessionEvent) -> [SessionEffect] {
      handle(.native(event, session.generation))
    }

    /// Plays and reaches Playing.
    mutating func playing() {
      _ = handle(.play(source: "file:///clip.mkv"))
      _ = native(.playing(seekable: true))
    }
  }

  @Test("play opens under a new generation and shows opening")
  func playOpens() {
    var harness = Harness()
    let effects = harness.handle(.play(source: "x"))
    #expect(effects.first == .state(.opening))
    #expect(effects.contains(.open(1)))
    #expect(effects.contains(.outcome(nil)))
    #expect(harness.session.state == .opening)
    #expect(harness.session.needsTicks)
  }

  @Test("buffering, playing, paused and playing again follow libVLC")
  func nativeStates() {
    var harness = Harness()
    _ = harness.handle(.play(source: "x"))
    #expect(harness.native(.buffering) == [.state(.buffering)])
    #expect(harness.native(.playing(seekable: true)) == [.state(.playing), .playbackStarted])
    #expect(harness.native(.paused) == [.state(.paused)])
    #expect(harness.native(.playing(seekable: true)) == [.state(.playing)])
  }

  @Test("events of an older generation are ignored")
  func staleEvents() {
    var harness = Harness()
    _ = harness.handle(.play(source: "x"))
    let old = harness.session.generation
    _ = harness.handle(.play(source: "y"))
    #expect(harness.handle(.native(.playing(seekable: true), old)).isEmpty)
    #expect(harness.session.state == .opening)
  }

  @Test("a pause asked for while opening is applied once playing, and resume cancels it")
  func pendingPause() {
    var harness = Harness()
    _ = harness.handle(.play(source: "x"))
    #expect(harness.handle(.pause).isEmpty)
    #expect(harness.native(.playing(seekable: true)).contains(.setPause(true)))

    var cancelled = Harness()
    _ = cancelled.handle(.play(source: "x"))
    _ = cancelled.handle(.pause)
    _ = cancelled.handle(.resume)
    #expect(!cancelled.native(.playing(seekable: true)).contains(.setPause(true)))
  }

  @Test("a seek asked for while opening waits until the media can seek")
  func pendingSeek() {
    var harness = Harness()
    _ = harness.handle(.play(source: "x"))
    _ = harness.handle(.seek(.time(.seconds(3)), seekable: false))
    #expect(!harness.native(.playing(seekable: false)).contains(.seek(.time(.seconds(3)))))
    #expect(harness.native(.seekable(true)) == [.seek(.time(.seconds(3)))])
    #expect(harness.native(.seekable(true)).isEmpty)

    var seekable = Harness()
    _ = seekable.handle(.play(source: "x"))
    _ = seekable.handle(.seek(.time(.seconds(2)), seekable: false))
    #expect(seekable.native(.playing(seekable: true)).contains(.seek(.time(.seconds(2)))))
  }

  @Test("stop keeps the outcome of a session that had ended, and ends in stopped")
  func stopAfterEnd() {
    var harness = Harness()
    harness.playing()
    _ = harness.native(.ended(EndEvidence(duration: .seconds(10), position: 1)))
    #expect(harness.session.state == .ended)
    let request = StopRequest { _ in }
    let effects = harness.handle(.stop(request))
    #expect(effects.contains(.outcome(.ended)))
    #expect(effects.contains(.stopNative(harness.session.generation, request)))
    #expect(harness.session.state == .stopping)
    let finished = harness.handle(.stopFinished(harness.session.generation))
    #expect(finished == [.state(.stopped), .finishStops([request])])
    #expect(harness.session.state == .stopped)
    #expect(harness.session.phase == .stopped(.ended))
    #expect(!harness.session.needsTicks)
  }

  @Test("stop while playing reports stopped; a second stop does nothing")
  func stopWhilePlaying() {
    var harness = Harness()
    harness.playing()
    let effects = harness.handle(.stop(StopRequest { _ in }))
    #expect(effects.first == .state(.stopping))
    #expect(effects.contains(.outcome(.stopped)))
    #expect(harness.handle(.stop(StopRequest { _ in })).isEmpty)  // joins the first
    #expect(Harness().session.state == .idle)
    var idle = Harness()
    let request = StopRequest { _ in }
    #expect(idle.handle(.stop(request)) == [.finishStops([request])])
  }

  @Test("a natural end reports ended and the full length")
  func naturalEnd() {
    var harness = Harness()
    harness.playing()
    let evidence = EndEvidence(duration: .seconds(3), time: .milliseconds(900), position: 0.93)
    let effects = harness.native(.ended(evidence))
    #expect(effects == [.state(.ended), .outcome(.ended), .reachedEnd])
  }

  @Test("an end far before the length fails as ended early; a short file never does")
  func earlyEnd() throws {
    var harness = Harness()
    harness.playing()
    let evidence = EndEvidence(duration: .seconds(10), time: .milliseconds(2_400), position: 0.24)
    let effects = harness.native(.ended(evidence))
    guard case .failed(.playbackFailed(let reason)) = harness.session.phase.outcome else {
      Issue.record("expected a failure, got \(effects)")
      return
    }
    #expect(reason.hasPrefix("ended early at 2.4 s of 10.0 s (file:///clip.mkv)"))
    #expect(effects.contains(.emit(.encounteredError)))

    // Within 2 s of a 1.5 s length: not early, whatever the position says.
    let short = EndEvidence(duration: .milliseconds(1_500), time: .zero, position: 0)
    #expect(short.earlyEndError(source: "x") == nil)
    // A position above 0.9 is a natural end even with a stale time.
    let stale = EndEvidence(duration: .seconds(60), time: .seconds(1), position: 0.95)
    #expect(stale.earlyEndError(source: "x") == nil)
  }

  @Test("a failing custom input turns an end into its failure")
  func inputFailure() {
    var harness = Harness()
    harness.playing()
    let failure = VLCError.operationFailed("the stream threw")
    _ = harness.native(.ended(EndEvidence(inputFailure: failure)))
    #expect(harness.session.phase == .finished(.failed(failure)))
  }

  @Test("an error without details names the source")
  func errorNamesSource() {
    var harness = Harness()
    _ = harness.handle(.play(source: "http://127.0.0.1:9/x.ts"))
    _ = harness.native(.failed(nil))
    #expect(
      harness.session.phase
        == .finished(
          .failed(.playbackFailed(reason: "libVLC could not play http://127.0.0.1:9/x.ts"))))
  }

  @Test("opening past the timeout fails with timeout and releases the native session")
  func openingTimeout() {
    var harness = Harness()
    harness.session.settings.openingTimeout = .seconds(3)
    _ = harness.handle(.play(source: "x"))
    harness.advance(.milliseconds(2_900))
    #expect(harness.handle(.tick).isEmpty)
    harness.advance(.milliseconds(200))
    let effects = harness.handle(.tick)
    #expect(effects.contains(.state(.error)))
    #expect(effects.contains(.releaseNative(harness.session.generation)))
    #expect(
      harness.session.phase == .finished(.failed(.sourceFailed(.timeout, source: "x"))))
  }

  @Test("no progress for the stall timeout reports a stall, progress reports recovery")
  func stall() {
    var harness = Harness()
    harness.session.settings.stallTimeout = .seconds(5)
    harness.playing()
    let frozen = ProgressReading(time: .seconds(1), demuxBytes: 100, decodedBlocks: 10)
    #expect(harness.handle(.tick) == [.readProgress(harness.session.generation)])
    #expect(harness.handle(.progress(frozen, harness.session.generation)).isEmpty)
    harness.advance(.seconds(4))
    #expect(harness.handle(.progress(frozen, harness.session.generation)).isEmpty)
    harness.advance(.seconds(2))
    #expect(
      harness.handle(.progress(frozen, harness.session.generation)) == [
        .stalled(true), .emit(.stalled),
      ])
    // Reported once.
    harness.advance(.seconds(6))
    #expect(harness.handle(.progress(frozen, harness.session.generation)).isEmpty)
    var moved = frozen
    moved.demuxBytes += 1
    #expect(
      harness.handle(.progress(moved, harness.session.generation)) == [
        .stalled(false), .emit(.recovered),
      ])
  }

  @Test("paused playback never stalls")
  func pausedNeverStalls() {
    var harness = Harness()
    harness.session.settings.stallTimeout = .seconds(1)
    harness.playing()
    _ = harness.native(.paused)
    let frozen = ProgressReading(time: .zero, demuxBytes: 0, decodedBlocks: 0)
    for _ in 0..<10 {
      harness.advance(.seconds(1))
      #expect(harness.handle(.tick).isEmpty)
      #expect(harness.handle(.progress(frozen, harness.session.generation)).isEmpty)
    }
  }

  @Test("with a policy a lost live stream reconnects with backoff, then gives up")
  func reconnect() throws {
    var harness = Harness()
    harness.session.settings.reconnectPolicy = try ReconnectPolicy(
      maxAttempts: 2, initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(10))
    harness.playing()
    var effects = harness.native(.ended(EndEvidence(duration: .seconds(10), position: 1)))
    #expect(effects == [.state(.opening), .emit(.reconnecting(attempt: 1))])
    harness.advance(.milliseconds(900))
    #expect(harness.handle(.tick).isEmpty)
    harness.advance(.milliseconds(100))
    effects = harness.handle(.tick)
    #expect(effects == [.open(harness.session.generation)])
    // The reopen fails at once: attempt 2 after 2 s.
    effects = harness.native(.failed(nil))
    #expect(effects == [.emit(.reconnecting(attempt: 2))])
    harness.advance(.seconds(2))
    _ = harness.handle(.tick)
    effects = harness.native(.failed(nil))
    #expect(effects.contains(.state(.error)))
    guard case .finished(.failed(.playbackFailed(let reason))) = harness.session.phase else {
      Issue.record("expected a failure")
      return
    }
    #expect(reason.contains("gave up after 2 reconnect attempts"))
  }

  @Test("a source that never played is not reconnected")
  func noReconnectBeforePlaying() throws {
    var harness = Harness()
    harness.session.settings.reconnectPolicy = try ReconnectPolicy(
      maxAttempts: 3, initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(10))
    _ = harness.handle(.play(source: "x"))
    _ = harness.native(.failed(nil))
    #expect(harness.session.state == .error)
  }

  @Test("progress after a reconnect starts the attempt count again")
  func progressResetsAttempts() throws {
    var harness = Harness()
    harness.session.settings.reconnectPolicy = try ReconnectPolicy(
      maxAttempts: 1, initialDelay: .seconds(1), multiplier: 2, maxDelay: .seconds(10))
    harness.playing()
    _ = harness.native(.failed(nil))
    harness.advance(.seconds(1))
    _ = harness.handle(.tick)
    _ = harness.native(.playing(seekable: false))
    let generation = harness.session.generation
    _ = harness.handle(
      .progress(ProgressReading(time: .zero, demuxBytes: 1, decodedBlocks: 1), generation))
    _ = harness.handle(
      .progress(ProgressReading(time: .zero, demuxBytes: 2, decodedBlocks: 2), generation))
    // Lost again: one more attempt is allowed, not a give-up.
    #expect(harness.native(.failed(nil)) == [.state(.opening), .emit(.reconnecting(attempt: 1))])
  }

  @Test("a list player's item change is adopted under the same generation")
  func adopt() {
    var harness = Harness()
    harness.playing()
    _ = harness.native(.ended(EndEvidence(duration: .seconds(1), position: 1)))
    _ = harness.handle(.handOver)
    let generation = harness.session.generation
    let effects = harness.handle(.adopt(source: "next"))
    #expect(effects.first == .state(.opening))
    #expect(effects.contains(.resetTimeline))
    #expect(harness.session.generation == generation)
    #expect(harness.native(.playing(seekable: true)).contains(.state(.playing)))
  }

  @Test("a session that has finished needs no ticks; one that plays does")
  func ticksOnlyWhileNeeded() {
    var harness = Harness()
    #expect(!harness.session.needsTicks)
    harness.playing()
    #expect(harness.session.needsTicks)
    _ = harness.native(.ended(EndEvidence(duration: .seconds(1), position: 1)))
    #expect(!harness.session.needsTicks)
  }
}

extension SessionPhase {
  /// The outcome of a finished phase, for assertions.
  var outcome: PlaybackOutcome? {
    if case .finished(let outcome) = self { outcome } else { nil }
  }
}
