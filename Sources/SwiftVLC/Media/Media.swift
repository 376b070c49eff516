// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials
import Glibc
import Synchronization

/// A playable source: a file, a URL or a file descriptor, with its options.
///
/// Thread-safe. A media can be parsed, given options and played by several players; the native
/// media is released when the last reference (yours or a player's) goes away.
public final class Media: Sendable {
  /// The instance this media belongs to.
  public let instance: VLCInstance
  /// The media resource locator libVLC uses, such as "file:///tmp/a.mp4".
  public let mrl: String

  nonisolated(unsafe) let pointer: OpaquePointer  // owned: released in deinit, never reassigned
  let eventBox: MediaEvents
  private let attachment: EventAttachment<MediaEvents>
  /// The first successful parse result and how deep it read.
  private let parsed = Mutex<(info: MediaInfo, depth: ParseDepth)?>(nil)
  /// The file's own headers as the last parse read them, which correct libVLC's metadata
  /// (``currentMetadata``); `nil` before a parse has read any.
  let parsedHeaders = Mutex<FileHeaders?>(nil)
  /// A local Matroska file's track entries read for ``readTracks()`` before any parse
  /// (`.some(nil)`: not such a file).
  let fileTrackEntries = Mutex<[MatroskaTracks.Entry]??>(nil)
  /// The `network` flag of the last parse libVLC skipped, or `nil`.
  private let skippedWith = Mutex<Bool?>(nil)
  /// The options given to ``addOption(_:)``, in order: libVLC 3 cannot read them back, and
  /// copies made for recording replay them.
  let addedOptions = Mutex<[String]>([])
  /// The custom input this media reads from (``init(data:instance:)``,
  /// ``init(stream:instance:)``), or `nil`. Kept here so the media can reach it; libVLC's own
  /// reference to it is held separately until the native media is freed.
  let input: CustomInput?
  /// Held across native calls that change this media's reference count; see
  /// ``withNativeReferencesHeld(_:_:_:)``.
  let references = Mutex(())

  /// Adopts `pointer`: one reference to it now belongs to this object (released in `deinit`).
  init(instance: VLCInstance, pointer: OpaquePointer, input: CustomInput? = nil) {
    NativeCensus.created(.media)
    self.instance = instance
    self.pointer = pointer
    self.input = input
    self.mrl =
      libvlc_media_get_mrl(pointer).map { mrl in
        defer { libvlc_free(mrl) }
        return String(cString: mrl)
      } ?? ""
    eventBox = MediaEvents()
    attachment = EventAttachment(
      manager: libvlc_media_event_manager(pointer),
      types: [
        libvlc_MediaParsedChanged, libvlc_MediaSubItemAdded, libvlc_MediaMetaChanged,
        libvlc_MediaDurationChanged, libvlc_MediaFreed,
      ], box: eventBox, callback: mediaEventCallback)
  }

  /// Opens a URL: `file://`, `http(s)://`, `udp://`, `rtsp://`, or any scheme libVLC reads.
  ///
  /// A `file://` URL is checked like ``init(path:instance:)``. Any other URL must have a
  /// scheme that one of the instance's access modules opens (see
  /// ``VLCInstance/missingSupport(forScheme:)``): libVLC 3 takes any text, and playing a
  /// location with no scheme (`/a.mp4`) or an unknown one stays buffering, then crashes the
  /// process when stopped. Does not block.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` for a missing file, a URL with no
  ///   scheme, or a URL libVLC cannot represent; ``VLCError/sourceFailed(_:source:)`` with
  ///   ``FailureReason/unsupportedScheme(_:explanation:)`` for a scheme this libVLC cannot
  ///   open.
  public convenience init(url: URL, instance: VLCInstance = .shared) throws(VLCError) {
    if url.isFileURL {
      try self.init(path: url.path, instance: instance)
      return
    }
    guard url.scheme?.isEmpty == false else {
      throw .mediaCreationFailed(
        source: "\(url.absoluteString): not a URL (it has no scheme such as http://); "
          + "open a file with Media(path:)")
    }
    try instance.requireSupport(for: url.absoluteString, allowsCustomInput: false)
    clearLibVLCError()
    guard let pointer = libvlc_media_new_location(instance.pointer, url.absoluteString) else {
      throw .mediaCreationFailed(source: explain(url.absoluteString))
    }
    self.init(instance: instance, pointer: pointer)
  }

  /// Opens a local file.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` at once when the file does not exist,
  ///   is a directory, or is a FIFO (libVLC 3 cannot read one by name: its disc access modules
  ///   and meta reader open it first and take the writer's data; open it and use
  ///   ``init(fileDescriptor:instance:)``), before any playback is tried.
  public convenience init(path: String, instance: VLCInstance = .shared) throws(VLCError) {
    switch FileKind(path: path) {
    case nil:
      throw .mediaCreationFailed(source: "\(path): no such file")
    case .directory:
      throw .mediaCreationFailed(source: "\(path): is a directory")
    case .fifo:
      throw .mediaCreationFailed(
        source: "\(path): a FIFO, which libVLC 3 cannot read by name (it opens it more than "
          + "once); open it and read it from its file descriptor")
    case .regular, .other:
      break
    }
    clearLibVLCError()
    guard let pointer = libvlc_media_new_path(instance.pointer, path) else {
      throw .mediaCreationFailed(source: explain(path))
    }
    self.init(instance: instance, pointer: pointer)
  }

  /// Reads from an open file descriptor. The descriptor must stay open while the media is in
  /// use; libVLC reads it from its current offset and does not close it.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` when `fileDescriptor` is not open.
  public convenience init(fileDescriptor: Int32, instance: VLCInstance = .shared) throws(VLCError) {
    guard fileDescriptor >= 0, fcntl(fileDescriptor, F_GETFD) != -1 else {
      throw .mediaCreationFailed(source: "file descriptor \(fileDescriptor) is not open")
    }
    clearLibVLCError()
    guard let pointer = libvlc_media_new_fd(instance.pointer, fileDescriptor) else {
      throw .mediaCreationFailed(source: explain("file descriptor \(fileDescriptor)"))
    }
    self.init(instance: instance, pointer: pointer)
  }

  deinit {
    // The MediaFreed listener stays: libVLC sends it from the last release (here or in a
    // player), and its callback releases the box (see ``MediaEvent/freed``).
    attachment.detach(keeping: libvlc_MediaFreed)
    // Releasing a media that is being parsed waits for the parser; keep that off the caller.
    nonisolated(unsafe) let pointer = pointer
    PendingReleases.async(on: .global()) {
      libvlc_media_release(pointer)
      NativeCensus.released(.media)
    }
  }

  /// Whether libVLC 3 cannot parse this media: a file descriptor (its parser skips descriptors
  /// whatever the flags: their item type is "unknown") or a custom input; their tracks and
  /// picture size are known once playing.
  var isUnparsable: Bool { isDescriptor || input != nil }

  private var isDescriptor: Bool { mrl.hasPrefix("fd://") }

  /// Adds a libVLC media option, such as `":start-time=10"` or `":network-caching=300"`.
  /// Takes effect the next time the media is played.
  public func addOption(_ option: String) {
    addedOptions.withLock { $0.append(option) }
    libvlc_media_add_option(pointer, option)
  }

  /// The options added with ``addOption(_:)`` so far, in order.
  var options: [String] { addedOptions.withLock { $0 } }

  /// Sets the HTTP User-Agent header sent for this media.
  public func setHTTPUserAgent(_ userAgent: String) {
    addOption(":http-user-agent=\(userAgent)")
  }

  /// Sets the HTTP Referer header sent for this media.
  public func setHTTPReferrer(_ referrer: String) {
    addOption(":http-referrer=\(referrer)")
  }

  /// Adds a subtitle or audio file to play alongside this media.
  ///
  /// - Parameters:
  ///   - url: the slave's location.
  ///   - kind: what it carries.
  ///   - priority: 0 (lowest) to 4 (highest, as if chosen by the user).
  /// - Throws: ``VLCError/invalidInput(_:)`` for a priority outside 0…4;
  ///   ``VLCError/operationFailed(_:)`` when libVLC refuses the slave.
  public func addSlave(url: URL, kind: SlaveKind, priority: Int = 4) throws(VLCError) {
    guard (0...4).contains(priority) else {
      throw .invalidInput("slave priority \(priority) is outside 0…4")
    }
    try checkStatus("adding slave \(url.absoluteString)") {
      libvlc_media_slaves_add(pointer, kind.native, UInt32(priority), url.absoluteString)
    }.get()
  }

  /// Playback counters, or `nil` when libVLC has none yet (the media never played or parsed;
  /// after a parse alone they are all zero).
  public func statistics() -> MediaStatistics? {
    var stats = libvlc_media_stats_t()
    guard libvlc_media_get_stats(pointer, &stats) != 0 else { return nil }
    return MediaStatistics(native: stats)
  }

  /// The length an earlier parse of this media measured (``MediaInfo/duration``), `nil`
  /// without one: what a ``Player`` shows as its ``Player/duration``.
  var parsedDuration: Duration? { parsed.withLock { $0?.info.duration } }

  /// Reads the media's duration, metadata, tracks and (for MPEG-TS) programs.
  ///
  /// With ``ParseDepth/container`` (the default) nothing is decoded: libVLC's preparse reads
  /// the container, and SwiftVLC corrects what it gets wrong from the file itself (the
  /// length of MPEG-TS and of MP3 without a Xing header, the TS programs, a file name given
  /// as the title, "und" languages). Containers can still lie: MP4 declares mono AAC as
  /// stereo, and MPEG-TS declares no picture size, frame rate or channel count; HLS lists no
  /// tracks (``MediaInfo/unknowns`` says so). ``ParseDepth/decoded`` also plays a private,
  /// silent copy for a moment within `timeout`, and reports what the decoders found.
  ///
  /// The first successful result is cached: later calls return it at once (libVLC 3 never
  /// reports a second parse), or deepen it. Cancelling the calling task stops libVLC's
  /// parser.
  ///
  /// - Parameters:
  ///   - timeout: how long the whole parse may take.
  ///   - network: also parse network sources (HTTP, …); otherwise they are skipped.
  ///   - depth: whether to decode a moment of the media (see ``ParseDepth``). With
  ///     ``ParseDepth/decoded`` and `network`, streams libVLC 3 does not parse (`udp://`,
  ///     `rtp://`, …) are played for a moment instead, and their tracks listed.
  /// - Returns: the result; garbage and empty-but-readable input give `isPlayable == false`.
  /// - Throws: ``VLCError/parseTimeout``, ``VLCError/cancelled``,
  ///   ``VLCError/sourceFailed(_:source:)`` with the reason libVLC logged (a refused
  ///   connection, an HTTP status, …) when it cannot read the source at all, or
  ///   ``VLCError/parseFailed(reason:)`` when libVLC skips it (network sources without
  ///   `network`; file descriptors and streams always), or an earlier parse of this media
  ///   timed out or was cancelled.
  public func parse(
    timeout: Duration = .seconds(5), network: Bool = false, depth: ParseDepth = .container
  ) async throws(VLCError) -> MediaInfo {
    guard timeout > .zero else { throw .invalidInput("parse timeout must be positive") }
    let deadline = ContinuousClock.now + timeout
    if let cached = parsed.withLock({ $0 }) {
      if cached.depth == .decoded || depth == .container { return cached.info }
      return cache(try await refined(cached.info, depth: depth, until: deadline), depth: depth)
    }
    if Task.isCancelled { throw .cancelled }
    if isDescriptor {
      throw .parseFailed(
        reason: "libVLC 3 does not parse file descriptors (\(mrl)); tracks are known once playing")
    }
    if input != nil {
      throw .parseFailed(
        reason: "libVLC 3 does not parse custom inputs (\(mrl)); tracks are known once playing")
    }

    // libVLC 3 reads a DSD file packet by packet to list a codec it cannot name or decode.
    if let info = try await dsdInfo(depth: depth, until: deadline) {
      return cache(info, depth: depth)
    }

    // Subscribe before starting, so the completion cannot slip between the two.
    let completions = eventBox.parse.subscribe()
    let previous = libvlc_media_get_parsed_status(pointer)
    if previous == libvlc_media_parsed_status_done {
      return cache(try await refined(readInfo(), depth: depth, until: deadline), depth: depth)
    }
    // libVLC 3 fires MediaParsedChanged only when the status changes, so a parse it skips
    // again is never answered. It skips again unless the network is newly allowed.
    if previous == libvlc_media_parsed_status_skipped,
      let skippedNetwork = skippedWith.withLock({ $0 }), skippedNetwork || !network
    {
      if skippedNetwork && depth == .decoded { return try await streamInfo(until: deadline) }
      return try result(of: previous, network: skippedNetwork)
    }
    var flags = libvlc_media_parse_local.rawValue
    if network { flags |= libvlc_media_parse_network.rawValue }
    let milliseconds = Int32(clamping: timeout.milliseconds)
    if libvlc_media_parse_with_options(pointer, libvlc_media_parse_flag_t(flags), milliseconds) < 0
    {
      // libVLC 3 starts one parse per media (another only after a skip) and refuses the rest.
      // While that parse runs, the status is still 0 and its completion reaches `completions`
      // too; once it has ended, its status is the answer.
      let current = libvlc_media_get_parsed_status(pointer)
      if current == libvlc_media_parsed_status_failed { throw await failedParse(until: deadline) }
      if current.rawValue != 0 {
        let info = try result(of: current, network: network, isEarlierParse: true)
        return cache(try await refined(info, depth: depth, until: deadline), depth: depth)
      }
    }

    // libVLC enforces the timeout itself; the extra margin only guards against an event
    // that never comes.
    let status = await withTaskCancellationHandler {
      await firstValue(of: completions, within: timeout + .seconds(2))
    } onCancel: {
      OwnThread.start { libvlc_media_parse_stop(self.pointer) }
    }
    if Task.isCancelled { throw .cancelled }
    guard let status else {
      OwnThread.start { libvlc_media_parse_stop(self.pointer) }
      throw .parseTimeout
    }
    let final = libvlc_media_parsed_status_t(rawValue: status)
    if final == libvlc_media_parsed_status_skipped && network && depth == .decoded {
      skippedWith.withLock { $0 = network }
      return try await streamInfo(until: deadline)
    }
    if final == libvlc_media_parsed_status_failed { throw await failedParse(until: deadline) }
    let info = try result(of: final, network: network)
    return cache(try await refined(info, depth: depth, until: deadline), depth: depth)
  }

  /// What a decode pass learns of a stream libVLC 3's parser skips (`udp://`, `rtp://`, …).
  private func streamInfo(until deadline: ContinuousClock.Instant) async throws(VLCError)
    -> MediaInfo
  {
    let empty = MediaInfo(duration: nil, metadata: Metadata(), tracks: [], isPlayable: true)
    var info = try await refined(empty, depth: .decoded, until: deadline)
    if Task.isCancelled { throw .cancelled }
    guard !info.tracks.isEmpty else {
      throw .parseFailed(
        reason: "libVLC 3 does not parse \(mrl), and playing it gave no track in time")
    }
    info.unknowns.append(
      "libVLC 3 does not parse streams: the tracks are those of the program it plays, seen "
        + "while playing (over a live MPEG-TS it reads no other program's table, so programs "
        + "are not listed), and a live stream has no duration")
    return cache(info, depth: .decoded)
  }

  /// The preparse result for a final libVLC parse status.
  private func result(
    of status: libvlc_media_parsed_status_t, network: Bool, isEarlierParse: Bool = false
  ) throws(VLCError) -> MediaInfo {
    switch status {
    case libvlc_media_parsed_status_done:
      return readInfo()
    case libvlc_media_parsed_status_failed:
      throw .sourceFailed(.other("libVLC could not read it"), source: mrl)
    case libvlc_media_parsed_status_skipped:
      skippedWith.withLock { $0 = network }
      // With the network allowed, libVLC 3 still skips what is not a file or playlist:
      // streams (udp://, rtsp://, …), capture devices, discs.
      throw .parseFailed(
        reason: network
          ? "libVLC 3 does not parse \(mrl); its tracks are known once it plays"
          : "libVLC skipped \(mrl): parse network sources with network: true")
    default:
      if isEarlierParse {
        throw .parseFailed(
          reason: "an earlier parse of \(mrl) timed out or was cancelled, and libVLC 3 parses a "
            + "media only once: create a new Media to try again")
      }
      throw .parseTimeout
    }
  }

  private func cache(_ info: MediaInfo, depth: ParseDepth) -> MediaInfo {
    parsed.withLock { $0 = (info, depth) }
    return info
  }

  /// The length libVLC's parse or input measured for this media; `nil` before one did. It
  /// stays after the input closed.
  var inputLength: Duration? {
    let length = libvlc_media_get_duration(pointer)
    return length > 0 ? .milliseconds(length) : nil
  }

  /// Reads what libVLC has parsed so far.
  func readInfo() -> MediaInfo {
    let tracks = readTracks()
    let duration = inputLength
    return MediaInfo(
      duration: duration, metadata: currentMetadata, tracks: tracks,
      isPlayable: !tracks.isEmpty || duration != nil)
  }
}
