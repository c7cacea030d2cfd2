import ChecklistsMessages
import Foundation
import HTTPServer
import Synchronization

/// The names and origins that are this server's own: the `Host` every request must name, and
/// the `Origin` (or `Referer`) a write must come from.
///
/// A web page whose DNS name its author points at 127.0.0.1 (DNS rebinding) is, to the
/// browser, a page of that name: its requests reach this server naming it in `Host` and
/// `Origin`. So a request is answered only when its `Host` is
/// - `localhost` or a name under `.localhost` (browsers resolve those themselves), or an IP
///   address, with the port the server listens on or a public URL's port (a browser sends an
///   IP address only for a page whose origin is that address), or
/// - the host of a public URL (`--public-url`, `CHECKLISTS_PUBLIC_URL`).
///
/// Anything else is `421 Misdirected Request`. A write's `Origin` must be a public URL's
/// origin, or a loopback name or one of this machine's own addresses with such a port;
/// it is never compared with the request's own `Host`.
final class ServerOrigins: Sendable {
  /// The public URLs, in the order given.
  let publicURLs: [PublicURL]
  /// The scheme browsers use for the server itself: `https` with TLS or behind an HTTPS proxy.
  let scheme: String
  /// Whether requests come through a proxy, which passes on the name browsers use.
  let behindProxy: Bool
  /// The scheme the server itself speaks, which the page of a loopback name or an address
  /// has: `https` with TLS, else `http` (behind a proxy too: the proxy speaks HTTPS).
  let localScheme: String
  /// The address the server listens on, when it is an IP address or a loopback name.
  private let listenAddress: HostName?
  private let boundPort: Mutex<UInt16>

  /// - Parameters:
  ///   - publicURLs: The addresses people use besides this machine's own.
  ///   - listenHost: The address the server listens on, such as `127.0.0.1` or `0.0.0.0`.
  ///   - port: The port it listens on; updated by ``listening(on:)`` once it is bound.
  ///   - secure: Whether browsers reach it over HTTPS (TLS, or an HTTPS proxy).
  ///   - behindProxy: Whether they reach it through a proxy (`--behind-https-proxy`).
  ///   - tls: Whether the server itself speaks TLS; by default, when secure and not behind a
  ///     proxy.
  init(
    publicURLs: [PublicURL], listenHost: String, port: UInt16, secure: Bool,
    behindProxy: Bool = false, tls: Bool? = nil
  ) {
    self.publicURLs = publicURLs
    self.behindProxy = behindProxy
    self.scheme = secure ? "https" : "http"
    self.localScheme = (tls ?? (secure && !behindProxy)) ? "https" : "http"
    let bracketed = listenHost.contains(":") && !listenHost.hasPrefix("[")
    self.listenAddress = HostName(authority: bracketed ? "[\(listenHost)]" : listenHost)
    self.boundPort = Mutex(port)
  }

  /// Records the port the server is bound to (it was 0: "pick one").
  func listening(on port: UInt16) {
    boundPort.withLock { $0 = port }
  }

  /// The ports at which a loopback name or an IP address is this server.
  private var ports: [UInt16] {
    [boundPort.withLock { $0 }] + publicURLs.map(\.port)
  }

  // MARK: - Host

  /// Refuses a request whose `Host` is not one of this server's names.
  /// - Throws: ``APIError`` 400 without a `Host` or with more than one (RFC 9112, 3.2: a
  ///   proxy in front might read the other), 421 for a host this server is not.
  func checkHost(_ request: HTTPRequest) throws {
    guard request.headers.values(for: "Host").count <= 1 else {
      throw APIError.badRequest(
        MessageText("server.api.requestMoreThanOne"))
    }
    guard let header = request.headers["Host"]?.trimmingCharacters(in: .whitespaces),
      !header.isEmpty
    else {
      throw APIError.badRequest(
        MessageText("server.api.requestNoHost"))
    }
    guard let name = HostName(authority: header), accepts(name) else {
      throw misdirected(header)
    }
  }

  private func accepts(_ name: HostName) -> Bool {
    switch name.kind {
    case .loopbackName, .address:
      return ports.contains(name.port ?? (scheme == "https" ? 443 : 80))
    case .name:
      return publicURLs.contains { url in
        url.host == name.host && (name.port == nil || name.port == url.port)
      }
    }
  }

  private func misdirected(_ header: String) -> APIError {
    let shown = header.count > 100 ? String(header.prefix(100)) + "…" : header
    let suggestion = HostName(authority: header).map { "\(scheme)://\($0.authority)" }
    let option =
      suggestion.map { "'--public-url \($0)'" } ?? "'--public-url' with the address people use"
    return APIError(
      status: 421,
      detail: "This server does not answer to the host '\(shown)'. If people reach it by that "
        + "name, start it with \(option) (or list it in \(PublicURL.environmentVariable))"
        + (behindProxy
          ? "; behind a proxy, that is the URL browsers use, such as "
            + "--public-url https://checklists.example.com" : "")
        + ". Other names are refused so that no web site can reach this server through a DNS "
        + "name of its own (DNS rebinding).")
  }

  // MARK: - Origin

  /// Whether a page's `Origin` or `Referer` (a URL) is one of this server's own origins:
  /// scheme, host and port all match. A loopback name or an address is this server only in
  /// the scheme it speaks: `https://127.0.0.1:8080` is no page of a plain-HTTP server.
  func isOwn(_ source: String) -> Bool {
    let lowered = source.lowercased()
    guard let separator = lowered.range(of: "://") else { return false }
    let scheme = String(lowered[..<separator.lowerBound])
    guard scheme == "http" || scheme == "https" else { return false }
    let rest = lowered[separator.upperBound...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard let name = HostName(authority: String(authority)) else { return false }
    let port = name.port ?? (scheme == "https" ? 443 : 80)
    if publicURLs.contains(where: { $0.scheme == scheme && $0.host == name.host && $0.port == port }
    ) {
      return true
    }
    guard scheme == localScheme else { return false }
    switch name.kind {
    case .loopbackName: return ports.contains(port)
    case .address: return ports.contains(port) && isOwnAddress(name.host)
    case .name: return false
    }
  }

  /// Whether an address reaches this server: the one it listens on, or, listening on every
  /// interface, any of this machine's.
  private func isOwnAddress(_ host: String) -> Bool {
    guard let listen = listenAddress, !listen.isUnspecifiedAddress else {
      return host == "[::1]" || host.hasPrefix("127.")
        || HostName.interfaceAddresses().contains(host)
    }
    if listen.kind == .loopbackName { return host == "[::1]" || host.hasPrefix("127.") }
    return host == listen.host
  }
}
