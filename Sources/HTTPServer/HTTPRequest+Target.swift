extension HTTPRequest {
  /// Why a request target is refused before the handler sees it; the server answers 400
  /// with ``detail``.
  public struct TargetRefusal: Error, Sendable, Equatable {
    /// The sentence the 400 answer carries.
    public let detail: String
  }

  /// Creates a request from a request target as a client sends it, such as
  /// `/lists/a%20b?sort=name`, decoding its path and query exactly as the server does
  /// with the requests it reads from a connection; for clients in the same process.
  ///
  /// - Parameters:
  ///   - method: The request method.
  ///   - target: The request target in origin form: the path as sent, then optionally `?`
  ///     and the query.
  ///   - headers: The header fields.
  ///   - body: The body.
  ///   - remoteAddress: The client's IP address.
  /// - Throws: ``TargetRefusal`` when the path or query does not decode to valid UTF-8
  ///   without NUL characters.
  public init(
    method: String, target: String, headers: HTTPHeaders = [:], body: [UInt8] = [],
    remoteAddress: String? = nil
  ) throws(TargetRefusal) {
    let rawPath: Substring
    var query: [(name: String, value: String)] = []
    if let question = target.firstIndex(of: "?") {
      rawPath = target[..<question]
      // As libmicrohttpd splits a query: at `&`, each part at its first `=`.
      for part in target[target.index(after: question)...].split(separator: "&") {
        let name = part.prefix { $0 != "=" }
        let value = part.dropFirst(name.count + 1)
        query.append(
          (try Self.decodeQuery(Array(name.utf8)), try Self.decodeQuery(Array(value.utf8))))
      }
    } else {
      rawPath = Substring(target)
    }
    self.init(
      method: method, path: try Self.decodePath(Array(rawPath.utf8)), rawPath: String(rawPath),
      query: query, headers: headers, body: body, remoteAddress: remoteAddress)
  }

  /// Decodes a request path as sent, refusing what the server refuses.
  static func decodePath(_ raw: [UInt8]) throws(TargetRefusal) -> String {
    do throws(PercentDecoding.Failure) {
      return try PercentDecoding.string(raw, plusIsSpace: false)
    } catch .invalidUTF8 {
      throw TargetRefusal(detail: "The request path is not valid UTF-8.")
    } catch {
      throw TargetRefusal(detail: "The request path contains a NUL character.")
    }
  }

  /// Decodes a query parameter's name or value as sent, refusing what the server refuses.
  static func decodeQuery(_ raw: [UInt8]) throws(TargetRefusal) -> String {
    do throws(PercentDecoding.Failure) {
      return try PercentDecoding.string(raw, plusIsSpace: true)
    } catch .invalidUTF8 {
      throw TargetRefusal(detail: "The query string is not valid UTF-8.")
    } catch {
      throw TargetRefusal(detail: "The query string contains a NUL character.")
    }
  }
}
