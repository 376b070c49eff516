// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension Player {
  // MARK: - Decoded audio

  /// Delivers the decoded audio as PCM instead of playing it on a sound device.
  ///
  /// From the next ``play(_:)`` on, libVLC's memory audio output replaces the instance's
  /// output for this player (so `--aout=adummy` does not matter) and nothing is heard; the
  /// volume, mute, equalizer and stereo mode are applied to the samples. The stream receives
  /// only from sessions started after this call: the next ``play(_:)``, a reconnect, or a
  /// ``MediaListPlayer``'s next item. A session already open goes on as before: its output
  /// keeps playing, and an output it opens later (libVLC opens one per audio decoder, for
  /// instance at a track change) plays nothing, at real time. A newer stream ends the
  /// previous one at once.
  ///
  /// See ``AudioSampleStream`` for pacing, buffering and what happens on pause, seek and stop.
  ///
  /// Pass `nil` for `rate` or `channels` to keep the source's: each ``AudioBuffer`` then
  /// says what it holds (``AudioBuffer/sampleRate``, ``AudioBuffer/channels``), which can
  /// change from one media to the next. A source with more than 8 channels is mixed to 2.
  ///
  /// - Parameters:
  ///   - format: the sample type.
  ///   - rate: frames per second, 8,000…192,000, or `nil` for the source's; libVLC resamples.
  ///   - channels: 1…8, or `nil` for the source's; libVLC up- or down-mixes.
  /// - Throws: ``VLCError/invalidInput(_:)`` for a rate or channel count out of range.
  /// Maps `libvlc_audio_set_callbacks` with `libvlc_audio_set_format`, or with
  /// `libvlc_audio_set_format_callbacks` when the source's rate or channels are kept.
  public func audioSamples(
    format: SampleFormat = .s16, rate: Int? = 48_000, channels: Int? = 2
  ) throws(VLCError) -> AudioSampleStream {
    if let rate, !(8_000...192_000).contains(rate) {
      throw .invalidInput("sample rate \(rate) Hz is not within 8,000…192,000")
    }
    if let channels, !(1...8).contains(channels) {
      throw .invalidInput("\(channels) channels is not within 1…8")
    }
    // Until the output opens, a kept rate or channel count reads 0 (no buffer carries it).
    let pcm = PCMFormat(sample: format, rate: rate ?? 0, channels: channels ?? 0)
    let sink = AudioSink(format: pcm)
    sink.setVolume(volume, muted: isMuted)
    sink.setStereoMode(stereoMode)
    let context = AudioCallbackContext(sink: sink, rate: rate, channels: channels)
    core.audio.sampleContext?.retire()
    core.audio.sampleContext = context
    // The memory output replaces a chosen module.
    setNative(.audioOutput) { $0.audioOutput = .memory(Same(context)) }
    return AudioSampleStream(consumer: SampleConsumer(sink: sink))
  }

  /// Passes the requested volume and mute to the sample stream, at once: libVLC would forget
  /// them with the next media (see ``AudioSampleStream``).
  func applyVolumeToSamples() {
    core.audio.sampleContext?.currentSink?.setVolume(volume, muted: isMuted)
  }

  // MARK: - Output module and device

  /// Chooses the audio output module for this player, overriding the instance's `--aout`.
  ///
  /// Takes effect at the next ``play(_:)``. It replaces the memory output set up by
  /// ``audioSamples(format:rate:channels:)``, whose stream ends then (call that again to get
  /// samples back), and forgets the device chosen with ``setAudioDevice(_:)``.
  ///
  /// - Parameter name: a module name from ``VLCInstance/audioOutputs()``.
  /// - Throws: ``VLCError/invalidInput(_:)`` for a module this libVLC does not have.
  /// Maps `libvlc_audio_output_set`.
  public func setAudioOutput(_ name: String) throws(VLCError) {
    let modules = instance.audioOutputs().map(\.name)
    guard modules.contains(name) else {
      throw .invalidInput(
        "no audio output module \"\(name)\" (available: \(modules.joined(separator: ", ")))")
    }
    core.audio.sampleContext?.retireAtNextMedia()
    setNative(.audioOutput) {
      $0.audioOutput = .module(name)
      $0.audioDevice = nil
    }
  }

  /// The devices of the player's current audio output.
  ///
  /// Empty when the output cannot list devices (the null, memory and file outputs) and while
  /// no output is open: libVLC 3 closes it on stop and opens it again when playback starts.
  /// Maps `libvlc_audio_output_device_enum`.
  public func audioDevices() async -> [AudioDevice] {
    await native.run { AudioDevice.list(libvlc_audio_output_device_enum($0)) }
  }

  /// The identifier of the device the current audio output uses, when it reports one.
  /// Maps `libvlc_audio_output_device_get`.
  public func currentAudioDevice() async -> String? {
    await native.run { player in
      guard let id = libvlc_audio_output_device_get(player) else { return nil }
      defer { libvlc_free(id) }
      return String(cString: id)
    }
  }

  /// Moves the audio to a device of ``audioDevices()`` and remembers the choice.
  ///
  /// libVLC moves a playing output asynchronously and its setter reports nothing, so the move
  /// is confirmed by reading the device back (every 20 ms, for up to 1 s). libVLC 3 opens a
  /// new output, on its default device, for every media; the player moves it back to this
  /// device as soon as that output reports itself (``PlayerEvent/audioDeviceChanged(_:)``).
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` when the current output lists no such device
  ///   (libVLC itself accepts any string, and then plays nowhere);
  ///   ``VLCError/operationFailed(_:)`` when the output did not take it;
  ///   ``VLCError/cancelled`` when the calling task is cancelled while waiting.
  /// Maps `libvlc_audio_output_device_set`.
  public func setAudioDevice(_ id: String) async throws(VLCError) {
    let requested: Result<Void, VLCError> = await native.run { player in
      let devices = AudioDevice.list(libvlc_audio_output_device_enum(player))
      guard devices.contains(where: { $0.id == id }) else {
        let known = devices.isEmpty ? "none" : devices.map(\.id).joined(separator: ", ")
        return .failure(.invalidInput("no audio device \"\(id)\" (available: \(known))"))
      }
      libvlc_audio_output_device_set(player, nil, id)
      return .success(())
    }
    try requested.get()
    settings.audioDevice = id
    core.audio.isDeviceChecked = true
    watchAudioOutput()
    var reported: String?
    // Polled: libVLC 3 sends its device event before the move can be read back, or not at all.
    _ = await poll(every: .milliseconds(20), until: .now + .seconds(1)) {
      reported = await currentAudioDevice()
      return reported == id
    }
    if Task.isCancelled, reported != id { throw .cancelled }
    guard reported == id else {
      throw .operationFailed("the audio output kept \(reported ?? "no device") instead of \(id)")
    }
  }

  // MARK: - Stereo mode and role

  /// The requested stereo mode; ``StereoMode/stereo`` until ``setStereoMode(_:)``.
  public var stereoMode: StereoMode {
    access(keyPath: \.stereoMode)
    return settings.stereoMode ?? .stereo
  }

  /// Sets how channels map to the output, and keeps it for every media played afterwards.
  ///
  /// libVLC 3 resets the mode whenever it starts an audio stream (at the first audio of each
  /// media, at a track change, at a format change) and reports nothing when it does, so the
  /// player checks the output while a session is open and sets the mode again when it finds
  /// it reset: every 40 ms for 2 s after playback starts or tracks change, then every 100 ms
  /// (audio that starts later, or an output that restarts, plays at most that long unmapped).
  /// Between sessions it waits for the player's next event.
  ///
  /// An ``audioSamples(format:rate:channels:)`` stream of a stereo source in stereo gets the
  /// mode applied to its samples instead, at once and on every output libVLC opens (a
  /// player's `libvlc_audio_*` calls reach only one of them), with libVLC's own mode kept at
  /// stereo. Other layouts are libVLC's to map (a surround source's first output, a mono
  /// stream).
  /// Maps `libvlc_audio_set_channel`.
  public func setStereoMode(_ mode: StereoMode) {
    withMutation(keyPath: \.stereoMode) { settings.stereoMode = mode }
    core.audio.sampleContext?.currentSink?.setStereoMode(mode)
    watchAudioOutput()
    core.audio.stereoModeQuickUntil = .now + .seconds(2)
    keepStereoMode()
  }

  /// What the player is for, as reported to the sound server; ``PlayerRole/video`` by default.
  public var role: PlayerRole {
    access(keyPath: \.role)
    return settings.role ?? .video
  }

  /// Sets the player's role. Sound servers read it when the output opens, so it takes effect
  /// at the next ``play(_:)``. Maps `libvlc_media_player_set_role`.
  public func setRole(_ role: PlayerRole) {
    withMutation(keyPath: \.role) { setNative(.role) { $0.role = role } }
  }

  // MARK: - Equalizer

  /// The equalizer the player plays through; `nil` (the default) turns it off.
  ///
  /// Setting one applies it at once, during playback too, and libVLC keeps it for later media.
  /// Changes to the attached ``Equalizer`` are applied as they are made.
  /// Maps `libvlc_media_player_set_equalizer`.
  public var equalizer: Equalizer? {
    get {
      access(keyPath: \.equalizer)
      return core.equalizer
    }
    set {
      guard newValue !== core.equalizer else { return }
      core.equalizer?.detach(from: self)
      withMutation(keyPath: \.equalizer) { core.equalizer = newValue }
      let values = newValue?.attach(to: self)
      setNative(.equalizer) { $0.equalizer = .some(values) }
    }
  }

  /// Applies the attached equalizer's new values (see ``Equalizer``).
  func equalizerChanged(_ values: EqualizerSettings) {
    setNative(.equalizer) { $0.equalizer = .some(values) }
  }

  // MARK: - Re-applying settings to new outputs

  /// Follows the player's events to re-apply the device and the stereo mode to each new
  /// output. Ends with the player.
  private func watchAudioOutput() {
    guard !core.audio.isWatching else { return }
    core.audio.isWatching = true
    let events = publicEvents.subscribe()
    tasks.add(
      Task { [weak self] in
        for await event in events { self?.audioOutputNoticed(event) }
      })
  }

  private func audioOutputNoticed(_ event: PlayerEvent) {
    switch event {
    case .mediaChanged:
      core.audio.isDeviceChecked = false
    case .audioDeviceChanged(let reported):
      // Only the first report of a session is the new output's default; later ones are moves
      // (ours, or the sound server's when a device goes away), which are left alone.
      guard !core.audio.isDeviceChecked, let wanted = settings.audioDevice else {
        return
      }
      core.audio.isDeviceChecked = true
      if reported != wanted { moveToRememberedDevice(wanted) }
    case .stateChanged(.playing), .tracksChanged:
      core.audio.stereoModeQuickUntil = .now + .seconds(2)
    default:
      break
    }
  }

  /// Moves a new output to `device`, checking every 40 ms for up to 2 s: an output reports its
  /// default device before libVLC lets it be reached, and a move requested in between is lost.
  private func moveToRememberedDevice(_ device: String) {
    Task { [weak self] in
      // Polled: see above; the output's device event came before the move could be made.
      _ = await poll(every: .milliseconds(40), until: .now + .seconds(2)) {
        guard let native = self?.native, self?.settings.audioDevice == device else { return true }
        return await native.run { PlayerSettings.move(to: device, on: $0) }
      }
    }
  }

  /// Starts the task that keeps the stereo mode on the outputs, for the player's lifetime.
  private func keepStereoMode() {
    guard !core.audio.isKeepingStereoMode else { return }
    core.audio.isKeepingStereoMode = true
    // Any event wakes the task between sessions; only the newest is worth keeping.
    let events = publicEvents.subscribe(bufferingPolicy: .bufferingNewest(1))
    tasks.add(
      Task { [weak self] in
        var wakeUps = events.makeAsyncIterator()
        while !Task.isCancelled {
          // The player is only held for this step: the task must not keep it alive.
          switch self?.nextStereoModeStep() {
          case .check(let native, let settings, let pause)?:
            // Polled: an output can reset the mode after it opens; libVLC 3 sends no event then.
            await native.run { _ in settings.apply(.stereoMode, to: native) }
            try? await Task.sleep(for: pause)
          case .waitForEvent?:
            if await wakeUps.next() == nil { return }
          case nil:
            return
          }
        }
      })
  }

  /// What the stereo-mode task does next: check the output while a session is open (with
  /// the settings, whose ``PlayerSettings/nativeStereoMode`` says what to keep), or wait.
  private func nextStereoModeStep() -> StereoModeStep? {
    guard settings.stereoMode != nil else { return nil }
    guard state.isActive else { return .waitForEvent }
    let quick = ContinuousClock.now < core.audio.stereoModeQuickUntil
    return .check(native, settings, pause: .milliseconds(quick ? 40 : 100))
  }
}

/// A step of the task that keeps a player's stereo mode: check the output, or wait for the
/// next event.
private enum StereoModeStep {
  case check(NativePlayer, PlayerSettings, pause: Duration)
  case waitForEvent
}
