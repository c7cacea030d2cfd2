import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The host and port of a `Host` header or of a URL's authority, read strictly: a DNS name,
/// an IPv4 address or a bracketed IPv6 address, then an optional `:port`.
public struct HostName: Hashable, Sendable {
  /// What kind of name it is.
  public enum Kind: Hashable, Sendable {
    /// `localhost` or a name under `.localhost`, which browsers resolve to this machine
    /// themselves (RFC 6761), never through DNS.
    case loopbackName
    /// An IPv4 or IPv6 address; ``HostName/host`` holds it in canonical form (IPv6 in brackets).
    case address
    /// Any other name, looked up in DNS: whoever runs that name's DNS decides where it points.
    case name
  }

  /// The host in lower case; an address in canonical form, IPv6 in brackets.
  public let host: String
  /// The port, when one was written.
  public let port: UInt16?
  /// What kind of name it is.
  public let kind: Kind

  /// Reads `host[:port]`; nil when it is not one.
  public init?(authority text: String) {
    let text = text.lowercased()
    var host: String
    var rest: Substring
    if text.hasPrefix("[") {
      guard let close = text.firstIndex(of: "]"),
        let canonical = Self.canonicalAddress(
          String(text[text.index(after: text.startIndex)..<close]))
      else { return nil }
      host = canonical
      rest = text[text.index(after: close)...]
    } else {
      let colon = text.firstIndex(of: ":") ?? text.endIndex
      host = String(text[..<colon])
      rest = text[colon...]
      guard !host.isEmpty, host.utf8.allSatisfy(Self.isNameByte) else { return nil }
    }
    if rest.isEmpty {
      port = nil
    } else {
      guard rest.hasPrefix(":"), rest.count >= 2, rest.count <= 6,
        rest.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }),
        let number = UInt16(rest.dropFirst()), number > 0
      else { return nil }
      port = number
    }
    if host.hasPrefix("[") {
      kind = .address
    } else if let canonical = Self.canonicalAddress(host) {
      host = canonical
      kind = .address
    } else if host == "localhost" || host.hasSuffix(".localhost") {
      kind = .loopbackName
    } else {
      kind = .name
    }
    self.host = host
  }

  /// Whether a byte may be part of a DNS name (lower case): a letter, digit, `-`, `.` or `_`.
  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
      UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"):
      true
    default: false
    }
  }

  /// The host with its port, as a `Host` header would carry it.
  public var authority: String { port.map { "\(host):\($0)" } ?? host }

  /// Whether this is a loopback name or address: this machine only.
  public var isLoopback: Bool {
    switch kind {
    case .loopbackName: return true
    case .address: return host == "[::1]" || host.hasPrefix("127.")
    case .name: return false
    }
  }

  /// Whether a host name or address is this machine only.
  ///
  /// `localhost` and names under `.localhost`, `127.0.0.0/8` and `::1` (bracketed or not); a DNS
  /// name such as `127.0.0.1.example.com` is not.
  public static func isLoopback(_ host: String) -> Bool {
    let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    return HostName(authority: bracketed)?.isLoopback ?? false
  }

  /// Whether the address is the unspecified one (`0.0.0.0`, `[::]`): every interface.
  public var isUnspecifiedAddress: Bool {
    kind == .address && (host == "0.0.0.0" || host == "[::]")
  }

  /// An IPv4 address in dotted-decimal form, or an IPv6 address (without brackets) written
  /// back in brackets, canonically; nil for anything else.
  public static func canonicalAddress(_ text: String) -> String? {
    var v4 = in_addr()
    if inet_pton(AF_INET, text, &v4) == 1 {
      var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
      guard inet_ntop(AF_INET, &v4, &buffer, socklen_t(buffer.count)) != nil else { return nil }
      return String(cString: buffer)
    }
    var v6 = in6_addr()
    if inet_pton(AF_INET6, text, &v6) == 1 {
      var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
      guard inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count)) != nil else { return nil }
      return "[\(String(cString: buffer))]"
    }
    return nil
  }

  /// The addresses of this machine's network interfaces, canonical (IPv6 in brackets).
  public static func interfaceAddresses() -> Set<String> {
    var first: UnsafeMutablePointer<ifaddrs>?
    guard getifaddrs(&first) == 0 else { return [] }
    defer { freeifaddrs(first) }
    var addresses: Set<String> = []
    var next = first
    while let entry = next {
      next = entry.pointee.ifa_next
      guard let address = entry.pointee.ifa_addr else { continue }
      var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
      switch Int32(address.pointee.sa_family) {
      case AF_INET:
        address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          var ip = $0.pointee.sin_addr
          if inet_ntop(AF_INET, &ip, &buffer, socklen_t(buffer.count)) != nil {
            addresses.insert(String(cString: buffer))
          }
        }
      case AF_INET6:
        address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          var ip = $0.pointee.sin6_addr
          if inet_ntop(AF_INET6, &ip, &buffer, socklen_t(buffer.count)) != nil {
            addresses.insert("[\(String(cString: buffer))]")
          }
        }
      default: continue
      }
    }
    return addresses
  }
}
