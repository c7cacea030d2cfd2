import ChecklistsMessages
import Foundation

/// An address people use to reach this server, given with `checklists serve --public-url`
/// or `CHECKLISTS_PUBLIC_URL`: the server answers requests for its host and takes writes from
/// pages of its origin.
public struct PublicURL: Hashable, Sendable, CustomStringConvertible {
  /// The name of the environment variable that lists public URLs, space- or comma-separated.
  public static let environmentVariable = "CHECKLISTS_PUBLIC_URL"

  /// `http` or `https`.
  public let scheme: String
  /// The host in lower case (an IPv6 address in brackets).
  public let host: String
  /// The port, the scheme's default when the URL names none.
  public let port: UInt16

  /// Reads a URL such as `https://checklists.example.com` or `http://192.168.1.20:8080`.
  /// - Throws: ``PublicURLError`` for anything but an `http` or `https` URL of a host and
  ///   optional port (a path `/` is allowed, nothing more).
  public init(_ text: String) throws {
    let refused = PublicURLError(text: text)
    let lowered = text.lowercased()
    guard let separator = lowered.range(of: "://") else { throw refused }
    let scheme = String(lowered[..<separator.lowerBound])
    guard scheme == "http" || scheme == "https" else { throw refused }
    var rest = lowered[separator.upperBound...]
    if rest.hasSuffix("/") { rest.removeLast() }
    guard let name = HostName(authority: String(rest)) else { throw refused }
    self.scheme = scheme
    self.host = name.host
    self.port = name.port ?? (scheme == "https" ? 443 : 80)
  }

  /// Reads the URLs of `CHECKLISTS_PUBLIC_URL`: separated by spaces or commas.
  /// - Throws: ``PublicURLError`` naming the first that is not a public URL.
  public static func list(_ text: String) throws -> [PublicURL] {
    try text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" || $0 == "\n" })
      .map { try PublicURL(String($0)) }
  }

  /// The origin its pages have: scheme, host and port (a default port left out).
  public var origin: String {
    let isDefault = port == (scheme == "https" ? 443 : 80)
    return "\(scheme)://\(host)" + (isDefault ? "" : ":\(port)")
  }

  public var description: String { origin }
}

/// Why a text is not a ``PublicURL``, worded for the person who gave it.
public struct PublicURLError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text as given.
  public let text: String

  /// A refusal of a text.
  public init(text: String) { self.text = text }

  /// What the person reads, from the catalogue: the text, and what a public URL looks like.
  public var message: MessageText { MessageText("server.publicURL.invalid", ["url": text]) }

  /// The message in English.
  public var description: String { message.description }
}
