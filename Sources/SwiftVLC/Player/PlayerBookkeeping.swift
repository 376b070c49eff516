/// The tracks a ``Player``'s caller selected, by kind (`nil`: libVLC's choice, or none).
struct TrackSelections {
  var audio: Track?
  var subtitle: Track?
  var video: Track?
}

/// How a ``Player`` reads the playback time.
struct TimeReading {
  /// When the time shown was read from libVLC (see ``Player/updateTime(_:position:readAt:isJump:)``).
  var readAt: ContinuousClock.Instant?
  /// Whether the session was reopened at a time (``Player/startRecording(to:container:)``)
  /// that ``Player/currentTime`` keeps showing until libVLC reads a time past 0 (it reads 0
  /// until its input has jumped there).
  var isHoldingStart = false
  /// Whether a read of the time is queued on the native player (see the tick task).
  var isReading = false
}

/// Where a ``Player``'s reading of the current media's tracks is.
struct TrackReading {
  /// Whether a read runs, and whether another was asked for meanwhile.
  var refresh = (running: false, requestedAgain: false)
  /// How often the current media's tracks were read again for missing descriptions.
  var detailRereads = 0
  /// When a read first found a listed track undescribed, while none has been published.
  var undescribedSince: ContinuousClock.Instant?
}

/// What a ``Player`` runs at each barrier it sent into the native event stream.
struct Barriers {
  var pending: [UInt64: @MainActor () -> Void] = [:]
  var next: UInt64 = 0
}
