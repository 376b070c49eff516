internal import CLibVLC

extension Media {
  /// A new media for the same source, with this media's options plus `options`.
  ///
  /// libVLC cannot remove an option once added, so output options (`:sout`, `:start-time`) go
  /// on a copy and the caller's media stays as it was.
  func copy(adding options: [String]) throws(VLCError) -> Media {
    guard let pointer = libvlc_media_duplicate(pointer) else {
      throw .operationFailed("libVLC could not copy the media \(mrl)")
    }
    let copy = Media(instance: instance, pointer: pointer)
    for option in options { copy.addOption(option) }
    return copy
  }

  /// Whether the source is a local file, which libVLC reads faster than real time and whose
  /// playback time it always knows.
  var isLocalFile: Bool { mrl.hasPrefix("file://") }
}

/// A media option value for a time in seconds, such as `"12.345"`.
func optionSeconds(_ duration: Duration) -> String {
  String(Double(duration.milliseconds) / 1_000)
}
