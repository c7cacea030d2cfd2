import CMicroHTTPD

extension ServerCore {
  /// Header fields libmicrohttpd writes itself; the application's are ignored.
  private static let reservedHeaders = ["Content-Length", "Transfer-Encoding"]

  /// Hands a response to libmicrohttpd for the request in `context`.
  ///
  /// - Returns: `MHD_YES`, or `MHD_NO` when libmicrohttpd refused it, which closes the
  ///   connection.
  func queue(_ response: HTTPResponse, for context: RequestContext, on connection: OpaquePointer)
    -> MHD_Result
  {
    var response = response
    if !(100...999).contains(response.status) {
      response = errorResponse(
        500, "The server produced an invalid status \(response.status).", context.rawPathText)
      precondition((100...999).contains(response.status), "errorResponse gave an invalid status")
    }
    let stopping = isStopping
    let created: OpaquePointer?
    switch response.body {
    case .bytes(let bytes):
      created = Self.makeBufferResponse(bytes)
      context.bytesSent = context.isHead ? 0 : bytes.count
    case .stream(let stream):
      created = makeStreamResponse(stream, for: context, on: connection)
    }
    guard let created else {
      // The stream never went on the wire; end it so its close handlers still run.
      if case .stream(let stream) = response.body, context.stream == nil { stream.complete() }
      return .NO
    }
    defer { MHD_destroy_response(created) }
    for (name, value) in response.headers {
      guard !Self.reservedHeaders.contains(where: { HTTPHeaders.namesMatch($0, name) }) else {
        continue
      }
      // libmicrohttpd refuses names or values with line breaks; such a field is dropped
      // rather than failing the whole response.
      _ = MHD_add_response_header(created, name, value)
    }
    if stopping, !response.headers.contains("Connection") {
      _ = MHD_add_response_header(created, "Connection", "close")
    }
    let result = MHD_queue_response(connection, UInt32(response.status), created)
    if result == .YES {
      context.status = response.status
    }
    return result
  }

  /// Keeps a complete body's bytes alive and unchanged while libmicrohttpd sends them.
  private final class BodyOwner {
    let bytes: [UInt8]
    init(_ bytes: [UInt8]) { self.bytes = bytes }
  }

  /// Releases the `BodyOwner` of a response libmicrohttpd has destroyed.
  private static let releaseBody: MHD_ContentReaderFreeCallback = { owner in
    guard let owner else { return }
    Unmanaged<BodyOwner>.fromOpaque(owner).release()
  }

  /// A response whose body libmicrohttpd sends from `bytes`' own storage, without a copy: a
  /// cached 27 KB answer is not copied once per request (`memmove` and `malloc` were 3–5 %
  /// of a profile under load, docs/PERFORMANCE.md). The storage is shared with the caller's
  /// array (copy on write), never written to, and released when libmicrohttpd is done.
  private static func makeBufferResponse(_ bytes: [UInt8]) -> OpaquePointer? {
    guard !bytes.isEmpty else {
      return MHD_create_response_from_buffer(0, nil, .RESPMEM_PERSISTENT)
    }
    let owner = Unmanaged.passRetained(BodyOwner(bytes))
    // A native array's elements stay where they are while the array lives and nobody writes
    // to it; the owner holds the only reference that could, and never does.
    let start = owner.takeUnretainedValue().bytes.withUnsafeBytes {
      UnsafeMutableRawPointer(mutating: $0.baseAddress!)
    }
    guard
      let response = MHD_create_response_from_buffer_with_free_callback_cls(
        bytes.count, start, releaseBody, owner.toOpaque())
    else {
      owner.release()
      return nil
    }
    return response
  }

  /// Creates a chunked response whose content reader drains `stream`, and registers the
  /// stream with the server.
  private func makeStreamResponse(
    _ stream: HTTPEventStream, for context: RequestContext, on connection: OpaquePointer
  ) -> OpaquePointer? {
    // The reader's reference, released by the free callback when libmicrohttpd destroys
    // the response.
    let readerReference = Unmanaged.passRetained(stream).toOpaque()
    guard
      let created = MHD_create_response_from_callback(
        cmhd_size_unknown, 4096, MHDCallbacks.readStream, readerReference,
        MHDCallbacks.releaseStream)
    else {
      Unmanaged<HTTPEventStream>.fromOpaque(readerReference).release()
      return nil
    }
    stream.attach(.init(connection: connection, socket: cmhd_connection_fd(connection)))
    context.stream = stream
    if streamBegan(stream) {
      stream.finish()
    }
    return created
  }

  /// libmicrohttpd's request-completed callback: logs the request, closes its stream and
  /// releases its context.
  func requestCompleted(
    connection: OpaquePointer, slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>
  ) {
    guard let pointer = slot.pointee else { return }
    slot.pointee = nil
    let context = Unmanaged<RequestContext>.fromOpaque(pointer).takeRetainedValue()
    var bytes = context.bytesSent
    if let stream = context.stream {
      bytes = stream.complete()
    }
    if context.headerArrived { requestEnded(on: connection, stream: context.stream) }
    if let accessLog, let record = context.accessRecord(bytes: bytes) {
      accessLog(record)
    }
  }
}
