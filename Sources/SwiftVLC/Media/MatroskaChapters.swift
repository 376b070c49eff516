// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// The chapters of a Matroska or WebM file, read from its `Chapters` element as libVLC 3
/// lists them while playing (see ``chapters(in:)``).
///
/// libVLC 3's preparse does not report Matroska chapters (its demuxer adds them as seekpoints
/// once an input plays), so without this a container-depth probe listed none where a decoded
/// one listed them. The element is found by ``MatroskaElements``.
enum MatroskaChapters {
  private typealias EBML = MatroskaElements
  static let chaptersID: UInt32 = 0x1043_A770

  /// The chapters of `file`: none when it has no chapter element, `nil` when that cannot be
  /// told (damage, a walk that gave up, chapters of an ordered edition or from other
  /// segments, which libVLC places on a timeline of its own).
  static func read<Bytes: RandomAccessBytes & ~Copyable>(_ file: borrowing Bytes) -> [Chapter]? {
    readWithEnd(file)?.chapters
  }

  /// ``read(_:)``, with what a copy of the file keeps of them: the end the last chapter
  /// declares (`ChapterTimeEnd`, which libVLC ignores and ffprobe gives) and the names as
  /// the file gives them (``Reading``).
  static func readWithEnd<Bytes: RandomAccessBytes & ~Copyable>(_ file: borrowing Bytes)
    -> Reading?
  {
    guard let body = MatroskaElements.body(of: chaptersID, in: file) else { return nil }
    return body.isEmpty ? Reading() : chapters(in: body)
  }

  /// A file's chapters as libVLC lists them, and what a copy into a container of one flat
  /// list of chapters with one name each (libavformat's Matroska and MP4 muxers) keeps.
  struct Reading: Sendable, Equatable {
    var chapters: [Chapter] = []
    /// The end the last chapter declares.
    var lastEnd: Duration?
    /// Each listed chapter's name as the file gives it: its first display string, without
    /// libVLC's "+" per level of nesting or its other languages' strings.
    var names: [String?] = []
    /// What such a copy leaves out, in words ("1 other edition", "1 hidden chapter",
    /// "the nesting of 2 chapters", "names in 2 languages"); empty when nothing.
    var losses: [String] = []
  }

  /// The chapters of the chosen edition of a `Chapters` body, as libVLC 3's Matroska demuxer
  /// publishes them (`PublishChapters` in `modules/demux/mkv/virtual_segment.cpp`, parsed by
  /// `ParseChapterAtom` in `matroska_segment_parse.cpp`), so that the indices are those
  /// ``Player/selectChapter(_:)`` takes: the last edition flagged default (else the first),
  /// its chapters and their sub-chapters in tree order, hidden ones left out (their
  /// sub-chapters kept; libVLC has no rule for the enabled flag), each named by its display
  /// strings with a "+" per level of nesting ("+ Scene 2"), and lasting until the next one
  /// starts (libVLC ignores the end times). `nil` for an ordered edition or chapters that
  /// name another segment: libVLC then builds a timeline of its own.
  private static func chapters(in bytes: [UInt8]) -> Reading? {
    let editions = EBML.children(bytes, 0..<bytes.count).filter { $0.id == 0x45B9 }
    let chosen =
      editions.last { edition in
        EBML.children(bytes, edition.body).contains {
          $0.id == 0x45DB
            && EBML.unsigned(bytes, $0.body).map { UInt8(truncatingIfNeeded: $0) } != 0
        }
      } ?? editions.first
    guard let chosen else { return Reading() }
    let ordered = EBML.children(bytes, chosen.body).contains {
      $0.id == 0x45DD && EBML.unsigned(bytes, $0.body).map { UInt8(truncatingIfNeeded: $0) } != 0
    }
    var atoms: [Atom] = []
    var hidden = 0
    guard !ordered, collect(bytes, in: chosen.body, level: 0, into: &atoms, hidden: &hidden)
    else { return nil }
    let lastEnd = atoms.last.flatMap { last in
      last.end.flatMap { $0 > last.start ? Duration.nanoseconds(Int64(clamping: $0)) : nil }
    }
    let chapters = atoms.enumerated().map { index, atom in
      // The last one's end is the media's, which the caller knows (a duration of zero).
      let next = index + 1 < atoms.count ? atoms[index + 1].start : atom.start
      return Chapter(
        index: index, name: atom.name, start: .nanoseconds(Int64(clamping: atom.start)),
        duration: .nanoseconds(Int64(clamping: next > atom.start ? next - atom.start : 0)))
    }
    let nested = atoms.filter { $0.level > 0 }.count
    let languages = atoms.map(\.strings).max() ?? 0
    let losses = [
      editions.count > 1 ? counted(editions.count - 1, "other edition") : nil,
      hidden > 0 ? counted(hidden, "hidden chapter") : nil,
      nested > 0 ? "the nesting of \(counted(nested, "chapter"))" : nil,
      languages > 1 ? "names in \(languages) languages" : nil,
    ].compactMap { $0 }
    return Reading(
      chapters: chapters, lastEnd: lastEnd, names: atoms.map(\.plain), losses: losses)
  }

  /// "1 chapter", "2 chapters".
  private static func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// A shown chapter: its times, libVLC's name for it, the file's first name for it, how
  /// many display strings it has, and its level of nesting.
  private typealias Atom = (
    start: UInt64, end: UInt64?, name: String?, plain: String?, strings: Int, level: Int
  )

  /// Appends the shown chapters among the `ChapterAtom`s in `range`, then their sub-chapters;
  /// `false` for a chapter of another segment (`ChapterSegmentUID`).
  private static func collect(
    _ bytes: [UInt8], in range: Range<Int>, level: Int, into atoms: inout [Atom],
    hidden: inout Int
  ) -> Bool {
    guard level < 16 else { return true }  // deeper nesting is damage
    for atom in EBML.children(bytes, range) where atom.id == 0xB6 {
      let fields = EBML.children(bytes, atom.body)
      let value = { (id: UInt32) in
        fields.first { $0.id == id }.flatMap { EBML.unsigned(bytes, $0.body) }
      }
      if fields.contains(where: { $0.id == 0x6E67 }) { return false }
      // libVLC reads the flag as a byte: any value but 0 hides the chapter.
      if value(0x98).map({ UInt8(truncatingIfNeeded: $0) }) ?? 0 == 0 {
        let strings = fields.filter { $0.id == 0x80 }.flatMap { display in
          EBML.children(bytes, display.body).filter { $0.id == 0x85 }.map {
            EBML.string(bytes, $0.body)
          }
        }
        let prefix = String(repeating: "+", count: level) + " "
        let name = strings.map { prefix + $0 }.joined().trimmingSpaces()
        let plain = strings.first?.trimmingSpaces()
        atoms.append(
          (
            value(0x91) ?? 0, value(0x92), name.isEmpty ? nil : name,
            plain?.isEmpty == false ? plain : nil, strings.count, level
          ))
      } else {
        hidden += 1
      }
      guard collect(bytes, in: atom.body, level: level + 1, into: &atoms, hidden: &hidden)
      else { return false }
    }
    return true
  }
}
