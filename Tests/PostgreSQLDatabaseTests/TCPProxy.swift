import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// A TCP relay on 127.0.0.1 in front of the test server that can be switched off and on: a
/// server outage (refused connections, dropped sessions) for one test's clients only, while the
/// shared server keeps running for everyone else.
final class TCPProxy: Sendable {
  private struct State {
    var listener: Int32 = -1
    var sockets: Set<Int32> = []
  }

  /// The port clients connect to.
  let port: UInt16
  private let target: UInt16
  private let state = Mutex(State())

  /// Starts relaying from a free port to `target` on 127.0.0.1.
  init(to target: UInt16) throws {
    self.target = target
    let listener = try Self.listen(port: 0)
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    port = UInt16(bigEndian: address.sin_port)
    state.withLock { $0.listener = listener }
    accept(on: listener)
  }

  deinit {
    stop()
  }

  /// Refuses new connections and drops the open ones, as a server going down does.
  func stop() {
    let (listener, sockets) = state.withLock { state in
      defer {
        state.listener = -1
        state.sockets = []
      }
      return (state.listener, state.sockets)
    }
    if listener >= 0 {
      shutdown(listener, Int32(SHUT_RDWR))  // wakes the accept loop, which closes it
    }
    for socket in sockets { shutdown(socket, Int32(SHUT_RDWR)) }
  }

  /// Accepts connections on the same port again, as a server back up does.
  func start() throws {
    let listener = try Self.listen(port: port)
    state.withLock { $0.listener = listener }
    accept(on: listener)
  }

  private static func listen(port: UInt16) throws -> Int32 {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var yes: Int32 = 1
    setsockopt(listener, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, Glibc.listen(listener, 64) == 0 else {
      close(listener)
      throw TestServer.Unreachable(description: "the test proxy cannot listen (errno \(errno))")
    }
    return listener
  }

  private func accept(on listener: Int32) {
    Thread.detachNewThread { [self] in
      while true {
        let client = Glibc.accept(listener, nil, nil)
        guard client >= 0 else { break }
        guard let upstream = connectToTarget() else {
          close(client)
          continue
        }
        let kept = state.withLock { state -> Bool in
          guard state.listener == listener else { return false }
          state.sockets.formUnion([client, upstream])
          return true
        }
        guard kept else {
          close(client)
          close(upstream)
          continue
        }
        let pair = Pair()
        relay(from: client, to: upstream, pair: pair)
        relay(from: upstream, to: client, pair: pair)
      }
      close(listener)
    }
  }

  private func connectToTarget() -> Int32? {
    let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = target.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(upstream)
      return nil
    }
    return upstream
  }

  /// The two relays of one connection: the second to finish closes both sockets.
  private final class Pair: Sendable {
    let finished = Mutex(0)
  }

  /// Copies bytes from `source` to `destination` until either side ends, then ends both.
  private func relay(from source: Int32, to destination: Int32, pair: Pair) {
    Thread.detachNewThread { [self] in
      var buffer = [UInt8](repeating: 0, count: 16_384)
      copying: while true {
        let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
        guard count > 0 else { break }
        var offset = 0
        while offset < count {
          let written = buffer.withUnsafeBytes {
            send(destination, $0.baseAddress! + offset, count - offset, Int32(MSG_NOSIGNAL))
          }
          guard written > 0 else { break copying }
          offset += written
        }
      }
      shutdown(source, Int32(SHUT_RDWR))
      shutdown(destination, Int32(SHUT_RDWR))
      let isSecond = pair.finished.withLock { finished -> Bool in
        finished += 1
        return finished == 2
      }
      guard isSecond else { return }
      state.withLock { state in
        state.sockets.remove(source)
        state.sockets.remove(destination)
      }
      close(source)
      close(destination)
    }
  }
}
