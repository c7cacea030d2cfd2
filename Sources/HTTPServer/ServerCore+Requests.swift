import CMicroHTTPD

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ServerCore {
  /// libmicrohttpd's URI callback: runs on the connection's thread as soon as a request line
  /// arrived, before libmicrohttpd parses the query, and creates the request's context.
  ///
  /// A query with more parameters than the server accepts is cut off here: stored one by one
  /// in the connection's memory, thousands of them exhaust it, and libmicrohttpd then closes
  /// the connection without an answer. The request is refused with 414 once its header is in.
  func requestLineArrived(_ uri: UnsafePointer<CChar>) -> UnsafeMutableRawPointer {
    var count = 0
    if let question = strchr(uri, 0x3F) {  // "?"
      count = 1
      var cursor = question + 1
      while cursor.pointee != 0 {
        if cursor.pointee == 0x26 { count += 1 }  // "&"
        cursor += 1
      }
      if count > configuration.maxQueryParameters {
        // The query lies in libmicrohttpd's own, writable read buffer and is parsed right
        // after this returns; an empty string leaves it nothing to store.
        UnsafeMutablePointer(mutating: question + 1).pointee = 0
      }
    }
    return Unmanaged.passRetained(RequestContext(queryParameterCount: count)).toOpaque()
  }

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
    if slot.pointee == nil {
      // Only if libmicrohttpd skipped the URI callback.
      slot.pointee = Unmanaged.passRetained(RequestContext(queryParameterCount: 0)).toOpaque()
    }
    let context = Unmanaged<RequestContext>.fromOpaque(slot.pointee!).takeUnretainedValue()
    guard context.headerArrived else {
      return headerArrived(context, connection: connection, url: url, method: method)
    }
    if uploadDataSize.pointee > 0 {
      if let uploadData {
        context.receive(
          UnsafeRawBufferPointer(start: uploadData, count: uploadDataSize.pointee),
          limit: context.bodyLimit)
      }
      uploadDataSize.pointee = 0
      if context.bodyTooLarge,
        context.bodyBytesReceived - context.bodyLimit > LingeringClose.byteLimit
      {
        // A chunked body far past the limit: the 413 would follow only after all of it, and
        // reading it costs as much as accepting it, so the connection closes.
        return .NO
      }
      if context.status == nil, isOverdue(context) {
        // A client trickling its body; libmicrohttpd's idle timeout catches one that stops.
        // libmicrohttpd 0.9.75 takes no response while a body is arriving, so no 408: `NO`
        // closes the connection.
        return .NO
      }
      return .YES
    }
    guard context.status == nil else { return .YES }
    if context.hasBody { bodyCompleted(on: connection) }
    // The server's own refusals close the connection, so that nothing sent behind them is
    // ever read as a request.
    if context.bodyTooLarge {
      return refuse(bodyTooLargeResponse(context), for: context, on: connection)
    }
    if context.hasBody,
      case .refused(let status, let detail) = Self.checkFields(
        of: connection, kind: .FOOTER_KIND, end: nil)
    {
      return refuse(
        errorResponse(status, detail, context.rawPathText), for: context, on: connection)
    }
    switch makeRequest(context, connection: connection) {
    case .success(let request):
      let response = handler(request)
      if response.closesConnection {
        // An application's refusal (a foreign `Host`, say) closes like the server's own.
        markRefused(connection)
      }
      return queue(response, for: context, on: connection)
    case .failure(let refusal):
      return refuse(
        errorResponse(400, refusal.detail, context.rawPathText), for: context, on: connection)
    }
  }

  /// The first call for a request: its header is complete. Refuses what must be refused
  /// before the body is read.
  private func headerArrived(
    _ context: RequestContext, connection: OpaquePointer, url: UnsafePointer<CChar>,
    method: UnsafePointer<CChar>
  ) -> MHD_Result {
    if refusedBefore(connection) {
      // Never reached while libmicrohttpd honours `Connection: close`; should it ever read a
      // request behind a refusal, that request is dropped unanswered and the connection ends.
      return .NO
    }
    context.recordHeader(
      method: String(cString: method),
      rawPath: Array(UnsafeRawBufferPointer(start: url, count: strlen(url))),
      remoteAddress: Self.remoteAddress(of: connection),
      userAgent: Self.headerValue("User-Agent", of: connection))
    context.bodyLimit =
      configuration.bodySizeLimit?(context.method, context.rawPathText)
      ?? configuration.maxBodySize
    let head = Self.checkHead(of: connection, method: method, url: url)
    context.hasBody = head.hasBody
    if !head.hasBody {
      // Else libmicrohttpd sends `100 Continue` and then reads what follows as the body.
      cmhd_ignore_expectation(connection)
    }
    let arrival = requestBegan(on: connection, hasBody: context.hasBody)
    context.deadline = arrival.waitingSince + requestTimeout

    // Each of these answers before the body is read, so the connection closes afterwards,
    // lingering (RFC 9112 section 9.6) so that the answer is not lost to a reset. A client
    // that sent `Expect: 100-continue` never uploads the body.
    let early: HTTPResponse?
    if let refusal = arrival.refusal {
      var response = errorResponse(503, refusal, context.rawPathText)
      response.headers.remove("Retry-After")
      response.headers.add("Retry-After", "\(Self.retryAfterSeconds)")
      early = response
    } else if case .refused(let status, let detail) = head.verdict {
      early = errorResponse(status, detail, context.rawPathText)
    } else if context.queryParameterCount > configuration.maxQueryParameters {
      early = errorResponse(
        414,
        "The query string has \(context.queryParameterCount) parameters; at most "
          + "\(configuration.maxQueryParameters) are accepted.", context.rawPathText)
    } else if let contentLength = head.contentLength,
      Self.exceedsLimit(String(decoding: contentLength, as: UTF8.self), context.bodyLimit)
    {
      early = bodyTooLargeResponse(context)
    } else {
      early = nil
    }
    guard let early else { return .YES }
    lingerOnClose(connection)
    return refuse(early, for: context, on: connection)
  }

  /// The seconds a refused client is asked to wait (`Retry-After`).
  static let retryAfterSeconds = 5

  /// Runs the request line and every header field through a `RequestHeadCheck`.
  private static func checkHead(
    of connection: OpaquePointer, method: UnsafePointer<CChar>, url: UnsafePointer<CChar>
  ) -> (verdict: RequestHeadCheck.Verdict, hasBody: Bool, contentLength: [UInt8]?) {
    // libmicrohttpd split the head in place from the method on, so the head ends there.
    let size = cmhd_connection_header_size(connection)
    let check = Self.fieldCheck(
      of: connection, kind: .HEADER_KIND, end: size > 0 ? method + size : nil)
    let lineRefusal = RequestHeadCheck.refusal(
      method: UnsafeRawBufferPointer(start: method, count: strlen(method)),
      target: UnsafeRawBufferPointer(start: url, count: strlen(url)))
    return (lineRefusal ?? check.verdict, check.hasBody, check.contentLength)
  }

  /// The verdict on a request's trailer fields (`.FOOTER_KIND`) or header fields.
  private static func checkFields(
    of connection: OpaquePointer, kind: MHD_ValueKind, end: UnsafePointer<CChar>?
  ) -> RequestHeadCheck.Verdict {
    fieldCheck(of: connection, kind: kind, end: end).verdict
  }

  /// Runs every field of one kind through a `RequestHeadCheck`, in the order sent. A field is
  /// added once the next one is known, because whether its value ended at its line's end is
  /// told by where the next field's name begins; `end` is where the last field's line ends
  /// (the blank line included), or nil when unknown.
  private static func fieldCheck(
    of connection: OpaquePointer, kind: MHD_ValueKind, end: UnsafePointer<CChar>?
  ) -> RequestHeadCheck {
    struct Scan {
      var check: RequestHeadCheck
      var pending: (name: UnsafePointer<CChar>?, value: UnsafePointer<CChar>?)?

      /// Adds the pending field, whose line is followed by `next`.
      mutating func addPending(next: UnsafePointer<CChar>?, most: Int) {
        guard let field = pending else { return }
        let (key, value) = field
        check.add(
          name: UnsafeRawBufferPointer(start: key, count: key.map { strlen($0) } ?? 0),
          value: UnsafeRawBufferPointer(start: value, count: value.map { strlen($0) } ?? 0),
          joined: cmhd_field_was_joined(key, value) != 0,
          endsAtLineEnd: cmhd_value_ends_at_line_end(value, next, most) != 0)
        pending = nil
      }
    }
    var scan = Scan(check: RequestHeadCheck(trailers: kind == .FOOTER_KIND))
    let iterator: MHD_KeyValueIterator = { cls, _, key, value in
      let scan = cls!.assumingMemoryBound(to: Scan.self)
      scan.pointee.addPending(next: key, most: 2)  // CRLF, or a bare LF
      scan.pointee.pending = (key, value)
      return .YES
    }
    // The return value is the number of fields; nothing can fail.
    _ = withUnsafeMutablePointer(to: &scan) {
      MHD_get_connection_values(connection, kind, iterator, $0)
    }
    scan.addPending(next: end, most: 4)  // the line's end and the blank line's
    return scan.check
  }

  /// Queues the server's own refusal with `Connection: close`: libmicrohttpd closes the
  /// connection once it went out and parses nothing after it. The connection is marked as
  /// well, so that no later request on it could reach the handler even if libmicrohttpd read
  /// one.
  private func refuse(
    _ response: HTTPResponse, for context: RequestContext, on connection: OpaquePointer
  ) -> MHD_Result {
    var response = response
    response.headers.remove("Connection")
    response.headers.add("Connection", "close")
    markRefused(connection)
    return queue(response, for: context, on: connection)
  }

  /// Whether a request's body is arriving too slowly: past the request deadline, extended by
  /// `1 / minimumUploadRate` seconds for each byte received.
  private func isOverdue(_ context: RequestContext) -> Bool {
    let now = ContinuousClock.now
    guard now > context.deadline else { return false }
    let rate = configuration.minimumUploadRate
    guard rate > 0 else { return true }
    let earned =
      Duration.seconds(context.bodyBytesReceived / rate)
      + .milliseconds((context.bodyBytesReceived % rate) * 1000 / rate)
    return now > context.deadline + earned
  }

  private func makeRequest(_ context: RequestContext, connection: OpaquePointer)
    -> Result<HTTPRequest, HTTPRequest.TargetRefusal>
  {
    // The same decoding as `HTTPRequest(method:target:)`, for clients in the same process.
    do throws(HTTPRequest.TargetRefusal) {
      let path = try HTTPRequest.decodePath(context.rawPath)
      var query: [(name: String, value: String)] = []
      for (rawName, rawValue) in Self.values(of: .GET_ARGUMENT_KIND, connection) {
        query.append((try HTTPRequest.decodeQuery(rawName), try HTTPRequest.decodeQuery(rawValue)))
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
    } catch {
      return .failure(error)
    }
  }

  private func bodyTooLargeResponse(_ context: RequestContext) -> HTTPResponse {
    errorResponse(
      413, "The request body is larger than \(context.bodyLimit) bytes.", context.rawPathText)
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
