#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A bound, listening, non-blocking TCP socket that the server hands to libmicrohttpd.
///
/// Binding it ourselves (rather than letting libmicrohttpd do it) lets a failure say why:
/// `errno` from `bind` is still intact.
struct ListeningSocket: Sendable {
  /// The socket's file descriptor.
  let descriptor: Int32
  /// The bound port, which differs from the requested one when that was 0.
  let port: UInt16
  /// Whether the socket is an IPv6 one.
  let isIPv6: Bool

  /// Opens a socket listening on `host` and `port`.
  ///
  /// - Throws: `HTTPServerError` when the host is no IP address or the system refuses.
  static func open(host: String, port: UInt16) throws(HTTPServerError) -> ListeningSocket {
    let address = try ListenAddress(host)
    let place = "\(address.display):\(port)"
    let descriptor = socket(address.family, Self.streamType, 0)
    guard descriptor >= 0 else { throw failure(errno, place) }
    do throws(HTTPServerError) {
      var yes: Int32 = 1
      let length = socklen_t(MemoryLayout<Int32>.size)
      guard setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, length) == 0 else {
        throw failure(errno, place)
      }
      if address.isIPv6 {
        guard setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &yes, length) == 0 else {
          throw failure(errno, place)
        }
      }
      guard address.bindSocket(descriptor, port: port) == 0 else { throw failure(errno, place) }
      guard listen(descriptor, SOMAXCONN) == 0 else { throw failure(errno, place) }
      let flags = fcntl(descriptor, F_GETFL)
      guard flags >= 0, fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0 else {
        throw failure(errno, place)
      }
      let boundPort = try boundPort(of: descriptor, place: place)
      return ListeningSocket(descriptor: descriptor, port: boundPort, isIPv6: address.isIPv6)
    } catch {
      closeDescriptor(descriptor)
      throw error
    }
  }

  /// Closes the socket, which frees the port.
  func close() {
    closeDescriptor(descriptor)
  }

  private static var streamType: Int32 {
    #if canImport(Glibc)
      Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
    #else
      SOCK_STREAM
    #endif
  }

  private static func boundPort(of descriptor: Int32, place: String) throws(HTTPServerError)
    -> UInt16
  {
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let result = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard result == 0 else { throw failure(errno, place) }
    let isIPv6 = storage.ss_family == sa_family_t(AF_INET6)
    return withUnsafePointer(to: &storage) { pointer in
      if isIPv6 {
        return pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin6_port)
        }
      }
      return pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        UInt16(bigEndian: $0.pointee.sin_port)
      }
    }
  }

  private static func failure(_ code: Int32, _ place: String) -> HTTPServerError {
    switch code {
    case EADDRINUSE:
      return HTTPServerError(
        .addressInUse, "Cannot listen on \(place): the port is in use.", systemError: code)
    case EACCES, EPERM:
      return HTTPServerError(
        .permissionDenied, "Cannot listen on \(place): permission denied.", systemError: code)
    case EADDRNOTAVAIL:
      return HTTPServerError(
        .addressNotAvailable,
        "Cannot listen on \(place): the address does not belong to this machine.",
        systemError: code)
    default:
      let reason = String(cString: strerror(code))
      return HTTPServerError(
        .socketFailed, "Cannot listen on \(place): \(reason).", systemError: code)
    }
  }
}

/// An IPv4 or IPv6 address to listen on, parsed from the configured host.
private struct ListenAddress {
  private var ipv4 = in_addr()
  private var ipv6 = in6_addr()
  let isIPv6: Bool
  let display: String

  init(_ host: String) throws(HTTPServerError) {
    let literal = host == "localhost" ? "127.0.0.1" : host
    var unbracketed = Substring(literal)
    if unbracketed.hasPrefix("["), unbracketed.hasSuffix("]") {
      unbracketed = unbracketed.dropFirst().dropLast()
    }
    if inet_pton(AF_INET, literal, &ipv4) == 1 {
      isIPv6 = false
      display = literal
    } else if inet_pton(AF_INET6, String(unbracketed), &ipv6) == 1 {
      isIPv6 = true
      display = "[\(unbracketed)]"
    } else {
      throw HTTPServerError(.invalidAddress, "'\(host)' is not an IP address.")
    }
  }

  var family: Int32 { isIPv6 ? AF_INET6 : AF_INET }

  func bindSocket(_ descriptor: Int32, port: UInt16) -> Int32 {
    if isIPv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      address.sin6_addr = ipv6
      return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = ipv4
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }
}

/// `close(2)`, reachable from types that have a `close()` method of their own.
private func closeDescriptor(_ descriptor: Int32) {
  _ = close(descriptor)
}
