// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Dispatch
import Glibc

/// The library's one way to run work that blocks for long (a download, a decoding pass, a
/// reader that waits on a socket or a pipe, a libVLC call that can hang): on a thread of its
/// own, made for it and gone when it returns.
///
/// Not on `DispatchQueue.global()`: on Linux that pool runs only about as many work items at
/// once as there are processors, so a few blocked readers delay every later item by seconds
/// (a download with an 800 ms timeout took 5.5 s to start under a loaded CI run). Not on
/// Swift's cooperative pool either, which must never block. Package-wide: the tool's blocking
/// readers use it too.
package enum OwnThread {
  /// Starts `work` on a new detached thread and returns at once. Should the system refuse a
  /// thread, `work` runs on a serial queue of its own, which libdispatch also gives a thread
  /// whatever else blocks.
  package static func start(_ work: @escaping @Sendable () -> Void) {
    let box = Unmanaged.passRetained(Work(work)).toOpaque()
    var attributes = pthread_attr_t()
    pthread_attr_init(&attributes)
    defer { pthread_attr_destroy(&attributes) }
    pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
    var thread = pthread_t()
    guard pthread_create(&thread, &attributes, ownThreadMain, box) != 0 else { return }
    let job = Unmanaged<Work>.fromOpaque(box).takeRetainedValue()
    DispatchQueue(label: "SwiftVLC.own-thread").async { job.body() }
  }

  /// Runs `work` on a thread of its own and returns its result; the calling task suspends
  /// meanwhile, and its actor (the main actor too) keeps running.
  package static func run<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
      start { continuation.resume(returning: work()) }
    }
  }
}

/// The work handed to a new thread, retained across `pthread_create`.
private final class Work: Sendable {
  let body: @Sendable () -> Void
  init(_ body: @escaping @Sendable () -> Void) { self.body = body }
}

/// The new thread's entry point: takes back the retained work and runs it.
private func ownThreadMain(_ argument: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
  guard let argument else { return nil }
  Unmanaged<Work>.fromOpaque(argument).takeRetainedValue().body()
  return nil
}
