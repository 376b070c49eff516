// SPDX-FileCopyrightText: 2026 The SwiftVLC authors
// SPDX-License-Identifier: LGPL-2.1-or-later

import FoundationEssentials
import Glibc
import Synchronization

extension TransportStreamProgram {
  /// Reads the programs of a live transport stream from its first packets: the PAT, every
  /// program's map table, and the service names when the stream has an SDT.
  ///
  /// libVLC 3 lists no programs, and over the network its TS demuxer reads only the map
  /// table of the program it plays, so the programs are read here, before playing.
  /// `location` is a VLC UDP or RTP address, `udp://@127.0.0.1:1234` (unicast),
  /// `udp://@239.1.1.1:1234` (a multicast group, joined for the time of the read) or
  /// `udp://@:1234` (any address); a `file://` URL reads the file's first 4 MiB. It returns
  /// once the tables are complete, or at the time limit with what was read (no names when
  /// the SDT did not come: DVB repeats it every 2 s at most). Blocks a dispatch thread, never
  /// the caller's, while it waits.
  ///
  /// The read binds the port: a unicast stream that a player is already receiving cannot be
  /// read at the same time (one socket gets the datagrams), so read before playing, then
  /// play with ``Media/selectProgram(_:)``.
  ///
  /// - Throws: ``VLCError/invalidInput(_:)`` for a location that is not a UDP, RTP or file
  ///   address; ``VLCError/invalidState(_:)`` when the port is taken (a player receiving it);
  ///   ``VLCError/timeout(_:)`` when no program table arrived within `limit`;
  ///   ``VLCError/cancelled`` when the calling task is cancelled.
  public static func programs(
    at location: URL, within limit: Duration = .seconds(5)
  ) async throws(VLCError) -> [TransportStreamProgram] {
    if location.isFileURL { return try programs(inFile: location.path) }
    let endpoint = try UDPEndpoint(location)
    let cancelled = Atomic<Bool>(false)
    let result = await withTaskCancellationHandler {
      await OwnThread.run {
        Result { () throws(VLCError) in
          try endpoint.readPrograms(within: limit, cancelled: cancelled)
        }
      }
    } onCancel: {
      cancelled.store(true, ordering: .relaxed)
    }
    return try result.get()
  }
}

/// The bind address and port of a VLC `udp://` or `rtp://` location.
private struct UDPEndpoint {
  var host: String
  var port: UInt16
  var isMulticast: Bool
  var location: String

  init(_ url: URL) throws(VLCError) {
    location = url.absoluteString
    guard let scheme = url.scheme?.lowercased(), scheme == "udp" || scheme == "rtp" else {
      throw .invalidInput("\(location) is not a udp://, rtp:// or file:// address")
    }
    // udp://[source]@[bind address]:port; the part after "@" is what to listen on.
    var address = String(location.dropFirst(scheme.count + 3))
    address = String(address.split(separator: "/", maxSplits: 1).first ?? "")
    if let at = address.lastIndex(of: "@") {
      address = String(address[address.index(after: at)...])
    }
    guard let colon = address.lastIndex(of: ":"),
      let port = UInt16(address[address.index(after: colon)...]), port > 0
    else { throw .invalidInput("\(location) names no port") }
    host = String(address[..<colon])
    self.port = port
    var group = in_addr()
    guard host.isEmpty || inet_pton(AF_INET, host, &group) == 1 else {
      throw .invalidInput("\(location): \(host) is not an IPv4 address")
    }
    isMulticast = !host.isEmpty && (UInt32(bigEndian: group.s_addr) >> 28) == 0xE
  }

  /// Binds, joins the group if any, reads datagrams until the tables are complete or time
  /// is up, and closes the socket.
  func readPrograms(
    within limit: Duration, cancelled: borrowing Atomic<Bool>
  ) throws(VLCError) -> [TransportStreamProgram] {
    let socket = try bound()
    defer { close(socket) }
    let start = ContinuousClock.now
    var mapsComplete: ContinuousClock.Instant?
    var reader = TransportStreamTables()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    while ContinuousClock.now - start < limit {
      if cancelled.load(ordering: .relaxed) { throw .cancelled }
      if reader.hasEveryMap {
        // The SDT comes at most every 2 s in DVB; streams without one are not waited on longer.
        if reader.hasServiceDescriptions { break }
        if let complete = mapsComplete, ContinuousClock.now - complete > .milliseconds(2_100) {
          break
        }
        mapsComplete = mapsComplete ?? .now
      }
      var poll = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      guard Glibc.poll(&poll, 1, 50) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { continue }
      buffer.withUnsafeBytes { bytes in
        let datagram = UnsafeRawBufferPointer(rebasing: bytes[..<count])
        try? reader.read(Self.transportStream(in: datagram))
      }
    }
    guard reader.hasEveryMap, let programs = reader.programs else {
      throw .timeout("no program tables from \(location) within \(formatSeconds(limit))")
    }
    return programs
  }

  /// The TS packets of a datagram: all of it for raw UDP, after the header for RTP.
  private static func transportStream(in datagram: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer
  {
    guard let first = datagram.first, first != 0x47, first >> 6 == 2, datagram.count > 12 else {
      return datagram
    }
    let header = 12 + 4 * Int(first & 0x0F)
    return header < datagram.count
      ? UnsafeRawBufferPointer(rebasing: datagram[header...]) : datagram
  }

  /// A UDP socket bound to the port (and the group, joined, for multicast).
  private func bound() throws(VLCError) -> Int32 {
    // Close-on-exec: a child the program starts during the read (any `posix_spawn` or fork
    // that does not close what it inherits, such as an exit test) would keep the port bound
    // after the read, and a player opening it next would fail ("Address already in use").
    let socket = Glibc.socket(
      AF_INET, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw .operationFailed("socket: \(String(cString: strerror(errno)))") }
    var yes: Int32 = 1
    if isMulticast {  // other receivers of the group may share the port
      setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    if !host.isEmpty { inet_pton(AF_INET, host, &address.sin_addr) }
    let bindResult = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bindResult == 0 else {
      let reason = String(cString: strerror(errno))
      let inUse = errno == EADDRINUSE
      close(socket)
      if inUse { throw .invalidState("\(location): the port is taken (a player receiving it?)") }
      throw .operationFailed("\(location): bind: \(reason)")
    }
    if isMulticast {
      var membership = ip_mreq()
      membership.imr_multiaddr = address.sin_addr
      membership.imr_interface.s_addr = INADDR_ANY
      guard
        setsockopt(
          socket, Int32(IPPROTO_IP), IP_ADD_MEMBERSHIP, &membership,
          socklen_t(MemoryLayout<ip_mreq>.size)) == 0
      else {
        let reason = String(cString: strerror(errno))
        close(socket)
        throw .operationFailed("\(location): joining the group: \(reason)")
      }
    }
    return socket
  }
}
