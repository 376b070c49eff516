import FoundationEssentials
import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc channels`: lists a channel list, or checks which of its channels play.
@MainActor
enum ChannelsCommand {
  static func run(_ options: Command.Channels) async -> ExitCode {
    let list: ChannelList
    do {
      list = try await load(options.list)
    } catch {
      Console.error("channels: \(error)")
      return .mediaError
    }
    guard options.check else {
      if options.json {
        print(ChannelReport.json(list.channels.map { ChannelReport($0, check: nil) }))
      } else {
        for channel in list.channels {
          print(
            [String(channel.id + 1), channel.group ?? "-", channel.name, channel.location]
              .joined(separator: "\t"))
        }
      }
      return .success
    }
    let checker = ChannelChecker(concurrency: options.concurrency, timeout: options.timeout)
    var results: [ChannelCheck] = []
    do {
      for await result in try checker.checks(of: list.channels) {
        results.append(result)
        if !options.json { Console.line(line(for: result)) }
      }
    } catch {
      Console.error("channels: \(error)")
      return .mediaError
    }
    if options.json {
      results.sort { $0.channel.id < $1.channel.id }
      print(ChannelReport.json(results.map { ChannelReport($0.channel, check: $0) }))
    }
    return results.allSatisfy(\.isAlive) ? .success : .mediaError
  }

  /// A file path or an http(s) URL.
  private static func load(_ text: String) async throws(VLCError) -> ChannelList {
    switch try MediaSource.parse(text) {
    case .file(let path):
      return try await ChannelList.load(from: URL(fileURLWithPath: path))
    case .url(let url):
      return try await ChannelList.load(from: url)
    }
  }

  /// The channel list at `source` when it is one (an .m3u or .m3u8 that is not an HLS
  /// playlist), for `swiftvlc play` to zap through; `nil` otherwise.
  static func channelList(at source: MediaSource) async -> ChannelList? {
    let url: URL
    switch source {
    case .file(let path): url = URL(fileURLWithPath: path)
    case .url(let remote): url = remote
    }
    guard ["m3u", "m3u8"].contains(url.pathExtension.lowercased()) else { return nil }
    return try? await ChannelList.load(from: url, timeout: .seconds(10))
  }

  private static func line(for result: ChannelCheck) -> String {
    let head = "\(result.channel.id + 1) "
    switch result.status {
    case .alive(let tracks, let width, let height):
      let size = width.flatMap { w in height.map { "\(w)x\($0)" } } ?? "no picture size"
      let codecs = tracks.map { $0.codec.isEmpty ? "\($0.kind)" : $0.codec }
      return head + "alive \(result.channel.name): \(size) \(codecs.joined(separator: ","))"
    case .dead(let failure):
      return head + "dead \(result.channel.name): \(failure)"
    }
  }
}

/// One channel as `channels --json` prints it (see the command's help).
struct ChannelReport: Encodable {
  struct TrackReport: Encodable {
    var kind: String
    var codec: String
  }

  var number: Int
  var name: String
  var location: String
  var group: String?
  var tvgId: String?
  var logo: String?
  var status: String?
  var reason: String?
  var reasonKind: String?
  var httpStatus: Int?
  var width: Int?
  var height: Int?
  var tracks: [TrackReport]?
  var elapsedMs: Int?

  init(_ channel: Channel, check: ChannelCheck?) {
    number = channel.id + 1
    name = channel.name
    location = channel.location
    group = channel.group
    tvgId = channel.guideID
    logo = channel.logo
    guard let check else { return }
    elapsedMs = Int(check.elapsed / .milliseconds(1))
    switch check.status {
    case .alive(let found, let width, let height):
      status = "alive"
      self.width = width
      self.height = height
      tracks = found.map { TrackReport(kind: "\($0.kind)", codec: $0.codec) }
    case .dead(let failure):
      status = "dead"
      reason = failure.description
      reasonKind = failure.kind
      if case .httpStatus(let code) = failure { httpStatus = code }
    }
  }

  static func json(_ reports: [ChannelReport]) -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    guard let data = try? encoder.encode(reports) else { return "[]" }
    return String(decoding: data, as: UTF8.self)
  }
}
