// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import SwiftVLC
import SwiftVLCCommandLine

/// `swiftvlc discover`: starts every libVLC discovery service of the kinds asked for, prints
/// what they find as they find it, and stops them after the duration.
///
/// A service that cannot start is skipped with a note on stderr. A kind none of whose services
/// could start (renderers without avahi-daemon) is an error: exit status 1, after listening
/// with the services that did start.
@MainActor
enum DiscoverCommand {
  static func run(_ options: Command.Discover) async -> ExitCode {
    let instance: VLCInstance
    do {
      instance = try VLCInstance(arguments: VLCInstance.headlessArguments)
    } catch {
      Console.error("discover: \(error)")
      return .mediaError
    }
    var session = Session(instance: instance)
    var status = ExitCode.success
    for kind in options.kinds {
      guard let failures = await session.start(kind) else { continue }
      // Nothing of this kind started: one line with every reason.
      let reasons = failures.isEmpty ? ["libVLC has no service for it"] : failures
      Console.error(
        "discover: cannot look for \(kind.rawValue): \(reasons.joined(separator: "; "))")
      status = .mediaError
    }
    if session.isRunning {
      try? await Task.sleep(for: options.duration)
      await session.stop()
    }
    return status
  }

  /// The discoverers started, and the tasks printing what they find.
  private struct Session {
    let instance: VLCInstance
    private var media: [MediaDiscoverer] = []
    private var renderers: [RendererDiscoverer] = []
    private var printing: [Task<Void, Never>] = []

    init(instance: VLCInstance) { self.instance = instance }

    var isRunning: Bool { !media.isEmpty || !renderers.isEmpty }

    /// Starts every service of `kind`; returns `nil` when at least one started (noting the
    /// others on stderr), otherwise why each failed.
    mutating func start(_ kind: Command.DiscoveryKind) async -> [String]? {
      var failures: [String] = []
      var started = 0
      switch kind {
      case .renderers:
        for service in RendererDiscoverer.services(instance: instance) {
          if let failure = await startRendererService(service) {
            failures.append(failure)
          } else {
            started += 1
          }
        }
      case .lan, .local:
        let category: DiscoveryCategory = kind == .lan ? .lan : .localDirectories
        for service in MediaDiscoverer.services(category: category, instance: instance) {
          if let failure = await startMediaService(service, kind: kind) {
            failures.append(failure)
          } else {
            started += 1
          }
        }
      }
      guard started > 0 else { return failures }
      for failure in failures { Console.error("discover: \(kind.rawValue): skipped: \(failure)") }
      return nil
    }

    /// Starts one media discovery service and prints what it finds; returns why it failed.
    private mutating func startMediaService(
      _ service: DiscoveryService, kind: Command.DiscoveryKind
    ) async -> String? {
      do {
        let discoverer = try MediaDiscoverer(name: service.name, instance: instance)
        let events = discoverer.events  // before start: nothing found is missed
        try await discoverer.start()
        media.append(discoverer)
        let prefix = "\(kind.rawValue) \(service.name)"
        printing.append(
          Task {
            for await case .added(let item, _) in events { Console.line("\(prefix) \(item.mrl)") }
          })
        return nil
      } catch {
        return error.description
      }
    }

    /// Starts one renderer discovery service and prints what it finds; returns why it failed.
    private mutating func startRendererService(_ service: DiscoveryService) async -> String? {
      do {
        let discoverer = try RendererDiscoverer(name: service.name, instance: instance)
        let events = discoverer.events
        try await discoverer.start()
        renderers.append(discoverer)
        let prefix = "renderers \(service.name)"
        printing.append(
          Task {
            for await case .itemAdded(let renderer) in events {
              Console.line("\(prefix) \(renderer.type) \(renderer.name)")
            }
          })
        return nil
      } catch {
        return error.description
      }
    }

    /// Stops printing, then every discoverer (at most 2 s in all: the process exits next).
    func stop() async {
      for task in printing { task.cancel() }
      let (media, renderers) = (media, renderers)
      _ = await withDeadline(.seconds(2)) {
        for discoverer in media { await discoverer.stop() }
        for discoverer in renderers { await discoverer.stop() }
      }
    }
  }
}
