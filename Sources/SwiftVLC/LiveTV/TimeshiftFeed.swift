// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import Synchronization

/// The live source going into a ``TimeshiftBuffer``: a private native session remuxes it to
/// MPEG-TS into a pipe (`#std{access=fd}`), and a thread of its own writes the pipe's bytes into
/// the buffer.
///
/// The pipe's write end stays open here until the session has ended, and the read end until
/// every writer closed it, so libVLC never writes into a closed pipe (`SIGPIPE`).
final class TimeshiftFeed: Sendable {
  private struct State {
    var writeEnd: Int32
    var ingesting = true
    var ending: OutputSession.Outcome.Ending?
    /// What libVLC's log said about the source, once its session ended.
    var diagnosis = LogDiagnosis()
  }

  private let session: OutputSession
  private let buffer: TimeshiftBuffer
  private let state: Mutex<State>
  private let ran: Completion<Void>
  /// The source's location, for failures.
  private let source: String

  /// Starts remuxing `media` into `buffer`.
  ///
  /// - Throws: ``VLCError/operationFailed(_:)`` when no pipe can be made;
  ///   ``VLCError/mediaCreationFailed(source:)`` when libVLC cannot copy the media.
  init(media: Media, buffer: TimeshiftBuffer) throws(VLCError) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else {
      throw .operationFailed(
        "no pipe for the timeshift buffer: \(String(cString: strerror(errno)))")
    }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    // A larger pipe absorbs a moment when the writing thread is not scheduled
    // (F_SETPIPE_SZ, 1031 in Linux's fcntl.h, is not imported).
    _ = fcntl(ends[1], 1_031, Int32(1 << 20))
    let copy: Media
    do {
      copy = try media.copy(adding: [
        ":sout=" + SoutChain.chain(destination: SoutChain.descriptor(ends[1], container: .ts))
      ])
    } catch {
      close(ends[0])
      close(ends[1])
      throw error
    }
    self.buffer = buffer
    source = media.mrl
    let witness = LogWitness(instance: media.instance)  // why the source failed
    session = OutputSession(media: copy)
    state = Mutex(State(writeEnd: ends[1]))
    ran = Completion()
    let readEnd = ends[0]
    OwnThread.start { [self] in
      buffer.ingest(from: readEnd)
      state.withLock { $0.ingesting = false }
    }
    session.begin()
    Task { [self] in
      let outcome = await session.run(limit: nil)
      let diagnosis = witness.finish()
      state.withLock { state in
        state.ending = outcome.ending
        state.diagnosis = diagnosis
        if state.writeEnd >= 0 { close(state.writeEnd) }
        state.writeEnd = -1
      }
      ran.settle(.success(()))
    }
  }

  /// Whether bytes may still arrive: the source plays and the buffer takes them.
  var isIngesting: Bool {
    state.withLock { $0.ingesting && $0.ending == nil } && buffer.failure == nil
  }

  /// Why the buffer stopped taking the source, or `nil` while it takes it (or after a stop).
  var failure: VLCError? {
    switch buffer.failure {
    case .diskFull(let path):
      return .operationFailed("the disk of the timeshift buffer \(path) is full")
    case .writeFailed(let path, let reason):
      return .operationFailed("the timeshift buffer \(path) cannot be written: \(reason)")
    case nil:
      let (ending, diagnosis) = state.withLock { ($0.ending, $0.diagnosis) }
      switch ending {
      case .failed:
        return .sourceFailed(
          diagnosis.reason(orElse: "libVLC could not read it"), source: source)
      case .sourceEnded:
        if let reason = diagnosis.source { return .sourceFailed(reason, source: source) }
        return .playbackFailed(reason: "the live source ended")
      case .stalled: return .playbackFailed(reason: "the live source stalled")
      case .refused(let error): return error
      case .limitReached, .stopped, .cancelled, nil: return nil
      }
    }
  }

  /// Stops the source and waits until its session has ended.
  func stop() async {
    session.requestStop()
    _ = await ran.value()
  }
}
