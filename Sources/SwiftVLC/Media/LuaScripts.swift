// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials

/// Which parses libVLC's Lua scripts can change, so which ones an instance started with
/// `--no-lua` answers the same (and several times faster).
///
/// In libVLC 3 every preparse of a stream runs each Lua playlist script's `probe()` in a new
/// Lua state (the "Lua Playlist" stream filter, `modules/lua/demux.c`), and, when the demuxer
/// reports no metadata, the Lua meta readers. That is most of the cost of parsing a small
/// local file. What the scripts Debian's libVLC 3.0 ships do for a parse:
/// - playlist scripts: all but two act only on `http(s)://` sources (video sites); `cue`
///   turns a `.cue` file into sub-items, `rockbox_fm_presets` a `.fmr` file;
/// - meta reader `filename`: a file without a title tag whose name matches
///   `(.+)S(%d+)E(%d+)` gets a title made of it ("Show.Name.S01E02.mkv" reads
///   "Show Name S01E02");
/// - art finders and meta fetchers run only when art or network metadata is asked for,
///   which ``Media/parse(timeout:network:depth:)`` never does.
/// So a local file whose extension is not `.cue`/`.fmr` and whose name has no `SxxEyy`
/// parses identically without Lua, and everything else keeps it. A script this list does not
/// know (the user's own, in `~/.local/share/vlc/lua`, or another distribution's) could act
/// on any file: then every parse keeps Lua.
struct LuaScripts: Sendable {
  /// Playlist scripts of Debian's libVLC 3.0, by name without extension.
  static let knownPlaylistScripts: Set<String> = [
    "anevia_streams", "anevia_xml", "appletrailers", "bbc_co_uk", "cue", "dailymotion",
    "jamendo", "koreus", "liveleak", "newgrounds", "rockbox_fm_presets", "soundcloud",
    "twitch", "vimeo", "vocaroo",
  ]
  /// Meta reader scripts of Debian's libVLC 3.0.
  static let knownMetaReaders: Set<String> = ["filename"]
  /// Extensions of the local files a known playlist script parses.
  static let playlistExtensions: Set<String> = ["cue", "fmr"]

  /// Whether every playlist and meta reader script libVLC would load is a known one.
  let onlyKnownScripts: Bool

  /// Reads the script folders libVLC 3 searches (`vlclua_dir_list`): the user's data folder,
  /// the folder beside the plugins, and the shared data folder.
  init(libraryFolder: String? = VLCInstance.libraryFolder) {
    let environment = ProcessInfo.processInfo.environment
    let userData =
      environment["XDG_DATA_HOME"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (environment["HOME"] ?? "") + "/.local/share"
    let roots = [
      userData + "/vlc/lua", libraryFolder.map { $0 + "/vlc/lua" },
      (environment["VLC_DATA_PATH"] ?? "/usr/share/vlc") + "/lua",
    ].compactMap { $0 }
    onlyKnownScripts = roots.allSatisfy { root in
      Self.scripts(in: root + "/playlist").isSubset(of: Self.knownPlaylistScripts)
        && Self.scripts(in: root + "/meta/reader").isSubset(of: Self.knownMetaReaders)
    }
  }

  /// Whether parsing `url` with Lua could give another answer than without it.
  func needsLua(_ url: URL) -> Bool {
    guard onlyKnownScripts, url.isFileURL else { return true }
    if Self.playlistExtensions.contains(url.pathExtension.lowercased()) { return true }
    return Self.namesAnEpisode(url.lastPathComponent)
  }

  /// Whether Lua's pattern `(.+)S(%d+)E(%d+).*` (the `filename` meta reader's) matches.
  static func namesAnEpisode(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    func digits(from start: Int) -> Int {
      var end = start
      while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) {
        end += 1
      }
      return end - start
    }
    // At least one character before the S.
    for index in bytes.indices.dropFirst() where bytes[index] == UInt8(ascii: "S") {
      let seasonDigits = digits(from: index + 1)
      let letter = index + 1 + seasonDigits
      guard seasonDigits > 0, letter < bytes.count, bytes[letter] == UInt8(ascii: "E") else {
        continue
      }
      if digits(from: letter + 1) > 0 { return true }
    }
    return false
  }

  /// The script names (without `.lua`, `.luac` or `.vle`) in `folder`; none when it is absent.
  private static func scripts(in folder: String) -> Set<String> {
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    return Set(
      files.compactMap { file in
        guard let dot = file.lastIndex(of: "."), dot != file.startIndex else { return nil }
        return ["lua", "luac", "vle"].contains(file[file.index(after: dot)...])
          ? String(file[..<dot]) : nil
      })
  }
}
