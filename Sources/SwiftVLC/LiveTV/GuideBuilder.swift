// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Builds a ``ProgrammeGuide`` from the events of an ``XMLTVScanner``: `<channel>` with its
/// `<display-name>`s, and `<programme>` with its title, sub-title, description, categories
/// and episode numbers. Everything else in the guide is skipped. See ``ProgrammeGuide`` for
/// the rules applied to imperfect guides.
struct GuideBuilder {
  /// Set when the input turned out not to be a guide: scanning can stop.
  private(set) var isDone = false
  /// Why the input is not a guide, once ``isDone``.
  private(set) var failure: VLCError?
  /// Whether the element being read is one whose text is kept.
  var wantsText: Bool { field != nil }

  private enum Field: Equatable {
    case displayName, title, subtitle, description, category
    case episode(xmltvNS: Bool)
  }

  private struct PendingProgramme {
    var slot: Int?
    var start: Date?
    var stop: Date?
    var title: String?
    var subtitle: String?
    var description: String?
    var categories: [String] = []
    var episode: Episode?
  }

  private var encoding = GuideText.Encoding.utf8
  private var sawElement = false
  private var sawRoot = false
  private var sawEnd = false
  private var isBroken = false

  private var ids: [String] = []
  private var names: [[String]] = []
  private var programmes: [[Programme]] = []
  private var slots: [String: Int] = [:]
  /// The last `channel` attribute read and its slot: programmes come grouped by channel.
  private var lastChannel: (bytes: [UInt8], slot: Int)?
  /// Titles and categories repeat: one copy of each string, and of each list of categories,
  /// is kept.
  private var interned = Set<String>()
  private var internedLists = Set<[String]>()

  private var channel: (id: String, names: [String])?
  private var programme: PendingProgramme?
  private var field: Field?
  private var text: [UInt8] = []

  // MARK: - Events

  mutating func start(
    _ name: Slice<UnsafeBufferPointer<UInt8>>, attributes: Slice<UnsafeBufferPointer<UInt8>>
  ) {
    if !sawElement {
      sawElement = true
      guard Self.matches(name, "tv") else {
        let shown = String(decoding: name.prefix(20), as: UTF8.self)
        failure = .invalidInput("not an XMLTV guide: it starts with <\(shown)>, not <tv>")
        isDone = true
        return
      }
      sawRoot = true
      return
    }
    let isProgramme = Self.matches(name, "programme")
    let isChannel = !isProgramme && Self.matches(name, "channel")
    if let field {
      // Markup inside a text element (<b> in a description) is skipped; a new programme or
      // channel ends an element left open.
      guard isProgramme || isChannel else { return }
      commitField(field)
    }
    if isProgramme {
      commitProgramme()
      commitChannel()
      var pending = PendingProgramme()
      Self.forEachAttribute(in: attributes) { key, value in
        if Self.matches(key, "start") {
          pending.start = GuideTime.xmltv(UnsafeBufferPointer(rebasing: value))
        } else if Self.matches(key, "stop") {
          pending.stop = GuideTime.xmltv(UnsafeBufferPointer(rebasing: value))
        } else if Self.matches(key, "channel") {
          pending.slot = slot(forChannel: value)
        }
      }
      programme = pending
    } else if isChannel {
      commitProgramme()
      commitChannel()
      var id = ""
      Self.forEachAttribute(in: attributes) { key, value in
        if Self.matches(key, "id") {
          id = GuideText.decode(UnsafeBufferPointer(rebasing: value), encoding: encoding)
        }
      }
      channel = (id, [])
    } else if programme != nil {
      field = programmeField(name, attributes: attributes)
    } else if channel != nil, Self.matches(name, "display-name") {
      field = .displayName
    }
    text.removeAll(keepingCapacity: true)
  }

  mutating func end(_ name: Slice<UnsafeBufferPointer<UInt8>>) {
    if let field, Self.matches(name, Self.elementName(of: field)) {
      commitField(field)
      return
    }
    if Self.matches(name, "programme") {
      if let field { commitField(field) }
      commitProgramme()
    } else if Self.matches(name, "channel") {
      if let field { commitField(field) }
      commitChannel()
    } else if Self.matches(name, "tv") {
      sawEnd = true
    }
  }

  mutating func text(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
    text.append(contentsOf: bytes)
  }

  /// CDATA is literal: its `&` are escaped so that decoding gives them back.
  mutating func cdata(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) {
    for byte in bytes {
      if byte == Byte.ampersand { text.append(contentsOf: "&amp;".utf8) } else { text.append(byte) }
    }
  }

  /// Reads the encoding from `<?xml … encoding="…"?>`.
  mutating func processingInstruction(_ body: Slice<UnsafeBufferPointer<UInt8>>) {
    guard !sawElement, body.starts(with: "xml".utf8) else { return }
    Self.forEachAttribute(in: body.dropFirst(3)) { key, value in
      if Self.matches(key, "encoding") {
        encoding = GuideText.Encoding(declared: String(decoding: value, as: UTF8.self))
      }
    }
  }

  /// The input ended inside markup or an element.
  mutating func brokeOff() { isBroken = true }

  // MARK: - The guide

  /// The guide read so far, its programmes sorted and their overlaps cut.
  mutating func guide() throws(VLCError) -> ProgrammeGuide {
    if let failure { throw failure }
    guard sawRoot else { throw .invalidInput("not an XMLTV guide: no <tv> element") }
    if field != nil || programme != nil || channel != nil { isBroken = true }
    if let field { commitField(field) }
    commitProgramme()
    commitChannel()
    interned = []
    internedLists = []
    var channels: [GuideChannel] = []
    channels.reserveCapacity(ids.count)
    for slot in ids.indices {
      let sorted = Self.normalised(programmes[slot])
      programmes[slot] = []
      channels.append(GuideChannel(id: ids[slot], names: names[slot], programmes: sorted))
    }
    return ProgrammeGuide(channels: channels, isComplete: sawEnd && !isBroken)
  }

  /// Sorted by start; of equal starts the later one kept; stops cut at the next start, and
  /// missing ones (or ones not after the start) taken from it.
  static func normalised(_ programmes: [Programme]) -> [Programme] {
    var result = programmes
    if !zip(result, result.dropFirst()).allSatisfy({ $0.start <= $1.start }) {
      // Ties keep file order, so "the later one wins" holds after sorting too.
      result = programmes.enumerated().sorted {
        ($0.element.start, $0.offset) < ($1.element.start, $1.offset)
      }.map(\.element)
    }
    // In place: a guide's programmes are mostly in order already, with no ties to drop.
    if zip(result, result.dropFirst()).contains(where: { $0.start == $1.start }) {
      var kept = 0
      for index in result.indices {
        if kept > 0, result[kept - 1].start == result[index].start { kept -= 1 }
        result.swapAt(kept, index)
        kept += 1
      }
      result.removeLast(result.count - kept)
    }
    for index in result.indices {
      if let stop = result[index].stop, stop <= result[index].start { result[index].stop = nil }
      guard index + 1 < result.count else { continue }
      let next = result[index + 1].start
      result[index].stop = min(result[index].stop ?? next, next)
    }
    return result
  }

  // MARK: - Pieces

  private func programmeField(
    _ name: Slice<UnsafeBufferPointer<UInt8>>, attributes: Slice<UnsafeBufferPointer<UInt8>>
  ) -> Field? {
    guard let programme else { return nil }
    if Self.matches(name, "title") { return programme.title == nil ? .title : nil }
    if Self.matches(name, "sub-title") { return programme.subtitle == nil ? .subtitle : nil }
    if Self.matches(name, "desc") {
      return programme.description == nil ? .description : nil
    }
    if Self.matches(name, "category") { return .category }
    guard Self.matches(name, "episode-num") else { return nil }
    var system: Field?
    Self.forEachAttribute(in: attributes) { key, value in
      guard Self.matches(key, "system") else { return }
      if Self.matches(value, "xmltv_ns") { system = .episode(xmltvNS: true) }
      if Self.matches(value, "onscreen") { system = .episode(xmltvNS: false) }
    }
    return system
  }

  private mutating func commitField(_ field: Field) {
    self.field = nil
    let value = text.withUnsafeBufferPointer { GuideText.decode($0, encoding: encoding) }
    guard !value.isEmpty else { return }
    switch field {
    case .displayName: channel?.names.append(value)
    case .title:
      let title = intern(value)
      programme?.title = title
    case .subtitle: programme?.subtitle = value
    case .description: programme?.description = value
    case .category:
      let category = intern(value)
      programme?.categories.append(category)
    case .episode(let xmltvNS):
      var episode = programme?.episode ?? Episode()
      if xmltvNS, let numbers = Episode(xmltvNS: value) {
        (episode.season, episode.number, episode.part) =
          (numbers.season, numbers.number, numbers.part)
      } else if !xmltvNS {
        episode.onScreen = value
      }
      programme?.episode = episode
    }
  }

  private mutating func commitProgramme() {
    guard let pending = programme.take() else { return }
    guard let slot = pending.slot, let start = pending.start, let title = pending.title else {
      return
    }
    programmes[slot].append(
      Programme(
        start: start, stop: pending.stop, title: title, subtitle: pending.subtitle,
        description: pending.description,
        categories: internedLists.insert(pending.categories).memberAfterInsert,
        episode: pending.episode))
  }

  private mutating func commitChannel() {
    guard let (id, found) = channel.take(), !id.isEmpty else { return }
    let slot = slot(forID: id)
    names[slot].append(contentsOf: found.filter { !names[slot].contains($0) })
  }

  private mutating func slot(forChannel raw: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
    if let lastChannel, lastChannel.bytes.elementsEqual(raw) { return lastChannel.slot }
    let id = GuideText.decode(UnsafeBufferPointer(rebasing: raw), encoding: encoding)
    guard !id.isEmpty else { return nil }
    let slot = slot(forID: id)
    lastChannel = (Array(raw), slot)
    return slot
  }

  private mutating func slot(forID id: String) -> Int {
    let key = id.lowercased()
    if let slot = slots[key] { return slot }
    slots[key] = ids.count
    ids.append(id)
    names.append([])
    programmes.append([])
    return ids.count - 1
  }

  private mutating func intern(_ text: String) -> String {
    interned.insert(text).memberAfterInsert
  }

  private static func elementName(of field: Field) -> StaticString {
    switch field {
    case .displayName: "display-name"
    case .title: "title"
    case .subtitle: "sub-title"
    case .description: "desc"
    case .category: "category"
    case .episode: "episode-num"
    }
  }

  /// Whether `bytes` are exactly `text`'s.
  private static func matches(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, _ text: StaticString)
    -> Bool
  {
    bytes.count == text.utf8CodeUnitCount
      && memcmp(bytes.base.baseAddress! + bytes.startIndex, text.utf8Start, bytes.count) == 0
  }

  /// Calls `body` with each `name="value"` (or `'value'`) pair's raw bytes.
  private static func forEachAttribute(
    in bytes: Slice<UnsafeBufferPointer<UInt8>>,
    _ body: (Slice<UnsafeBufferPointer<UInt8>>, Slice<UnsafeBufferPointer<UInt8>>) -> Void
  ) {
    var index = bytes.startIndex
    let end = bytes.endIndex
    func skipSpaces() { while index < end, bytes[index] <= Byte.space { index += 1 } }
    while true {
      skipSpaces()
      let nameStart = index
      while index < end, bytes[index] > Byte.space, bytes[index] != Byte.equals { index += 1 }
      let name = bytes[nameStart..<index]
      skipSpaces()
      guard index < end, bytes[index] == Byte.equals, !name.isEmpty else { return }
      index += 1
      skipSpaces()
      guard index < end, bytes[index] == Byte.doubleQuote || bytes[index] == Byte.singleQuote
      else { return }
      let quote = bytes[index]
      index += 1
      let valueStart = index
      while index < end, bytes[index] != quote { index += 1 }
      body(name, bytes[valueStart..<index])
      guard index < end else { return }
      index += 1
    }
  }
}
