// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import CGTK
import CGTKShim
import Foundation
import Observation
import SwiftVLC
import SwiftVLCGTK

/// The player's window: the video, a header bar (open, tracks, chapters, rate, fullscreen) and
/// a control bar (play/pause, seek bar, time, mute, volume). The controls follow the player's
/// observable properties through Observation.
@MainActor
final class PlayerWindow {
  let player = Player()
  let video = VideoView()
  let window: UnsafeMutablePointer<GtkWidget>
  let playButton: UnsafeMutablePointer<GtkWidget>
  let seekBar: UnsafeMutablePointer<GtkWidget>
  let timeLabel: UnsafeMutablePointer<GtkWidget>
  let muteButton: UnsafeMutablePointer<GtkWidget>
  let volumeBar: UnsafeMutablePointer<GtkWidget>
  let errorLabel: UnsafeMutablePointer<GtkWidget>
  let menus: TrackMenus
  var context: gpointer { Unmanaged.passUnretained(self).toOpaque() }
  private var lastTrace = -1
  private var shownTitle: String?
  /// Whether the window is closing: playback is being stopped, then the window goes.
  private(set) var isClosing = false

  init(application: UnsafeMutablePointer<GtkApplication>) {
    window = gtk_application_window_new(application)
    gtk_window_set_title(window.asWindow, "SwiftVLC GTK player")
    gtk_window_set_default_size(window.asWindow, 640, 480)

    playButton = gtk_button_new_from_icon_name("media-playback-start-symbolic")
    seekBar = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.1)
    gtk_scale_set_draw_value(g(seekBar), 0)
    gtk_widget_set_hexpand(seekBar, 1)
    timeLabel = gtk_label_new("0:00 / 0:00")
    muteButton = gtk_toggle_button_new()
    gtk_button_set_icon_name(g(muteButton), "audio-volume-high-symbolic")
    volumeBar = gtk_scale_new_with_range(
      GTK_ORIENTATION_HORIZONTAL, 0, Double(Self.maximumVolume), 0.05)
    gtk_scale_set_draw_value(g(volumeBar), 0)
    gtk_widget_set_size_request(volumeBar, 100, -1)
    gtk_range_set_value(g(volumeBar), 1)
    errorLabel = gtk_label_new(nil)
    gtk_widget_set_valign(errorLabel, GTK_ALIGN_START)
    gtk_widget_add_css_class(errorLabel, "error")
    gtk_label_set_wrap(g(errorLabel), 1)
    gtk_widget_set_visible(errorLabel, 0)
    menus = TrackMenus()

    let controls = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 6)!
    for margin in [gtk_widget_set_margin_start, gtk_widget_set_margin_end] { margin(controls, 6) }
    for child in [playButton, seekBar, timeLabel, muteButton, volumeBar] {
      gtk_box_append(g(controls), child)
    }
    let stage = gtk_overlay_new()!
    gtk_overlay_set_child(g(stage), video.widget)
    gtk_overlay_add_overlay(g(stage), errorLabel)
    let content = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
    gtk_box_append(g(content), stage)
    gtk_box_append(g(content), controls)
    gtk_window_set_child(window.asWindow, content)
    gtk_window_set_titlebar(window.asWindow, makeHeaderBar())

    connectControls()
    connectInput()
    _ = swiftvlc_gtk_connect_close(window, "close-request", closeRequested, context)
    menus.install(on: self)
    video.attach(player)
    observePlayer()
  }

  // MARK: - Opening

  /// Plays `source`, a path or a URL; shows the error in the window when it cannot.
  func open(_ source: String) {
    // A source that comes after a quit (the argument, once the video area is laid out).
    guard !isClosing else { return }
    let url =
      source.contains("://") ? URL(string: source) : URL(fileURLWithPath: source)
    do {
      guard let url else { throw VLCError.invalidInput("\(source) is not a URL") }
      showError(nil)
      try player.play(url: url)
    } catch {
      showError("Cannot open \(source): \(error)")
    }
  }

  func showError(_ message: String?) {
    guard !isClosing else { return }  // the label goes with the window
    gtk_label_set_text(g(errorLabel), message ?? "")
    gtk_widget_set_visible(errorLabel, message == nil ? 0 : 1)
  }

  // MARK: - Following the player

  /// Updates the controls now and again after any property they read changes.
  private func observePlayer() {
    withObservationTracking {
      refreshControls()
    } onChange: { [weak self] in
      // Called before the change is made: refresh once the main actor has made it.
      Task { @MainActor in self?.observePlayer() }
    }
  }

  private func refreshControls() {
    // The widgets go with the window (a change that comes after would touch them).
    guard !isClosing else { return }
    let icon =
      player.state == .playing ? "media-playback-pause-symbolic" : "media-playback-start-symbolic"
    gtk_button_set_icon_name(g(playButton), icon)
    let duration = player.duration.map(seconds) ?? 0
    gtk_range_set_range(g(seekBar), 0, max(duration, 0.1))
    gtk_range_set_value(g(seekBar), seconds(player.currentTime))
    gtk_widget_set_sensitive(seekBar, player.isSeekable ? 1 : 0)
    let text = "\(clock(player.currentTime)) / \(player.duration.map(clock) ?? "–:––")"
    gtk_label_set_text(g(timeLabel), text)
    gtk_range_set_value(g(volumeBar), Double(player.volume))
    gtk_toggle_button_set_active(g(muteButton), player.isMuted ? 1 : 0)
    gtk_button_set_icon_name(
      g(muteButton),
      player.isMuted ? "audio-volume-muted-symbolic" : "audio-volume-high-symbolic")
    if case .failed(let error) = player.outcome {
      showError("Playback failed: \(error)")
    }
    // The title tag once playback has read it, the file name before.
    if let title = player.currentMedia?.displayTitle, title != shownTitle {
      shownTitle = title
      gtk_window_set_title(window.asWindow, title)
    }
    menus.refresh(from: player)
    MPRISServer.shared?.playerChanged(self)
    trace()
    if player.state == .ended && environment["GTK_PLAYER_QUIT_AT_END"] == "1" { quit() }
  }

  private var environment: [String: String] { ProcessInfo.processInfo.environment }

  private func trace() {
    guard environment["GTK_PLAYER_TRACE"] == "1" else { return }
    let second = Int(seconds(player.currentTime))
    if second != lastTrace || player.state != .playing {
      lastTrace = second
      say(
        "state=\(player.state) time=\(second) frames=\(video.shownFrameCount)"
          + " size=\(video.pictureSize.map { "\($0.width)x\($0.height)" } ?? "none")"
          + " media=\(mediaName) rate=\(player.rate) audio=\(player.selectedAudioTrack?.id ?? -1)"
          + " subtitle=\(player.selectedSubtitleTrack?.id ?? -1)"
          + " chapter=\(player.currentChapter ?? -1)"
          + " renderer=\(rendererName) offthread=\(video.offThreadFrameCount)"
          + " drains=\(MainQueueBridge.drainCount)"
          + " uptime=\(Int(ProcessInfo.processInfo.systemUptime * 1_000))")
    }
  }

  /// The last path component of the current media's location, or "none".
  private var mediaName: String {
    guard let mrl = player.currentMedia?.mrl else { return "none" }
    return URL(string: mrl)?.lastPathComponent ?? mrl
  }

  /// The GSK renderer drawing the window ("GskCairoRenderer", "GskGLRenderer"), or "none".
  private var rendererName: String {
    guard let renderer = gtk_native_get_renderer(g(window)) else { return "none" }
    let instance = UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)
    return String(cString: g_type_name_from_instance(instance))
  }

  // MARK: - Commands

  func togglePause() {
    if player.state == .ended || player.state == .stopped {
      try? player.play()
    } else {
      player.togglePause()
    }
  }

  func seek(by seconds: Int) {
    try? player.seek(by: .seconds(seconds))
  }

  func changeVolume(by step: Float) {
    setVolume(player.volume + step)
  }

  /// The loudest the keys, the slider and MPRIS set: the slider's end (125 %). The keys went
  /// to 200 % with the slider stuck at its end.
  static let maximumVolume: Float = 1.25

  /// Sets the volume, within 0…``maximumVolume``.
  func setVolume(_ volume: Float) {
    try? player.setAudioVolume(min(max(volume, 0), Self.maximumVolume))
  }

  func toggleFullscreen() {
    if gtk_window_is_fullscreen(window.asWindow) != 0 {
      gtk_window_unfullscreen(window.asWindow)
    } else {
      gtk_window_fullscreen(window.asWindow)
    }
  }

  func quit() {
    gtk_window_close(window.asWindow)
  }

  /// Closes the window once playback has stopped: libVLC's threads must not still be reading
  /// a source while the process exits (the player crashed at exit in libtag and in the
  /// Matroska demuxer, 3 quits in 11 mid-playback, and GTK warned about destroyed widgets).
  /// `true`: the window is not closed yet.
  fileprivate func close() -> Bool {
    guard !isClosing else { return true }
    isClosing = true
    Task {
      await player.stop()
      gtk_window_destroy(window.asWindow)
    }
    return true
  }
}

private func closeRequested(_ window: gpointer?, _ context: gpointer?) -> gboolean {
  guard let context else { return 0 }
  let player = Unmanaged<PlayerWindow>.fromOpaque(context).takeUnretainedValue()
  return MainActor.assumeIsolated { player.close() } ? 1 : 0
}

func seconds(_ duration: Duration) -> Double {
  Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// `m:ss` or `h:mm:ss`.
func clock(_ duration: Duration) -> String {
  let total = max(0, Int(duration.components.seconds))
  let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
  let tail = String(format: "%02d", secs)
  return hours > 0 ? String(format: "%d:%02d:", hours, minutes) + tail : "\(minutes):\(tail)"
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
  /// The widget as a `GtkWindow *` (GTK_WINDOW()).
  var asWindow: UnsafeMutablePointer<GtkWindow> {
    UnsafeMutableRawPointer(self).assumingMemoryBound(to: GtkWindow.self)
  }
}

/// Prints a line to stdout at once (tests read it through a pipe).
func say(_ line: String) {
  FileHandle.standardOutput.write(Data((line + "\n").utf8))
}
