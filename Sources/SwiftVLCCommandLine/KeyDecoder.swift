// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// A key the terminal player acts on.
package enum PlayerKey: Sendable, Equatable {
  /// Space.
  case togglePause
  /// Left arrow: back 5 s.
  case seekBackward
  /// Right arrow: forward 5 s.
  case seekForward
  /// Up arrow.
  case volumeUp
  /// Down arrow.
  case volumeDown
  /// `a`.
  case nextAudioTrack
  /// `s`.
  case nextSubtitleTrack
  /// `v`: the next video stream (angle).
  case nextVideoTrack
  /// `m`.
  case toggleMute
  /// `f`: fullscreen for libVLC's window (`play --window`).
  case toggleFullscreen
  /// `q`, `Q`, or Ctrl-C when the terminal delivers it as a byte.
  case quit
  /// Page Up (`ESC [ 5 ~`): the previous channel of a channel list.
  case previousChannel
  /// Page Down (`ESC [ 6 ~`): the next channel of a channel list.
  case nextChannel
  /// `l`: back to the live edge of a timeshifted live source.
  case jumpToLive
}

/// Turns bytes read from a terminal in non-canonical mode into ``PlayerKey``s.
///
/// Arrow keys arrive as escape sequences (`ESC [ A` or, in application mode, `ESC O A`) that a
/// read may split; an incomplete sequence is kept until the next bytes arrive. Other keys and
/// sequences are ignored.
package struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// Creates a decoder with nothing pending.
  package init() {}

  /// Decodes `bytes`, after whatever an earlier call left incomplete.
  package mutating func feed(_ bytes: some Sequence<UInt8>) -> [PlayerKey] {
    pending.append(contentsOf: bytes)
    var keys: [PlayerKey] = []
    var index = 0
    while index < pending.count {
      let byte = pending[index]
      guard byte == 0x1B else {
        if let key = Self.plainKeys[byte] { keys.append(key) }
        index += 1
        continue
      }
      guard let length = Self.sequenceLength(pending[index...]) else { break }  // incomplete
      if length == 3, let key = Self.arrowKeys[pending[index + 2]],
        pending[index + 1] == UInt8(ascii: "[") || pending[index + 1] == UInt8(ascii: "O")
      {
        keys.append(key)
      } else if length == 4, pending[index + 1] == UInt8(ascii: "["),
        pending[index + 3] == UInt8(ascii: "~"), let key = Self.pageKeys[pending[index + 2]]
      {
        keys.append(key)
      }
      index += length
    }
    pending.removeFirst(index)
    return keys
  }

  private static let plainKeys: [UInt8: PlayerKey] = [
    UInt8(ascii: " "): .togglePause, UInt8(ascii: "q"): .quit, UInt8(ascii: "Q"): .quit,
    0x03: .quit, UInt8(ascii: "a"): .nextAudioTrack, UInt8(ascii: "s"): .nextSubtitleTrack,
    UInt8(ascii: "m"): .toggleMute, UInt8(ascii: "v"): .nextVideoTrack,
    UInt8(ascii: "f"): .toggleFullscreen, UInt8(ascii: "l"): .jumpToLive,
  ]

  private static let arrowKeys: [UInt8: PlayerKey] = [
    UInt8(ascii: "A"): .volumeUp, UInt8(ascii: "B"): .volumeDown,
    UInt8(ascii: "C"): .seekForward, UInt8(ascii: "D"): .seekBackward,
  ]

  private static let pageKeys: [UInt8: PlayerKey] = [
    UInt8(ascii: "5"): .previousChannel, UInt8(ascii: "6"): .nextChannel,
  ]

  /// The length of the escape sequence at the start of `bytes`, or `nil` when it is cut off.
  /// `ESC [` takes parameter bytes up to a final byte (0x40…0x7E); `ESC O` one more byte;
  /// an `ESC` before anything else (the Esc key) is dropped alone.
  private static func sequenceLength(_ bytes: ArraySlice<UInt8>) -> Int? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    switch bytes[start + 1] {
    case UInt8(ascii: "["):
      guard let final = bytes.dropFirst(2).firstIndex(where: { (0x40...0x7E).contains($0) }) else {
        return nil
      }
      return final - start + 1
    case UInt8(ascii: "O"):
      return bytes.count >= 3 ? 3 : nil
    default:
      return 1
    }
  }
}
