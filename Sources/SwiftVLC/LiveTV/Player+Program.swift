// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc

extension Player {
  /// Switches the current transport stream to another of its programs (see
  /// ``TransportStreamProgram``).
  ///
  /// libVLC 3 chooses a program only when a media opens (`:program=`), so the media is opened
  /// again with the same options and the new program. What happens to the position: a file or
  /// any other seekable source resumes at the current time (at the keyframe before it, like a
  /// fast seek; ``currentTime`` shows the time it had until libVLC reads the new one); a live
  /// source (UDP, HLS live) resumes at its live edge, since it has no position to return to. The switch takes as long as opening the source: over UDP the old
  /// socket is closed and the port bound again, and the new program's first picture comes
  /// after the media's `network-caching` (1 s by default; 0.96 s on the loopback in the
  /// tests). List a live stream's programs before playing it with
  /// ``TransportStreamProgram/programs(at:within:)``. For instant switches between the
  /// programs of a file, play them with a ``ChannelPlayer`` over
  /// ``ChannelList/init(programs:of:)`` with warm neighbours (not over one unicast UDP port,
  /// which only one player can receive).
  ///
  /// - Throws: ``VLCError/invalidState(_:)`` without a current media, or for a memory or
  ///   stream input (which cannot be read twice); ``VLCError/mediaCreationFailed(source:)``
  ///   when the source cannot be opened again.
  public func switchProgram(to program: Int) throws(VLCError) {
    guard let media = currentMedia else { throw .invalidState("no media to switch programs of") }
    guard media.input == nil, let url = URL(string: media.mrl) else {
      throw .invalidState("a memory or stream input cannot be reopened on another program")
    }
    let reopened = try Media(url: url, instance: media.instance)
    for option in media.options
    where !option.hasPrefix(":program=") && !option.hasPrefix(":start-time=") {
      reopened.addOption(option)
    }
    reopened.selectProgram(program)
    let (start, length) = (isSeekable ? currentTime : .zero, duration)
    if start > .zero {
      let seconds = Double(start.components.seconds) + Double(start.components.attoseconds) / 1e18
      reopened.addOption(":start-time=\(seconds)")
    }
    try play(reopened)
    holdStartTime(start, duration: length)
  }
}

extension ChannelList {
  /// A list with one channel per program of a transport stream at `location`, each opening
  /// with `:program=` set, named after the service (or "Program N").
  public init(programs: [TransportStreamProgram], of location: String) {
    self.init(
      channels: programs.enumerated().map { index, program in
        Channel(
          id: index, name: program.name ?? "Program \(program.number)", location: location,
          group: program.provider, guideID: String(program.number),
          options: [":program=\(program.number)"])
      })
  }
}
