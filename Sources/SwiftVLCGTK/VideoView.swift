// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

public import CGTK
internal import CGTKShim
public import SwiftVLC

/// A GTK 4 widget that shows a `Player`'s video, on X11 and on Wayland alike.
///
/// The player decodes into memory (`Player.videoFrames(format:width:height:buffering:)`) at
/// the size the widget is displayed at (its size times its scale factor, never larger than
/// the source), and the view shows each frame as a `GdkMemoryTexture` in a `GtkPicture`,
/// letterboxed on black with the picture's aspect ratio. libVLC never draws into a window, so
/// nothing here needs a foreign window or X11.
///
/// Everything runs on the main actor, which must be GTK's thread: call
/// ``MainQueueBridge/attach()`` (the initializer does) before running the GLib main loop on the
/// main thread. libVLC's video thread only hands frames to a stream; a main-actor task takes
/// them from it and touches GTK, so no GTK call happens on another thread.
///
/// A frame size takes effect when libVLC opens its video output. When the widget is resized
/// a lot during playback (the needed size halves or doubles) and the media can seek, the view
/// replays the media from the current time so the new size applies (``reopensOnResize``);
/// otherwise the new size applies at the next play. When paused, the last picture stays.
@MainActor
public final class VideoView {
  /// The widget to put in a window or container (a `GtkOverlay`). The view holds a reference
  /// to it until the view is deinitialized.
  public let widget: UnsafeMutablePointer<GtkWidget>

  /// The player whose video is shown, or `nil` after ``detach()`` or once the player is gone.
  public private(set) weak var player: Player?

  /// Whether a large resize during playback replays the media at the new size (the default).
  public var reopensOnResize = true

  /// The width and height in pixels of the last picture shown, or `nil` before the first.
  public private(set) var pictureSize: (width: Int, height: Int)?

  /// The size the current frame stream asked libVLC for; a `nil` dimension follows the source.
  public private(set) var requestedSize: (width: Int?, height: Int?) = (nil, nil)

  /// How many pictures the view has shown since it was created.
  public private(set) var shownFrameCount = 0

  /// How many pictures were shown on a thread that does not own GLib's main context: always
  /// zero (checked for every picture, so tests can prove it).
  public private(set) var offThreadFrameCount = 0

  private let picture: UnsafeMutablePointer<GtkWidget>
  private let sensor: UnsafeMutablePointer<GtkWidget>
  private var handlers: [(instance: gpointer, id: gulong)] = []
  private var frameTask: Task<Void, Never>?
  private var eventTask: Task<Void, Never>?
  private var reopenTask: Task<Void, Never>?
  private var videoOutputs = 0
  private var sizeWaiters: [CheckedContinuation<Void, Never>] = []
  /// The audio and subtitle track ids to select again after a replay, until its tracks appear.
  private var trackSelection: (audio: Int?, subtitle: Int?)?

  /// Creates the widget, with nothing to show yet (black).
  public init() {
    MainQueueBridge.attach()
    RendererChoice.avoidSoftwareGL()
    VideoStyle.install()
    widget = gtk_overlay_new()
    picture = gtk_picture_new()
    sensor = gtk_drawing_area_new()
    g_object_ref_sink(gpointer(widget))
    gtk_widget_add_css_class(widget, "swiftvlc-video")
    gtk_widget_set_hexpand(widget, 1)
    gtk_widget_set_vexpand(widget, 1)
    gtk_picture_set_content_fit(OpaquePointer(picture), GTK_CONTENT_FIT_CONTAIN)
    gtk_picture_set_can_shrink(OpaquePointer(picture), 1)
    // The drawing area draws nothing; it is there for its "resize" signal.
    gtk_overlay_set_child(OpaquePointer(widget), sensor)
    gtk_overlay_add_overlay(OpaquePointer(widget), picture)
    gtk_widget_set_can_target(picture, 0)
    let context = Unmanaged.passUnretained(self).toOpaque()
    handlers = [
      (gpointer(sensor), swiftvlc_gtk_connect_size(sensor, "resize", viewResized, context)),
      (
        gpointer(widget),
        swiftvlc_gtk_connect_notify(widget, "notify::scale-factor", viewScaleChanged, context)
      ),
    ]
  }

  isolated deinit {
    frameTask?.cancel()
    eventTask?.cancel()
    reopenTask?.cancel()
    for handler in handlers { g_signal_handler_disconnect(handler.instance, handler.id) }
    g_object_unref(gpointer(widget))
  }

  /// Shows `player`'s video from now on, replacing any earlier player.
  ///
  /// Sets the player's video output to frames (this replaces an X11 window or an earlier frame
  /// stream); it takes effect when the player next opens its video output, so attach before
  /// `Player.play(_:)`. The view does not keep the player alive.
  public func attach(_ player: Player) {
    detach()
    self.player = player
    let events = player.events
    eventTask = Task { [weak self] in
      for await event in events {
        guard let self else { return }
        self.handle(event)
      }
    }
    install(desiredSize(), on: player)
  }

  /// Stops showing the player's video: ends the frame stream and forgets the player. The last
  /// picture stays until ``clear()``. The player keeps decoding into nothing until it is given
  /// another output.
  public func detach() {
    frameTask?.cancel()
    eventTask?.cancel()
    reopenTask?.cancel()
    frameTask = nil
    eventTask = nil
    reopenTask = nil
    trackSelection = nil
    videoOutputs = 0
    player = nil
  }

  /// Removes the picture shown; the view is black until the next frame.
  public func clear() {
    gtk_picture_set_paintable(OpaquePointer(picture), nil)
    pictureSize = nil
  }

  /// Returns once the widget has been laid out with a non-zero size (at once if it has).
  /// Attach and play after this, and the first video output opens at the right size.
  public func laidOut() async {
    if gtk_widget_get_width(widget) > 0 && gtk_widget_get_height(widget) > 0 { return }
    await withCheckedContinuation { sizeWaiters.append($0) }
  }

  // MARK: - Frames

  private func install(_ size: (width: Int?, height: Int?), on player: Player) {
    frameTask?.cancel()
    guard
      let stream = try? player.videoFrames(format: .bgra, width: size.width, height: size.height)
    else { return }  // sizes come from desiredSize(), always within 1…8192
    requestedSize = size
    frameTask = Task { [weak self] in
      for await frame in stream {
        guard let self else { return }
        self.show(frame)
      }
    }
  }

  private func show(_ frame: VideoFrame) {
    if swiftvlc_gtk_is_main_context_owner() == 0 { offThreadFrameCount += 1 }
    // GTK keeps the texture for as long as it is shown; the frame's memory goes back to the
    // stream's pool at once.
    let bytes = frame.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
    let texture = gdk_memory_texture_new(
      Int32(frame.width), Int32(frame.height), textureFormat, bytes, gsize(frame.pitch))
    g_bytes_unref(bytes)
    gtk_picture_set_paintable(OpaquePointer(picture), texture)
    g_object_unref(UnsafeMutableRawPointer(texture))
    pictureSize = (frame.width, frame.height)
    shownFrameCount += 1
  }

  /// How the texture declares the frame's BGRA bytes (alpha is always 255, so straight and
  /// premultiplied alpha are the same pixels). GTK 4.8's cairo renderer converts a
  /// premultiplied texture to its own surface through floats (about 5 ms for 630×354 here)
  /// but a straight one with a byte loop (about 2.6 ms); the GL renderer uploads the
  /// premultiplied one as it is.
  private var textureFormat: GdkMemoryFormat {
    let renderer = gtk_widget_get_native(widget).flatMap { gtk_native_get_renderer($0) }
    return swiftvlc_gtk_is_cairo_renderer(renderer) != 0
      ? GDK_MEMORY_B8G8R8A8 : GDK_MEMORY_B8G8R8A8_PREMULTIPLIED
  }

  // MARK: - Size

  /// The frame size for the widget's current size: the displayed size in device pixels, with
  /// the source's aspect ratio, never larger than the source; `nil` dimensions follow it.
  private func desiredSize() -> (width: Int?, height: Int?) {
    let scale = Int(gtk_widget_get_scale_factor(widget))
    let box = (
      width: Int(gtk_widget_get_width(widget)) * scale,
      height: Int(gtk_widget_get_height(widget)) * scale
    )
    guard box.width >= 8, box.height >= 8 else { return (nil, nil) }
    let source = player?.videoTracks.lazy.compactMap { track -> (Int, Int)? in
      guard let width = track.width, let height = track.height, width > 0, height > 0 else {
        return nil
      }
      return (width, height)
    }.first
    guard let (sourceWidth, sourceHeight) = source else {
      return (min(box.width, 8_192) / 8 * 8, nil)
    }
    let fit = min(
      Double(box.width) / Double(sourceWidth), Double(box.height) / Double(sourceHeight), 1)
    // A width that is a multiple of 8 lets libVLC decode straight into the frame's memory.
    let width = max(8, Int(Double(sourceWidth) * fit) / 8 * 8)
    let height = max(1, (width * sourceHeight + sourceWidth / 2) / sourceWidth)
    return (width, height)
  }

  /// Follows the widget's size. Only a change of the widget's own size (`resized`) may replay
  /// the media: when the source's size becomes known (a track change) frames that are merely
  /// larger than needed are not worth restarting playback for.
  fileprivate func sizeChanged(resized: Bool) {
    if gtk_widget_get_width(widget) > 0 && gtk_widget_get_height(widget) > 0 {
      let waiters = sizeWaiters
      sizeWaiters = []
      for waiter in waiters { waiter.resume() }
    }
    guard let player else { return }
    let wanted = desiredSize()
    guard wanted != requestedSize else { return }
    switch player.state {
    case .idle, .stopped, .ended, .error:
      // No video output is open: the next one uses the new size.
      install(wanted, on: player)
    case .opening, .buffering, .playing, .paused, .stopping:
      guard resized, reopensOnResize, videoOutputs > 0, isLargeChange(to: wanted) else {
        return
      }
      reopenTask?.cancel()
      reopenTask = Task { [weak self] in
        // Wait until the user stops dragging the window's edge.
        try? await Task.sleep(for: .milliseconds(400))
        guard !Task.isCancelled, let self else { return }
        await self.reopen()
      }
    }
  }

  /// Whether `wanted` needs half or twice the pixels of the current frames, or more.
  private func isLargeChange(to wanted: (width: Int?, height: Int?)) -> Bool {
    guard let current = pictureSize, let width = wanted.width else { return true }
    let height = wanted.height ?? width * current.height / max(current.width, 1)
    let ratio = Double(width * height) / Double(max(current.width * current.height, 1))
    return ratio >= 2 || ratio <= 0.5
  }

  /// Replays the current media from the current time with frames at the current size.
  private func reopen() async {
    guard let player, let media = player.currentMedia, player.isSeekable,
      player.state == .playing || player.state == .paused
    else { return }
    let time = player.currentTime
    let paused = player.state == .paused
    let selection = (player.selectedAudioTrack?.id, player.selectedSubtitleTrack?.id)
    await player.stop()
    guard self.player === player else { return }
    install(desiredSize(), on: player)
    // The replay starts with the media's default tracks: select the user's again once the
    // new tracks are known.
    trackSelection = selection
    try? player.play(media)
    if paused { player.pause() }
    try? player.seek(to: time)
  }

  private func restoreTrackSelection() {
    guard let player, let (audio, subtitle) = trackSelection else { return }
    let audioTrack = player.audioTracks.first { $0.id == audio }
    let subtitleTrack = player.subtitleTracks.first { $0.id == subtitle }
    guard audio == nil || audioTrack != nil, subtitle == nil || subtitleTrack != nil else { return }
    trackSelection = nil
    if audio != nil { try? player.selectAudioTrack(audioTrack) }
    try? player.selectSubtitleTrack(subtitleTrack)
  }

  private func handle(_ event: PlayerEvent) {
    switch event {
    case .videoOutputsChanged(let count):
      videoOutputs = count
    case .tracksChanged:
      restoreTrackSelection()
      sizeChanged(resized: false)
    case .stateChanged(.stopped), .stateChanged(.ended), .stateChanged(.error):
      sizeChanged(resized: false)
    default:
      break
    }
  }
}

// GTK calls these on its thread, the main thread, which runs the main actor's jobs.

private func viewResized(
  _ area: gpointer?, _ width: Int32, _ height: Int32, _ context: gpointer?
) {
  guard let context else { return }
  let view = Unmanaged<VideoView>.fromOpaque(context).takeUnretainedValue()
  MainActor.assumeIsolated { view.sizeChanged(resized: true) }
}

private func viewScaleChanged(
  _ widget: gpointer?, _ spec: OpaquePointer?, _ context: gpointer?
) {
  guard let context else { return }
  let view = Unmanaged<VideoView>.fromOpaque(context).takeUnretainedValue()
  MainActor.assumeIsolated { view.sizeChanged(resized: true) }
}
