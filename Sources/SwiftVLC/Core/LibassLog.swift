internal import CSwiftVLCShim
import Synchronization

/// Sends libass's messages to the logs of every live instance (module "ass"), instead of
/// the process's stderr.
///
/// libVLC 3's libass subtitle plugin installs no libass message callback, so libass prints its
/// banner ("[ass] libass API version: …", four lines) on stderr the first time an SSA/ASS
/// track is drawn, in any program. The C shim points the plugin's `ass_library_init` import at
/// a wrapper that installs a callback (`swiftvlc_libass_route`); messages then reach
/// ``VLCInstance/logs(minimumLevel:)`` like libVLC's own: libass's errors as errors, warnings
/// as warnings, and its banner and details as debug. libass is not tied to an instance, so
/// every live instance's log gets each message.
enum LibassLog {
  private static let contexts = Mutex<[ObjectIdentifier: WeakBox<LogSinkContext>]>([:])

  /// Whether libass's messages are routed; the first read routes them, once per process.
  static let isRouted: Bool = swiftvlc_libass_route(libassSink) == 0

  /// Adds an instance's log to those that get libass's messages.
  static func register(_ context: LogSinkContext) {
    let box = WeakBox<LogSinkContext>()
    box.value = context
    contexts.withLock { $0[ObjectIdentifier(context)] = box }
  }

  /// Removes an instance's log.
  static func unregister(_ context: LogSinkContext) {
    _ = contexts.withLock { $0.removeValue(forKey: ObjectIdentifier(context)) }
  }

  /// Delivers one libass message, on the decoder's thread.
  fileprivate static func deliver(level: Int32, message: String) {
    // libass's levels: 0 fatal, 1 error, 2 warning, 4 information, 6 verbose, 7 debug.
    let entry = LogEntry(
      level: level <= 1 ? .error : level <= 3 ? .warning : .debug, message: message,
      module: "ass")
    let targets = contexts.withLock { $0.values.compactMap(\.value) }
    for target in targets { target.deliver(entry) }
  }
}

/// The C-side sink: runs on libVLC's decoder threads.
private func libassSink(level: Int32, message: UnsafePointer<CChar>?) {
  guard let message else { return }
  LibassLog.deliver(level: level, message: String(cString: message))
}
