// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Testing

@testable import SwiftVLC

/// The caller's requests as session rules: the pre-flight question to a download's server,
/// stop (its callers, its time limit, a native player it leaves stuck and a stop that returns
/// late), seeks by position, pause toggling, the A-B loop and the end of a recording, on a
/// fake clock without libVLC.
@Suite("Session requests")
struct SessionRequestTests {
  typealias Harness = SessionTests.Harness

  /// A stop request whose native stop does nothing (the machine never runs it).
  func request() -> StopRequest { StopRequest { _ in } }

  /// The pre-flight of a download that may be Matroska (``ForwardReading``) is part of the
  /// opening: its answer opens the media only for the session that asked, still opening.
  @Test("a download's server is asked before opening; a late answer opens nothing")
  func askBeforeOpening() {
    var harness = Harness()
    let source = "http://127.0.0.1:8080/clip.video"
    let effects = harness.handle(.play(source: source))
    #expect(
      effects.contains(.ask(1)) && !effects.contains { if case .open = $0 { true } else { false } })
    #expect(harness.session.state == .opening)
    // Within the opening timeout: the answer opens the media with the option it asked for.
    harness.advance(.seconds(1))
    #expect(harness.handle(.tick).isEmpty)
    #expect(
      harness.handle(.asked(option: ":demux=avformat", 1)) == [.open(1, option: ":demux=avformat")])
    #expect(harness.handle(.asked(option: nil, 1)).isEmpty, "answered once")

    // Played again while the first answer is on its way: that answer is for nobody.
    _ = harness.handle(.play(source: source))
    _ = harness.handle(.play(source: source))
    #expect(harness.handle(.asked(option: nil, 2)).isEmpty)
    #expect(harness.handle(.asked(option: nil, 3)) == [.open(3)])

    // Stopped while asking: the answer opens nothing.
    _ = harness.handle(.play(source: source))
    let asker = harness.session.generation
    _ = harness.handle(.stop(request()))
    #expect(harness.handle(.asked(option: nil, asker)).isEmpty)
    #expect(harness.handle(.asked(option: nil, harness.session.generation)).isEmpty)

    // A location named as another container's, or a file, opens at once.
    for other in [
      "http://127.0.0.1:8080/clip.mp4", "http://127.0.0.1:8080/live/12", "file:///clip.mkv",
    ] {
      var fresh = Harness()
      #expect(fresh.handle(.play(source: other)).contains(.open(1)), "\(other)")
    }
  }

  @Test("a stop lets every caller go when its native stop returns")
  func stopReturns() {
    var harness = Harness()
    harness.playing()
    let first = request()
    let second = request()
    let effects = harness.handle(.stop(first))
    let generation = harness.session.generation
    #expect(
      effects == [
        .state(.stopping), .outcome(.stopped), .stalled(false), .stopNative(generation, first),
      ])
    #expect(harness.handle(.stop(second)).isEmpty)
    #expect(harness.session.needsTicks)  // the stop's time limit is watched
    let finished = harness.handle(.stopFinished(generation))
    #expect(finished == [.state(.stopped), .finishStops([first, second])])
    #expect(!harness.session.needsTicks)
    let late = request()
    #expect(harness.handle(.stop(late)) == [.finishStops([late])])
  }

  @Test("a stop stuck past its time limit replaces the native player and lets its callers go")
  func stuckStop() {
    var harness = Harness()
    harness.session.settings.stopTimeout = .seconds(2)
    harness.playing()
    let stop = request()
    _ = harness.handle(.stop(stop))
    harness.advance(.milliseconds(1_999))
    #expect(harness.handle(.tick).isEmpty)
    harness.advance(.milliseconds(1))
    #expect(harness.handle(.tick) == [.state(.stopped), .replaceNative, .finishStops([stop])])
    #expect(harness.session.phase == .stopped(.stopped))
    #expect(harness.handle(.tick).isEmpty)
  }

  @Test("a stuck stop that returns late lets no later caller go and replaces nothing")
  func lateReturn() {
    var harness = Harness()
    harness.session.settings.stopTimeout = .seconds(1)
    harness.playing()
    _ = harness.handle(.stop(request()))
    let stuck = harness.session.generation
    harness.advance(.seconds(1))
    #expect(harness.handle(.tick).contains(.replaceNative))
    // A new session on the fresh native player, and a stop of it that takes its time.
    harness.playing()
    let later = request()
    _ = harness.handle(.stop(later))
    let current = harness.session.generation
    #expect(current != stuck)
    harness.advance(.milliseconds(500))
    // The first native stop returns now, late: it is not the one the later caller waits for.
    #expect(harness.handle(.stopFinished(stuck)).isEmpty)
    #expect(harness.session.state == .stopping)
    #expect(harness.handle(.tick).isEmpty)
    #expect(harness.handle(.stopFinished(current)) == [.state(.stopped), .finishStops([later])])
  }

  @Test("a play during a stop puts a fresh native player in place and lets the stop's callers go")
  func playDuringStop() {
    var harness = Harness()
    harness.session.settings.openingTimeout = nil
    harness.playing()
    let stop = request()
    _ = harness.handle(.stop(stop))
    let stopping = harness.session.generation
    let effects = harness.handle(.play(source: "next"))
    let opened = harness.session.generation
    #expect(
      effects == [
        .state(.opening), .replaceNative, .resetTimeline, .outcome(nil), .stalled(false),
        .open(opened), .finishStops([stop]),
      ])
    // The stuck stop's return, and its time limit, no longer count.
    #expect(harness.handle(.stopFinished(stopping)).isEmpty)
    harness.advance(.seconds(60))
    #expect(!harness.handle(.tick).contains(.replaceNative))
    #expect(harness.session.state == .opening)
  }

  @Test("a list player's next item during a stop opens on a fresh native player")
  func handOverDuringStop() {
    var harness = Harness()
    harness.playing()
    let stop = request()
    _ = harness.handle(.stop(stop))
    #expect(harness.handle(.handOver) == [.replaceNative, .finishStops([stop])])
    let joining = request()
    #expect(harness.handle(.stop(joining)) == [.finishStops([joining])])
    harness.advance(.seconds(9))
    #expect(harness.handle(.tick).isEmpty)
    #expect(harness.handle(.adopt(source: "next")).first == .state(.opening))
  }

  @Test("a hand-over during a stop whose item never opens ends stopped at the stop's limit")
  func handOverNothingOpens() {
    var harness = Harness()
    harness.session.settings.stopTimeout = .seconds(2)
    harness.playing()
    _ = harness.handle(.stop(request()))
    #expect(harness.handle(.handOver).contains(.replaceNative))
    // The list player opened nothing on the fresh native player (its item left the list):
    // no adopt comes. The session must not stay stopping.
    harness.advance(.milliseconds(1_999))
    #expect(harness.handle(.tick).isEmpty)
    harness.advance(.milliseconds(1))
    #expect(harness.handle(.tick) == [.state(.stopped)])
    #expect(harness.session.phase == .stopped(.stopped))
    #expect(!harness.session.needsTicks)
  }

  @Test("a hand-over whose list player opened nothing ends the session stopped at once")
  func handOverFailed() {
    var stopping = Harness()
    stopping.playing()
    _ = stopping.handle(.stop(request()))
    _ = stopping.handle(.handOver)
    let handedOver = stopping.session.generation
    #expect(stopping.handle(.handOverFailed(handedOver - 1)).isEmpty)  // an older hand-over
    #expect(stopping.handle(.handOverFailed(handedOver)) == [.state(.stopped)])
    var playing = Harness()
    playing.playing()
    _ = playing.handle(.handOver)
    #expect(
      playing.handle(.handOverFailed(playing.session.generation)) == [
        .state(.stopped), .outcome(.stopped), .stalled(false),
      ])
    #expect(!playing.session.needsTicks)
  }

  @Test("a position seek while opening waits for playback; while playing it is sent at once")
  func positionSeek() {
    var harness = Harness()
    _ = harness.handle(.play(source: "x"))
    #expect(harness.handle(.seek(.position(0.5), seekable: false)).isEmpty)
    #expect(harness.native(.playing(seekable: true)).contains(.seek(.position(0.5))))
    #expect(harness.handle(.seek(.position(0.25), seekable: true)) == [.seek(.position(0.25))])
    var finished = Harness()
    finished.playing()
    _ = finished.native(.ended(EndEvidence(duration: .seconds(1), position: 1)))
    #expect(finished.handle(.seek(.position(0.5), seekable: true)).isEmpty)
  }

  @Test("toggling pause pauses, resumes, and cancels a pause waiting for the opening")
  func togglePause() {
    var harness = Harness()
    _ = harness.handle(.play(source: "x"))
    #expect(harness.handle(.togglePause).isEmpty)  // pending
    #expect(harness.handle(.togglePause).isEmpty)  // cancelled
    #expect(!harness.native(.playing(seekable: true)).contains(.setPause(true)))
    #expect(harness.handle(.togglePause) == [.setPause(true)])
    _ = harness.native(.paused)
    #expect(harness.handle(.togglePause) == [.setPause(false)])
  }

  @Test("the A-B loop jumps back at its end while playing, and a new session clears it")
  func abLoop() {
    var harness = Harness()
    harness.playing()
    let loop = Duration.seconds(1)...Duration.seconds(2)
    #expect(harness.handle(.abLoop(loop, time: .milliseconds(500))) == [.showABLoop(loop)])
    #expect(harness.handle(.timeShown(.milliseconds(1_900))).isEmpty)
    #expect(harness.handle(.timeShown(.seconds(2))) == [.seek(.time(.seconds(1)))])
    #expect(
      harness.handle(.abLoop(loop, time: .seconds(3))) == [
        .showABLoop(loop), .seek(.time(.seconds(1))),
      ])
    _ = harness.handle(.play(source: "y"))
    #expect(harness.session.abLoop == nil)
    _ = harness.native(.playing(seekable: true))
    #expect(harness.handle(.timeShown(.seconds(5))).isEmpty)
    harness.playing()
    _ = harness.handle(.abLoop(loop, time: .zero))
    #expect(harness.handle(.abLoop(nil, time: .seconds(3))) == [.showABLoop(nil)])
  }

  @Test("an A-B loop on a media that turns out not to seek is removed, never sent as seeks")
  func abLoopNotSeekable() {
    let loop = Duration.seconds(1)...Duration.seconds(2)
    var live = Harness()
    _ = live.handle(.play(source: "live"))
    _ = live.handle(.abLoop(loop, time: .zero))
    #expect(live.native(.playing(seekable: false)).contains(.showABLoop(nil)))
    #expect(live.session.abLoop == nil)
    #expect(live.handle(.timeShown(.seconds(3))).isEmpty)
    var lost = Harness()
    lost.playing()
    _ = lost.handle(.abLoop(loop, time: .zero))
    #expect(lost.native(.seekable(false)) == [.showABLoop(nil)])
    #expect(lost.handle(.timeShown(.seconds(3))).isEmpty)
  }

  @Test("a recording ends with its session: an end closes the input, a new session does not")
  func recordingEnds() {
    var harness = Harness()
    harness.playing()
    _ = harness.handle(.recordingStarted)
    #expect(
      !harness.native(.paused).contains { if case .endRecording = $0 { true } else { false } })
    let ended = harness.native(.ended(EndEvidence(duration: .seconds(1), position: 1)))
    #expect(ended.last == .endRecording(closeInput: true))

    var replaced = Harness()
    replaced.playing()
    _ = replaced.handle(.recordingStarted)
    #expect(replaced.handle(.play(source: "y")).last == .endRecording(closeInput: false))

    var stopped = Harness()
    stopped.playing()
    _ = stopped.handle(.recordingStarted)
    _ = stopped.handle(.recordingStopped)
    #expect(!stopped.handle(.stop(request())).contains(.endRecording(closeInput: false)))
  }
}
