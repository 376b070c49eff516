// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC
import Observation

/// A 10-band graphic equalizer with a preamplifier, observable on the main actor.
///
/// Assign it to ``Player/equalizer`` to hear it: every change is applied to the players it is
/// attached to at once, while they play, and libVLC keeps it for the media they play next.
/// One equalizer may drive several players.
///
/// Gains are in decibels. NaN and infinities are rejected (the throwing setters say so, the
/// property setters ignore them); finite values are clamped to libVLC's ±20 dB.
///
/// ```swift
/// let equalizer = try Equalizer(preset: "Rock")
/// player.equalizer = equalizer
/// equalizer.gains[0] += 3   // more bass, heard at once
/// ```
@MainActor @Observable
public final class Equalizer {
  /// The names of libVLC's 18 presets, in libVLC's order ("Flat", "Classical", "Club", …).
  /// Maps `libvlc_audio_equalizer_get_preset_name`.
  public nonisolated static var presetNames: [String] {
    (0..<libvlc_audio_equalizer_get_preset_count()).compactMap { index in
      libvlc_audio_equalizer_get_preset_name(index).map { String(cString: $0) }
    }
  }

  /// The centre frequency of each band, in hertz, from 31.25 Hz to 16 kHz.
  /// Maps `libvlc_audio_equalizer_get_band_frequency`.
  public nonisolated static var bandFrequencies: [Float] {
    (0..<libvlc_audio_equalizer_get_band_count()).map {
      libvlc_audio_equalizer_get_band_frequency($0)
    }
  }

  /// The range libVLC accepts for the preamplifier and each band, in decibels.
  public nonisolated static let gainRange: ClosedRange<Float> = -20...20

  @ObservationIgnored private var storedPreamp: Float = 0
  @ObservationIgnored private var storedGains: [Float]
  @ObservationIgnored private var players: [WeakPlayer] = []

  /// Creates a flat equalizer: every band and the preamplifier at 0 dB.
  public init() {
    storedGains = Array(repeating: 0, count: Equalizer.bandFrequencies.count)
  }

  /// Creates an equalizer with one of libVLC's presets.
  ///
  /// - Parameter preset: a name from ``presetNames``.
  /// - Throws: ``VLCError/invalidInput(_:)`` for an unknown preset name.
  public convenience init(preset: String) throws(VLCError) {
    self.init()
    try loadPreset(preset)
  }

  /// The preamplification, in dB (-20…20). Setting NaN or infinity is ignored; use
  /// ``setPreamp(_:)`` to get an error instead.
  public var preamp: Float {
    get {
      access(keyPath: \.preamp)
      return storedPreamp
    }
    set { try? setPreamp(newValue) }
  }

  /// The gain of each band, in dB (-20…20), in the order of ``bandFrequencies``. Setting an
  /// array of another length, or one holding NaN or infinity, is ignored; use
  /// ``setGain(_:forBand:)`` to get an error instead.
  public var gains: [Float] {
    get {
      access(keyPath: \.gains)
      return storedGains
    }
    set {
      guard newValue.count == storedGains.count, newValue.allSatisfy(\.isFinite) else { return }
      withMutation(keyPath: \.gains) { storedGains = newValue.map(Equalizer.clamped) }
      applyToPlayers()
    }
  }

  /// Sets the preamplification.
  ///
  /// - Parameter decibels: clamped to -20…20.
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN or infinity.
  public func setPreamp(_ decibels: Float) throws(VLCError) {
    guard decibels.isFinite else { throw .invalidInput("preamp \(decibels) dB is not a number") }
    withMutation(keyPath: \.preamp) { storedPreamp = Equalizer.clamped(decibels) }
    applyToPlayers()
  }

  /// Sets the gain of one band.
  ///
  /// - Parameters:
  ///   - decibels: clamped to -20…20.
  ///   - band: an index into ``bandFrequencies``.
  /// - Throws: ``VLCError/invalidInput(_:)`` for NaN, infinity or a band that does not exist.
  public func setGain(_ decibels: Float, forBand band: Int) throws(VLCError) {
    guard decibels.isFinite else { throw .invalidInput("gain \(decibels) dB is not a number") }
    guard storedGains.indices.contains(band) else {
      throw .invalidInput("no equalizer band \(band) (there are \(storedGains.count))")
    }
    withMutation(keyPath: \.gains) { storedGains[band] = Equalizer.clamped(decibels) }
    applyToPlayers()
  }

  /// Replaces the preamplification and every gain with a preset's.
  ///
  /// - Parameter name: a name from ``presetNames``.
  /// - Throws: ``VLCError/invalidInput(_:)`` for an unknown preset name.
  /// Maps `libvlc_audio_equalizer_new_from_preset`.
  public func loadPreset(_ name: String) throws(VLCError) {
    guard let index = Equalizer.presetNames.firstIndex(of: name),
      let preset = libvlc_audio_equalizer_new_from_preset(UInt32(index))
    else {
      throw .invalidInput("no equalizer preset named \"\(name)\"")
    }
    defer { libvlc_audio_equalizer_release(preset) }
    withMutation(keyPath: \.preamp) { storedPreamp = libvlc_audio_equalizer_get_preamp(preset) }
    withMutation(keyPath: \.gains) {
      storedGains = storedGains.indices.map {
        libvlc_audio_equalizer_get_amp_at_index(preset, UInt32($0))
      }
    }
    applyToPlayers()
  }

  // MARK: Players

  /// Starts driving `player`; returns the values it plays with from now on.
  func attach(to player: Player) -> EqualizerSettings {
    players.removeAll { $0.player == nil || $0.player === player }
    players.append(WeakPlayer(player: player))
    return settings
  }

  /// Stops driving `player` (without resetting what it plays with).
  func detach(from player: Player) {
    players.removeAll { $0.player == nil || $0.player === player }
  }

  private var settings: EqualizerSettings {
    EqualizerSettings(preamp: storedPreamp, gains: storedGains)
  }

  /// Hands the new values to every player, which keeps them with its other settings.
  private func applyToPlayers() {
    let settings = self.settings
    for player in players {
      player.player?.equalizerChanged(settings)
    }
  }

  private nonisolated static func clamped(_ decibels: Float) -> Float {
    min(max(decibels, gainRange.lowerBound), gainRange.upperBound)
  }
}

/// A snapshot of an equalizer's values, kept in a player's ``PlayerSettings``.
struct EqualizerSettings: Equatable, Sendable {
  var preamp: Float
  var gains: [Float]
}

private struct WeakPlayer {
  weak var player: Player?
}
