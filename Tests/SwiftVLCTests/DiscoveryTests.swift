// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

/// Media discovery with libVLC's real services, one test at a time: the local-folder tests
/// share the process's videos folder (``VideoFolder``), and SAP listens on one port. The SAP
/// test announces a stream to a discoverer listening on 127.0.0.1, so it needs no network.
@Suite("Discovery", .serialized, .sharesTheMachineInTurn())
struct DiscoveryTests {
  @Test(
    "a SAP announcement is discovered, and removed when it stops or the service stops",
    .disabled(if: StressLevel.underThreadSanitizer, "ThreadSanitizer aborts on SAP's thread"))
  func sapAnnouncement() async throws {
    // The SAP service listens on this address instead of the multicast groups, and forgets a
    // session not announced for 4 s. (libVLC 3 ignores SAP deletion packets.)
    let instance = try VLCInstance(
      arguments: VLCInstance.headlessArguments + ["--sap-addr=127.0.0.1", "--sap-timeout=4"])
    let discoverer = try MediaDiscoverer(name: "sap", instance: instance)
    let announcer = SAPAnnouncer(sessionName: "SwiftVLC test", hash: .random(in: 1...0xFFFF))
    try await discoverer.start()
    #expect(discoverer.isRunning)

    // Subscribed before the announcement: the expiry may come before the next line is reached
    // (beside stress-ng it once came within the 2 s this test used to give it).
    let changes = discoverer.events
    let media = try await announcer.announce(to: discoverer)
    #expect(media.mrl == "rtp://@239.255.12.42:5004")

    // Silence: the session expires. Once libVLC trusts the announcer's period (six packets),
    // it forgets a session silent for three periods; a sender stalled that long by a loaded
    // machine has its session removed and found again, so the last removal is the expiry.
    let expired = try await changes.first(within: .seconds(15), "the expiry") {
      if case .removed = $0 { discoverer.items.isEmpty } else { false }
    }
    guard case .removed(let gone, 0) = expired else {
      Issue.record("expected the removal of item 0, got \(expired)")
      return
    }
    #expect(gone.mrl == media.mrl)

    // Announced again, it is removed when the service stops.
    _ = try await announcer.announce(to: discoverer)
    let removals = discoverer.events
    try await within(.seconds(5), "stopping SAP discovery") { await discoverer.stop() }
    #expect(!discoverer.isRunning)
    let removed = try await removals.first(within: .seconds(15), "the removal") { _ in true }
    guard case .removed = removed else {
      Issue.record("expected a removal, got \(removed)")
      return
    }
    #expect(discoverer.items.isEmpty)
  }

  @Test("local-folder discovery starts and stops cleanly, and stop is idempotent")
  func videoFolder() async throws {
    VideoFolder.empty()
    let instance = try headlessInstance()
    let discoverer = try MediaDiscoverer(name: "video_dir", instance: instance)
    await discoverer.stop()  // never started: nothing to stop
    try await discoverer.start()
    try await discoverer.start()  // already running: nothing happens
    #expect(discoverer.isRunning)
    try await within(.seconds(5), "stopping") { await discoverer.stop() }
    #expect(!discoverer.isRunning)
    try await within(.seconds(5), "stopping again") { await discoverer.stop() }
  }

  @Test("local-folder discovery fills a read-only list, empties it on stop, and never twice")
  func videoFolderItems() async throws {
    let found = try VideoFolder.fill(with: [.shortMP4, .seekMP4, .shortTS])
    defer { VideoFolder.empty() }
    let instance = try headlessInstance()
    let discoverer = try MediaDiscoverer(name: "video_dir", instance: instance)
    let items = discoverer.items
    #expect(items.isReadOnly)
    let listChanges = items.events

    // libVLC 3 keeps what this service found across a stop and lists it twice after a
    // restart; the discoverer's list must not.
    for run in 1...2 {
      let events = discoverer.events
      try await discoverer.start()
      try await VideoFolder.awaitDiscovery(of: found, on: events)
      #expect(Set(items.media.map(\.mrl)) == found, "run \(run)")
      if run == 1 {
        // Only the service changes the list.
        let readOnly = VLCError.invalidState(
          "only media discovery service 'video_dir' changes its list")
        #expect(throws: readOnly) {
          try items.append(Media(path: Fixture.shortMP4.path, instance: instance))
        }
        #expect(throws: readOnly) {
          try items.insert(Media(path: Fixture.shortMP4.path, instance: instance), at: 0)
        }
        #expect(throws: readOnly) { try items.remove(at: 0) }
        #expect(items.count == found.count)
      }
      await discoverer.stop()
      #expect(items.isEmpty, "run \(run): the list is empty once stop returns")
    }
    let changes = try await within(.seconds(5), "the list's changes") {
      var changes: [MediaListEvent] = []
      for await change in listChanges {
        changes.append(change)
        if changes.count == 12 { return changes }
      }
      return changes
    }
    let run: [MediaListEvent] =
      [.itemAdded(index: 0), .itemAdded(index: 1), .itemAdded(index: 2)]
      + [.itemDeleted(index: 2), .itemDeleted(index: 1), .itemDeleted(index: 0)]
    #expect(changes == run + run)
  }

  @Test("a media list player plays what discovery found; dropping the discoverer empties it")
  @MainActor
  func playDiscovered() async throws {
    let found = try VideoFolder.fill(with: [.shortMP4])
    defer { VideoFolder.empty() }
    let instance = try headlessInstance()
    var discoverer: MediaDiscoverer? = try MediaDiscoverer(name: "video_dir", instance: instance)
    let items = try #require(discoverer?.items)
    let events = try #require(discoverer?.events)
    try await discoverer?.start()
    try await VideoFolder.awaitDiscovery(of: found, on: events)

    let listPlayer = MediaListPlayer(list: items)
    // Events, not polling: a busy main actor can miss the 1 s clip's Playing state.
    let listEvents = listPlayer.events
    let playerEvents = listPlayer.player.events
    try listPlayer.play(at: 0)
    let seen = try await listEvents.collect(
      within: .seconds(20), "the discovered file to play to the list's end"
    ) { $0 == .listEnded }
    #expect(seen == [.itemStarted(index: 0), .listEnded])
    let played = try await playerEvents.collect(within: .seconds(10), "the player's end") {
      $0 == .endReached
    }
    #expect(played.contains(.stateChanged(.playing)), "\(played)")
    try await waitUntil("the player to end") { listPlayer.player.state == .ended }
    #expect(listPlayer.player.currentMedia === items[0])
    #expect(found == [items[0].mrl])

    discoverer = nil
    try await waitUntil("the dropped discoverer's list to empty", within: .seconds(15)) {
      items.isEmpty
    }
  }

  @Test("a hundred start/stop cycles, with and without an explicit stop, do not crash")
  func startStopCycles() async throws {
    VideoFolder.empty()
    let instance = try headlessInstance()
    let reused = try MediaDiscoverer(name: "video_dir", instance: instance)
    try await within(.seconds(30), "100 cycles") {
      for cycle in 0..<100 {
        try await reused.start()
        await reused.stop()
        // A fresh discoverer dropped while running stops itself on its queue.
        let sap = cycle.isMultiple(of: 2) && !StressLevel.underThreadSanitizer
        let dropped = try MediaDiscoverer(name: sap ? "sap" : "video_dir", instance: instance)
        try await dropped.start()
      }
    }
    #expect(!reused.isRunning)
  }

}

/// Discovery services and renderers: tests that share no folder or port, so they run side by
/// side. (The type name keeps them in CI's ThreadSanitizer lane, which filters on DiscoveryTests.)
@Suite("Discovery services and renderers", .sharesTheMachine)
struct ServiceDiscoveryTests {
  @Test("each category lists libVLC's services, with the standard ones present")
  func services() throws {
    let instance = try headlessInstance()
    for category in DiscoveryCategory.allCases {
      let services = MediaDiscoverer.services(category: category, instance: instance)
      #expect(services.allSatisfy { $0.category == category && !$0.name.isEmpty })
    }
    let lan = MediaDiscoverer.services(category: .lan, instance: instance).map(\.name)
    #expect(lan.contains("sap"))
    let folders = MediaDiscoverer.services(category: .localDirectories, instance: instance)
    #expect(folders.map(\.name).contains("video_dir"))
    let renderers = RendererDiscoverer.services(instance: instance)
    #expect(renderers.allSatisfy { $0.category == nil })
  }

  @Test("an unknown service fails to start with libVLC's reason, and stopping it is safe")
  func unknownService() async throws {
    let instance = try headlessInstance()
    let discoverer = try MediaDiscoverer(name: "no_such_service", instance: instance)
    let error = await #expect(throws: VLCError.self) { try await discoverer.start() }
    #expect(
      error
        == .operationFailed(
          "media discovery service 'no_such_service' could not start: "
            + "no_such_service: no such discovery module found"))
    #expect(!discoverer.isRunning)
    // libVLC 3 crashes when a discoverer that failed to start is stopped; this must not.
    await discoverer.stop()
    #expect(throws: VLCError.invalidInput("the discovery service name is empty")) {
      try MediaDiscoverer(name: "", instance: instance)
    }
  }

  @Test(
    "renderer discovery without avahi-daemon fails with a typed error",
    .enabled(if: !avahiDaemonRunning, "an avahi-daemon is running here"))
  func rendererWithoutAvahi() async throws {
    let instance = try headlessInstance()
    try #require(
      RendererDiscoverer.services(instance: instance).map(\.name).contains("avahi_renderer"))
    let discoverer = try RendererDiscoverer(name: "avahi_renderer", instance: instance)
    let error = await #expect(throws: VLCError.self) { try await discoverer.start() }
    #expect(
      error
        == .operationFailed(
          "renderer discovery service 'avahi_renderer' could not start "
            + "(it needs a running avahi-daemon)"))
    #expect(!discoverer.isRunning)
    #expect(discoverer.renderers.isEmpty)
    await discoverer.stop()
  }

  @Test(
    "renderer discovery starts and stops with avahi-daemon running",
    .enabled(if: avahiDaemonRunning, "no avahi-daemon runs here"))
  func rendererWithAvahi() async throws {
    let instance = try headlessInstance()
    let discoverer = try RendererDiscoverer(name: "avahi_renderer", instance: instance)
    try await discoverer.start()
    #expect(discoverer.isRunning)
    try await within(.seconds(5), "stopping") { await discoverer.stop() }
    #expect(!discoverer.isRunning)
  }

  @Test("clearing the renderer keeps playback local")
  @MainActor
  func noRenderer() async throws {
    let instance = try headlessInstance()
    let player = Player(instance: instance)
    try player.setRenderer(nil)
    try player.play(Media(path: Fixture.shortMP4.path, instance: instance))
    // The 1 s clip can be over before a busy main actor looks: playing or already ended.
    try await waitUntil("local playback") { player.state == .playing || player.state == .ended }
    try player.setRenderer(nil)
    try await waitUntil("the end") { player.state == .ended }
    #expect(player.outcome == .ended)
  }
}

/// Whether an avahi-daemon answers on this machine (its socket exists).
private let avahiDaemonRunning = FileManager.default.fileExists(
  atPath: "/run/avahi-daemon/socket")

/// Sends SAP (RFC 2974) announcements of one RTP session to 127.0.0.1:9875.
private struct SAPAnnouncer {
  let sessionName: String
  let hash: UInt16

  /// Announces every 250 ms until `discoverer` reports the session (libVLC binds its socket
  /// on its own thread, a little after `start()` returns), and returns it.
  func announce(to discoverer: MediaDiscoverer) async throws -> Media {
    let events = discoverer.events
    let repeating = Task {
      while !Task.isCancelled {
        send()
        try? await Task.sleep(for: .milliseconds(250))
      }
    }
    defer { repeating.cancel() }
    let added = try await events.first(within: .seconds(10), "the announced session") { _ in true }
    guard case .added(let media, _) = added else { throw UnexpectedEvent(event: added) }
    // Still announcing: libVLC forgets a session silent for three periods (750 ms here once
    // it trusts the period), which a loaded machine can let pass before the caller looks.
    // A CI run beside other test processes took more than 10 s.
    try await waitUntil("the session in the list", within: .seconds(20)) {
      discoverer.items.media.contains { $0.mrl == media.mrl }
    }
    return media
  }

  struct UnexpectedEvent: Error { var event: MediaDiscoveryEvent }

  /// Sends one announcement, or its deletion.
  func send(deletion: Bool = false) {
    let sdp = [
      "v=0", "o=- 1 1 IN IP4 127.0.0.1", "s=\(sessionName)", "c=IN IP4 239.255.12.42/255",
      "t=0 0", "m=video 5004 RTP/AVP 33",
    ].map { $0 + "\r\n" }.joined()
    // Version 1, IPv4 origin, announcement or deletion; no authentication.
    var packet: [UInt8] = [0x20 | (deletion ? 0x04 : 0), 0, UInt8(hash >> 8), UInt8(hash & 0xFF)]
    packet += [127, 0, 0, 1]
    packet += Array("application/sdp".utf8) + [0] + Array(sdp.utf8)

    let descriptor = socket(AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = UInt16(9875).bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    _ = withUnsafePointer(to: &address) { pointer in
      pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
        sendto(
          descriptor, packet, packet.count, 0, generic, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }
}
