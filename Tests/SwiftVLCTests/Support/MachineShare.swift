import Foundation
import Testing

/// A suite trait for tests that play media, run libVLC's threads or start processes: at most
/// ``MachineShare/width`` of their test cases run at once, the rest wait their turn.
///
/// Swift Testing starts every test of a plain `swift test` at once. Three hundred libVLC
/// players decoding side by side on a 2-core machine leave each one a few per cent of a core,
/// and a test's own deadline (10 s for a 3 s clip) then measures the crowd, not the feature.
/// A test's deadlines start once it holds a share, so they stay meaningful; the tests are
/// still written to hold under load (other processes share the machine too).
/// `SWIFTVLC_TEST_WIDTH` overrides the width; the default is four per core.
struct MachineShare: TestTrait, SuiteTrait, TestScoping {
  /// How many shared test cases may run at once.
  static let width: Int = {
    if let value = ProcessInfo.processInfo.environment["SWIFTVLC_TEST_WIDTH"],
      let width = Int(value), width > 0
    {
      return width
    }
    return max(2, 4 * ProcessInfo.processInfo.activeProcessorCount)
  }()

  private static let gate = CountingGate(width: width)

  var isRecursive: Bool { true }

  func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    // The suite itself passes through; each of its test cases takes a share.
    guard testCase != nil else { return try await function() }
    await Self.gate.enter()
    do {
      try await function()
    } catch {
      await Self.gate.leave()
      throw error
    }
    await Self.gate.leave()
  }
}

extension Trait where Self == MachineShare {
  /// At most ``MachineShare/width`` test cases carrying this trait run at once.
  static var sharesTheMachine: Self { MachineShare() }
}

/// A counting semaphore for async code: first come, first served.
private actor CountingGate {
  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  init(width: Int) { free = width }

  func enter() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  func leave() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()  // the share passes straight to the next in line
    }
  }
}
