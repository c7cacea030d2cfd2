import CMicroHTTPD

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ServerCore {
  /// libmicrohttpd's access handler: called once when a request's header has arrived, once
  /// per piece of body, and once more when the request is complete. Runs on a pool thread.
  func handleAccess(
    connection: OpaquePointer,
    url: UnsafePointer<CChar>,
    method: UnsafePointer<CChar>,
    uploadData: UnsafePointer<CChar>?,
    uploadDataSize: UnsafeMutablePointer<Int>,
    slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) -> MHD_Result {
    guard let existing = slot.pointee else {
      let context = RequestContext(
        method: String(cString: method),
        rawPath: Array(UnsafeRawBufferPointer(start: url, count: strlen(url))),
        remoteAddress: Self.remoteAddress(of: connection),
        userAgent: Self.headerValue("User-Agent", of: connection))
      context.bodyLimit =
        configuration.bodySizeLimit?(context.method, context.rawPathText)
        ?? configuration.maxBodySize
      slot.pointee = Unmanaged.passRetained(context).toOpaque()
      requestBegan(on: connection)
      if let length = Self.headerValue("Content-Length", of: connection),
        Self.exceedsLimit(length, context.bodyLimit)
      {
        // Answering before the body is read makes libmicrohttpd discard the body and
        // close the connection afterwards; a client that sent `Expect: 100-continue`
        // never uploads it.
        return queue(bodyTooLargeResponse(context), for: context, on: connection)
      }
      return .YES
    }
    let context = Unmanaged<RequestContext>.fromOpaque(existing).takeUnretainedValue()
    if uploadDataSize.pointee > 0 {
      if let uploadData {
        context.receive(
          UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee),
          limit: context.bodyLimit)
      }
      uploadDataSize.pointee = 0
      return .YES
    }
    guard context.status == nil else { return .YES }
    if context.bodyTooLarge {
      return queue(bodyTooLargeResponse(context), for: context, on: connection)
    }
    let response: HTTPResponse
    switch makeRequest(context, connection: connection) {
    case .success(let request): response = handler(request)
    case .failure(let refusal): response = errorResponse(400, refusal.detail)
    }
    return queue(response, for: context, on: connection)
  }

  /// Why a request was refused before reaching the handler.
  struct Refusal: Error {
    let detail: String
  }

  private func makeRequest(_ context: RequestContext, connection: OpaquePointer)
    -> Result<HTTPRequest, Refusal>
  {
    let path: String
    do throws(PercentDecoding.Failure) {
      path = try PercentDecoding.string(context.rawPath, plusIsSpace: false)
    } catch .invalidUTF8 {
      return .failure(Refusal(detail: "The request path is not valid UTF-8."))
    } catch {
      return .failure(Refusal(detail: "The request path contains a NUL character."))
    }
    var query: [(name: String, value: String)] = []
    for (rawName, rawValue) in Self.values(of: .GET_ARGUMENT_KIND, connection) {
      do throws(PercentDecoding.Failure) {
        query.append(
          (
            try PercentDecoding.string(rawName, plusIsSpace: true),
            try PercentDecoding.string(rawValue, plusIsSpace: true)
          ))
      } catch .invalidUTF8 {
        return .failure(Refusal(detail: "The query string is not valid UTF-8."))
      } catch {
        return .failure(Refusal(detail: "The query string contains a NUL character."))
      }
    }
    var headers = HTTPHeaders()
    for (name, value) in Self.values(of: .HEADER_KIND, connection) {
      headers.add(String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }
    return .success(
      HTTPRequest(
        method: context.method,
        path: path,
        rawPath: context.rawPathText,
        query: query,
        headers: headers,
        body: context.body,
        remoteAddress: context.remoteAddress))
  }

  private func bodyTooLargeResponse(_ context: RequestContext) -> HTTPResponse {
    errorResponse(413, "The request body is larger than \(context.bodyLimit) bytes.")
  }

  private static func exceedsLimit(_ contentLength: String, _ limit: Int) -> Bool {
    let digits = contentLength.trimmingSpaces
    guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
      return false  // libmicrohttpd refuses a malformed length itself
    }
    guard let length = Int(digits) else { return true }  // more digits than Int holds
    return length > limit
  }

  // MARK: - Reading from libmicrohttpd

  private static func headerValue(_ name: String, of connection: OpaquePointer) -> String? {
    guard let value = MHD_lookup_connection_value(connection, .HEADER_KIND, name) else {
      return nil
    }
    return String(
      decoding: UnsafeRawBufferPointer(start: value, count: strlen(value)), as: UTF8.self)
  }

  /// The name–value pairs of one kind, in the order the client sent them, as raw bytes.
  private static func values(of kind: MHD_ValueKind, _ connection: OpaquePointer)
    -> [([UInt8], [UInt8])]
  {
    final class Collector {
      var pairs: [([UInt8], [UInt8])] = []
    }
    let collector = Collector()
    let iterator: MHD_KeyValueIterator = { cls, _, key, value in
      let collector = Unmanaged<Collector>.fromOpaque(cls!).takeUnretainedValue()
      let name = key.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
      let text = value.map { Array(UnsafeRawBufferPointer(start: $0, count: strlen($0))) } ?? []
      collector.pairs.append((name, text))
      return .YES
    }
    withExtendedLifetime(collector) {
      // The return value is the number of pairs; nothing can fail.
      _ = MHD_get_connection_values(
        connection, kind, iterator, Unmanaged.passUnretained(collector).toOpaque())
    }
    return collector.pairs
  }

  private static func remoteAddress(of connection: OpaquePointer) -> String? {
    guard let address = cmhd_connection_client_address(connection) else { return nil }
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
    let capacity = socklen_t(text.count)
    switch Int32(address.pointee.sa_family) {
    case AF_INET:
      return address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { ipv4 in
        var raw = ipv4.pointee.sin_addr
        guard inet_ntop(AF_INET, &raw, &text, capacity) != nil else { return nil }
        return Self.string(fromNulTerminated: text)
      }
    case AF_INET6:
      return address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { ipv6 in
        var raw = ipv6.pointee.sin6_addr
        guard inet_ntop(AF_INET6, &raw, &text, capacity) != nil else { return nil }
        return Self.string(fromNulTerminated: text)
      }
    default:
      return nil
    }
  }

  private static func string(fromNulTerminated characters: [CChar]) -> String {
    let bytes = characters.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// The string without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }) else { return "" }
    let last = lastIndex(where: { !isSpace($0) })!
    return self[first...last]
  }
}
