// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Dispatch
import Synchronization

/// What a ``Dialog`` asks for or tells.
public enum DialogKind: Sendable, Equatable {
  /// An error message, such as "Your input can't be opened". Nothing to answer.
  case error
  /// A user name and password for a protected source (HTTP, SMB, …). Answer with
  /// ``Dialog/respond(username:password:store:)``.
  ///
  /// - Parameters:
  ///   - defaultUsername: the user name to suggest (for example, the one that just failed).
  ///   - canStore: whether libVLC offers to remember the credentials.
  case login(defaultUsername: String?, canStore: Bool)
  /// A question with one or two actions besides cancelling. Answer with
  /// ``Dialog/respond(action:)``.
  case question(severity: DialogSeverity, cancelTitle: String, action1: String?, action2: String?)
  /// The progress of a long operation; it can be dismissed only when `cancelTitle` is set.
  case progress(isIndeterminate: Bool, cancelTitle: String?)
}

/// How serious a question is. Maps `libvlc_dialog_question_type`.
public enum DialogSeverity: Sendable, Equatable {
  /// `LIBVLC_DIALOG_QUESTION_NORMAL`.
  case normal
  /// `LIBVLC_DIALOG_QUESTION_WARNING`.
  case warning
  /// `LIBVLC_DIALOG_QUESTION_CRITICAL`.
  case critical

  init(native: libvlc_dialog_question_type) {
    switch native {
    case LIBVLC_DIALOG_QUESTION_WARNING: self = .warning
    case LIBVLC_DIALOG_QUESTION_CRITICAL: self = .critical
    default: self = .normal
    }
  }
}

/// One of a question's actions.
public enum DialogAction: Int32, Sendable {
  /// The question's `action1`.
  case action1 = 1
  /// The question's `action2`.
  case action2 = 2
}

/// Where a ``Dialog`` is in its life.
public enum DialogState: Sendable, Equatable {
  /// Open: waiting for an answer (login, question) or running (progress).
  case pending
  /// Answered through ``Dialog/respond(username:password:store:)`` or
  /// ``Dialog/respond(action:)``.
  case answered
  /// Dismissed: by ``Dialog/dismiss()``, by dropping the dialog unanswered, or because nobody
  /// was listening.
  case dismissed
  /// Withdrawn by libVLC, which no longer needs an answer (the player stopped, for example).
  case withdrawn
  /// An error message: there is nothing to answer.
  case informational
}

/// A change to an open ``Dialog``, as delivered by ``Dialog/updates``.
public enum DialogUpdate: Sendable, Equatable {
  /// A progress dialog moved on: position 0…1, and a new text when libVLC gave one.
  case progress(position: Float, text: String?)
  /// The dialog closed in this state; the stream ends after it.
  case closed(DialogState)
}

/// A question or message from libVLC that a user should see, delivered by a
/// ``DialogHandler``.
///
/// A login or question dialog blocks the libVLC thread that asked (a player stays opening)
/// until it is answered or dismissed, exactly once: later answers throw, later dismissals do
/// nothing. Dropping the last reference to an unanswered login or question dialog dismisses
/// it, so libVLC never waits on a dialog nobody holds. Thread-safe.
public final class Dialog: Sendable, Identifiable {
  /// A number unique among the dialogs of its handler, in the order they appeared.
  public let id: UInt64
  /// What the dialog asks for or tells.
  public let kind: DialogKind
  /// The title, such as "HTTP authentication".
  public let title: String
  /// The message.
  public let text: String

  let core: DialogCore

  init(id: UInt64, kind: DialogKind, title: String, text: String, core: DialogCore) {
    self.id = id
    self.kind = kind
    self.title = title
    self.text = text
    self.core = core
  }

  deinit {
    switch kind {
    case .login, .question: core.close(as: .dismissed) { libvlc_dialog_dismiss($0) }
    case .error, .progress: break  // nothing waits on them; libVLC closes progress dialogs
    }
  }

  /// The dialog's current state.
  public var state: DialogState { core.state }

  /// A progress dialog's latest position, 0…1 (0 for other kinds).
  public var progress: Float { core.progress }

  /// A new stream of this dialog's changes: its latest progress (when libVLC has updated it),
  /// each later progress, then ``DialogUpdate/closed(_:)``, after which it ends. A stream made
  /// after the dialog closed gets its latest progress and how it closed, then ends; an error
  /// message's ends at once. Unbounded buffering.
  public var updates: AsyncStream<DialogUpdate> { core.subscribe() }

  /// Answers a login dialog. Maps `libvlc_dialog_post_login`.
  ///
  /// - Parameters:
  ///   - username: the user name; must not be empty.
  ///   - password: the password (may be empty).
  ///   - store: ask libVLC to remember the credentials (only when the kind's `canStore`).
  /// - Throws: ``VLCError/invalidInput(_:)`` for another kind of dialog or an empty user name;
  ///   ``VLCError/invalidState(_:)`` when the dialog was already answered, dismissed or
  ///   withdrawn.
  public func respond(username: String, password: String, store: Bool = false) throws(VLCError) {
    guard case .login = kind else { throw .invalidInput("\(title) is not a login dialog") }
    guard !username.isEmpty else { throw .invalidInput("the user name is empty") }
    try core.answer { libvlc_dialog_post_login($0, username, password, store) }
  }

  /// Answers a question dialog with one of its actions. Maps `libvlc_dialog_post_action`.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for another kind of dialog or an action the
  ///   question does not offer; ``VLCError/invalidState(_:)`` when the dialog was already
  ///   answered, dismissed or withdrawn.
  public func respond(action: DialogAction) throws(VLCError) {
    guard case .question(_, _, let action1, let action2) = kind else {
      throw .invalidInput("\(title) is not a question dialog")
    }
    guard (action == .action1 ? action1 : action2) != nil else {
      throw .invalidInput("\(title) offers no \(action)")
    }
    try core.answer { libvlc_dialog_post_action($0, action.rawValue) }
  }

  /// Dismisses the dialog, like its cancel button. Does nothing when it is already closed, is
  /// an error message, or is a progress dialog that cannot be cancelled. Maps
  /// `libvlc_dialog_dismiss`.
  public func dismiss() {
    switch kind {
    case .error, .progress(_, cancelTitle: nil): return
    case .login, .question, .progress: core.close(as: .dismissed) { libvlc_dialog_dismiss($0) }
    }
  }
}

/// A dialog's state and its libVLC id, shared by the ``Dialog`` and libVLC's callbacks.
///
/// libVLC keeps the id valid until it is answered or dismissed once (`post_*`/`dismiss`), even
/// after it asks to cancel the dialog. The id leaves the state under the lock, so exactly one
/// caller posts to it. The id's context (`libvlc_dialog_set_context`) points to this object,
/// unretained: the handler keeps the object until it is ``isSettled`` and a later callback
/// has run (see `DialogBox`).
final class DialogCore: Sendable {
  /// A libVLC dialog id; valid until the one post taken from ``State``.
  private struct NativeID: @unchecked Sendable {  // moved out under the lock, posted once
    var pointer: OpaquePointer
  }

  private struct State {
    var nativeID: NativeID?
    var state: DialogState
    var progress: Float = 0
    var isSettled = false
  }

  /// What was delivered last, which a new stream receives first. Used on `delivery` only.
  private struct Delivered {
    var progress: Float?
    var text: String?  // the latest text libVLC gave (it gives none when only the position moves)
    var closing: DialogState?
  }

  private let storage: Mutex<State>
  private let updates = Broadcaster<DialogUpdate>()
  /// Every delivery and subscription runs here, in order: a new stream starts with what was
  /// delivered last and misses nothing after it, and no lock is held while a consumer is
  /// woken (a consumer's cancellation handler may dismiss the dialog). Nothing waits on it.
  private let delivery = DispatchQueue(label: "SwiftVLC.dialog")
  private let delivered = Mutex(Delivered())

  /// An error message: closed from the start.
  init() {
    storage = Mutex(State(nativeID: nil, state: .informational))
    updates.terminate()
  }

  /// An open dialog. Sets itself, unretained, as the id's context.
  init(nativeID: OpaquePointer, progress: Float = 0) {
    storage = Mutex(
      State(nativeID: NativeID(pointer: nativeID), state: .pending, progress: progress))
    libvlc_dialog_set_context(nativeID, Unmanaged.passUnretained(self).toOpaque())
  }

  var state: DialogState { storage.withLock { $0.state } }
  var progress: Float { storage.withLock { $0.progress } }

  /// Whether the one post has returned: libVLC then calls no callback about this dialog again.
  var isSettled: Bool { storage.withLock { $0.isSettled } }

  /// Posts an answer through `post`, once.
  func answer(_ post: (OpaquePointer) -> Int32) throws(VLCError) {
    guard close(as: .answered, post) else {
      throw .invalidState("the dialog was already \(state)")
    }
  }

  /// Moves an open dialog to `newState` and calls `post` with its id (which then becomes
  /// invalid); `false`, without calling `post`, when the dialog was no longer open.
  @discardableResult
  func close(as newState: DialogState, _ post: (OpaquePointer) -> Int32) -> Bool {
    let taken = storage.withLock { state -> NativeID? in
      guard let id = state.nativeID else { return nil }
      state.nativeID = nil
      state.state = newState
      return id
    }
    guard let taken else { return false }
    // Outside the lock: posting takes only the id's own lock, and libVLC may be asking to
    // cancel the same dialog meanwhile; that request then finds the dialog closed and leaves
    // the id to us.
    _ = post(taken.pointer)
    storage.withLock { $0.isSettled = true }
    delivery.async {
      self.delivered.withLock { $0.closing = newState }
      self.updates.broadcast(.closed(newState))
      self.updates.terminate()
    }
    return true
  }

  func updateProgress(_ position: Float, text: String?) {
    let isOpen = storage.withLock { state in
      state.progress = position
      return state.nativeID != nil
    }
    guard isOpen else { return }
    delivery.async {
      self.delivered.withLock { delivered in
        delivered.progress = position
        if let text { delivered.text = text }
      }
      self.updates.broadcast(.progress(position: position, text: text))
    }
  }

  /// A new stream of updates that starts with the latest progress and the closing, if any.
  func subscribe() -> AsyncStream<DialogUpdate> {
    let (stream, continuation) = AsyncStream.makeStream(
      of: DialogUpdate.self, bufferingPolicy: .unbounded)
    delivery.async {
      let last = self.delivered.withLock { $0 }
      if let position = last.progress {
        continuation.yield(.progress(position: position, text: last.text))
      }
      if let closing = last.closing { continuation.yield(.closed(closing)) }
      self.updates.add(continuation)  // finished at once when closed
    }
    return stream
  }
}
