import HTTPServer

/// Clients in this process: the tests' fast tier answers requests through exactly the handler
/// the listener uses (Host and Origin checks, sign-in, the routes, error mapping, security
/// headers, metrics), without sockets, and moves the change watcher by hand instead of
/// letting it poll.
extension ChecklistsServer {
  /// Prepares the server for clients in this process: binds the address, so that ``port``
  /// and ``url`` name it from here on (``start()`` may still listen there later), and starts
  /// the push sender, which waits without polling. No listener thread and no change watcher
  /// run: call ``checkForChanges()`` where the watcher would have checked.
  ///
  /// - Throws: `HTTPServerError` when the address can't be bound, such as a port in use.
  package func startInProcess() throws {
    try bind()
    startPusher()
  }

  /// Answers a request in this process through the handler the listener hands every request
  /// it reads. What only the HTTP layer does is not done here: framing, body-size and
  /// connection limits, timeouts, TLS, and sending a streamed body.
  ///
  /// - Parameter request: The request, as the listener would have read it.
  /// - Returns: The response, as the listener would have sent it.
  package func respond(to request: HTTPRequest) -> HTTPResponse {
    handler(request)
  }

  /// Answers a request target as a client sends it (`/api/v1/items?q=a%20b`), decoding it as
  /// the listener does: a path or query that is not UTF-8 text is refused with 400 before
  /// the handler sees it.
  ///
  /// - Parameters:
  ///   - method: The request method.
  ///   - target: The path as sent, optionally followed by `?` and the query.
  ///   - headers: The header fields, `Host` included.
  ///   - body: The body.
  ///   - remoteAddress: The client's IP address.
  /// - Returns: The response, as the listener would have sent it.
  package func respond(
    method: String, target: String, headers: HTTPHeaders, body: [UInt8],
    remoteAddress: String? = "127.0.0.1"
  ) -> HTTPResponse {
    do throws(HTTPRequest.TargetRefusal) {
      return respond(
        to: try HTTPRequest(
          method: method, target: target, headers: headers, body: body,
          remoteAddress: remoteAddress))
    } catch {
      return errorResponse(400, error.detail, String(target.prefix { $0 != "?" }))
    }
  }

  /// Reads the change log and fires due reminders now, as the change watcher does each
  /// interval and after each write: changes made outside the server reach the response
  /// cache and open event streams, and reminders whose minute the clock passed fire.
  package func checkForChanges() {
    watcher.check()
  }
}
