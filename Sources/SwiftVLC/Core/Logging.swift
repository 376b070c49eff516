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

/// Routes one instance's native log to a ``Broadcaster``.
///
/// The native callback is installed for the instance's whole life, so libVLC never prints to
/// the console itself, whatever its verbosity; messages reach the broadcaster only while at
/// least one consumer listens, and are dropped unformatted otherwise.
///
/// Turning forwarding on and off happens on a private serial queue, never on the thread that
/// subscribes or cancels, so the order of subscriptions and cancellations is kept.
final class LogRouter: Sendable {
  // C pointers; created in init, freed only in shutDown (on `queue`), stored under `state`.
  private struct Installed: @unchecked Sendable {
    var route: OpaquePointer
    var context: Unmanaged<Broadcaster<LogEntry>>
  }

  private struct State {
    var installed: Installed?
    var isForwarding = false
  }

  let broadcaster: Broadcaster<LogEntry>
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
    let context = Unmanaged.passRetained(broadcaster)
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

  /// Whether messages are passed on to the log streams, once pending changes are done.
  var isForwarding: Bool {
    queue.sync { state.withLock { $0.isForwarding } }
  }

  private func reconcile() {
    let wanted = broadcaster.subscriberCount > 0
    state.withLock { state in
      guard let installed = state.installed, state.isForwarding != wanted else { return }
      swiftvlc_log_set_forwarding(installed.route, wanted ? 1 : 0)
      state.isForwarding = wanted
    }
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

/// The C-side sink: copies the strings into a `LogEntry` and broadcasts it. Runs on libVLC's
/// threads and touches nothing but the broadcaster.
private func logSink(
  context: UnsafeMutableRawPointer?, level: Int32, module: UnsafePointer<CChar>?,
  message: UnsafePointer<CChar>?
) {
  guard let context, let message else { return }
  let broadcaster = Unmanaged<Broadcaster<LogEntry>>.fromOpaque(context).takeUnretainedValue()
  broadcaster.broadcast(
    LogEntry(
      level: LogLevel(native: level), message: String(cString: message),
      module: module.map { String(cString: $0) }))
}
