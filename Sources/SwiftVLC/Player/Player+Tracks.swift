// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import FoundationEssentials
import Glibc

/// What the player's queue reads after streams appear or change.
struct TrackSnapshot: Sendable {
  var audio: [Track] = []
  var video: [Track] = []
  var subtitle: [Track] = []
  var selectedAudio: Int = -1
  var selectedSubtitle: Int = -1
  var selectedVideo: Int = -1
  var chapters: [Chapter] = []
  var currentChapter: Int = -1
  var titles: [Title] = []
  var currentTitle: Int = -1
  /// A listed track the media does not describe yet: libVLC announces a stream (and lists it)
  /// just before it adds the stream's description to the media.
  var lacksDetails = false
}

extension Player {
  /// The selected audio track; setting it selects that track, `nil` disables audio.
  /// Setting a track that does not belong to ``audioTracks`` is ignored; use
  /// ``selectAudioTrack(_:)`` to get an error instead.
  public var selectedAudioTrack: Track? {
    get {
      access(keyPath: \.selectedAudioTrack)
      return core.selections.audio
    }
    set { try? selectAudioTrack(newValue) }
  }

  /// The selected subtitle track; setting it selects that track, `nil` hides subtitles.
  /// Setting a track that does not belong to ``subtitleTracks`` is ignored; use
  /// ``selectSubtitleTrack(_:)`` to get an error instead.
  public var selectedSubtitleTrack: Track? {
    get {
      access(keyPath: \.selectedSubtitleTrack)
      return core.selections.subtitle
    }
    set { try? selectSubtitleTrack(newValue) }
  }

  /// Selects an audio track of ``audioTracks``, or disables audio with `nil`.
  ///
  /// - Throws: ``VLCError/trackNotFound(id:)`` when no audio track has that id.
  public func selectAudioTrack(_ track: Track?) throws(VLCError) {
    let id = try validated(track, in: audioTracks)
    setAudioSelection(track.flatMap { picked in audioTracks.first { $0.id == picked.id } })
    emit(.tracksChanged)
    native.async { libvlc_audio_set_track($0, id) }
  }

  /// Selects a subtitle track of ``subtitleTracks``, or hides subtitles with `nil`.
  /// libVLC 3 shows one subtitle track at a time.
  ///
  /// - Throws: ``VLCError/trackNotFound(id:)`` when no subtitle track has that id.
  public func selectSubtitleTrack(_ track: Track?) throws(VLCError) {
    let id = try validated(track, in: subtitleTracks)
    setSubtitleSelection(track.flatMap { picked in subtitleTracks.first { $0.id == picked.id } })
    emit(.tracksChanged)
    native.async { libvlc_video_set_spu($0, id) }
  }

  /// Adds a subtitle or audio file to the current media while it plays.
  ///
  /// - Parameters:
  ///   - url: the file or URL of the track.
  ///   - kind: what it carries.
  ///   - select: select it once libVLC has opened it.
  /// - Throws: ``VLCError/invalidState(_:)`` with nothing playing;
  ///   ``VLCError/mediaCreationFailed(source:)`` for a missing local file.
  public func addExternalTrack(url: URL, kind: SlaveKind, select: Bool = true) throws(VLCError) {
    guard currentMedia != nil, state.isActive else {
      throw .invalidState("external tracks need a playing media")
    }
    if url.isFileURL && !FileManager.default.fileExists(atPath: url.path) {
      throw .mediaCreationFailed(source: "\(url.path): no such file")
    }
    let location = url.absoluteString
    native.async { libvlc_media_player_add_slave($0, kind.native, location, select) }
  }

  /// Shifts audio against video. Positive values play audio later. Kept for every media
  /// played afterwards (libVLC 3 resets it with each media; the player sets it again).
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` beyond ±1 hour.
  public func setAudioDelay(_ delay: Duration) throws(VLCError) {
    let microseconds = try validatedDelay(delay)
    setNative(.audioDelay) { $0.audioDelay = microseconds }
  }

  /// Shifts subtitles against video. Positive values show subtitles later. Kept for every
  /// media played afterwards, like ``setAudioDelay(_:)``.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` beyond ±1 hour.
  public func setSubtitleDelay(_ delay: Duration) throws(VLCError) {
    let microseconds = try validatedDelay(delay)
    setNative(.subtitleDelay) { $0.subtitleDelay = microseconds }
  }

  /// Jumps to chapter `index` of ``chapters``; ``currentTime`` shows the chapter's start at
  /// once (as a seek does), paused or playing.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when there is no such chapter.
  public func selectChapter(_ index: Int) throws(VLCError) {
    guard chapters.indices.contains(index) else {
      throw .invalidInput("no chapter \(index) (the media has \(chapters.count))")
    }
    currentChapter = index
    let chapter = Int32(index)
    native.interruptAudioWait()
    native.async { libvlc_media_player_set_chapter($0, chapter) }
    let start = chapters[index].start
    updateTime(start, position: duration.map { $0 > .zero ? start / $0 : 0 }, isJump: true)
  }

  /// Jumps to the next chapter, if any.
  public func nextChapter() {
    guard let current = currentChapter, current + 1 < chapters.count else { return }
    try? selectChapter(current + 1)
  }

  /// Jumps to the previous chapter, if any.
  public func previousChapter() {
    guard let current = currentChapter, current > 0 else { return }
    try? selectChapter(current - 1)
  }

  /// Switches to title `index` of ``titles``; on a DVD, a menu title (``Title/isMenu``)
  /// shows the disc's root menu. Returns at once; ``currentTitle`` follows when libVLC has
  /// switched. Maps `libvlc_media_player_set_title`.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when there is no such title.
  public func selectTitle(_ index: Int) throws(VLCError) {
    guard titles.indices.contains(index) else {
      throw .invalidInput("no title \(index) (the media has \(titles.count))")
    }
    let title = Int32(index)
    native.async { libvlc_media_player_set_title($0, title) }
  }

  func setAudioSelection(_ track: Track?) {
    withMutation(keyPath: \.selectedAudioTrack) { core.selections.audio = track }
  }

  func setSubtitleSelection(_ track: Track?) {
    withMutation(keyPath: \.selectedSubtitleTrack) { core.selections.subtitle = track }
  }

  func validated(_ track: Track?, in tracks: [Track]) throws(VLCError) -> Int32 {
    guard let track else { return -1 }
    guard tracks.contains(where: { $0.id == track.id }) else {
      throw .trackNotFound(id: track.id)
    }
    return Int32(track.id)
  }

  private func validatedDelay(_ delay: Duration) throws(VLCError) -> Int64 {
    guard delay <= .seconds(3_600) && delay >= .seconds(-3_600) else {
      throw .invalidInput("delay \(formatSeconds(delay, decimals: 3)) is beyond ±1 hour")
    }
    return delay.milliseconds * 1_000
  }

  /// Reads tracks, selections and chapters on the player's queue, then publishes them.
  ///
  /// libVLC announces streams one event at a time (a dozen at open); requests that arrive
  /// while a read is under way are folded into one more read after it, not one read each.
  /// libVLC lists a stream a moment before it describes it (codec, language): reads that find
  /// a listed track undescribed are held back for up to `undescribedHold` while rereads 20 ms
  /// apart look for its description, so a published track list does not show a language or
  /// size as unknown for a moment (a track libVLC never describes is published after that).
  func refreshTracks() {
    guard !core.trackReading.refresh.running else {
      core.trackReading.refresh.requestedAgain = true
      return
    }
    core.trackReading.refresh = (running: true, requestedAgain: false)
    let session = generation
    let native = self.native
    Task { [weak self] in
      let snapshot = await native.run { readTrackSnapshot($0, media: native.media) }
      guard let self else { return }
      let again = self.core.trackReading.refresh.requestedAgain
      self.core.trackReading.refresh = (running: false, requestedAgain: false)
      guard session == self.generation else { return }
      if !self.holdsBack(snapshot) { self.publish(snapshot) }
      if again {
        self.refreshTracks()
      } else if snapshot.lacksDetails {
        // No event follows the description: read again shortly (bounded; a track libVLC
        // never describes keeps what its listing says).
        self.refreshDetailsLater(session: session)
      }
    }
  }

  /// Whether to hold `snapshot` back: it lists a track libVLC has not described yet, the
  /// first such read came less than `undescribedHold` ago, and a reread can still follow.
  private func holdsBack(_ snapshot: TrackSnapshot) -> Bool {
    guard snapshot.lacksDetails else {
      core.trackReading.undescribedSince = nil
      return false
    }
    let since = core.trackReading.undescribedSince ?? .now
    core.trackReading.undescribedSince = since
    return ContinuousClock.now - since < undescribedHold
      && core.trackReading.detailRereads < maximumRereads
  }

  /// Reads the tracks again in 20 ms, at most `maximumRereads` times a media.
  private func refreshDetailsLater(session: UInt64) {
    guard core.trackReading.detailRereads < maximumRereads else { return }
    core.trackReading.detailRereads += 1
    Task { [weak self] in
      // Polled: libVLC 3 sends no event when a listed track gets its description.
      try? await Task.sleep(for: .milliseconds(20))
      guard let self, session == self.generation else { return }
      self.refreshTracks()
    }
  }

  private func publish(_ snapshot: TrackSnapshot) {
    let changed =
      snapshot.audio != audioTracks || snapshot.video != videoTracks
      || snapshot.subtitle != subtitleTracks
      || snapshot.selectedAudio != (core.selections.audio?.id ?? -1)
      || snapshot.selectedSubtitle != (core.selections.subtitle?.id ?? -1)
      || snapshot.selectedVideo != (core.selections.video?.id ?? -1)
    audioTracks = snapshot.audio
    videoTracks = snapshot.video
    subtitleTracks = snapshot.subtitle
    setAudioSelection(snapshot.audio.first { $0.id == snapshot.selectedAudio })
    setSubtitleSelection(snapshot.subtitle.first { $0.id == snapshot.selectedSubtitle })
    setVideoSelection(snapshot.video.first { $0.id == snapshot.selectedVideo })
    var listed = snapshot.chapters
    if listed.isEmpty, let kept = core.trackReading.chaptersAtEnd, kept.generation == generation {
      listed = kept.chapters
    }
    if listed != chapters { chapters = listed }
    if snapshot.titles != titles { titles = snapshot.titles }
    // No current chapter without a chapter list: an ending input's chapter variable can
    // still be read when its list (read only while the input runs) no longer is.
    let chapter =
      snapshot.currentChapter >= 0 && !snapshot.chapters.isEmpty ? snapshot.currentChapter : nil
    if chapter != currentChapter { currentChapter = chapter }
    let title = snapshot.titles.isEmpty || snapshot.currentTitle < 0 ? nil : snapshot.currentTitle
    if title != currentTitle { currentTitle = title }
    if changed { emit(.tracksChanged) }
  }
}

/// How long a track list with an undescribed track waits for its description before it is
/// published anyway (a track libVLC never describes).
private let undescribedHold = Duration.milliseconds(100)
/// How often a media's tracks are read again for missing descriptions, at most.
private let maximumRereads = 50

/// Runs on the player's queue: the current tracks, selections, chapters and titles. Reads
/// the tracks of the media the native player holds (`media`), without `get_media`, whose
/// retain and release would touch the media's reference count (see `NativePlayer`).
private func readTrackSnapshot(_ player: OpaquePointer, media: Media?) -> TrackSnapshot {
  let details = media?.readTracks() ?? []  // in the media's order
  // The player numbers a transport stream's streams by PID, the media's list 0, 1, … (see
  // docs/libvlc3-findings.md): when a kind's ids are not the media's, its tracks are paired
  // in order, which both lists keep.
  var lacksDetails = false
  func tracks(_ kind: TrackKind, _ listed: [(Int, String?)]) -> [Track] {
    let ofKind = details.filter { $0.kind == kind }
    let byID = listed.allSatisfy { id, _ in ofKind.contains { $0.id == id } }
    let byOrder = !byID && ofKind.count == listed.count
    return listed.enumerated().map { index, entry in
      let (id, name) = entry
      let described = byOrder ? ofKind[index] : ofKind.first { $0.id == id }
      if described == nil { lacksDetails = true }
      var track = described ?? Track(id: id, kind: kind, codec: "")
      track.id = id
      track.kind = kind
      if track.name == nil { track.name = name }
      return track
    }
  }
  var snapshot = TrackSnapshot()
  snapshot.audio = tracks(.audio, trackDescriptions(libvlc_audio_get_track_description(player)))
  snapshot.video = tracks(.video, trackDescriptions(libvlc_video_get_track_description(player)))
  snapshot.subtitle = tracks(.subtitle, trackDescriptions(libvlc_video_get_spu_description(player)))
  snapshot.lacksDetails = lacksDetails
  snapshot.selectedAudio = Int(libvlc_audio_get_track(player))
  snapshot.selectedSubtitle = Int(libvlc_video_get_spu(player))
  snapshot.selectedVideo = Int(libvlc_video_get_track(player))
  snapshot.currentChapter = Int(libvlc_media_player_get_chapter(player))
  snapshot.currentTitle = Int(libvlc_media_player_get_title(player))
  snapshot.chapters = readNativeChapters(player)
  snapshot.titles = readNativeTitles(player)
  return snapshot
}
