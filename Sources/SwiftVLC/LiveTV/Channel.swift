// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// One entry of a channel list: where to find it, what to call it, and how to open it.
///
/// A value type: copy it freely between threads. ``makeMedia(instance:)`` turns it into a
/// ``Media`` with the list's per-channel options (`#EXTVLCOPT`) applied.
public struct Channel: Sendable, Hashable, Identifiable {
  /// The channel's position in its list, from 0.
  public var id: Int
  /// The title after the comma of `#EXTINF`, or else `tvg-name`, or else the location.
  public var name: String
  /// Where the stream is, as libVLC reads it ("udp://@239.0.0.1:1234", "http://…/index.m3u8").
  /// A relative entry has been resolved against the list's own location.
  public var location: String
  /// The `#EXTINF` duration in seconds; `nil` when absent or negative (a live channel).
  public var duration: Double?
  /// The group: `group-title`, or else the last `#EXTGRP` line before the entry.
  public var group: String?
  /// The programme guide id (`tvg-id`).
  public var guideID: String?
  /// The guide's name for the channel (`tvg-name`).
  public var guideName: String?
  /// The channel's logo (`tvg-logo`), resolved like ``location``.
  public var logo: String?
  /// How past programmes can be replayed (`catchup`, `catchup-days`, `catchup-source`).
  public var catchup: Catchup?
  /// Every attribute of the `#EXTINF` line, keys lowercased, in the list's own spelling.
  public var attributes: [String: String]
  /// libVLC media options for this channel, each as ":name=value" (from `#EXTVLCOPT`).
  public var options: [String]

  /// Creates a channel; lists normally come from ``ChannelList/init(parsing:baseURL:)``.
  public init(
    id: Int, name: String, location: String, duration: Double? = nil, group: String? = nil,
    guideID: String? = nil, guideName: String? = nil, logo: String? = nil,
    catchup: Catchup? = nil, attributes: [String: String] = [:], options: [String] = []
  ) {
    self.id = id
    self.name = name
    self.location = location
    self.duration = duration
    self.group = group
    self.guideID = guideID
    self.guideName = guideName
    self.logo = logo
    self.catchup = catchup
    self.attributes = attributes
    self.options = options
  }

  /// A new ``Media`` for this channel with ``options`` added. Cheap: nothing is opened yet.
  ///
  /// - Throws: ``VLCError/mediaCreationFailed(source:)`` when the location is a missing
  ///   local file or something libVLC cannot represent.
  public func makeMedia(instance: VLCInstance = .shared) throws(VLCError) -> Media {
    let media: Media
    if let url = URL(string: location), url.scheme != nil {
      media = try Media(url: url, instance: instance)
    } else if location.hasPrefix("/") {
      media = try Media(path: location, instance: instance)
    } else {
      throw .mediaCreationFailed(source: "\(location): not a URL or an absolute path")
    }
    for option in options { media.addOption(option) }
    return media
  }
}

/// How a channel's past programmes can be played again, from the `catchup*` attributes.
public struct Catchup: Sendable, Hashable {
  /// The scheme: "default", "append", "shift", "flussonic", "xc", … as the list writes it.
  public var mode: String
  /// How many days back the archive reaches (`catchup-days`), when given.
  public var days: Int?
  /// The URL template (`catchup-source`), such as "?utc={utc}&lutc={lutc}", when given.
  public var source: String?

  /// Creates a catch-up description.
  public init(mode: String, days: Int? = nil, source: String? = nil) {
    self.mode = mode
    self.days = days
    self.source = source
  }
}
