internal import CLibVLC

extension Media {
  /// A new, independent media for the same location, with this media's options plus `options`.
  ///
  /// libVLC cannot remove an option once added, so output options (`:sout`, `:start-time`) go
  /// on a copy and the caller's media stays as it was. The copy is made from the MRL, not with
  /// `libvlc_media_duplicate`: in libVLC 3 a duplicate shares the original's input item, so an
  /// option added to it is added to the original too. A custom input's copy reads from the
  /// same source (each playback opens it anew). Slaves added with
  /// ``addSlave(url:kind:priority:)`` are not carried over.
  func copy(adding options: [String]) throws(VLCError) -> Media {
    let copy: Media
    if let input {
      copy = Media(
        instance: instance, pointer: try input.makeNativeMedia(instance: instance), input: input)
    } else {
      clearLibVLCError()
      guard let pointer = libvlc_media_new_location(instance.pointer, mrl) else {
        throw .mediaCreationFailed(source: explain(mrl))
      }
      copy = Media(instance: instance, pointer: pointer)
    }
    for option in self.options + options { copy.addOption(option) }
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
