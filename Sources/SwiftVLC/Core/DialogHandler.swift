// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Synchronization

/// Receives the dialogs of one ``VLCInstance``: logins, questions, progress and error
/// messages. Maps `libvlc_dialog_set_callbacks`.
///
/// One handler per instance: while a handler is alive, another one created for the same
/// instance is inactive (``isActive`` is `false`) and its ``dialogs`` stream is finished at
/// once. Keep the handler for as long as dialogs should reach you; dropping it withdraws every
/// open dialog.
///
/// Without a listener, nothing blocks: a login or question dialog that arrives while no
/// ``dialogs`` stream is being listened to is dismissed at once (so is one whose last
/// reference is dropped unanswered), and libVLC goes on as if the user cancelled; a player
/// opening a password-protected source then ends in ``PlayerState/error``. With no handler at
/// all, libVLC fails such requests by itself.
///
/// libVLC may look for saved credentials before asking. Its desktop keystores (libsecret,
/// KWallet) wait on D-Bus, and on a machine without a session bus the wait outlasts any
/// reasonable timeout; instances that should not touch them pass `--keystore=memory`.
///
/// ```swift
/// let handler = DialogHandler(instance: instance)
/// for await dialog in handler.dialogs {
///   if case .login = dialog.kind { try dialog.respond(username: "me", password: "secret") }
/// }
/// ```
public final class DialogHandler: Sendable {
  /// The instance whose dialogs this handler receives.
  public let instance: VLCInstance
  private let context: Unmanaged<DialogBox>?

  /// Installs a handler for `instance`'s dialogs, unless one is already installed (then this
  /// one is inactive).
  public init(instance: VLCInstance = .shared) {
    self.instance = instance
    let claimed = instancesWithDialogHandler.withLock {
      $0.insert(ObjectIdentifier(instance)).inserted
    }
    guard claimed else {
      context = nil
      return
    }
    let context = Unmanaged.passRetained(DialogBox())
    self.context = context
    // libVLC copies the structure. Its first member is the error callback.
    var callbacks = libvlc_dialog_cbs(
      pf_display_error: displayError, pf_display_login: displayLogin,
      pf_display_question: displayQuestion, pf_display_progress: displayProgress,
      pf_cancel: cancelDialog, pf_update_progress: updateProgress)
    libvlc_dialog_set_callbacks(instance.pointer, &callbacks, context.toOpaque())
  }

  deinit {
    guard let context else { return }
    // Asks us to cancel every open dialog (our cancel callback dismisses each), under the lock
    // libVLC holds around every dialog callback: when it returns, none runs or will run with
    // the context.
    libvlc_dialog_set_callbacks(instance.pointer, nil, nil)
    context.takeUnretainedValue().broadcaster.terminate()
    context.release()
    instancesWithDialogHandler.withLock { _ = $0.remove(ObjectIdentifier(instance)) }
  }

  /// Whether this handler receives the instance's dialogs (it is the instance's only one).
  public var isActive: Bool { context != nil }

  /// A new stream of the dialogs that appear from now on.
  ///
  /// Every access subscribes anew; every listening stream receives each dialog (the same
  /// object), and the first answer wins. Unbounded buffering: a buffered login or question
  /// keeps its libVLC thread waiting until it is handled. Finished at once for an inactive
  /// handler, and when the handler is dropped.
  public var dialogs: AsyncStream<Dialog> {
    guard let context else { return AsyncStream { $0.finish() } }
    return context.takeUnretainedValue().broadcaster.subscribe(bufferingPolicy: .unbounded)
  }
}

/// The instances that have a handler installed.
private let instancesWithDialogHandler = Mutex<Set<ObjectIdentifier>>([])

/// The dialog callbacks' context: the broadcaster, and the cores libVLC may still call about.
///
/// A core is the unretained context of its libVLC dialog id, so it must live as long as a
/// callback can look it up. libVLC runs every dialog callback under one lock (its dialog
/// provider's) and calls none about a dialog once its one post has returned. So a core found
/// settled when a callback ends is dropped then: no later callback can reach it, and no other
/// callback runs meanwhile. The rest go with the box, after the handler has unset the
/// callbacks.
private final class DialogBox: Sendable {
  let broadcaster = Broadcaster<Dialog>()
  private let lastID = Atomic<UInt64>(0)
  private let cores = Mutex<[DialogCore]>([])

  /// A core for a new libVLC dialog id, kept until settled.
  func open(_ id: OpaquePointer, progress: Float = 0) -> DialogCore {
    let core = DialogCore(nativeID: id, progress: progress)
    cores.withLock { $0.append(core) }
    return core
  }

  /// Drops the settled cores. Called at the end of every callback, inside libVLC's lock.
  func pruneSettled() {
    cores.withLock { $0.removeAll { $0.isSettled } }
  }

  func makeDialog(
    _ kind: DialogKind, title: UnsafePointer<CChar>?, text: UnsafePointer<CChar>?,
    core: DialogCore
  ) -> Dialog {
    Dialog(
      id: lastID.add(1, ordering: .relaxed).newValue, kind: kind, title: string(title),
      text: string(text), core: core)
  }

  /// Hands `dialog` to the listeners. With none, the dialog's last reference is dropped on
  /// return, which dismisses a login or question at once.
  func deliver(_ dialog: Dialog) {
    broadcaster.broadcast(dialog)
  }
}

// MARK: - C callbacks

// libVLC calls these on the thread that needs the dialog (an input thread, or the thread that
// stops a player), with its dialog provider lock held. They copy the strings, deliver a Dialog
// and return; the only libVLC calls they make take a dialog id's own lock (read or set its
// context, dismiss it), which libVLC's own tests do from these callbacks too.

private func box(_ data: UnsafeMutableRawPointer?) -> DialogBox? {
  data.map { Unmanaged<DialogBox>.fromOpaque($0).takeUnretainedValue() }
}

private func core(of id: OpaquePointer?) -> DialogCore? {
  guard let id, let context = libvlc_dialog_get_context(id) else { return nil }
  return Unmanaged<DialogCore>.fromOpaque(context).takeUnretainedValue()
}

private func string(_ text: UnsafePointer<CChar>?) -> String {
  text.map { String(cString: $0) } ?? ""
}

private func optionalString(_ text: UnsafePointer<CChar>?) -> String? {
  text.map { String(cString: $0) }
}

private func displayError(
  data: UnsafeMutableRawPointer?, title: UnsafePointer<CChar>?, text: UnsafePointer<CChar>?
) {
  guard let box = box(data) else { return }
  box.deliver(box.makeDialog(.error, title: title, text: text, core: DialogCore()))
}

private func displayLogin(
  data: UnsafeMutableRawPointer?, id: OpaquePointer?, title: UnsafePointer<CChar>?,
  text: UnsafePointer<CChar>?, defaultUsername: UnsafePointer<CChar>?, askStore: Bool
) {
  guard let box = box(data), let id else { return }
  defer { box.pruneSettled() }
  let kind = DialogKind.login(defaultUsername: optionalString(defaultUsername), canStore: askStore)
  box.deliver(box.makeDialog(kind, title: title, text: text, core: box.open(id)))
}

private func displayQuestion(
  data: UnsafeMutableRawPointer?, id: OpaquePointer?, title: UnsafePointer<CChar>?,
  text: UnsafePointer<CChar>?, type: libvlc_dialog_question_type,
  cancel: UnsafePointer<CChar>?, action1: UnsafePointer<CChar>?, action2: UnsafePointer<CChar>?
) {
  guard let box = box(data), let id else { return }
  defer { box.pruneSettled() }
  let kind = DialogKind.question(
    severity: DialogSeverity(native: type), cancelTitle: string(cancel),
    action1: optionalString(action1), action2: optionalString(action2))
  box.deliver(box.makeDialog(kind, title: title, text: text, core: box.open(id)))
}

private func displayProgress(
  data: UnsafeMutableRawPointer?, id: OpaquePointer?, title: UnsafePointer<CChar>?,
  text: UnsafePointer<CChar>?, isIndeterminate: Bool, position: Float,
  cancel: UnsafePointer<CChar>?
) {
  guard let box = box(data), let id else { return }
  defer { box.pruneSettled() }
  let kind = DialogKind.progress(
    isIndeterminate: isIndeterminate, cancelTitle: optionalString(cancel))
  let core = box.open(id, progress: position)
  box.deliver(box.makeDialog(kind, title: title, text: text, core: core))
}

/// libVLC no longer needs the dialog; it stays valid until dismissed, which libVLC requires.
private func cancelDialog(data: UnsafeMutableRawPointer?, id: OpaquePointer?) {
  guard let id else { return }
  defer { box(data)?.pruneSettled() }
  if let core = core(of: id) {
    core.close(as: .withdrawn) { libvlc_dialog_dismiss($0) }
  } else {
    libvlc_dialog_dismiss(id)  // never ours (no context): dismiss it all the same
  }
}

private func updateProgress(
  data: UnsafeMutableRawPointer?, id: OpaquePointer?, position: Float,
  text: UnsafePointer<CChar>?
) {
  core(of: id)?.updateProgress(position, text: optionalString(text))
  box(data)?.pruneSettled()
}
