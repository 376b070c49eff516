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
/// ``async(on:_:)``, and an exit handler (registered with the first one) waits for those in
/// flight, at most ``exitLimit``. `_exit` skips it, as it skips every exit handler.
enum PendingReleases {
  /// The longest the exit handler waits: a release stuck on a stalled source does not hold
  /// the process's exit for longer.
  static let exitLimit: DispatchTimeInterval = .seconds(3)

  private static let inFlight = DispatchGroup()
  private static let exitHandler: Void = {
    atexit { _ = PendingReleases.inFlight.wait(timeout: .now() + PendingReleases.exitLimit) }
  }()

  /// Runs `release` on `queue`, counted until it has returned and let go of what it
  /// captured (whose own release, queued as it goes, is then counted already).
  static func async(on queue: DispatchQueue, _ release: @escaping @Sendable () -> Void) {
    _ = exitHandler
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
