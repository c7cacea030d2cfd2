#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The client a connection counts against for the per-address limit: an IPv4 address, or the
/// /64 network of an IPv6 address (one host usually holds a whole /64, so counting single
/// IPv6 addresses would limit nothing).
struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
  private let isIPv6: Bool
  /// The IPv4 address, or the first 64 bits of the IPv6 one, in network byte order.
  private let prefix: UInt64

  /// The client address of a peer's socket address; nil for other families.
  init?(_ address: UnsafePointer<sockaddr>) {
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      isIPv6 = false
      prefix = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
        UInt64($0.pointee.sin_addr.s_addr)
      }
    case AF_INET6:
      isIPv6 = true
      prefix = address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
        withUnsafeBytes(of: $0.pointee.sin6_addr) { $0.loadUnaligned(as: UInt64.self) }
      }
    default:
      return nil
    }
  }

  /// The address as a person writes it: `"192.0.2.7"` or `"2001:db8:1:2::/64"`.
  var description: String {
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    let capacity = socklen_t(text.count)
    if isIPv6 {
      var raw = in6_addr()
      withUnsafeMutableBytes(of: &raw) { $0.storeBytes(of: prefix, as: UInt64.self) }
      guard inet_ntop(AF_INET6, &raw, &text, capacity) != nil else { return "?" }
      return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        + "/64"
    }
    var raw = in_addr(s_addr: in_addr_t(truncatingIfNeeded: prefix))
    guard inet_ntop(AF_INET, &raw, &text, capacity) != nil else { return "?" }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }
}
