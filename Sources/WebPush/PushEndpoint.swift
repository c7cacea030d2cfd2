import Foundation

/// Which push endpoints the server may post to: `https://` ones, and plain-HTTP ones only on
/// the origins given with `--push-allow-insecure-origin` (for tests that play the push
/// service on 127.0.0.1). Checked when a browser subscribes and again before every send, so
/// the server never posts anywhere a subscription could not name.
public struct PushEndpoint: Sendable {
  /// The longest endpoint accepted; real push services' are a few hundred characters.
  public static let maximumLength = 2048

  /// Plain-HTTP origins allowed besides every `https://` one, as `http://host:port`.
  public let allowedInsecureOrigins: Set<String>

  /// A policy admitting `https://` endpoints and those on `allowedInsecureOrigins`.
  /// - Throws: ``WebPushError`` (`invalidInput`) when one of them is not an `http://` origin.
  public init(allowedInsecureOrigins: [String] = []) throws {
    var origins: Set<String> = []
    for text in allowedInsecureOrigins {
      guard let url = URL(string: text), url.scheme?.lowercased() == "http",
        let origin = Self.origin(of: url),
        url.path.isEmpty || url.path == "/", url.query == nil, url.user == nil
      else {
        throw WebPushError.invalid(
          "'\(text)' is not a plain-HTTP origin such as http://127.0.0.1:8090 (scheme, host "
            + "and port only).")
      }
      origins.insert(origin)
    }
    self.allowedInsecureOrigins = origins
  }

  /// The endpoint as a URL the server may post to.
  /// - Throws: ``WebPushError`` (`invalidInput`) saying why it may not.
  public func check(_ endpoint: String) throws -> URL {
    guard endpoint.utf8.count <= Self.maximumLength else {
      throw WebPushError.invalid(
        "The endpoint is longer than \(Self.maximumLength) characters.")
    }
    guard let url = URL(string: endpoint), let scheme = url.scheme?.lowercased(),
      let origin = Self.origin(of: url)
    else { throw WebPushError.invalid("The endpoint is not an absolute URL.") }
    guard url.user == nil, url.password == nil, url.fragment == nil else {
      throw WebPushError.invalid("The endpoint may not carry a user name, password or fragment.")
    }
    switch scheme {
    case "https":
      try Self.checkPublicName(url)
      return url
    case "http" where allowedInsecureOrigins.contains(origin):
      return url
    case "http":
      throw WebPushError.invalid(
        "The endpoint must be https:// (\(origin) is plain HTTP and not allowed with "
          + "--push-allow-insecure-origin).")
    default:
      throw WebPushError.invalid("The endpoint must be an https:// URL, not \(scheme):.")
    }
  }

  /// Push services are named hosts on the standard port (fcm.googleapis.com,
  /// updates.push.services.mozilla.com, web.push.apple.com): an address in any spelling
  /// (`127.0.0.1`, `[::1]`, `2130706433`, `0x7f000001`), a name without a dot or under a
  /// local-only domain, or another port would let a subscription make this server knock on
  /// its own network, so none is taken.
  static func checkPublicName(_ url: URL) throws {
    let host = (url.host ?? "").lowercased()
    let labels = host.split(separator: ".", omittingEmptySubsequences: false)
    let isName =
      labels.count >= 2
      && labels.allSatisfy { label in
        !label.isEmpty
          && label.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }
      }
      && labels.last!.allSatisfy(\.isLetter)
    let localSuffixes = ["localhost", "local", "internal", "lan", "home.arpa", "localdomain"]
    guard isName, !localSuffixes.contains(where: { host == $0 || host.hasSuffix("." + $0) })
    else {
      throw WebPushError.invalid(
        "The endpoint's host must be a push service's public name, not '\(host)'.")
    }
    if let port = url.port, port != 443 {
      throw WebPushError.invalid(
        "The endpoint must use the https port 443, not \(port).")
    }
  }

  /// The origin of an http(s) URL: `scheme://host` with `:port` unless it is the default one,
  /// lower-cased; nil without a host.
  public static func origin(of url: URL) -> String? {
    guard let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
      let host = url.host, !host.isEmpty
    else { return nil }
    let defaultPort = scheme == "https" ? 443 : 80
    let hostText = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    let port = url.port.map { $0 == defaultPort ? "" : ":\($0)" } ?? ""
    return "\(scheme)://\(hostText.lowercased())\(port)"
  }
}
