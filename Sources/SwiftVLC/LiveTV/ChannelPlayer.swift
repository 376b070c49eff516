// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import Observation

/// Plays a ``ChannelList`` one channel at a time, with next, previous and jump, and optionally
/// keeps the neighbouring channels opened ahead ("warm") so that a switch shows a picture at
/// once.
///
/// Each channel plays in its own ``Player``; the current channel's frames come out of
/// ``frames`` whichever player is current, so a view that draws them never has to re-subscribe.
/// With `warmNeighbours` set to *n*, the *n* channels before and after the current one also
/// play, muted, their pictures decoded and dropped; switching to one of them makes it current
/// at once, and the warm set moves with it. Memory and CPU are therefore bounded by 1 + 2*n*
/// open channels (n is at most 2), each with libVLC's network cache and four frames of buffer.
/// Every player is stopped and released when the channel player stops or goes away.
///
/// With `timeshift` options, every open channel (current and warm) plays through a timeshift
/// buffer of its own (see ``Timeshift``), so the current one can be paused, moved back and
/// brought back to live with ``timeshift``; a channel's buffer is deleted when it closes.
///
/// Main-actor isolated and observable, like ``Player``.
@MainActor @Observable
public final class ChannelPlayer {
  /// The channels played.
  public let list: ChannelList
  /// The instance every channel plays on.
  @ObservationIgnored public let instance: VLCInstance
  /// How many channels on each side of the current one are kept playing ahead, 0…2.
  public let warmNeighbours: Int
  /// The position in ``list`` of the channel playing, or `nil` before the first ``play(at:)``
  /// and after ``stop()``.
  public private(set) var currentIndex: Int?
  /// The player of the current channel, for its state, tracks and volume. Changes at every
  /// switch.
  public private(set) var player: Player?
  /// How long the last switch took, from the call to the first picture of the new channel;
  /// `nil` until that picture arrives, and always without a frame format.
  public private(set) var lastSwitchLatency: Duration?
  /// How long a channel may stay opening before it counts as dead with
  /// ``ChannelFailure/timeout`` (each channel's ``Player/openingTimeout``): a server that
  /// takes the connection and never answers. Default ``ChannelChecker/defaultTimeout``, the
  /// checker's; applies to the channels opened after it is set.
  @ObservationIgnored public var openingTimeout: Duration = ChannelChecker.defaultTimeout
  /// How long a channel may make no progress while playing before its player reports a stall
  /// (each channel's ``Player/stallTimeout``), or `nil` for the player's default; applies to
  /// the channels opened after it is set.
  @ObservationIgnored public var stallTimeout: Duration?
  /// Per-media options (network caching, hardware decoding, …) given to every channel's media,
  /// or `nil` for libVLC's defaults; applies to the channels opened after it is set. Set
  /// ``VLCConfiguration/hardwareDecoding`` to ``VLCConfiguration/HardwareDecoding/off`` when
  /// the frames are read by the CPU.
  @ObservationIgnored public var configuration: VLCConfiguration?
  /// The timeshift options every channel plays with, or `nil` to play them live.
  public let timeshiftOptions: TimeshiftOptions?
  /// The current channel's timeshift buffer, to pause, seek and jump to live with: `nil`
  /// without ``timeshiftOptions``, while the channel's buffer starts (until its first bytes
  /// are kept) and when it could not start (``failure`` says why).
  public private(set) var timeshift: Timeshift?

  /// The channel playing, or `nil`.
  public var currentChannel: Channel? { currentIndex.map { list.channels[$0] } }

  /// Why the current channel is dead (it could not be opened, failed, or opened nothing within
  /// its player's opening timeout), or `nil` while it opens or plays. Observable through the
  /// current ``player``'s outcome. A view shows it instead of the last picture.
  public var failure: ChannelFailure? {
    if let index = currentIndex, let error = startFailures[index] {
      return ChannelChecker.failure(.failed(error), errors: [])
    }
    guard let outcome = player?.outcome, case .failed = outcome else { return nil }
    return ChannelChecker.failure(outcome, errors: [])
  }

  /// The current channel's decoded pictures, whatever channel is current: one sequence for the
  /// life of the channel player. Keeps the newest four frames when the consumer falls behind.
  /// One consumer at a time; finishes when the channel player goes away. Yields nothing when
  /// the channel player was made with no frame format (its video goes to the instance's
  /// video output).
  @ObservationIgnored public var frames: AsyncStream<VideoFrame> { relay.frames }

  @ObservationIgnored private let format: PixelFormat?
  @ObservationIgnored private let width: Int?
  @ObservationIgnored private let height: Int?
  @ObservationIgnored private let relay = ChannelFrameRelay()
  /// Open players by channel index: the current one and the warm ones.
  @ObservationIgnored private var slots: [Int: Slot] = [:]
  /// Why the timeshift buffer of an open channel could not start, by channel index.
  private var startFailures: [Int: VLCError] = [:]
  @ObservationIgnored private var switchTask: Task<Void, Never>?
  /// The channels closing after a switch left them, by number, awaited by ``stop()``; each
  /// removes itself when done.
  @ObservationIgnored private var closing: [Int: Task<Void, Never>] = [:]
  @ObservationIgnored private var closings = 0

  private struct Slot {
    var player: Player
    /// Forwards the player's frames to the relay; `nil` without a frame format.
    var forwarding: Task<Void, Never>?
    /// With timeshift: the start of the channel's buffer, and the buffer once started.
    var starting: Task<Void, Never>?
    var timeshift: Timeshift?
  }

  /// Creates a channel player. Cheap: nothing opens until ``play(at:)``.
  ///
  /// - Parameters:
  ///   - list: the channels; must not be empty.
  ///   - instance: the instance every channel plays on.
  ///   - warmNeighbours: channels kept playing ahead on each side of the current one, 0…2.
  ///   - format: the pixel layout of ``frames``, or `nil` for no frames: each channel's video
  ///     then goes to the instance's video output (an X11 window with `--vout=xcb_x11`), and
  ///     `warmNeighbours` must be 0.
  ///   - width: the frame width, 1…8192, or `nil` to follow each channel's picture.
  ///   - height: the frame height, 1…8192, or `nil` to follow each channel's picture.
  ///   - timeshift: options for a timeshift buffer per open channel, or `nil` to play live.
  /// - Throws: ``VLCError/invalidInput(_:)`` for an empty list, `warmNeighbours` outside 0…2
  ///   or above 0 without a frame format,
  ///   a dimension outside 1…8192 or a timeshift size limit under
  ///   ``TimeshiftOptions/minimumSize``.
  public init(
    list: ChannelList, instance: VLCInstance = .shared, warmNeighbours: Int = 0,
    format: PixelFormat? = .rgba, width: Int? = nil, height: Int? = nil,
    timeshift: TimeshiftOptions? = nil
  ) throws(VLCError) {
    guard !list.channels.isEmpty else { throw .invalidInput("the channel list is empty") }
    guard (0...2).contains(warmNeighbours) else {
      throw .invalidInput("warmNeighbours \(warmNeighbours) is outside 0…2")
    }
    // Without frames a warm channel's video would open an output of its own.
    guard format != nil || warmNeighbours == 0 else {
      throw .invalidInput("warm neighbours need a frame format: their pictures are dropped")
    }
    for dimension in [width, height].compactMap({ $0 }) where !(1...8_192).contains(dimension) {
      throw .invalidInput("frame dimension \(dimension) is outside 1…8192")
    }
    try timeshift?.validate()
    self.list = list
    timeshiftOptions = timeshift
    self.instance = instance
    self.warmNeighbours = warmNeighbours
    self.format = format
    self.width = width
    self.height = height
    switchTask = Task { [relay, weak self] in
      for await switched in relay.switches {
        guard let self else { return }
        if switched.slot == self.currentIndex { self.lastSwitchLatency = switched.latency }
      }
    }
  }

  isolated deinit {
    switchTask?.cancel()
    relay.finish()
    for slot in slots.values { slot.forwarding?.cancel() }
    // Dropping the players releases them; Player's own teardown stops them off this actor.
  }

  /// Switches to the channel at `index`: at once when it is warm, else by opening it.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for an index outside the list;
  ///   ``VLCError/mediaCreationFailed(source:)`` when the channel's location cannot be opened.
  public func play(at index: Int) throws(VLCError) {
    guard list.channels.indices.contains(index) else {
      throw .invalidInput("channel \(index) is outside 0..<\(list.channels.count)")
    }
    let start = ContinuousClock.now
    lastSwitchLatency = nil
    let slot: Slot
    if let warm = slots[index] {
      slot = warm
    } else {
      slot = try open(index)
      slots[index] = slot
    }
    relay.makeCurrent(index, at: start)
    if let previous = player, previous !== slot.player { previous.isMuted = true }
    slot.player.isMuted = false
    currentIndex = index
    player = slot.player
    timeshift = slot.timeshift
    try rebalance(around: index)
  }

  /// Switches to the next channel, wrapping from the last to the first.
  ///
  /// - Throws: as ``play(at:)`` does.
  public func next() throws(VLCError) {
    try play(at: ((currentIndex ?? -1) + 1) % list.channels.count)
  }

  /// Switches to the previous channel, wrapping from the first to the last.
  ///
  /// - Throws: as ``play(at:)`` does.
  public func previous() throws(VLCError) {
    let count = list.channels.count
    try play(at: ((currentIndex ?? 0) - 1 + count) % count)
  }

  /// Stops every channel (current and warm) and waits until libVLC has closed them. Never
  /// blocks the main actor.
  public func stop() async {
    relay.makeCurrent(nil, at: .now)
    currentIndex = nil
    player = nil
    timeshift = nil
    let open = slots.values
    slots = [:]
    startFailures = [:]
    for slot in open { await close(slot) }
    for task in closing.values { await task.value }
  }

  /// Whether channel `index` is open ahead of a switch, its player playing (the main actor
  /// has seen libVLC's Playing, which can come after the first picture) and with a picture
  /// decoded: a switch to it shows a picture at once. (Internal: the tests wait for it.)
  func isWarm(_ index: Int) -> Bool {
    index != currentIndex && slots[index]?.player.state == .playing && relay.hasPictures(index)
  }

  /// The indices that should be open around `index`: itself and its warm neighbours, wrapping.
  private func wanted(around index: Int) -> Set<Int> {
    let count = list.channels.count
    let reach = min(warmNeighbours, (count - 1) / 2)
    return Set((-reach...reach).map { (index + $0 + count) % count })
  }

  /// Opens the warm neighbours of `index` and closes every player outside them.
  private func rebalance(around index: Int) throws(VLCError) {
    let wanted = wanted(around: index)
    for (slotIndex, slot) in slots where !wanted.contains(slotIndex) {
      slots[slotIndex] = nil
      startFailures[slotIndex] = nil
      let number = closings
      closings += 1
      // Runs on the main actor after this call returns, so it is in `closing` by then.
      closing[number] = Task {
        await close(slot)
        closing[number] = nil
      }
    }
    for neighbour in wanted.sorted() where slots[neighbour] == nil {
      // A neighbour that cannot open is skipped: it will fail again, visibly, if chosen.
      if let slot = try? open(neighbour) {
        slot.player.isMuted = true
        slots[neighbour] = slot
      }
    }
  }

  /// A new player playing channel `index`, its frames forwarded to the relay.
  private func open(_ index: Int) throws(VLCError) -> Slot {
    let media = try list.channels[index].makeMedia(instance: instance)
    if let configuration { try media.apply(configuration) }
    let player = Player(instance: instance)
    player.openingTimeout = openingTimeout
    if let stallTimeout { player.stallTimeout = stallTimeout }
    player.isMuted = index != currentIndex
    let stream = try format.map { format throws(VLCError) in
      try player.videoFrames(format: format, width: width, height: height)
    }
    var starting: Task<Void, Never>?
    if let timeshiftOptions {
      startFailures[index] = nil
      starting = Task { [weak self] in
        do throws(VLCError) {
          let made = try await player.playTimeshifted(media, options: timeshiftOptions)
          if self?.adopt(made, as: index) != true { await made.stop() }
        } catch {
          self?.startFailed(error, as: index, player: player)
        }
      }
    } else {
      try player.play(media)
    }
    relay.forget(index)
    return Slot(
      player: player, forwarding: stream.map { relay.forward($0, as: index) }, starting: starting)
  }

  /// Keeps a channel's started buffer; `false` when the channel closed meanwhile.
  private func adopt(_ made: Timeshift, as index: Int) -> Bool {
    guard let slot = slots[index], slot.player === made.player else { return false }
    slots[index]?.timeshift = made
    if index == currentIndex { timeshift = made }
    return true
  }

  /// Notes why a channel's buffer could not start, unless the channel closed meanwhile.
  private func startFailed(_ error: VLCError, as index: Int, player: Player) {
    guard slots[index]?.player === player, error != .cancelled else { return }
    startFailures[index] = error
  }

  /// Stops a channel's player, through its buffer when it has one (deleting it).
  private func close(_ slot: Slot) async {
    slot.forwarding?.cancel()
    // A buffer still starting stops itself when cancelled, or is stopped by its task when it
    // started meanwhile (the slot is gone, so it is not adopted).
    slot.starting?.cancel()
    await slot.starting?.value
    if let timeshift = slot.timeshift { await timeshift.stop() }
    await slot.player.stop()
  }
}
