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

  /// Creates a result.
  public init(duration: Duration?, metadata: Metadata, tracks: [Track], isPlayable: Bool) {
    self.duration = duration
    self.metadata = metadata
    self.tracks = tracks
    self.isPlayable = isPlayable
  }
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

  /// The title (libVLC falls back to the file name when the container has none).
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
  /// Where the artwork is, when libVLC found some.
  public var artworkURL: String? { values[.artworkURL] }
  /// What a live stream is playing now.
  public var nowPlaying: String? { values[.nowPlaying] }
}
