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
    guard let channels = zapper?.list, guideSource != nil || !channels.guideURLs.isEmpty
    else { return }
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
    guard let guide, let zapper, let index = zapper.currentIndex else { return nil }
    let now = Date()
    if let cached = programmeText, cached.channel == index, now < cached.until {
      return cached.text
    }
    let schedule = guide.channel(for: zapper.list.channels[index])
    let (current, next) = schedule?.nowAndNext(at: now) ?? (nil, nil)
    let boundary = current?.stop ?? next?.start ?? .distantFuture
    let text = ProgrammeText.status(now: current, next: next)
    programmeText = (index, text, boundary)
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

  /// The current channel's number and name ("2 News"), or `nil` without a channel list.
  var channelLabel: String? {
    guard let zapper, let index = zapper.currentIndex else { return nil }
    return "\(index + 1) \(zapper.list.channels[index].name)"
  }

  /// The channel's number and name for the status line, with why it is dead while it is
  /// (the channel player's ``ChannelPlayer/failure``, in `channels --check`'s words).
  var channelStatus: String? {
    guard let label = channelLabel else { return nil }
    guard let failure = zapper?.failure else { return label }
    return "\(label): \(FailureWords.of(failure))"
  }

  /// A dead channel: its picture is not the last one of the previous channel, and the status
  /// line says why (``channelStatus``) until the next zap.
  func channelFailed() {
    pendingFrame = nil
    shownFrame = nil
    notice = nil
    redrawAll()
  }

  /// Plays the channel `step` places away in the list, wrapping, and shows its name; see
  /// ``openChannel(from:step:)``.
  func zap(by step: Int) {
    guard let zapper else { return }
    do throws(VLCError) {
      try openChannel(from: (zapper.currentIndex ?? 0) + step, step: step)
    } catch {
      show("no channel can be opened: \(FailureWords.of(error))")
    }
  }

  /// Plays the first channel that can be opened, from `first` on (wrapped into the list),
  /// `step` places at a time, wrapping, and shows its name. A channel whose location cannot be opened at all
  /// (``ChannelPlayer/play(at:)`` throws) is skipped, and the notice names it with why.
  ///
  /// - Throws: the last channel's error when none can be opened.
  func openChannel(from first: Int, step: Int) throws(VLCError) {
    guard let zapper else { return }
    let channels = zapper.list.channels
    var skipped: [String] = []
    var failure: VLCError?
    for attempt in channels.indices {
      let index = ((first + attempt * step) % channels.count + channels.count) % channels.count
      do throws(VLCError) {
        try zapper.play(at: index)
      } catch {
        skipped.append("\(index + 1) \(channels[index].name): \(FailureWords.of(error))")
        failure = error
        continue
      }
      pendingFrame = nil
      shownFrame = nil
      watchEvents()
      redrawAll()
      let label = channelLabel ?? ""
      return show(skipped.isEmpty ? label : "\(label) (skipped \(skipped.joined(separator: "; ")))")
    }
    if let failure { throw failure }
  }
}
