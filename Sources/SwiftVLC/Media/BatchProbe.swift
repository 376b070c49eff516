// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Synchronization

/// Reads many sources at once: ``Media/parse(timeout:network:depth:)`` spread over a small
/// pool of instances, a bounded number at a time, with each source's answer or error on its
/// own.
///
/// libVLC 3 parses one media at a time per instance (each has one preparser thread), so a
/// single instance leaves all but one core idle, however many parses are started. The probe
/// keeps up to ``instanceCount`` instances busy, with up to two parses queued on each (the
/// next one waits in libVLC's queue while Swift reads the previous result), and never more
/// than ``concurrency`` at a time.
///
/// The answers are those of `Media.parse` on an instance with the same arguments, field for
/// field. Faster where that holds: a local file whose parse libVLC's Lua scripts cannot
/// change goes to an instance started with `--no-lua` (several times faster: libVLC 3 runs
/// every Lua playlist script's probe for every file it opens). Lua is kept for network
/// sources (its playlist scripts read video sites), `.cue` and `.fmr` files (playlists its
/// scripts parse), files named like an episode (`Show.S01E02.mkv`: its `filename` script
/// titles them "Show S01E02" when they have no title tag), and for everything when a Lua
/// script other than those libVLC 3.0 ships is installed (such as the user's own in
/// `~/.local/share/vlc/lua`). Art and network metadata fetchers never run: parsing does not
/// ask for them.
///
/// Thread-safe. ``results(for:order:)`` may be called from any task, several times at once;
/// each call bounds its own parses, and all share the instances. The parses run on libVLC's
/// preparser threads and the Swift work on the global executor; nothing blocks the caller.
/// Cancelling the consuming task, or dropping the stream, stops every parse in flight
/// (`libvlc_media_parse_stop`) and starts no other. The instances are created when first
/// needed and released with the probe.
public final class BatchProbe: Sendable {
  /// One source's answer.
  public struct Result: Sendable {
    /// The source's position in the list given to ``BatchProbe/results(for:order:)``.
    public var index: Int
    /// The source.
    public var source: URL
    /// The media resource locator libVLC opened ("file:///…"), or `nil` when no media could
    /// be created for the source.
    public var mrl: String?
    /// What parsing found, or why it failed: ``VLCError/mediaCreationFailed(source:)`` for a
    /// missing file or a folder, ``VLCError/parseFailed(reason:)``,
    /// ``VLCError/parseTimeout``, or ``VLCError/cancelled`` for a source the probe did not
    /// finish. Garbage and truncated files parse, with ``MediaInfo/isPlayable`` `false`.
    public var outcome: Swift.Result<MediaInfo, VLCError>

    /// Creates a result.
    public init(
      index: Int, source: URL, mrl: String? = nil, outcome: Swift.Result<MediaInfo, VLCError>
    ) {
      self.index = index
      self.source = source
      self.mrl = mrl
      self.outcome = outcome
    }
  }

  /// The order in which ``BatchProbe/results(for:order:)`` delivers results.
  public enum Order: Sendable, Hashable {
    /// The sources' order: a result waits until those of every earlier source have come.
    case input
    /// As each parse finishes.
    case completion
  }

  /// Instances used when none is asked for: one per core, at least 2 and at most 8.
  public static var defaultInstanceCount: Int {
    min(max(2, ProcessInfo.processInfo.activeProcessorCount), 8)
  }

  /// How long each source's parse may take.
  public let timeout: Duration
  /// Whether network sources are parsed (otherwise they fail, as with `Media.parse`).
  public let network: Bool
  /// How far each source is read.
  public let depth: ParseDepth
  /// At most this many sources are parsed at the same time by one call.
  public let concurrency: Int
  /// At most this many instances run parses (of each kind: with and without Lua).
  public let instanceCount: Int

  private let arguments: [String]
  private let scripts: LuaScripts
  private let pools = Mutex<[InstanceKind: [VLCInstance]]>([:])

  /// Creates a probe; its instances start when first needed.
  ///
  /// - Parameters:
  ///   - instances: how many instances may parse at once (see ``instanceCount``).
  ///   - concurrency: how many sources a call parses at once; by default two per instance.
  ///   - timeout: how long each source may take.
  ///   - network: also parse network sources (HTTP, …).
  ///   - depth: how far each source is read (see ``ParseDepth``). With
  ///     ``ParseDepth/decoded`` each source also plays for a moment on a private instance.
  ///   - arguments: the instances' arguments; `--no-lua` is added where it changes nothing.
  /// - Throws: ``VLCError/invalidInput(_:)`` for counts below 1 or a timeout that is not
  ///   positive; ``VLCError/instanceCreationFailed(reason:)`` when libVLC refuses the
  ///   arguments (one instance is started to check them).
  public init(
    instances: Int = BatchProbe.defaultInstanceCount, concurrency: Int? = nil,
    timeout: Duration = .seconds(5), network: Bool = false, depth: ParseDepth = .container,
    arguments: [String] = VLCInstance.headlessArguments
  ) throws(VLCError) {
    guard instances >= 1 else { throw .invalidInput("instances must be at least 1") }
    guard (concurrency ?? 1) >= 1 else { throw .invalidInput("concurrency must be at least 1") }
    guard timeout > .zero else { throw .invalidInput("parse timeout must be positive") }
    instanceCount = instances
    self.concurrency = concurrency ?? 2 * instances
    self.timeout = timeout
    self.network = network
    self.depth = depth
    self.arguments = arguments
    scripts = LuaScripts()
    _ = try instance(for: Lane(kind: scripts.onlyKnownScripts ? .withoutLua : .withLua, slot: 0))
  }

  /// Parses every source and delivers each one's result as an asynchronous sequence.
  ///
  /// The sequence ends after the last result. Results are small; those waiting for an
  /// earlier source (in ``Order/input``) are held in memory until it is done.
  ///
  /// - Parameters:
  ///   - sources: files (`file://` URLs) and, with ``network``, network URLs.
  ///   - order: source order (the default) or as each parse finishes.
  /// - Returns: a stream of one ``Result`` per source. Cancelling the task that iterates
  ///   it, or dropping it, stops the parses in flight.
  public func results(for sources: [URL], order: Order = .input) -> AsyncStream<Result> {
    let (stream, continuation) = AsyncStream.makeStream(of: Result.self)
    let task = Task {
      var emitter = Emitter(order: order, continuation: continuation)
      await self.run(sources) { emitter.deliver($0) }
      continuation.finish()
    }
    continuation.onTermination = { _ in task.cancel() }
    return stream
  }

  /// Parses every source and returns one result per source, in source order.
  ///
  /// When the calling task is cancelled, the parses in flight stop and every source not
  /// finished reads ``VLCError/cancelled``.
  public func probe(_ sources: [URL]) async -> [Result] {
    var results = sources.enumerated().map {
      Result(index: $0.offset, source: $0.element, outcome: .failure(.cancelled))
    }
    for await result in self.results(for: sources, order: .completion) {
      results[result.index] = result
    }
    return results
  }

  /// The instance of `lane`, started on first use.
  func instance(for lane: Lane) throws(VLCError) -> VLCInstance {
    let extra = lane.kind == .withoutLua ? ["--no-lua"] : []
    return try pools.withLock { pools throws(VLCError) in
      // Under the lock: two parses asking for a new slot at once start one instance.
      while pools[lane.kind, default: []].count <= lane.slot {
        pools[lane.kind, default: []].append(try VLCInstance(arguments: arguments + extra))
      }
      return pools[lane.kind, default: []][lane.slot]
    }
  }

  /// Which instances a source may go to.
  func kind(of source: URL) -> InstanceKind {
    scripts.needsLua(source) ? .withLua : .withoutLua
  }
}

/// Instances started with libVLC's Lua scripts or without them.
enum InstanceKind: Hashable, Sendable {
  case withLua
  case withoutLua
}

/// One instance of a probe: its kind and its place in that kind's pool.
struct Lane: Hashable, Sendable {
  var kind: InstanceKind
  var slot: Int
}

/// Hands results to a stream in the order asked for.
private struct Emitter {
  let order: BatchProbe.Order
  let continuation: AsyncStream<BatchProbe.Result>.Continuation
  /// Finished results waiting for an earlier one (input order).
  private var waiting: [Int: BatchProbe.Result] = [:]
  private var next = 0

  init(order: BatchProbe.Order, continuation: AsyncStream<BatchProbe.Result>.Continuation) {
    self.order = order
    self.continuation = continuation
  }

  /// Delivers `result` (and, in input order, those it was holding back); `false` once the
  /// consumer has gone.
  mutating func deliver(_ result: BatchProbe.Result) -> Bool {
    guard order == .input else { return yield(result) }
    waiting[result.index] = result
    while let ready = waiting.removeValue(forKey: next) {
      next += 1
      guard yield(ready) else { return false }
    }
    return true
  }

  private func yield(_ result: BatchProbe.Result) -> Bool {
    if case .terminated = continuation.yield(result) { return false }
    return true
  }
}
