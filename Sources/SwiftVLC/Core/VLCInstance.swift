// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials
import Glibc

/// A libVLC engine: loaded plugins, global options and the log. Everything else (media,
/// players, discoverers) is created against one.
///
/// Thread-safe; create one and share it. ``shared`` is the instance used when an API takes no
/// explicit one. The native instance is released when the last reference goes away.
public final class VLCInstance: Sendable {
  /// The process-wide instance, created with ``defaultArguments`` on first use.
  ///
  /// If libVLC cannot start at all (no plugins installed), using it is a programming error
  /// and traps with libVLC's reason; create an instance with ``init(arguments:)`` to handle that
  /// case as an error instead.
  public static let shared: VLCInstance = {
    do {
      return try VLCInstance()
    } catch {
      fatalError("SwiftVLC: \(error). Install libVLC's plugins (apt-get install vlc-plugin-base).")
    }
  }()

  /// Arguments that work both on a desktop and headless.
  ///
  /// With no `DISPLAY` or `WAYLAND_DISPLAY`, video goes to the null output (`--vout=vdummy`)
  /// instead of libVLC's terminal ASCII-art output, which takes over the terminal and can crash.
  /// With no sound server and no sound card, audio goes to the null output (`--aout=adummy`).
  /// With no `WAYLAND_DISPLAY`, the Wayland window modules are pointed at a path that is not a
  /// compositor (`--wl-display=/dev/null`), so they fail quietly: libVLC 3 probes a window for
  /// every video output, even the null one, and libwayland otherwise prints
  /// "XDG_RUNTIME_DIR is invalid or not set" when that variable is unset.
  /// With no D-Bus session, or no desktop keystore service installed on it, passwords are kept
  /// in memory (`--keystore=memory`): libVLC's desktop keystores wait on D-Bus (a login prompt
  /// would never reach a ``DialogHandler``, and a source that asks for a password with nothing
  /// to answer fails after 10 s instead of at once).
  /// libVLC's own console log is silenced; read it through ``logs(minimumLevel:)``.
  public static var defaultArguments: [String] {
    var arguments = ["--no-video-title-show", "--quiet"]
    let environment = ProcessInfo.processInfo.environment
    if !DesktopKeystore.isAvailable(environment: environment) {
      arguments.append("--keystore=memory")
    }
    let display = DisplayEnvironment(environment)
    if !display.hasAny { arguments.append("--vout=vdummy") }
    if !display.hasWayland { arguments += noWaylandArguments }
    if !hasAudioDevice(environment: environment) {
      arguments.append("--aout=adummy")
    }
    return arguments
  }

  /// Arguments for instances that must never touch a screen, a sound device, a GPU or the
  /// desktop keystore: null video and audio outputs, software decoding, passwords in memory,
  /// and no Wayland connection (see ``defaultArguments``). Used by tests, thumbnails and probes.
  public static var headlessArguments: [String] {
    [
      "--no-video-title-show", "--quiet", "--vout=vdummy", "--aout=adummy", "--avcodec-hw=none",
      "--keystore=memory",
    ] + noWaylandArguments
  }

  /// What ``init(arguments:)`` adds to `arguments` so that the process prints nothing: `--quiet`;
  /// with no `DISPLAY`, `WAYLAND_DISPLAY` or `--x11-display` and no video output chosen, the
  /// null one (libVLC's
  /// ASCII-art output would take over the terminal); with no sound device and no audio output
  /// chosen, the null one (ALSA prints its failures on stderr); with no `WAYLAND_DISPLAY` and
  /// no `--wl-display`, `--wl-display=/dev/null` (libwayland otherwise prints
  /// "XDG_RUNTIME_DIR is invalid or not set" for every player, see ``defaultArguments``).
  /// Reads the environment; does not block.
  static func quietArguments(for arguments: [String]) -> [String] {
    func chooses(_ option: String, short: String) -> Bool {
      arguments.contains { $0 == option || $0.hasPrefix(option + "=") || $0 == short }
    }
    let environment = ProcessInfo.processInfo.environment
    let display = DisplayEnvironment(environment)
    var added: [String] = arguments.contains("--quiet") ? [] : ["--quiet"]
    let hasDisplay =
      display.hasAny || chooses("--x11-display", short: "--x11-display")
    if !chooses("--vout", short: "-V") && !hasDisplay {
      added.append("--vout=vdummy")
    }
    if !chooses("--aout", short: "-A") && !hasAudioDevice(environment: environment) {
      added.append("--aout=adummy")
    }
    if !display.hasWayland && !chooses("--wl-display", short: "--wl-display") {
      added += noWaylandArguments
    }
    return added
  }

  /// `--wl-display=/dev/null` when libVLC's Wayland window modules are installed, nothing
  /// otherwise: the option belongs to those modules, and `libvlc_new` refuses (and prints) an
  /// option no installed module knows. An absolute path makes libwayland skip
  /// `XDG_RUNTIME_DIR`, and connecting to a file that is not a socket fails without a word.
  static let noWaylandArguments: [String] = {
    let folders = [
      ProcessInfo.processInfo.environment["VLC_PLUGIN_PATH"],
      libraryFolder.map { $0 + "/vlc/plugins" },
    ].compactMap { $0 }
    let hasWaylandWindow = folders.contains { folder in
      ["libxdg_shell_plugin.so", "libwl_shell_plugin.so"].contains {
        FileManager.default.fileExists(atPath: "\(folder)/video_output/\($0)")
      }
    }
    return hasWaylandWindow ? ["--wl-display=/dev/null"] : []
  }()

  /// The libVLC version, for example "3.0.24 Vetinari".
  public var version: String { String(cString: libvlc_get_version()) }

  /// The compiler libVLC was built with.
  public var compiler: String { String(cString: libvlc_get_compiler()) }

  nonisolated(unsafe) let pointer: OpaquePointer  // owned: released in deinit, never reassigned
  let logRouter: LogRouter
  /// Where the exit handler reports (``exitRequests()``); installed in init, removed in deinit.
  let exitBroadcaster = Broadcaster<Void>()
  /// Whether the arguments send audio to the null output (`--aout=adummy`); players then
  /// pace audio themselves (see `AudioCallbackContext`).
  let usesNullAudioOutput: Bool
  /// Whether the arguments choose a hardware decoding (`--avcodec-hw`).
  let choosesHardwareDecoding: Bool
  /// Whether the arguments turn hardware decoding off (`--avcodec-hw=none`, the last one counts).
  let decodesInSoftwareOnly: Bool
  /// The arguments libVLC was started with (the caller's and those added to keep it quiet).
  let arguments: [String]

  /// Creates a libVLC instance.
  ///
  /// Blocks while libVLC loads its plugin cache (tens of milliseconds).
  ///
  /// Nothing the instance does is printed on the console, whatever `arguments` say (short of
  /// asking libVLC for a console log, such as `--verbose=2`): `--quiet` is always added (it
  /// also silences libavcodec, whose log level libVLC sets from it for the whole process),
  /// libVLC's messages, of every level, go only to ``logs(minimumLevel:)``, and where the
  /// arguments leave the outputs open, the choices of ``defaultArguments`` that keep the
  /// process quiet are added: the null video output with no display, the null audio output
  /// with no sound device, and no Wayland connection with no Wayland compositor.
  ///
  /// - Parameter arguments: libVLC command-line options, such as `--vout=vdummy`.
  /// - Throws: ``VLCError/instanceCreationFailed(reason:)`` when libVLC rejects an option or
  ///   cannot load its plugins.
  public init(arguments: [String] = VLCInstance.defaultArguments) throws(VLCError) {
    // No libvlc_errmsg here: libVLC 3 creates the thread-local error slot inside libvlc_new
    // and deletes it when the last instance goes, so reading or clearing it with no live
    // instance frees a foreign pointer and aborts.
    let arguments = arguments + Self.quietArguments(for: arguments)
    let created = withCStrings(arguments) { argv in
      libvlc_new(Int32(arguments.count), argv)
    }
    guard let created else {
      throw .instanceCreationFailed(
        reason: "libVLC rejected the arguments \(arguments) or found no plugins")
    }
    pointer = created
    self.arguments = arguments
    logRouter = LogRouter(instance: created)
    libvlc_set_exit_handler(
      created, exitRequested, Unmanaged.passUnretained(exitBroadcaster).toOpaque())
    func values(of option: String) -> [String] {
      zip(arguments, arguments.dropFirst().map(Optional.some) + [nil]).compactMap {
        argument, next -> String? in
        if argument.hasPrefix(option + "=") { return String(argument.dropFirst(option.count + 1)) }
        return argument == option ? next : nil
      }
    }
    usesNullAudioOutput = values(of: "--aout").last == "adummy"
    let decoding = values(of: "--avcodec-hw")
    choosesHardwareDecoding = !decoding.isEmpty
    decodesInSoftwareOnly = decoding.last == "none"
  }

  deinit {
    logRouter.shutDown()
    // libvlc_release reports a request to quit too; the handler's broadcaster goes with us.
    libvlc_set_exit_handler(pointer, nil, nil)
    exitBroadcaster.terminate()
    libvlc_release(pointer)
  }

  /// Names the application in HTTP requests and to the sound server.
  ///
  /// - Parameters:
  ///   - name: a human-readable name, such as "My Player 1.0" (sound server).
  ///   - http: the HTTP user agent, such as "MyPlayer/1.0 SwiftVLC".
  public func setUserAgent(name: String, http: String) {
    libvlc_set_user_agent(pointer, name, http)
  }

  /// Sets the application's identity, reported to the sound server and desktop.
  ///
  /// - Parameters:
  ///   - id: a reverse-DNS identifier, such as "org.example.player".
  ///   - version: the application version.
  ///   - icon: an icon name from the desktop theme.
  public func setAppID(_ id: String, version: String, icon: String) {
    libvlc_set_app_id(pointer, id, version, icon)
  }

  /// A stream of libVLC log messages at or above `minimumLevel`.
  ///
  /// Every call returns a new, independent stream; cancelling its task ends it. libVLC's log
  /// callback is installed while at least one stream is alive. Buffers up to 1,000 unread
  /// entries per stream and drops the oldest beyond that.
  public func logs(minimumLevel: LogLevel = .warning) -> AsyncStream<LogEntry> {
    logRouter.broadcaster.subscribe(bufferingPolicy: .bufferingNewest(1_000)) {
      $0.level >= minimumLevel
    }
  }

  /// The audio output modules this libVLC can use (pulse, alsa, adummy, amem, …).
  public func audioOutputs() -> [AudioOutput] {
    guard let list = libvlc_audio_output_list_get(pointer) else { return [] }
    defer { libvlc_audio_output_list_release(list) }
    var outputs: [AudioOutput] = []
    var node: UnsafeMutablePointer<libvlc_audio_output_t>? = list
    while let current = node {
      outputs.append(
        AudioOutput(
          name: String(cString: current.pointee.psz_name),
          description: current.pointee.psz_description.map { String(cString: $0) } ?? ""))
      node = current.pointee.p_next
    }
    return outputs
  }

  private static func hasAudioDevice(environment: [String: String]) -> Bool {
    let fileManager = FileManager.default
    if environment["PULSE_SERVER"] != nil { return true }
    if let runtime = environment["XDG_RUNTIME_DIR"],
      fileManager.fileExists(atPath: runtime + "/pulse/native")
        || fileManager.fileExists(atPath: runtime + "/pipewire-0")
    {
      return true
    }
    let cards = (try? fileManager.contentsOfDirectory(atPath: "/dev/snd")) ?? []
    return cards.contains { $0.hasPrefix("pcmC") }
  }
}

/// An audio output module of libVLC. Maps `libvlc_audio_output_t`.
public struct AudioOutput: Sendable, Hashable {
  /// The module name to pass to `--aout` or to a player ("pulse", "alsa", "adummy").
  public var name: String
  /// A human-readable description.
  public var description: String
}

/// Calls `body` with a C `argv` array for `strings`, valid only during the call.
func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> R)
  -> R
{
  let duplicates = strings.map { strdup($0) }
  defer { for duplicate in duplicates { free(duplicate) } }
  let pointers = duplicates.map { UnsafePointer($0) }
  return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
}
