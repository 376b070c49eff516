// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

// Titles and chapters of a native player's input, read only while that input runs.
//
// libVLC 3.0's input frees its title list when it ends (End → InputSourceDestroy) without
// the item lock that INPUT_GET_SEEKPOINTS and INPUT_GET_FULL_TITLE_INFO take to copy it, and
// a reader holds only a reference to the input, not the player's input lock: a read that
// meets an ending input copies freed memory and can crash (seen: a SIGSEGV in
// input_vaControl, in vlc_seekpoint_Duplicate). An input ending by itself reports Ended
// before it frees them. A stop or a media change frees them without reporting (the player
// detaches from the input first), but the player's run on the same queue as these reads, and
// libVLC's list player changes media only after Ended. So reading only while the input runs
// leaves only an input reaching its end in the instant between the state check and the copy.
// See docs/libvlc3-findings.md.

/// Whether the native player's input is running: opening, buffering, playing or paused.
/// Call on the player's queue.
private func inputIsRunning(_ player: OpaquePointer) -> Bool {
  switch libvlc_media_player_get_state(player) {
  case libvlc_Opening, libvlc_Buffering, libvlc_Playing, libvlc_Paused: true
  default: false
  }
}

/// The chapters of the current title, names trimmed (libVLC's MKV demuxer indents them by
/// nesting level); none when the input is not running (it has none then either, and they
/// cannot be read safely). Call on the player's queue.
func readNativeChapters(_ player: OpaquePointer) -> [Chapter] {
  guard inputIsRunning(player) else { return [] }
  // libVLC 3 releases this pointer on one of its error paths when it is not nil: start nil.
  var list: UnsafeMutablePointer<UnsafeMutablePointer<libvlc_chapter_description_t>?>? = nil
  let count = libvlc_media_player_get_full_chapter_descriptions(player, -1, &list)
  // libVLC 3 returns an allocated (empty) array for zero entries too: release it as well.
  guard let list, count >= 0 else { return [] }
  defer { libvlc_chapter_descriptions_release(list, UInt32(count)) }
  var chapters = (0..<Int(count)).compactMap { index in
    list[index].map {
      Chapter(
        index: index, name: nonEmpty($0.pointee.psz_name)?.trimmingSpaces(),
        start: .milliseconds($0.pointee.i_time_offset),
        // libVLC takes the next chapter's start less this one's, negative when the next one
        // starts earlier (Ogg chapter comments out of order in time).
        duration: .milliseconds(max($0.pointee.i_duration, 0)))
    }
  }
  // libVLC ends the last chapter at its title's length, and gives 0 when the demuxer has
  // none for the title (Ogg): it ends with the media then.
  let length = Duration.milliseconds(libvlc_media_player_get_length(player))
  if let last = chapters.indices.last, chapters[last].duration == .zero,
    length > chapters[last].start
  {
    chapters[last].duration = length - chapters[last].start
  }
  return chapters
}

/// The titles of the input; none when the input is not running (see
/// ``readNativeChapters(_:)``). Call on the player's queue.
func readNativeTitles(_ player: OpaquePointer) -> [Title] {
  guard inputIsRunning(player) else { return [] }
  var list: UnsafeMutablePointer<UnsafeMutablePointer<libvlc_title_description_t>?>? = nil
  let count = libvlc_media_player_get_full_title_descriptions(player, &list)
  guard let list, count >= 0 else { return [] }
  defer { libvlc_title_descriptions_release(list, UInt32(count)) }
  return (0..<Int(count)).compactMap { index in
    list[index].map {
      Title(
        index: index, name: nonEmpty($0.pointee.psz_name),
        duration: .milliseconds($0.pointee.i_duration),
        isMenu: $0.pointee.i_flags & UInt32(libvlc_title_menu) != 0)
    }
  }
}

/// The streams of a libVLC track description list (audio, video or subtitle), which it
/// releases: each one's id and name, the "Disable" entry (id -1) left out. Call on the
/// player's queue.
func trackDescriptions(_ list: UnsafeMutablePointer<libvlc_track_description_t>?) -> [(
  id: Int, name: String?
)] {
  defer { if let list { libvlc_track_description_list_release(list) } }
  var result: [(id: Int, name: String?)] = []
  var node = list
  while let current = node {
    let id = Int(current.pointee.i_id)
    if id >= 0 { result.append((id, nonEmpty(current.pointee.psz_name))) }
    node = current.pointee.p_next
  }
  return result
}
