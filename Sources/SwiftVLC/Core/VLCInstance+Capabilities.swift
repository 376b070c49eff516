// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
internal import CSwiftVLCShim
import FoundationEssentials
import Glibc
import Synchronization

/// A filter module of libVLC. Maps `libvlc_module_description_t`.
public struct ModuleDescription: Sendable, Hashable {
  /// The module name to pass to an option such as `--audio-filter` or `--video-filter`.
  public var name: String
  /// A short human-readable name.
  public var shortName: String
  /// A longer human-readable name.
  public var longName: String
  /// The module's help text, often empty.
  public var help: String
}

extension VLCInstance {
  /// The audio filter modules this libVLC has (equalizer, normvol, scaletempo, …).
  /// Maps `libvlc_audio_filter_list_get`. Reads libVLC's module cache; does not block.
  public func audioFilters() -> [ModuleDescription] {
    Self.modules(libvlc_audio_filter_list_get(pointer))
  }

  /// The video filter modules this libVLC has (deinterlace, adjust, transform, …).
  /// Maps `libvlc_video_filter_list_get`. Reads libVLC's module cache; does not block.
  public func videoFilters() -> [ModuleDescription] {
    Self.modules(libvlc_video_filter_list_get(pointer))
  }

  /// Whether this libVLC can open sources with `scheme` ("rtsp", "srt", "smb", …).
  ///
  /// libVLC 3 has no API to list its access modules, and accepts any location: a scheme no
  /// module opens is tried with every module and fails late (or crashes libVLC 3 when the
  /// player stops), and for some schemes a fallback module accepts the source and fails later
  /// with a generic error (for `rtsp://`, RealNetworks' `realrtsp`, which talks only to
  /// RealServer). So the schemes of libVLC 3's access modules are listed in SwiftVLC, and
  /// checked against libVLC's plugin folders. `nil` when supported, otherwise the reason,
  /// such as "this libVLC has no RTSP support (live555 is not in Debian's libVLC)" or
  /// "libVLC 3 has no module that opens foo:// sources". Reads the plugin folders (a few
  /// `stat` calls); does not block otherwise.
  public func missingSupport(forScheme scheme: String) -> String? {
    Self.missingSupport(forScheme: scheme)
  }

  /// The URL schemes this libVLC opens (a plugin of theirs is installed), sorted: "file",
  /// "http", "https", "udp", …. Reads the plugin folders once per process; does not block
  /// otherwise.
  public static var openableSchemes: [String] {
    AccessSchemes.plugins.keys.filter { missingSupport(forScheme: $0) == nil }.sorted()
  }

  /// The well-known schemes whose module this libVLC lacks (Debian packages some apart, and
  /// has no RTSP at all), with the reason, such as `["rtsp": "this libVLC has no RTSP
  /// support (live555 is not in Debian's libVLC)"]`. Reads the plugin folders once per
  /// process.
  public static var missingSchemes: [String: String] {
    var missing: [String: String] = [:]
    for scheme in separatelyPackaged.keys {
      if let reason = missingSupport(forScheme: scheme) { missing[scheme] = reason }
    }
    return missing
  }

  private static func missingSupport(forScheme scheme: String) -> String? {
    let scheme = scheme.lowercased()
    if let need = Self.separatelyPackaged[scheme] {
      return Self.hasPlugin(need.plugin) ? nil : need.reason
    }
    guard let files = AccessSchemes.plugins[scheme] else {
      return "libVLC 3 has no module that opens \(scheme):// sources"
    }
    guard files.contains(where: Self.hasPlugin) else {
      return "this libVLC has no \(scheme):// support (\(files.joined(separator: " or ")) "
        + "is not installed)"
    }
    return nil
  }

  /// Throws ``FailureReason/unsupportedScheme(_:explanation:)`` when `mrl`'s scheme is one
  /// ``missingSupport(forScheme:)`` reports missing.
  /// `imem://`, the location of SwiftVLC's own custom inputs, passes when
  /// `allowsCustomInput` (a caller's own `imem://` URL has no input behind it).
  func requireSupport(for mrl: String, allowsCustomInput: Bool = true) throws(VLCError) {
    guard let colon = mrl.firstIndex(of: ":") else { return }
    let scheme = String(mrl[..<colon])
    if scheme == "imem" && allowsCustomInput { return }
    if let reason = missingSupport(forScheme: scheme) {
      throw .sourceFailed(.unsupportedScheme(scheme.lowercased(), explanation: reason), source: mrl)
    }
  }

  /// Schemes whose access module is a separate (or missing) package on Debian 12.
  private static let separatelyPackaged: [String: (plugin: String, reason: String)] = [
    "rtsp": (
      "liblive555_plugin.so", "this libVLC has no RTSP support (live555 is not in Debian's libVLC)"
    ),
    "rtsps": (
      "liblive555_plugin.so", "this libVLC has no RTSP support (live555 is not in Debian's libVLC)"
    ),
    "srt": (
      "libaccess_srt_plugin.so", "this libVLC has no SRT support (install vlc-plugin-access-extra)"
    ),
    "smb": ("libsmb_plugin.so", "this libVLC has no SMB support (install vlc-plugin-samba)"),
  ]

  /// Whether a plugin file of that name is in one of libVLC's plugin folders (its own,
  /// beside the library, and those in `VLC_PLUGIN_PATH`), at most one level down. Looked up
  /// once per file and process: every `play` asks for its scheme's plugin, and libVLC itself
  /// reads its plugin folders once.
  static func hasPlugin(_ file: String) -> Bool {
    if let known = pluginsFound.withLock({ $0[file] }) { return known }
    let found = searchPlugin(file)
    pluginsFound.withLock { $0[file] = found }
    return found
  }

  /// What ``hasPlugin(_:)`` found, by file name.
  private static let pluginsFound = Mutex<[String: Bool]>([:])

  /// Looks for a plugin file in libVLC's plugin folders.
  private static func searchPlugin(_ file: String) -> Bool {
    var roots = (ProcessInfo.processInfo.environment["VLC_PLUGIN_PATH"] ?? "")
      .split(separator: ":").map(String.init)
    if let library = libraryFolder { roots.append(library + "/vlc/plugins") }
    let fileManager = FileManager.default
    for root in roots {
      if fileManager.fileExists(atPath: root + "/" + file) { return true }
      let folders = (try? fileManager.contentsOfDirectory(atPath: root)) ?? []
      if folders.contains(where: { fileManager.fileExists(atPath: root + "/" + $0 + "/" + file) }) {
        return true
      }
    }
    return false
  }

  /// The folder libvlc's shared library was loaded from (Debian: `/usr/lib/<triplet>`), which
  /// holds its `vlc/plugins` and `vlc/lua` folders; `nil` when it cannot be told. Asked of the
  /// dynamic linker once per process.
  static let libraryFolder: String? = {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX))
    guard swiftvlc_libvlc_folder(&buffer, buffer.count) == 0 else { return nil }
    return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
  }()

  private static func modules(_ list: UnsafeMutablePointer<libvlc_module_description_t>?)
    -> [ModuleDescription]
  {
    guard let list else { return [] }
    defer { libvlc_module_description_list_release(list) }
    var modules: [ModuleDescription] = []
    var node: UnsafeMutablePointer<libvlc_module_description_t>? = list
    while let current = node {
      func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
      }
      modules.append(
        ModuleDescription(
          name: text(current.pointee.psz_name), shortName: text(current.pointee.psz_shortname),
          longName: text(current.pointee.psz_longname), help: text(current.pointee.psz_help)))
      node = current.pointee.p_next
    }
    return modules
  }
}
