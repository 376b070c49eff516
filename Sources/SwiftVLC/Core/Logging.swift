// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
internal import CSwiftVLCShim
import Dispatch
import Synchronization

/// Severity of a libVLC log message. Maps `libvlc_log_level`.
public enum LogLevel: Int, Sendable, Comparable, CaseIterable {
  /// Debugging detail (`LIBVLC_DEBUG`).
  case debug
  /// Information (`LIBVLC_NOTICE`).
  case notice
  /// Something unexpected that libVLC worked around (`LIBVLC_WARNING`).
  case warning
  /// A failure (`LIBVLC_ERROR`).
  case error

  init(native: Int32) {
    switch native {
    case Int32(LIBVLC_ERROR.rawValue): self = .error
    case Int32(LIBVLC_WARNING.rawValue): self = .warning
    case Int32(LIBVLC_NOTICE.rawValue): self = .notice
    default: self = .debug
    }
  }

  /// Orders levels by severity: `.debug < .notice < .warning < .error`.
  public static func < (lhs: LogLevel, rhs: LogLevel) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One message from libVLC's log.
public struct LogEntry: Sendable, Equatable {
  /// The message's severity.
  public var level: LogLevel
  /// The formatted text, at most about 2 KB; longer messages end with "…".
  public var message: String
  /// The libVLC module that logged it ("main", "avformat", …), when known.
  public var module: String?

  /// Creates an entry.
  public init(level: LogLevel, message: String, module: String?) {
    self.level = level
    self.message = message
    self.module = module
  }
}

/// Routes one instance's native log to a ``Broadcaster`` and to internal taps.
///
/// The native callback is installed for the instance's whole life, so libVLC never prints to
/// the console itself, whatever its verbosity; messages are formatted and passed on only
/// while a consumer listens or a tap is open, and dropped unformatted otherwise.
///
/// Turning forwarding on and off happens on a private serial queue, never on the thread that
/// subscribes or cancels, so the order of subscriptions and cancellations is kept.
final class LogRouter: Sendable {
  // C pointers; created in init, freed only in shutDown (on `queue`), stored under `state`.
  private struct Installed: @unchecked Sendable {
    var route: OpaquePointer
    var context: Unmanaged<LogSinkContext>
  }

  private struct State {
    var installed: Installed?
    var isForwarding = false
  }

  let broadcaster: Broadcaster<LogEntry>
  private let sinkContext: LogSinkContext
  // Borrowed: VLCInstance owns it and calls shutDown() before releasing it.
  private nonisolated(unsafe) let instance: OpaquePointer
  private let state: Mutex<State>
  private let queue = DispatchQueue(label: "SwiftVLC.log")

  init(instance: OpaquePointer) {
    self.instance = instance
    let queue = self.queue
    let router = WeakBox<LogRouter>()
    let broadcaster = Broadcaster<LogEntry> { _ in
      queue.async { router.value?.reconcile() }
    }
    self.broadcaster = broadcaster
    sinkContext = LogSinkContext(broadcaster: broadcaster)
    let context = Unmanaged.passRetained(sinkContext)
    if let route = swiftvlc_log_install(instance, logSink, context.toOpaque()) {
      state = Mutex(State(installed: Installed(route: route, context: context)))
    } else {
      context.release()
      state = Mutex(State())
    }
    router.value = self
  }

  /// Removes the native callback for good and finishes every log stream. Called from
  /// `VLCInstance.deinit`, before `libvlc_release`.
  func shutDown() {
    queue.sync {
      let installed = state.withLock { state in
        defer {
          state.installed = nil
          state.isForwarding = false
        }
        return state.installed
      }
      guard let installed else { return }
      // Returns only when no callback is running, so the context can be released after it.
      swiftvlc_log_remove(instance, installed.route)
      installed.context.release()
    }
    broadcaster.terminate()
  }

  /// Whether messages are passed on, once pending changes are done.
  var isForwarding: Bool {
    queue.sync { state.withLock { $0.isForwarding } }
  }

  /// Calls `handler` with every message, of every level, on libVLC's thread, synchronously,
  /// until the returned tap is closed; forwarding is on when this returns. The handler must
  /// only copy what it needs: it runs inside libVLC's log call. Never call from a libVLC
  /// callback (this waits on the router's queue).
  func tap(_ handler: @escaping @Sendable (LogEntry) -> Void) -> LogTap {
    let id = sinkContext.addTap(handler)
    queue.sync { reconcile() }
    let queue = queue
    let router = WeakBox<LogRouter>()
    router.value = self
    return LogTap { [sinkContext] in
      sinkContext.removeTap(id)
      queue.async { router.value?.reconcile() }
    }
  }

  /// Returns once every subscription made before the call is forwarded to: the change is
  /// made on the router's queue, after the subscribing call has returned, and libVLC's
  /// messages logged before it reach no stream.
  func settled() async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      queue.async { done.resume() }
    }
  }

  private func reconcile() {
    let wanted = broadcaster.subscriberCount > 0 || sinkContext.hasTaps
    state.withLock { state in
      guard let installed = state.installed, state.isForwarding != wanted else { return }
      swiftvlc_log_set_forwarding(installed.route, wanted ? 1 : 0)
      state.isForwarding = wanted
    }
  }
}

/// An open tap on an instance's log (see `LogRouter.tap`); ``close()`` ends it.
final class LogTap: Sendable {
  private let onClose: Mutex<(@Sendable () -> Void)?>

  init(onClose: @escaping @Sendable () -> Void) { self.onClose = Mutex(onClose) }

  deinit { close() }

  /// Stops the handler; it is not called after this returns, except by a message libVLC was
  /// already logging. Idempotent.
  func close() {
    onClose.withLock { $0.take() }?()
  }
}

/// What the C sink reaches: the broadcaster and the taps.
final class LogSinkContext: Sendable {
  let broadcaster: Broadcaster<LogEntry>
  /// The taps by id, and the next id.
  private struct Taps {
    var next: UInt64 = 0
    var handlers: [UInt64: @Sendable (LogEntry) -> Void] = [:]
  }
  // A named struct, not a tuple: the lock's bodies then mangle as the ThreadSanitizer
  // suppression of Mutex bodies expects (scripts/sanitizers/tsan.supp).
  private let taps = Mutex(Taps())

  init(broadcaster: Broadcaster<LogEntry>) { self.broadcaster = broadcaster }

  var hasTaps: Bool { taps.withLock { !$0.handlers.isEmpty } }

  func addTap(_ handler: @escaping @Sendable (LogEntry) -> Void) -> UInt64 {
    taps.withLock { taps in
      defer { taps.next += 1 }
      taps.handlers[taps.next] = handler
      return taps.next
    }
  }

  func removeTap(_ id: UInt64) {
    _ = taps.withLock { $0.handlers.removeValue(forKey: id) }
  }

  /// Delivers one entry: to the taps (snapshot under the lock, called outside it), then to the
  /// log streams.
  func deliver(_ entry: LogEntry) {
    let handlers = taps.withLock { Array($0.handlers.values) }
    for handler in handlers { handler(entry) }
    broadcaster.broadcast(entry)
  }
}

/// A weak reference that can be filled in after the closure holding it is formed.
final class WeakBox<Value: AnyObject & Sendable>: Sendable {
  private struct Reference { weak var value: Value? }
  private let reference = Mutex(Reference())

  var value: Value? {
    get { reference.withLock { $0.value } }
    set { reference.withLock { $0.value = newValue } }
  }
}

/// The C-side sink: copies the strings into a `LogEntry` and delivers it. Runs on libVLC's
/// threads and touches nothing but the taps and the broadcaster.
private func logSink(
  context: UnsafeMutableRawPointer?, level: Int32, module: UnsafePointer<CChar>?,
  message: UnsafePointer<CChar>?
) {
  guard let context, let message else { return }
  let sink = Unmanaged<LogSinkContext>.fromOpaque(context).takeUnretainedValue()
  sink.deliver(
    LogEntry(
      level: LogLevel(native: level), message: String(cString: message),
      module: module.map { String(cString: $0) }))
}
