// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Testing

@Suite("Media slaves", .sharesTheMachine)
struct MediaSlaveTests {
  @Test("added subtitle and audio files are listed with their kind and priority, then removed")
  func listAndRemove() throws {
    let instance = try headlessInstance()
    let media = try Media(path: Fixture.shortMP4.path, instance: instance)
    #expect(media.slaves.isEmpty)
    try media.addSlave(url: Fixture.sidecarSRT.url, kind: .subtitle)
    try media.addSlave(url: Fixture.sineWAV.url, kind: .audio, priority: 2)
    let slaves = media.slaves
    #expect(slaves.count == 2)
    #expect(slaves.first?.kind == .subtitle)
    #expect(slaves.first?.priority == 4)
    #expect(slaves.first?.url.hasSuffix("sidecar.srt") == true)
    #expect(slaves.last?.kind == .audio)
    #expect(slaves.last?.priority == 2)
    media.removeSlaves()
    #expect(media.slaves.isEmpty)
  }
}
