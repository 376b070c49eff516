// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Runs `body`, giving up after `limit`: returns its result, or `nil` when time ran out first.
///
/// The body is then cancelled but not awaited: work that ignores cancellation (a libVLC stop)
/// goes on in the background while the caller moves on.
func withDeadline<T: Sendable>(
  _ limit: Duration, _ body: @escaping @Sendable () async -> T
) async -> T? {
  let (results, result) = AsyncStream.makeStream(of: T?.self)
  let work = Task { result.yield(await body()) }
  let timer = Task {
    try? await Task.sleep(for: limit)
    result.yield(nil)
  }
  defer {
    work.cancel()
    timer.cancel()
  }
  for await value in results { return value }
  return nil
}
