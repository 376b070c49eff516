// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// A validated command line: what the tool will do, with typed options.
package enum Command: Sendable, Equatable {
  /// Print help: the overview (`nil`) or one command's.
  case help(String?)
  /// Print the tool's and libVLC's versions.
  case version
  /// Play a source.
  case play(Play)
  /// Describe sources.
  case probe(Probe)
  /// Write a still image or a contact sheet.
  case thumbnail(Thumbnail)
  /// Save a source to a file.
  case record(Record)
  /// List what is on the network or machine.
  case discover(Discover)
  /// List audio outputs and devices.
  case devices
  /// List or check the channels of a channel list.
  case channels(Channels)
  /// Print a file generated from the command table (`--generate`, not shown in help).
  case generate(GeneratedFile)

  /// Options of `swiftvlc play`.
  package struct Play: Sendable, Equatable {
    /// The file or URL; `nil` plays the demo clip.
    package var source: String?
    /// Play into an X11 window instead of the terminal.
    package var window = false
    /// How long without progress counts as a stall; `nil` keeps the library's default.
    package var stallTimeout: Duration?
    /// How long the source may take to start playing (`--timeout`); `nil`: 30 s, a channel
    /// list's channels 10 s.
    package var openingTimeout: Duration?
    /// The programme guide for a channel list (`--epg`), instead of the list's own.
    package var epg: String?
    /// Play a live source through a timeshift buffer (`--timeshift`).
    package var timeshift = false
  }

  /// Options of `swiftvlc probe`.
  package struct Probe: Sendable, Equatable {
    /// Files or URLs, in the order their results are printed.
    package var sources: [String]
    /// Print JSON instead of text.
    package var json = false
    /// How long each source may take to parse.
    package var timeout: Duration = .seconds(10)
    /// Print one JSON object per line, as each source's turn comes.
    package var jsonLines = false
    /// Also probe the files in the subfolders of a folder given as SOURCE.
    package var recursive = false
    /// How far every source is read; `nil`: decoded for sources named on the command line,
    /// container only for files found in folders.
    package var depth: ProbeDepth?
  }

  /// How far `swiftvlc probe` reads a source.
  package enum ProbeDepth: String, Sendable, Equatable, CaseIterable {
    /// The container only (libVLC's preparse, corrected from the file).
    case container
    /// The container, then a moment of silent playback for what only decoders know.
    case decoded
  }

  /// Options of `swiftvlc thumbnail`.
  package struct Thumbnail: Sendable, Equatable {
    /// The file or URL.
    package var source: String
    /// Where in the source to take the picture; `nil` with a contact sheet.
    package var time: Duration?
    /// The picture's (or each sheet cell's) width in pixels; `nil` keeps the source's width.
    package var width: Int?
    /// Decode the frame at the time instead of the keyframe before it.
    package var precise = false
    /// The file to write: PNG, or JPEG when its name ends in .jpg or .jpeg.
    package var output: String
    /// A contact sheet of this many columns and rows, spread over the duration.
    package var sheet: Sheet?
    /// Leave the contact sheet's header (file name, size, duration, tracks) out.
    package var noHeader = false
    /// The JPEG quality, from 1 to 100; `nil` for the default (90).
    package var quality: Int?
    /// How long each picture may take, parsing the source included (`--timeout`).
    package var timeout: Duration = .seconds(10)

    /// Whether ``output`` names a JPEG file (.jpg or .jpeg, any case).
    package var writesJPEG: Bool {
      let name = output.lowercased()
      return name.hasSuffix(".jpg") || name.hasSuffix(".jpeg")
    }
  }

  /// The grid of a contact sheet.
  package struct Sheet: Sendable, Equatable {
    /// Pictures per row.
    package var columns: Int
    /// Rows of pictures.
    package var rows: Int
  }

  /// Options of `swiftvlc record`.
  package struct Record: Sendable, Equatable {
    /// The file or URL to record.
    package var source: String
    /// The file to write.
    package var output: String
    /// Stop after this long; `nil` records to the end.
    package var duration: Duration?
    /// The container to write.
    package var container: Container
    /// How long the source may deliver nothing before the recording ends; `nil` keeps the
    /// library's default.
    package var stallTimeout: Duration? = nil
  }

  /// Containers `swiftvlc record` writes.
  package enum Container: String, Sendable, Equatable, CaseIterable {
    /// MPEG transport stream.
    case ts
    /// MPEG-4.
    case mp4
    /// Matroska.
    case mkv
  }

  /// Options of `swiftvlc discover`.
  package struct Discover: Sendable, Equatable {
    /// What to look for; all kinds when none was chosen.
    package var kinds: [DiscoveryKind]
    /// How long to listen.
    package var duration: Duration = .seconds(5)
  }

  /// What `swiftvlc discover` looks for.
  package enum DiscoveryKind: String, Sendable, Equatable, CaseIterable {
    /// Chromecast and other renderers.
    case renderers
    /// Media servers on the local network (UPnP, SAP).
    case lan
    /// Media on this machine (video, music and picture folders).
    case local
  }
}
