// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Serves a media as a live HTTP stream, through libVLC's stream output
/// (`#std{access=http,…}`).
///
/// The source is read at its real-time pace, as a live stream; each client receives the
/// stream from the moment it connects. Nothing is shown or heard locally. The stream runs until
/// the source ends or ``stop()`` is called; dropping the `StreamOutput` stops it. Thread-safe.
///
/// ```swift
/// let output = try StreamOutput.http(media, port: 8080, path: "/live.ts")
/// print("listening on", output.url)
/// try await output.waitUntilFinished()
/// ```
public final class StreamOutput: Sendable {
  /// The URL clients play, such as `http://127.0.0.1:8080/live.ts`.
  public let url: URL

  private let session: OutputSession
  private let completion = Completion<Void>()
  /// Settled when libVLC plays the source (its listening socket is open by then), or with
  /// the stream's end when it ends first.
  private let serving = Completion<Void>()

  private init(session: OutputSession, url: URL) {
    self.session = session
    self.url = url
  }

  deinit { session.requestStop() }

  /// Starts serving `media` over HTTP and returns at once.
  ///
  /// libVLC opens the listening socket while the source opens, a few milliseconds after this
  /// returns (longer on a loaded machine): a client started at once may find the port
  /// closed. ``waitUntilServing(within:)`` waits for it. A port already in use makes the
  /// stream fail (see ``waitUntilFinished()``).
  ///
  /// - Parameters:
  ///   - media: the source; it is not modified. The stream plays a new media for the same
  ///     location with the same options; slaves are not carried over.
  ///   - port: the TCP port, 1…65535.
  ///   - path: the URL path, starting with `/`.
  ///   - mux: the container sent to clients (MP4 is sent fragmented).
  ///   - host: the address to listen on; the default accepts local clients only, `0.0.0.0`
  ///     accepts any.
  ///   - transcode: re-encoding settings; `nil` sends the source's streams unchanged.
  /// - Throws: ``VLCError/invalidInput(_:)`` for a port out of range, a path that does not
  ///   start with `/` or contains spaces or control characters, invalid ``Transcode``
  ///   settings, or a media made from an `AsyncSequence` (it cannot be read a second time).
  public static func http(
    _ media: Media, port: Int, path: String = "/stream", mux: OutputContainer = .ts,
    host: String = "127.0.0.1", transcode: Transcode? = nil
  ) throws(VLCError) -> StreamOutput {
    guard (1...65_535).contains(port) else {
      throw .invalidInput("port \(port) is not within 1…65535")
    }
    guard path.hasPrefix("/"),
      !path.unicodeScalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 })
    else {
      throw .invalidInput("HTTP path \(path.debugDescription) must start with / and have no spaces")
    }
    guard !host.isEmpty, !host.contains(where: { $0 == "/" || $0 == ":" || $0.isWhitespace }),
      let url = URL(string: "http://\(host == "0.0.0.0" ? "127.0.0.1" : host):\(port)\(path)")
    else {
      throw .invalidInput("host \(host.debugDescription) is not an IPv4 address or host name")
    }
    try transcode?.validate(for: mux)
    let chain = SoutChain.chain(
      destination: SoutChain.http(host: host, port: port, path: path, container: mux),
      transcode: transcode)
    let session = OutputSession(media: try media.copy(adding: [":sout=\(chain)"]))
    // Why a stream fails is in the log only (a port in use, a source that cannot be read).
    let witness = LogWitness(instance: media.instance)
    session.begin()
    let output = StreamOutput(session: session, url: url)
    let (completion, serving) = (output.completion, output.serving)
    let source = media.mrl
    Task {
      let outcome = await session.run(limit: nil, onPlaying: { serving.settle(.success(())) })
      let diagnosis = witness.finish()
      let why: String? =
        switch outcome.ending {
        case .refused(let error): error.description
        case .stalled: "the source delivered nothing"
        default: diagnosis.sourceReason ?? diagnosis.destinationReason ?? diagnosis.lastError
        }
      switch outcome.ending {
      case .failed, .stalled, .refused:
        let words = "could not stream \(source) to \(url.absoluteString)"
        completion.settle(
          .failure(.playbackFailed(reason: why.map { "\(words): \($0)" } ?? words)))
      case .cancelled:
        completion.settle(.failure(.cancelled))
      case .sourceEnded, .limitReached, .stopped:
        completion.settle(.success(()))
      }
      // Ended before it played: its failure, or an end that served nothing.
      if case .failure(let error) = completion.result {
        serving.settle(.failure(error))
      } else {
        serving.settle(.failure(.playbackFailed(reason: "the stream ended before it served")))
      }
    }
    return output
  }

  /// Whether the stream has ended.
  public var isFinished: Bool { completion.result != nil }

  /// Stops serving and waits, without blocking the caller's thread, until libVLC has closed
  /// the source and the socket.
  public func stop() async {
    session.requestStop()
    let completion = completion
    _ = await Task { await completion.value() }.value
  }

  /// Waits until clients can connect: libVLC has opened the listening socket and is playing
  /// the source into it. Returns at once when it already is. Does not block the caller's
  /// thread; callable from any task.
  ///
  /// - Parameter limit: how long to wait.
  /// - Throws: what ``waitUntilFinished()`` throws when the stream failed first (a port in
  ///   use, a source that cannot be read); ``VLCError/playbackFailed(reason:)`` when it
  ///   ended or was stopped before it served, or has ended since; ``VLCError/timeout(_:)`` after `limit`;
  ///   ``VLCError/cancelled`` when the waiting task is cancelled (the stream goes on).
  public func waitUntilServing(within limit: Duration = .seconds(10)) async throws(VLCError) {
    let late = VLCError.timeout(
      "\(url.absoluteString) did not start serving within \(formatSeconds(limit))")
    try await serving.value(within: limit, timeout: late).get()
    // It served, and has ended since: nothing listens any more.
    switch completion.result {
    case .failure(let error)?: throw error
    case .success?: throw .playbackFailed(reason: "\(url.absoluteString) has ended")
    case nil: return
    }
  }

  /// Waits until the stream ends: the source ended or ``stop()`` was called.
  ///
  /// - Throws: ``VLCError/playbackFailed(reason:)`` when the source could not be read or the
  ///   port could not be opened; ``VLCError/cancelled`` when the waiting task is cancelled
  ///   (the stream goes on).
  public func waitUntilFinished() async throws(VLCError) {
    try await completion.value().get()
  }
}
