// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import Foundation
import SwiftVLC
import Synchronization
import Testing

@Suite("Broadcaster")
struct BroadcasterTests {
  @Test("every subscriber receives every element in order")
  func fanOut() async throws {
    let broadcaster = Broadcaster<Int>()
    let streams = (0..<5).map { _ in broadcaster.subscribe() }
    for value in 0..<100 { broadcaster.broadcast(value) }
    broadcaster.finishAll()
    for stream in streams {
      let received = try await within(.seconds(5), "the elements") {
        await stream.reduce(into: []) { $0.append($1) }
      }
      #expect(received == Array(0..<100))
    }
  }

  @Test("a filtered subscriber only sees matching elements")
  func filter() async throws {
    let broadcaster = Broadcaster<Int>()
    let evens = broadcaster.subscribe { $0.isMultiple(of: 2) }
    for value in 0..<10 { broadcaster.broadcast(value) }
    broadcaster.finishAll()
    let received = try await within(.seconds(5), "the elements") {
      await evens.reduce(into: []) { $0.append($1) }
    }
    #expect(received == [0, 2, 4, 6, 8])
  }

  @Test("after terminate, subscribe returns a stream that has already finished")
  func terminate() async throws {
    let broadcaster = Broadcaster<Int>()
    let early = broadcaster.subscribe()
    broadcaster.terminate()
    broadcaster.broadcast(1)
    let late = broadcaster.subscribe()
    #expect(broadcaster.subscriberCount == 0)
    let counts = try await within(.seconds(5), "finished streams") {
      (await early.reduce(0) { n, _ in n + 1 }, await late.reduce(0) { n, _ in n + 1 })
    }
    #expect(counts == (0, 0))
  }

  @Test("after finishAll, new subscribers receive new elements")
  func finishAllAllowsResubscribing() async throws {
    let broadcaster = Broadcaster<String>()
    let first = broadcaster.subscribe()
    broadcaster.finishAll()
    let second = broadcaster.subscribe()
    broadcaster.broadcast("after")
    let value = try await second.first(within: .seconds(5), "the element") { _ in true }
    #expect(value == "after")
    let ended = try await within(.seconds(5), "the first stream to end") {
      await first.reduce(0) { n, _ in n + 1 }
    }
    #expect(ended == 0)
  }

  @Test("cancelling a consumer unsubscribes it and reports the count")
  func cancellationUnsubscribes() async throws {
    let counts = Recorder<Int>()
    let broadcaster = Broadcaster<Int> { counts.append($0) }
    let stream = broadcaster.subscribe()
    let consumer = Task { for await _ in stream {} }
    consumer.cancel()
    await consumer.value
    #expect(broadcaster.subscriberCount == 0)
    #expect(counts.values == [1, 0])
  }

  @Test("thousands of subscribe/cancel cycles racing broadcasts never deadlock")
  func storm() async throws {
    let broadcaster = Broadcaster<Int>()
    let producing = Flag(true)
    try await within(.seconds(60), "the storm to finish") {
      await withTaskGroup(of: Void.self) { group in
        // Producers on threads of their own, in bursts: spinning on the cooperative pool (two
        // threads on two cores) they held it, and every other test's tasks, for the storm's
        // seconds. A burst of 32 every 0.1 ms still sends each consumer's three values within
        // microseconds of its subscribe and cancel.
        for producer in 0..<3 {
          group.addTask {
            _ = try? await offThePool {
              var value = producer
              while producing.value {
                broadcaster.broadcast(value)
                value += 1
                if value.isMultiple(of: 32) { usleep(100) }
              }
            }
          }
        }
        group.addTask {
          await withTaskGroup(of: Void.self) { consumers in
            for _ in 0..<4 {
              consumers.addTask {
                for _ in 0..<750 {
                  let stream = broadcaster.subscribe(bufferingPolicy: .bufferingNewest(8))
                  let task = Task {
                    var seen = 0
                    for await _ in stream {
                      seen += 1
                      if seen == 3 { break }
                    }
                  }
                  if Bool.random() { task.cancel() }
                  _ = await task.value
                }
              }
            }
          }
          producing.value = false
        }
      }
    }
    #expect(broadcaster.subscriberCount == 0)
  }
}
