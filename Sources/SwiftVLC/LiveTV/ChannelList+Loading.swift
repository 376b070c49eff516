import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension ChannelList {
  /// Reads a channel list from a local file or an `http`/`https` URL, and parses it with
  /// relative entries resolved against `url`.
  ///
  /// Remote lists are fetched with Foundation's `URLSession` (libVLC 3 cannot hand a playlist's
  /// raw bytes to its caller: its M3U stream filter always takes them over). Runs off the
  /// calling actor; cancelling the calling task cancels the download.
  ///
  /// - Parameters:
  ///   - url: a `file://`, `http://` or `https://` URL.
  ///   - userAgent: the User-Agent header for a remote list, when the provider wants one.
  ///   - timeout: how long a remote download may take.
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` for a missing or unreadable file;
  ///   ``VLCError/operationFailed(_:)`` when the server cannot be reached or answers with an
  ///   error status (the reason says which); ``VLCError/timeout(_:)`` when the download takes
  ///   longer than `timeout`; ``VLCError/cancelled`` when the task is cancelled;
  ///   ``VLCError/invalidInput(_:)`` for another scheme, or bytes that are not a channel list.
  public static func load(
    from url: URL, userAgent: String? = nil, timeout: Duration = .seconds(15)
  ) async throws(VLCError) -> ChannelList {
    let data: Data
    if url.isFileURL {
      do {
        data = try Data(contentsOf: url)
      } catch {
        throw .mediaCreationFailed(source: "\(url.path): \(error.localizedDescription)")
      }
    } else {
      data = try await download(url, userAgent: userAgent, timeout: timeout)
    }
    return try ChannelList(data: data, baseURL: url)
  }

  /// Fetches an `http`/`https` URL's body: the one download of the Live TV code (channel
  /// lists and programme guides).
  static func download(
    _ url: URL, userAgent: String?, timeout: Duration
  ) async throws(VLCError) -> Data {
    guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https" else {
      throw .invalidInput("\(url.absoluteString): lists and guides are read from files or HTTP(S)")
    }
    var request = URLRequest(url: url)
    request.timeoutInterval = Double(timeout.components.seconds) + 1
    if let userAgent { request.setValue(userAgent, forHTTPHeaderField: "User-Agent") }
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForResource = request.timeoutInterval
    let session = URLSession(configuration: configuration)
    let prepared = request
    defer { session.finishTasksAndInvalidate() }
    typealias Outcome = Result<(data: Data, status: Int?), any Error>
    let result = await withTaskGroup(of: Outcome.self) { group in
      group.addTask {
        do {
          let (data, response) = try await session.data(for: prepared)
          return Outcome.success((data, (response as? HTTPURLResponse)?.statusCode))
        } catch {
          return Outcome.failure(error)
        }
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return Outcome.failure(URLError(.timedOut))
      }
      defer { group.cancelAll() }
      return await group.next() ?? Outcome.failure(CancellationError())
    }
    switch result {
    case .success(let (data, status)):
      if let status, !(200..<300).contains(status) {
        throw .operationFailed("\(url.absoluteString): HTTP \(status)")
      }
      return data
    case .failure(let error as URLError) where error.code == .timedOut:
      throw .timeout("downloading \(url.absoluteString) took longer than \(timeout)")
    case .failure(let error as URLError) where error.code == .cancelled:
      throw .cancelled
    case .failure(is CancellationError):
      throw .cancelled
    case .failure(let error):
      throw .operationFailed("\(url.absoluteString): \(error.localizedDescription)")
    }
  }
}
