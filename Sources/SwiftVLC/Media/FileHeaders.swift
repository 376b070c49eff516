// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

/// What a media file's own headers declare, read where libVLC 3's preparse is wrong or
/// silent: the container (from its first bytes), the channel count and sample rate of FLAC
/// (STREAMINFO) and of AAC in MP4/M4A/3GP (the AudioSpecificConfig in `esds`), MP4
/// chapters (Nero `chpl`, else QuickTime text chapters, as libVLC plays them), Matroska
/// chapters and Ogg ones
/// (`CHAPTERnnn` comments).
///
/// libVLC 3's preparse reports FLAC as 3 channels before a frame is decoded, MP4 AAC with the
/// sample entry's channel count (2 whatever the stream holds), and no chapters at all;
/// ffprobe and mediainfo read these headers without decoding. Reads a few kilobytes, plus the
/// `moov` box of an MP4 (at most ``moovLimit`` bytes), a Matroska file's element headers up
/// to its chapters (at most ``MatroskaElements/elementLimit`` bytes of them) and up to
/// ``OggChapters/searchLength`` bytes of an Ogg file's start.
struct FileHeaders: Sendable, Equatable {
  /// What one audio track's header declares; a `nil` value is one the header leaves to the
  /// decoder (HE-AAC's SBR and PS, a program config element).
  struct Audio: Sendable, Equatable {
    /// The track's id as libVLC numbers it (the MP4 `track_ID`); `nil` for a file with one
    /// audio stream.
    var trackID: Int?
    var channels: Int?
    var sampleRate: Int?
    /// Whether the header describes the format (channels and rate) at all: an MP4 track other
    /// than AAC lists its bitrate only, and leaves the rest to libVLC.
    var declaresFormat = true
    /// Bits per second of the track's samples over its duration (ffprobe's figure for MP4).
    var bitrate: Int?
    /// The codec the stream's first frame names where libVLC 3 names it by the container's
    /// code (``MPEGAudioScan/format(ofFrame:)``: MP3 in MP4, which libVLC calls `mpga`).
    var codec: String?
  }

  /// A video stream's picture size in pixels, as libVLC reports it once decoding.
  struct PictureSize: Sendable, Equatable {
    var width: Int
    var height: Int
  }

  /// The container's common name, as ``CodecNames/container(module:codecs:)`` names it.
  var container: String?
  /// The audio codec's four-character code where libVLC reports another: Musepack's
  /// ("MPC7", "MPC8"), which libVLC's demuxer decodes itself and lists as float PCM.
  var audioCodec: String?
  /// Whether an MPEG program stream's first video sequence header has no MPEG-2 sequence
  /// extension: MPEG-1 video, which libVLC names as MPEG-2 ("mpgv"). (The pack header tells
  /// only the system layer: ffmpeg's `mpeg` muxer writes MPEG-2 video in an MPEG-1 one.)
  var hasMPEG1Video = false
  /// The audio tracks whose headers were read.
  var audio: [Audio] = []
  /// A still picture's format (``PictureSignature/codec(of:)``: "png ", "jpeg", ...), which
  /// libVLC 3's image demuxer lists as the raw RGB it decodes the picture into.
  var pictureCodec: String?
  /// The picture size of each video stream, in file order, when every one's header declares
  /// it (Theora in Ogg: libVLC 3's preparse leaves it to the decoder).
  var pictureSizes: [PictureSize] = []
  /// The chapters, when the file has a chapter table (`nil`: none read).
  var chapters: [Chapter]?
  /// A Matroska file's chapters as a copy of it keeps them (``MatroskaChapters/Reading``):
  /// the end it declares for its last chapter (`ChapterTimeEnd`, which libVLC ignores: its
  /// last chapter lasts to the media's end), their names as the file gives them, and what a
  /// flat list leaves out.
  var matroskaChapters: MatroskaChapters.Reading?
  /// The kinds of the tracks an MP4 file's `moov` declares, in its order (chapter tracks
  /// left out).
  var trackKinds: [TrackKind]?
  /// Tags the file's own headers give that libVLC's demuxers leave out: Vorbis comments of
  /// an Ogg or FLAC file (``VorbisCommentTags``), ID3v2 frames (``ID3Tags``), an MP4's track
  /// and disc numbers (``MP4Movie/numberTags``).
  var commentTags: [MetadataKey: String] = [:]
  /// The codec of a cover picture the first bytes declare ("jpeg", "png", "picture"): an
  /// ID3v2 `APIC` frame, a FLAC `PICTURE` block. libVLC 3 lists none as a track, and reads
  /// none over the network.
  var coverPicture: String?
  /// Whether the headers were read through and hold no picture: an MP3's whole ID3v2 tag (or
  /// none), a FLAC file's metadata blocks to the last.
  var declaresNoPicture = false
  /// A Matroska file's track entries (``MatroskaTracks``), where read.
  var matroskaTracks: [MatroskaTracks.Entry]?
  /// A Matroska file's tags that describe the file (``MatroskaTags``), where read.
  var tags: MatroskaTags.FileTags?
  /// Whether the whole file was searched for chapters (an MP4's `moov`, a Matroska file's
  /// `Chapters`): `chapters` being `nil` then means the file has none.
  var searchedChapters = false
  /// The length the headers give: TTA's sample count, the last granule position of an Ogg
  /// file with one audio stream (libVLC 3 measures Opus 4 % short and 5.1 Vorbis not at all),
  /// an AVI file's longest stream (``AVIHeaders``).
  var duration: Duration?
  /// Whether the length is only an estimate: an MP3 download whose first frame declares no
  /// frame count (no Xing or VBRI header), which libVLC measures from that frame's bitrate,
  /// or an ADTS download longer than the bytes read, from their frames' mean length.
  var lengthIsEstimate = false
  /// What a local file's container declares of its extent (cut short, a declared length);
  /// `nil` for a download's headers.
  var extent: ContainerExtent?

  static let moovLimit = 64 << 20

  /// How many first bytes ``read(head:)`` looks at.
  static let headLength = 4_096

  /// Reads the headers of the file at `path`; `nil` when it cannot be read.
  static func read(path: String) -> FileHeaders? {
    guard let file = ReadOnlyFile(path: path), let bytes = head(of: file), !bytes.isEmpty else {
      return nil
    }
    return read(file, head: bytes, path: path)
  }

  /// Reads the headers of `file`, the file at `path`, whose first bytes are `bytes`
  /// (``head(of:)``).
  static func read(_ file: borrowing ReadOnlyFile, head bytes: [UInt8], path: String)
    -> FileHeaders
  {
    var headers = read(head: bytes)
    headers.extent = ContainerExtent.read(file, head: bytes)
    switch headers.container {
    case "MP4/QuickTime":
      if let movie = MP4Movie.read(file) { headers.note(movie) }
    case "Matroska/WebM":
      headers.matroskaChapters = MatroskaChapters.readWithEnd(file)
      headers.noteChapters(headers.matroskaChapters?.chapters)
      headers.tags = MatroskaTags.read(file)
      headers.matroskaTracks = MatroskaTracks.read(file)
    case "FLAC" where !headers.searchedChapters:
      // Metadata blocks too long for the head (a picture before the comments).
      if let start = file.read(at: 0, upTo: OggChapters.searchLength) {
        headers.noteFLACComments([UInt8](start))
      }
    case "AVI":
      headers.duration = AVIHeaders.length(file)
    case "ADTS AAC":
      headers.duration = adtsDuration(path: path, from: id3Length(bytes))
    case "Ogg":
      headers.duration = OggLength.read(file, head: bytes)
      // A comment header too long for the head (a cover picture in it).
      if !headers.searchedChapters, let start = file.read(at: 0, upTo: OggChapters.searchLength) {
        headers.noteOgg([UInt8](start))
      }
    default:
      break
    }
    return headers
  }

  /// `chapters` (as libVLC plays them) as a copy of the file writes them: a Matroska file's
  /// last one ending where the file declares it, and each named as the file names it (not
  /// "+ Part 1a Teil 1a", libVLC's name of a nested chapter with names in two languages),
  /// when they are the chapters its headers list.
  func chaptersForCopy(_ chapters: [Chapter]) -> [Chapter] {
    guard let reading = matroskaChapters, reading.chapters.map(\.start) == chapters.map(\.start)
    else { return chapters }
    var kept = chapters
    for index in kept.indices where index < reading.names.count {
      kept[index].name = reading.names[index]
    }
    if let end = reading.lastEnd, let last = kept.indices.last, end > kept[last].start {
      kept[last].duration = end - kept[last].start
    }
    return kept
  }

  /// What a copy of the file into `container` loses of its chapters' structure, as a
  /// dropped field; `nil` when nothing, or when the container holds no chapters at all (the
  /// copy then counts them dropped).
  func chapterStructureDropped(into container: OutputContainer) -> DroppedField? {
    guard container != .ts, let losses = matroskaChapters?.losses, !losses.isEmpty else {
      return nil
    }
    return DroppedField(
      track: nil, name: "chapter structure", value: losses.joined(separator: ", "),
      reason: "the \(container.displayName) copy holds one flat list of chapters with one name each"
    )
  }

  /// Keeps what an MP4 file's `moov` declares.
  mutating func note(_ movie: MP4Movie) {
    audio = movie.audio
    commentTags.merge(movie.numberTags) { known, _ in known }
    chapters = movie.chapters
    trackKinds = movie.trackKinds
    searchedChapters = true
  }

  /// Keeps the chapters and Theora picture sizes of an Ogg file's first `bytes`, when they
  /// hold every stream's headers.
  private mutating func noteOgg(_ bytes: [UInt8]) {
    guard let streams = OggHeaders.streams(bytes) else { return }
    noteChapters(OggChapters.chapters(of: streams))
    commentTags = VorbisCommentTags.tags(of: streams)
    let sizes = streams.compactMap(OggHeaders.theoraPictureSize)
    // Other video codecs in Ogg (Dirac, VP8) declare theirs otherwise: all or none.
    if sizes.count == streams.filter({ $0.codec == .theora }).count {
      pictureSizes = sizes.map { PictureSize(width: $0.width, height: $0.height) }
    }
  }

  /// Keeps the chapters and tags of a native FLAC file's comments, when its first `bytes`
  /// hold them, and notes a cover picture block.
  private mutating func noteFLACComments(_ bytes: [UInt8]) {
    let start = Self.id3Length(bytes)
    noteChapters(OggChapters.readFLAC(bytes, at: start))
    // A PICTURE block: picture type, then its MIME type's length and text (big-endian).
    let blocks = OggChapters.flacBlocks(bytes, at: start)
    declaresNoPicture = blocks.last?.isLast == true && !blocks.contains { $0.type == 6 }
    if let picture = blocks.first(where: { $0.type == 6 }) {
      let at = picture.body.lowerBound + 8
      let length = at <= bytes.count ? MP4Boxes.integer(bytes, at - 4, 4) : 0
      let mime =
        at + length <= bytes.count ? String(decoding: bytes[at..<at + length], as: UTF8.self) : ""
      coverPicture = coverPicture ?? ID3Tags.pictureCodec(mime: mime)
    }
    if case .some(.some(let block)) = OggChapters.flacComments(bytes, at: start) {
      let found = OggChapters.commentFields((.bare, block)).map(VorbisCommentTags.tags) ?? [:]
      commentTags.merge(found) { id3, _ in id3 }
    }
  }

  /// Keeps the chapters a chapter reader found (`nil`: it found no chapter table to read).
  mutating func noteChapters(_ found: [Chapter]?) {
    guard let found else { return }
    chapters = found.isEmpty ? nil : found
    searchedChapters = true
  }

  /// What the first bytes of a file or a download (``headLength`` of them) say by
  /// themselves: the container, FLAC's STREAMINFO, TTA's length, MPEG-1 or -2 system,
  /// Musepack's version. What needs the rest of the file (an MP4's `moov`, an Ogg file's last
  /// page) is left out.
  static func read(head bytes: [UInt8]) -> FileHeaders {
    var headers = FileHeaders(container: containerName(bytes))
    (headers.commentTags, headers.coverPicture) = ID3Tags.read(bytes)
    headers.declaresNoPicture =
      headers.container == "MP3" && headers.coverPicture == nil && id3Length(bytes) <= bytes.count
    headers.pictureCodec = PictureSignature.codec(of: bytes)
    switch headers.container {
    case "FLAC":
      if let audio = flacStreamInfo(bytes) { headers.audio = [audio] }
      headers.noteFLACComments(bytes)
    case "TTA":
      headers.duration = ttaDuration(bytes)
    case "MPEG-PS":
      // Without a sequence header in the head (a VCD's first packs hold only system headers
      // and padding), the pack header's marker bits: 0010 in MPEG-1, 01 in MPEG-2.
      headers.hasMPEG1Video =
        MPEGVideoSequence.isMPEG1(in: bytes) ?? (bytes.count > 4 && bytes[4] & 0xF0 == 0x20)
    case "Ogg":
      headers.noteOgg(bytes)
    case "Musepack":
      headers.audioCodec = bytes.starts(with: Array("MPCK".utf8)) ? "MPC8" : "MPC7"
    case "DSF", "DSDIFF":
      guard let dsd = DSDHeader.read(bytes) else { break }
      headers.audio = [
        Audio(
          channels: dsd.channels, sampleRate: dsd.sampleRate, bitrate: dsd.bitRate * dsd.channels,
          codec: "dsd")
      ]
      headers.duration = dsd.duration
    default:
      break
    }
    return headers
  }

  /// The channels and rate of a FLAC file's STREAMINFO block (always the first).
  private static func flacStreamInfo(_ bytes: [UInt8]) -> Audio? {
    let info = id3Length(bytes) + 8  // "fLaC", block header
    guard info + 18 <= bytes.count, bytes[info - 4] & 0x7F == 0 else { return nil }
    let rate = Int(bytes[info + 10]) << 12 | Int(bytes[info + 11]) << 4 | Int(bytes[info + 12] >> 4)
    let channels = Int((bytes[info + 12] >> 1) & 0x7) + 1
    return Audio(trackID: nil, channels: channels, sampleRate: rate > 0 ? rate : nil)
  }

  /// An ADTS stream's raw data blocks times 1,024 samples over the rate, counted frame by
  /// frame (each header gives the frame's length); the file is mapped, not read.
  private static func adtsDuration(path: String, from start: Int) -> Duration? {
    guard let data = try? Data(contentsOf: URL(fileURLWithPath: path), options: .alwaysMapped)
    else { return nil }
    return data.withUnsafeBytes { adtsFrames($0, from: start) }?.duration
  }

  /// The length of an ADTS download whose first bytes are `head` and whose body is `total`
  /// bytes long: counted when the head is the whole body, else estimated (`isEstimate`) from
  /// the head's frames' mean length, as ffprobe estimates a file's.
  static func adtsLength(head: [UInt8], total: Int) -> (duration: Duration, isEstimate: Bool)? {
    let start = id3Length(head)
    guard let frames = head.withUnsafeBytes({ adtsFrames($0, from: start) }) else { return nil }
    let counted = frames.end - start
    if frames.end >= total { return (frames.duration, false) }
    guard counted > 0 else { return nil }
    let scale = Double(total - start) / Double(counted)
    return (.seconds(frames.duration / .seconds(1) * scale), true)
  }

  /// The ADTS frames from `start` on: their length in time, and where the last whole one
  /// ends; `nil` for fewer than two.
  private static func adtsFrames(_ bytes: UnsafeRawBufferPointer, from start: Int)
    -> (duration: Duration, end: Int)?
  {
    var offset = start
    var blocks = 0
    var rate = 0
    while offset + 7 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xF6 == 0xF0 {
      let length =
        Int(bytes[offset + 3] & 0x3) << 11 | Int(bytes[offset + 4]) << 3
        | Int(bytes[offset + 5] >> 5)
      let index = Int(bytes[offset + 2] >> 2) & 0xF
      guard length >= 7, index < adtsRates.count, offset + length <= bytes.count else { break }
      rate = adtsRates[index]
      blocks += 1 + Int(bytes[offset + 6] & 0x3)
      offset += length
    }
    guard blocks >= 2, rate > 0 else { return nil }
    return (.microseconds(Int64(blocks) * 1_024 * 1_000_000 / Int64(rate)), offset)
  }

  /// A TTA1 header's sample count over its rate.
  private static func ttaDuration(_ bytes: [UInt8]) -> Duration? {
    guard bytes.count >= 18 else { return nil }
    let rate = littleEndian(bytes, 10, 4)
    let samples = littleEndian(bytes, 14, 4)
    guard rate > 0, samples > 0 else { return nil }
    return .microseconds(Int64(samples) * 1_000_000 / Int64(rate))
  }
}

/// The little-endian unsigned integer of `count` bytes at `offset`; 0 past the end.
func littleEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
  guard offset >= 0, offset + count <= bytes.count else { return 0 }
  return bytes[offset..<offset + count].reversed().reduce(0) { $0 << 8 | Int($1) }
}

/// The sampling frequencies of ISO 14496-3 table 1.18, by index.
let adtsRates = [
  96_000, 88_200, 64_000, 48_000, 44_100, 32_000, 24_000, 22_050, 16_000, 12_000, 11_025, 8_000,
  7_350,
]
