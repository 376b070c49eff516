// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// Splits XML bytes, fed in chunks of any size, into the events a guide needs: start tags
/// (with their raw attribute bytes), end tags and text (CDATA included). Comments, the
/// document type and processing instructions are skipped; the XML declaration's encoding is
/// noted. Lenient: markup it cannot make sense of is skipped, never fatal.
///
/// Text is only kept while ``GuideBuilder/wantsText`` says so; other text is dropped as it
/// is scanned, so memory stays at one chunk plus one token. A token (a tag, a comment, a
/// piece of text the builder wants) longer than ``maximumToken`` is an error.
struct XMLTVScanner {
  /// The longest tag, comment or wanted text accepted: 4 MiB.
  static let maximumToken = 4 << 20

  /// Bytes received but not scanned yet: the start of an unfinished token.
  private var pending: [UInt8] = []

  /// Scans `chunk` after what is pending, delivering complete tokens to `builder`.
  mutating func feed(_ chunk: UnsafeRawBufferPointer, into builder: inout GuideBuilder)
    throws(VLCError)
  {
    pending.append(contentsOf: chunk)
    let consumed = pending.withUnsafeBufferPointer { scan($0, into: &builder, final: false) }
    pending.removeFirst(consumed)
    guard pending.count <= Self.maximumToken else {
      throw .invalidInput("not an XMLTV guide: a tag or text longer than 4 MiB")
    }
  }

  /// Scans what is left at the end of input; an unfinished token is dropped.
  mutating func finish(into builder: inout GuideBuilder) {
    let consumed = pending.withUnsafeBufferPointer { scan($0, into: &builder, final: true) }
    if consumed < pending.count { builder.brokeOff() }
    pending = []
  }

  /// Scans complete tokens from the start of `bytes`; returns how many bytes were used.
  private func scan(
    _ bytes: UnsafeBufferPointer<UInt8>, into builder: inout GuideBuilder, final: Bool
  ) -> Int {
    var position = 0
    let count = bytes.count
    while position < count, !builder.isDone {
      guard bytes[position] == Byte.lessThan else {
        let end = find(Byte.lessThan, in: bytes, from: position)
        if let end {
          if builder.wantsText { builder.text(bytes[position..<end]) }
          position = end
          continue
        }
        if builder.wantsText && !final { return position }  // wait for the rest of the text
        if builder.wantsText { builder.text(bytes[position..<count]) }
        return count
      }
      guard let next = markup(at: position, in: bytes, into: &builder) else {
        return position  // unfinished: wait for more bytes
      }
      position = next
    }
    return builder.isDone ? count : position
  }

  /// Handles the markup starting with `<` at `start`; returns where it ends, or `nil` when it
  /// is not complete in `bytes` yet.
  private func markup(
    at start: Int, in bytes: UnsafeBufferPointer<UInt8>, into builder: inout GuideBuilder
  ) -> Int? {
    let rest = bytes.count - start
    if rest < 2 { return nil }
    switch bytes[start + 1] {
    case Byte.exclamation:
      if rest < 9 { return nil }
      if starts(bytes, at: start, with: "<!--") {
        return find("-->", in: bytes, from: start + 4).map { $0 + 3 }
      }
      if starts(bytes, at: start, with: "<![CDATA[") {
        guard let end = find("]]>", in: bytes, from: start + 9) else { return nil }
        if builder.wantsText { builder.cdata(bytes[(start + 9)..<end]) }
        return end + 3
      }
      // <!DOCTYPE …>, possibly with an internal subset in brackets.
      guard let close = find(Byte.greaterThan, in: bytes, from: start) else { return nil }
      if let bracket = find(Byte.openBracket, in: bytes, from: start), bracket < close {
        return find("]>", in: bytes, from: bracket).map { $0 + 2 }
      }
      return close + 1
    case Byte.question:
      guard let end = find("?>", in: bytes, from: start + 2) else { return nil }
      builder.processingInstruction(bytes[(start + 2)..<end])
      return end + 2
    default:
      guard let end = tagEnd(in: bytes, from: start + 1) else { return nil }
      tag(bytes[(start + 1)..<end], into: &builder)
      return bytes[end] == Byte.greaterThan ? end + 1 : end
    }
  }

  /// The `>` closing a tag, skipping those inside quoted attribute values; or the `<` of
  /// the next tag when this one is broken off without its `>`.
  private func tagEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var quote: UInt8 = 0
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == Byte.greaterThan {
        return index
      } else if byte == Byte.doubleQuote || byte == Byte.singleQuote {
        quote = byte
      } else if byte == Byte.lessThan {
        return index
      }
      index += 1
    }
    return nil
  }

  /// Sends a tag (the bytes between `<` and `>`) to the builder.
  private func tag(_ body: Slice<UnsafeBufferPointer<UInt8>>, into builder: inout GuideBuilder) {
    var body = body
    let isEnd = body.first == Byte.slash
    if isEnd { body = body.dropFirst() }
    let isEmpty = body.last == Byte.slash
    if isEmpty { body = body.dropLast() }
    let nameEnd = body.firstIndex { $0 <= Byte.space || $0 == Byte.slash } ?? body.endIndex
    let name = body[..<nameEnd]
    guard !name.isEmpty else { return }
    if isEnd {
      builder.end(name)
    } else {
      builder.start(name, attributes: body[nameEnd...])
      if isEmpty { builder.end(name) }
    }
  }

  private func starts(
    _ bytes: UnsafeBufferPointer<UInt8>, at index: Int, with text: StaticString
  ) -> Bool {
    let length = text.utf8CodeUnitCount
    guard index + length <= bytes.count else { return false }
    return memcmp(bytes.baseAddress! + index, text.utf8Start, length) == 0
  }

  private func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from index: Int) -> Int? {
    guard index < bytes.count, let base = bytes.baseAddress,
      let found = memchr(base + index, Int32(byte), bytes.count - index)
    else { return nil }
    return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
  }

  private func find(
    _ text: StaticString, in bytes: UnsafeBufferPointer<UInt8>, from index: Int
  ) -> Int? {
    let first = text.utf8Start.pointee
    var from = index
    while let candidate = find(first, in: bytes, from: from) {
      if starts(bytes, at: candidate, with: text) { return candidate }
      if candidate + text.utf8CodeUnitCount > bytes.count { return nil }
      from = candidate + 1
    }
    return nil
  }
}

/// ASCII bytes the scanner and the builder look for. Computed, so that they inline: stored
/// statics go through a lazy-initialisation check on every use, in every byte loop.
enum Byte {
  static var lessThan: UInt8 { 0x3C }
  static var greaterThan: UInt8 { 0x3E }
  static var exclamation: UInt8 { 0x21 }
  static var question: UInt8 { 0x3F }
  static var slash: UInt8 { 0x2F }
  static var space: UInt8 { 0x20 }
  static var equals: UInt8 { 0x3D }
  static var ampersand: UInt8 { 0x26 }
  static var semicolon: UInt8 { 0x3B }
  static var hash: UInt8 { 0x23 }
  static var doubleQuote: UInt8 { 0x22 }
  static var singleQuote: UInt8 { 0x27 }
  static var openBracket: UInt8 { 0x5B }
}
