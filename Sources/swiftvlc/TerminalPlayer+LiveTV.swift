// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import SwiftVLC
import SwiftVLCCommandLine

/// The live-TV part of the terminal player: the programme guide in the status line, zapping
/// through a channel list, a dead channel's reason, and the timeshift keys.
extension TerminalPlayer {

  /// Reads the channel list's guide in the background; the status line shows now and next
  /// once it is read, and a notice says why not when it cannot be.
  func loadGuide() {
    guard let channels, guideSource != nil || !channels.guideURLs.isEmpty else { return }
    let source = guideSource
    tasks.append(
      Task { [weak self] in
        do throws(VLCError) {
          let guide = try await channels.loadGuide(from: source)
          self?.guide = guide
          self?.programmeText = nil
        } catch .cancelled {
          return
        } catch {
          self?.show("programme guide: \(error)")
        }
      })
  }

  /// What is on the current channel now and next; recomputed only when the channel changes
  /// or a programme boundary passes.
  func currentProgramme() -> String? {
    guard let guide, let channels else { return nil }
    let now = Date()
    if let cached = programmeText, cached.channel == channelIndex, now < cached.until {
      return cached.text
    }
    let schedule = guide.channel(for: channels.channels[channelIndex])
    let (current, next) = schedule?.nowAndNext(at: now) ?? (nil, nil)
    let boundary = current?.stop ?? next?.start ?? .distantFuture
    let text = ProgrammeText.status(now: current, next: next)
    programmeText = (channelIndex, text, boundary)
    return text
  }

  /// Space, the arrows and `l` on a timeshifted live source: pause and resume, 10 s back or
  /// on within the buffer, back to live. `false` for the other keys.
  func handleTimeshift(_ key: PlayerKey, _ timeshift: Timeshift) -> Bool {
    do throws(VLCError) {
      switch key {
      case .togglePause: timeshift.togglePause()
      case .seekBackward: try timeshift.seek(by: .seconds(-10))
      case .seekForward: try timeshift.seek(by: .seconds(10))
      case .jumpToLive:
        try timeshift.jumpToLive()
        show("live")
      default: return false
      }
    } catch {
      show("timeshift: \(error)")
    }
    return true
  }

  /// The channel's number and name for the status line, with why it failed while it is dead.
  var channelStatus: String? {
    guard let channels else { return nil }
    let name = "\(channelIndex + 1) \(channels.channels[channelIndex].name)"
    if let startFailure { return "\(name): \(FailureWords.of(startFailure))" }
    guard case .failed(let error)? = player.outcome else { return name }
    return "\(name): \(FailureWords.of(error))"
  }

  /// A dead channel: its picture is not the last one of the previous channel, and the status
  /// line says why (``channelStatus``) until the next zap.
  func channelFailed() {
    pendingFrame = nil
    shownFrame = nil
    notice = nil
    redrawAll()
  }

  /// Plays the channel `step` places away in the list, wrapping, and shows its name.
  func zap(by step: Int) {
    guard let channels else { return }
    let count = channels.channels.count
    channelIndex = (channelIndex + step + count) % count
    startFailure = nil
    let index = channelIndex
    let channel = channels.channels[channelIndex]
    do {
      let media = try channel.makeMedia(instance: player.instance)
      media.addOption(":avcodec-hw=none")
      if timeshiftOptions != nil {
        let previous = zapTask
        previous?.cancel()  // a buffer still starting gives up
        zapTask = Task {
          await previous?.value
          guard index == channelIndex else { return }  // zapped on meanwhile
          do throws(VLCError) {
            try await start(media)
          } catch {
            // Shown in the status line until the next zap (a notice would fade).
            guard index == channelIndex else { return }
            startFailure = error
            channelFailed()
          }
        }
      } else {
        try player.play(media)
      }
      pendingFrame = nil
      shownFrame = nil
      redrawAll()
      show("\(channelIndex + 1) \(channel.name)")
    } catch {
      show("\(channel.name): \(error)")
    }
  }
}
