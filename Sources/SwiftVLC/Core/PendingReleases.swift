// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CSwiftVLCShim
import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// libVLC objects being released on a queue, and a bounded wait for them when the process
/// exits.
///
/// SwiftVLC releases native objects off the thread that drops the last reference, because a
/// release can join libVLC's threads for as long as a source takes to close. A program that
/// exits meanwhile (returning from `main` right after dropping a player) would unload the
/// libraries those threads still run in: a child process exiting 300 ms after dropping a
/// playing player crashed with SIGSEGV once in 48 runs. Every such release goes through
/// ``async(on:_:)``, and an exit handler waits for those in flight, at most ``exitLimit``.
/// `_exit` skips it, as it skips every exit handler.
///
/// Exit handlers run last registered first, and a shared library registers the destructors of
/// its statics when it is loaded: libVLC loads its plugins (and TagLib with the meta reader)
/// as media need them. A wait registered before such a library was loaded ran after its
/// destructors, while a release still used it or unloaded it (SIGSEGV in libtag at exit, 5 in
/// 16 runs of the discovery tests' process). So the wait is registered again whenever a
/// release is queued after a library was loaded. One exit policy: all those registrations
/// share one deadline, set when the first of them runs, so a stuck release holds the exit
/// for ``exitLimit`` in all, not once per registration.
enum PendingReleases {
  /// The longest the process's exit waits for releases in flight, over all registrations: a
  /// release stuck on a stalled source does not hold the exit for longer.
  static let exitLimit: DispatchTimeInterval = .seconds(3)

  private static let inFlight = DispatchGroup()
  /// How many shared objects the process had loaded when the wait was last registered.
  private static let registeredAtLoadCount = Mutex<UInt64?>(nil)
  /// When the exit stops waiting; set by the first exit handler that runs.
  private static let exitDeadline = Mutex<DispatchTime?>(nil)

  /// Registers the exit wait unless it was registered after the last library load.
  private static func registerExitWait() {
    var count: UInt64 = 0
    let loads: UInt64? = swiftvlc_loaded_library_count(&count) == 0 ? count : nil
    registeredAtLoadCount.withLock { registered in
      if let registered, let loads, loads <= registered { return }
      if registered != nil && loads == nil { return }  // no load count: registered once
      registered = loads ?? 0
      atexit { PendingReleases.waitAtExit() }
    }
  }

  /// Waits for the releases in flight until the exit's one deadline.
  private static func waitAtExit() {
    let deadline = exitDeadline.withLock { deadline in
      if deadline == nil { deadline = .now() + exitLimit }
      return deadline ?? .now()
    }
    _ = inFlight.wait(timeout: deadline)
  }

  /// Runs `release` on `queue`, counted until it has returned and let go of what it
  /// captured (whose own release, queued as it goes, is then counted already).
  static func async(on queue: DispatchQueue, _ release: @escaping @Sendable () -> Void) {
    registerExitWait()
    inFlight.enter()
    let work = Work(release)
    queue.async {
      work.run()
      inFlight.leave()
    }
  }
}

/// A closure run once and dropped as it returns, not when the block holding it is freed.
private final class Work: Sendable {
  private let body: Mutex<(@Sendable () -> Void)?>

  init(_ body: @escaping @Sendable () -> Void) { self.body = Mutex(body) }

  func run() {
    let body = self.body.withLock { body in
      defer { body = nil }
      return body
    }
    body?()
  }
}
