/// Where an `HTTPServer` listens and the limits it enforces.
public struct HTTPServerConfiguration: Sendable {
  /// The address to listen on: an IPv4 or IPv6 literal (`"::1"`), or `"localhost"` for
  /// `127.0.0.1`.
  public var host: String

  /// The TCP port; `0` lets the system pick a free one (read it from `HTTPServer.port`).
  public var port: UInt16

  /// The number of threads serving connections; handlers run on these threads.
  public var threadCount: Int

  /// The largest request body accepted, in bytes; larger bodies are answered with the
  /// application's 413 response without calling the handler.
  public var maxBodySize: Int
  /// The largest body for a particular request, from its method and raw path, where it differs
  /// from ``maxBodySize`` (an upload route may take more than the JSON routes); nil for none.
  public var bodySizeLimit: (@Sendable (_ method: String, _ rawPath: String) -> Int)?

  /// Seconds a connection may stay silent, or take to deliver a whole request (header and
  /// body, counted from when it opened or its previous response went out), before the server
  /// closes it; a body may take longer while it keeps ``minimumUploadRate``.
  public var connectionTimeout: Int

  /// The most connections served at once. When they are all held, a newcomer takes the place
  /// of the connection that has waited longest for its request (idle, or sending slowly);
  /// when every one is being answered or is an event stream, the newcomer is answered `503`.
  public var maxConnections: Int

  /// The most connections one client address (an IPv4 address, or an IPv6 /64 network) may
  /// hold at once; further ones are answered `503` with `Retry-After` and closed. `0` means
  /// no limit (for a server behind a reverse proxy, whose connections all come from one
  /// address).
  public var maxConnectionsPerAddress: Int = 64

  /// The slowest average rate, in bytes per second, at which a request body may keep
  /// arriving once the request has used up ``connectionTimeout``: each byte received earns
  /// `1 / minimumUploadRate` seconds more.
  public var minimumUploadRate: Int = 1024

  /// The most query parameters a request target may have; more are answered `414`.
  public var maxQueryParameters: Int = 1000

  /// The certificate and key to serve HTTPS with; `nil` (the default) serves plain HTTP.
  /// A plain-HTTP request to an HTTPS server gets no answer: the connection is closed.
  public var tls: TLS?

  /// Creates a configuration.
  ///
  /// - Parameters:
  ///   - host: The address to listen on.
  ///   - port: The TCP port, or `0` for any free port.
  ///   - threadCount: The number of server threads, at least 1.
  ///   - maxBodySize: The largest request body in bytes, at least 0.
  ///   - connectionTimeout: The idle and header timeout in seconds, at least 1.
  ///   - maxConnections: The most simultaneous connections, at least 1.
  ///   - tls: The certificate and key for HTTPS, or `nil` for plain HTTP.
  public init(
    host: String = "127.0.0.1",
    port: UInt16 = 8080,
    threadCount: Int = 4,
    maxBodySize: Int = 1 << 20,
    connectionTimeout: Int = 30,
    maxConnections: Int = 1024,
    tls: TLS? = nil
  ) {
    self.host = host
    self.port = port
    self.threadCount = threadCount
    self.maxBodySize = maxBodySize
    self.connectionTimeout = connectionTimeout
    self.maxConnections = maxConnections
    self.tls = tls
  }

  /// Traps on values no caller could mean; the server checks before it starts.
  func validate() {
    precondition(threadCount >= 1 && threadCount <= 1024, "threadCount must be in 1...1024")
    precondition(maxBodySize >= 0, "maxBodySize must not be negative")
    precondition(
      connectionTimeout >= 1 && connectionTimeout <= 86_400,
      "connectionTimeout must be in 1...86400 seconds")
    precondition(
      maxConnections >= 1 && maxConnections <= 1_000_000, "maxConnections must be in 1...1000000")
    precondition(maxConnectionsPerAddress >= 0, "maxConnectionsPerAddress must not be negative")
    precondition(minimumUploadRate >= 0, "minimumUploadRate must not be negative")
    precondition(maxQueryParameters >= 1, "maxQueryParameters must be at least 1")
  }
}
