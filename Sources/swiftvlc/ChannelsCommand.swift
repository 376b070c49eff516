// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

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
    var guide: ProgrammeGuide?
    if options.readsGuide {
      do {
        guide = try await list.loadGuide(from: options.epg.map(guideURL))
      } catch {
        Console.error("channels: programme guide: \(error)")
        return .mediaError
      }
    }
    let moment = options.at ?? Date()
    func programmes(_ channel: Channel) -> (now: Programme?, next: Programme?)? {
      guide.map { $0.channel(for: channel)?.nowAndNext(at: moment) ?? (nil, nil) }
    }
    guard options.check else {
      if options.json {
        print(
          ChannelReport.json(
            list.channels.map { ChannelReport($0, check: nil, programmes: programmes($0)) }))
      } else if options.guide {
        let rows = list.channels.map { channel in
          let (now, next) = programmes(channel) ?? (nil, nil)
          return (channel.id + 1, channel.name, now, next)
        }
        for line in ProgrammeText.grid(rows) { print(line) }
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
      print(
        ChannelReport.json(
          results.map { ChannelReport($0.channel, check: $0, programmes: programmes($0.channel)) }
        ))
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

  /// A guide's location as `--epg` gives it: a file path or an http(s) URL.
  static func guideURL(_ text: String) -> URL {
    switch MediaSource(text) {
    case .url(let url): url
    case .file(let path): URL(fileURLWithPath: path)
    case nil: URL(fileURLWithPath: text)
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
      return head + "dead \(result.channel.name): \(FailureWords.of(failure))"
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
  var now: ProgrammeReport?
  var next: ProgrammeReport?

  init(
    _ channel: Channel, check: ChannelCheck?,
    programmes: (now: Programme?, next: Programme?)? = nil
  ) {
    number = channel.id + 1
    name = channel.name
    location = channel.location
    group = channel.group
    tvgId = channel.guideID
    logo = channel.logo
    now = programmes?.now.map(ProgrammeReport.init)
    next = programmes?.next.map(ProgrammeReport.init)
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
      reason = FailureWords.of(failure)
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

/// A programme as `channels --json` prints it (see the command's help).
struct ProgrammeReport: Encodable {
  var title: String
  var subtitle: String?
  var start: String
  var stop: String?
  var categories: [String]?
  var episode: String?

  init(_ programme: Programme) {
    title = programme.title
    subtitle = programme.subtitle
    start = GuideTime.isoUTC(programme.start)
    stop = programme.stop.map(GuideTime.isoUTC)
    categories = programme.categories.isEmpty ? nil : programme.categories
    episode = programme.episode?.label
  }
}
