/// A file of the web app, embedded in the binary.
public struct WebFile: Sendable, Equatable {
  /// The URL path the file is served at, such as "/app.js".
  public let path: String
  /// The file's bytes.
  public let bytes: [UInt8]
  /// The `Content-Type` to send, with "; charset=utf-8" for text.
  public let contentType: String

  /// A file at a URL path, its `Content-Type` taken from the path's extension.
  /// - Parameters:
  ///   - path: the URL path, such as "/icons/groceries.svg".
  ///   - bytes: the file's bytes.
  public init(path: String, bytes: [UInt8]) {
    self.init(path: path, bytes: bytes, contentType: Self.contentType(forPath: path))
  }

  /// A file with a `Content-Type` of its own choosing.
  /// - Parameters:
  ///   - path: the URL path.
  ///   - bytes: the file's bytes.
  ///   - contentType: the media type to send.
  public init(path: String, bytes: [UInt8], contentType: String) {
    self.path = path
    self.bytes = bytes
    self.contentType = contentType
  }

  /// The `Content-Type` for a file, from its extension.
  /// - Parameter path: a URL path or file name.
  /// - Returns: the media type, with "; charset=utf-8" for text formats.
  public static func contentType(forPath path: String) -> String {
    let name = path.split(separator: "/").last ?? Substring(path)
    let ext = name.split(separator: ".").last.map { $0.lowercased() } ?? ""
    switch ext {
    case "html": return "text/html; charset=utf-8"
    case "js", "mjs": return "text/javascript; charset=utf-8"
    case "css": return "text/css; charset=utf-8"
    case "svg": return "image/svg+xml; charset=utf-8"
    case "webmanifest": return "application/manifest+json; charset=utf-8"
    case "json": return "application/json; charset=utf-8"
    case "txt": return "text/plain; charset=utf-8"
    case "png": return "image/png"
    case "ico": return "image/x-icon"
    case "woff2": return "font/woff2"
    default: return "application/octet-stream"
    }
  }
}
