// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

internal import CLibVLC

extension Media {
  /// The entries of a playlist file (M3U, PLS, XSPF, …) or of any media libVLC expands into
  /// several items, as a new list.
  ///
  /// Parses the media first (see ``parse(timeout:network:depth:)``); libVLC adds the entries while
  /// parsing, with relative paths resolved against the playlist's location and `#EXTINF`
  /// titles as metadata. The returned list is independent: changing it does not change the
  /// playlist. A media that is not a playlist gives an empty list. Maps
  /// `libvlc_media_subitems`.
  ///
  /// - Parameters:
  ///   - timeout: how long parsing may take.
  ///   - network: also parse network playlists (HTTP, …).
  /// - Throws: what ``parse(timeout:network:depth:)`` throws.
  public func subItems(timeout: Duration = .seconds(5), network: Bool = false)
    async throws(VLCError) -> MediaList
  {
    _ = try await parse(timeout: timeout, network: network)
    guard let native = libvlc_media_subitems(pointer) else { return MediaList(instance: instance) }
    defer { libvlc_media_list_release(native) }
    var children: [OpaquePointer] = []
    libvlc_media_list_lock(native)
    for index in 0..<libvlc_media_list_count(native) {
      // Each comes retained; the Media made from it adopts that reference.
      if let child = libvlc_media_list_item_at_index(native, index) { children.append(child) }
    }
    libvlc_media_list_unlock(native)
    let media = children.map { Media(instance: instance, pointer: $0) }
    return try MediaList(media, instance: instance)
  }
}
