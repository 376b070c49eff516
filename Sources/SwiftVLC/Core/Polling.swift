// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

/// Asks `condition` now and then every `interval` until it holds (`true`), or until
/// `deadline` passes or the task is cancelled (`false`): the one poll loop of the library,
/// for what libVLC 3 sends no event about (each caller says what). Runs on the caller's
/// actor; a cancelled task returns at once instead of asking again without sleeping (a
/// cancelled `Task.sleep` returns at once, which made loops that ignored it spin).
func poll(
  every interval: Duration, until deadline: ContinuousClock.Instant,
  isolation: isolated (any Actor)? = #isolation, _ condition: () async -> Bool
) async -> Bool {
  while true {
    if await condition() { return true }
    guard ContinuousClock.now < deadline, !Task.isCancelled else { return false }
    do { try await Task.sleep(for: interval) } catch { return false }
  }
}
