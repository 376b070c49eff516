// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

/// What parsing a media found: its duration, metadata and tracks.
public struct MediaInfo: Sendable, Equatable {
  /// The length, or `nil` when unknown (live streams, unparsable input).
  public var duration: Duration?
  /// Every metadata key libVLC read.
  public var metadata: Metadata
  /// Every elementary stream, in libVLC's order.
  public var tracks: [Track]
  /// `false` for input with no usable stream: garbage, an empty file, a broken container.
  public var isPlayable: Bool
  /// The container's common name ("MP4/QuickTime", "Matroska/WebM", "MPEG-TS", "MP3"), from
  /// a local file's first bytes at either depth, else from the demuxer a
  /// ``ParseDepth/decoded`` parse saw libVLC use.
  public var container: String?
  /// The libVLC demuxer module that reads the source ("mp4", "mkv", "ts", "es",
  /// "adaptive"), when a ``ParseDepth/decoded`` parse learnt it.
  public var demuxer: String?
  /// The average bitrate of the whole source in bits per second (file size over duration),
  /// for local files.
  public var bitrate: Int?
  /// The MPEG-TS programs (services), in the order their tables appear; empty for other
  /// containers.
  public var programs: [MediaProgram]
  /// The chapters of the first title: from an MP4 file's own chapter table (QuickTime text
  /// track or Nero `chpl`) at either depth, from playback for others at
  /// ``ParseDepth/decoded``.
  public var chapters: [Chapter]
  /// What is not known, and why, one sentence each (such as "HLS: libVLC 3 lists the
  /// tracks of a playlist only while playing it").
  public var unknowns: [String]

  /// Creates a result.
  public init(
    duration: Duration?, metadata: Metadata, tracks: [Track], isPlayable: Bool,
    container: String? = nil, demuxer: String? = nil, bitrate: Int? = nil,
    programs: [MediaProgram] = [], chapters: [Chapter] = [], unknowns: [String] = []
  ) {
    self.duration = duration
    self.metadata = metadata
    self.tracks = tracks
    self.isPlayable = isPlayable
    self.container = container
    self.demuxer = demuxer
    self.bitrate = bitrate
    self.programs = programs
    self.chapters = chapters
    self.unknowns = unknowns
  }
}

/// One program (DVB/ATSC service) of an MPEG transport stream, from its PAT, PMT and SDT.
public struct MediaProgram: Sendable, Hashable {
  /// The program number, as the media option `:program=N` takes it.
  public var number: Int
  /// The service name from the SDT, when there is one.
  public var name: String?
  /// The service provider from the SDT, when there is one.
  public var provider: String?
  /// The ``Track/id`` of each of its tracks, in PMT order.
  public var trackIDs: [Int]

  /// Creates a program description.
  public init(number: Int, name: String? = nil, provider: String? = nil, trackIDs: [Int] = []) {
    self.number = number
    self.name = name
    self.provider = provider
    self.trackIDs = trackIDs
  }
}

/// How far ``Media/parse(timeout:network:depth:)`` reads.
public enum ParseDepth: Sendable, Hashable {
  /// What libVLC's preparse reads from the container, corrected where the file's own
  /// headers tell more or libVLC is wrong (MPEG-TS programs, their streams and length, MP3,
  /// Ogg, TTA and ADTS length, FLAC and MP4 AAC channels and rate, MP4, Matroska and Ogg chapters, the
  /// container's name). What only decoders know is then `nil`, and
  /// ``MediaInfo/unknowns`` says so. Fast: no decoding.
  case container
  /// Also plays a private, silent copy of the media for a moment (within the timeout), so
  /// the decoders report what containers leave out or get wrong: the channel count of mono
  /// AAC in MP4, the picture size, frame rate and channels of MPEG-TS and HLS streams, the
  /// streams of every TS program, the chapters and the container. Takes a few hundred
  /// milliseconds more per source (per TS program).
  case decoded
}

/// A metadata key libVLC knows. Maps `libvlc_meta_t`.
public enum MetadataKey: Sendable, Hashable, CaseIterable {
  /// `libvlc_meta_Title`
  case title
  /// `libvlc_meta_Artist`
  case artist
  /// `libvlc_meta_Genre`
  case genre
  /// `libvlc_meta_Copyright`
  case copyright
  /// `libvlc_meta_Album`
  case album
  /// `libvlc_meta_TrackNumber`
  case trackNumber
  /// `libvlc_meta_Description`
  case description
  /// `libvlc_meta_Rating`
  case rating
  /// `libvlc_meta_Date`
  case date
  /// `libvlc_meta_Setting`
  case setting
  /// `libvlc_meta_URL`
  case url
  /// `libvlc_meta_Language`
  case language
  /// `libvlc_meta_NowPlaying`
  case nowPlaying
  /// `libvlc_meta_Publisher`
  case publisher
  /// `libvlc_meta_EncodedBy`
  case encodedBy
  /// `libvlc_meta_ArtworkURL`
  case artworkURL
  /// `libvlc_meta_TrackID`
  case trackID
  /// `libvlc_meta_TrackTotal`
  case trackTotal
  /// `libvlc_meta_Director`
  case director
  /// `libvlc_meta_Season`
  case season
  /// `libvlc_meta_Episode`
  case episode
  /// `libvlc_meta_ShowName`
  case showName
  /// `libvlc_meta_Actors`
  case actors
  /// `libvlc_meta_AlbumArtist`
  case albumArtist
  /// `libvlc_meta_DiscNumber`
  case discNumber
  /// `libvlc_meta_DiscTotal`
  case discTotal

  var native: libvlc_meta_t {
    let index = UInt32(Self.allCases.firstIndex(of: self)!)
    return libvlc_meta_t(rawValue: index)
  }
}

/// A media's metadata: the values libVLC read, by key.
public struct Metadata: Sendable, Equatable {
  /// Every key that has a non-empty value.
  public var values: [MetadataKey: String]

  /// Creates metadata from values.
  public init(_ values: [MetadataKey: String] = [:]) { self.values = values }

  /// The value for `key`, or `nil`.
  public subscript(key: MetadataKey) -> String? {
    get { values[key] }
    set { values[key] = newValue }
  }

  /// The title, when the source has one (never the file name, which libVLC 3 puts there
  /// when there is no title tag).
  public var title: String? { values[.title] }
  /// The artist.
  public var artist: String? { values[.artist] }
  /// The album.
  public var album: String? { values[.album] }
  /// The genre.
  public var genre: String? { values[.genre] }
  /// The date, as the container wrote it.
  public var date: String? { values[.date] }
  /// The track number, as the container wrote it.
  public var trackNumber: String? { values[.trackNumber] }
  /// The description.
  public var description: String? { values[.description] }
  /// Where the artwork is, when libVLC found some: the file's own cover, which libVLC copies
  /// into its art cache (`~/.cache/vlc/art`), or a picture beside a local file (`cover.jpg`,
  /// `folder.png`, …) that libVLC 3's art finder takes for it after every parse, whatever the
  /// options (`PreparserCloseInput` in `src/preparser/preparser.c`).
  public var artworkURL: String? { values[.artworkURL] }
  /// What a live stream is playing now.
  public var nowPlaying: String? { values[.nowPlaying] }
}

extension MediaInfo {
  /// The error every path gives for a parse of `source` that found nothing to play
  /// (``isPlayable`` is `false`): a source with no stream, no known container and no word of
  /// why is not a media file (``VLCError/sourceFailed(_:source:)`` with
  /// ``FailureReason/notMedia``, as a recording names it); any other (a cut file whose
  /// container is known, streams none of which can be played) is
  /// ``VLCError/parseFailed(reason:)``, "no playable stream in SOURCE", with the parse's
  /// ``unknowns`` after a colon, separated by semicolons (no decoder for DSD).
  ///
  /// - Parameters:
  ///   - source: the name of the source in the words, as the caller gave it.
  ///   - words: rewrites each unknown for the caller (a tool names its own options).
  public func unplayableError(source: String, words: (String) -> String = { $0 }) -> VLCError {
    if tracks.isEmpty && unknowns.isEmpty && container == nil {
      return .sourceFailed(.notMedia, source: source)
    }
    let notes = unknowns.map(words).joined(separator: "; ")
    return .parseFailed(
      reason: "no playable stream in \(source)" + (notes.isEmpty ? "" : ": \(notes)"))
  }
}
