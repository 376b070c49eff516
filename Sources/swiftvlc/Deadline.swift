/// Runs `body`, giving up after `limit`: returns its result, or `nil` when time ran out first
/// (the body is then cancelled and must honour cancellation).
func withDeadline<T: Sendable>(
  _ limit: Duration, _ body: @escaping @Sendable () async -> T
) async -> T? {
  await withTaskGroup(of: T?.self) { group in
    group.addTask { await body() }
    group.addTask {
      try? await Task.sleep(for: limit)
      return nil
    }
    defer { group.cancelAll() }
    return await group.next() ?? nil
  }
}
