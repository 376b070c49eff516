// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// A programme guide read from XMLTV, the format IPTV providers publish beside their channel
/// lists (`url-tvg` in the list's header): each channel's programmes, sorted by start, with
/// "what is on now and next" and "what is on between two times" answered by binary search.
///
/// Reading is streamed: the text is decoded, tokenised and turned into programmes as it
/// arrives, gzip or plain, so a 100 MB guide is never held as text. What the reader does with
/// imperfect guides (every rule is tested):
/// - Encodings: UTF-8; ISO-8859-1, ISO-8859-15 and Windows-1252 when the XML declaration
///   says so. Bytes that are not valid in the encoding become U+FFFD.
/// - Times without a zone are UTC. A programme without a readable start, channel or title is
///   left out.
/// - A programme without a stop ends where the next one on its channel starts; the channel's
///   last one then has no known end (``Programme/stop`` is `nil`).
/// - Overlaps: the later start wins. A programme that runs past the next one's start is cut
///   to end there; of two with the same start, the one later in the file is kept.
/// - A guide cut short (a truncated download, markup broken off) keeps everything read
///   before the break, and ``isComplete`` is `false`.
/// - No `<tv>` element (an HTML error page, say), empty input, or more than `maximumSize`
///   bytes of XML (a gzip bomb) is an error.
///
/// A value type, `Sendable`; queries are pure and run on any thread.
public struct ProgrammeGuide: Sendable {
  /// The guide's channels: first those it declares (`<channel>`), in its order, then those
  /// only its programmes name.
  public let channels: [GuideChannel]
  /// Whether the guide was read to its closing `</tv>`; `false` when it broke off first.
  public let isComplete: Bool

  private let byID: [String: Int]
  private let byName: [String: Int]

  /// How many programmes the guide holds, over all channels.
  public var programmeCount: Int { channels.reduce(0) { $0 + $1.programmes.count } }

  /// The most bytes of XML read by default: 1 GiB, ten times the largest real guides.
  public static let defaultMaximumSize = 1 << 30

  /// Creates a guide from channels you already have (each one's programmes sorted by start).
  public init(channels: [GuideChannel], isComplete: Bool = true) {
    self.channels = channels
    self.isComplete = isComplete
    var byID: [String: Int] = [:]
    var byName: [String: Int] = [:]
    for (index, channel) in channels.enumerated() {
      if byID[channel.id.lowercased()] == nil { byID[channel.id.lowercased()] = index }
      for name in channel.names where byName[name.lowercased()] == nil {
        byName[name.lowercased()] = index
      }
    }
    self.byID = byID
    self.byName = byName
  }

  /// Reads a guide from XMLTV bytes, gzipped or not.
  ///
  /// - Parameters:
  ///   - data: the guide's bytes.
  ///   - maximumSize: the most bytes of XML to read (after inflating).
  /// - Throws: ``VLCError/invalidInput(_:)`` when the bytes are empty, hold no XMLTV guide,
  ///   are corrupt gzip, or expand beyond `maximumSize`.
  public init(data: Data, maximumSize: Int = defaultMaximumSize) throws(VLCError) {
    var reader = GuideReader(maximumSize: maximumSize)
    var failure: VLCError?
    data.withUnsafeBytes { bytes in
      var offset = 0
      // Slices of 1 MiB, as a file is read, so that the same bounds apply.
      while offset < bytes.count, failure == nil {
        let end = min(offset + GuideReader.chunkSize, bytes.count)
        do throws(VLCError) {
          try reader.consume(UnsafeRawBufferPointer(rebasing: bytes[offset..<end]))
        } catch {
          failure = error
        }
        offset = end
      }
    }
    if let failure { throw failure }
    self = try reader.finish()
  }

  /// The guide's channel for a list's channel: the one whose id is the channel's `tvg-id`,
  /// or else whose id or display name is its `tvg-name`, or else whose display name is its
  /// name; all compared without regard to case. `nil` when none matches.
  public func channel(for channel: Channel) -> GuideChannel? {
    if let id = channel.guideID, let index = byID[id.lowercased()] { return channels[index] }
    if let name = channel.guideName?.lowercased(),
      let index = byID[name] ?? byName[name]
    {
      return channels[index]
    }
    return byName[channel.name.lowercased()].map { channels[$0] }
  }

  /// The guide's channel with this id (without regard to case), if any.
  public func channel(id: String) -> GuideChannel? {
    byID[id.lowercased()].map { channels[$0] }
  }
}

/// One channel of a ``ProgrammeGuide`` and its programmes.
public struct GuideChannel: Sendable, Hashable {
  /// The guide's id for the channel (`<channel id>`), which `tvg-id` names.
  public var id: String
  /// Its display names (`<display-name>`), in the guide's order.
  public var names: [String]
  /// Its programmes, sorted by start, none overlapping the next.
  public var programmes: [Programme]

  /// Creates a channel; `programmes` must be sorted by start and not overlap.
  public init(id: String, names: [String] = [], programmes: [Programme] = []) {
    self.id = id
    self.names = names
    self.programmes = programmes
  }

  /// What is on at `date`, and what comes after it: O(log n).
  ///
  /// `now` is `nil` in a gap between programmes (or before the first, after the last);
  /// `next` is then the first programme starting after `date`.
  public func nowAndNext(at date: Date) -> (now: Programme?, next: Programme?) {
    // The first programme starting after `date`; the one before it may be on now.
    let after = firstIndex { $0.start > date }
    let now = after > 0 && programmes[after - 1].isOn(at: date) ? programmes[after - 1] : nil
    return (now, after < programmes.count ? programmes[after] : nil)
  }

  /// The programmes on at some moment from `start` (included) to `end` (excluded), in order:
  /// O(log n) to find them.
  public func programmes(from start: Date, to end: Date) -> ArraySlice<Programme> {
    guard start < end else { return [] }
    // Stops are in order too (overlaps were cut), so both bounds are binary searches.
    let first = firstIndex { $0.stop.map { $0 > start } ?? true }
    let last = firstIndex { $0.start >= end }
    return first < last ? programmes[first..<last] : []
  }

  /// The first index whose programme satisfies `isAfter`, which must be false then true
  /// along the array.
  private func firstIndex(where isAfter: (Programme) -> Bool) -> Int {
    var low = 0
    var high = programmes.count
    while low < high {
      let middle = (low + high) / 2
      if isAfter(programmes[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
