/// Why an `HTTPServer` could not start, with a message fit to show the user.
public struct HTTPServerError: Error, Sendable, CustomStringConvertible {
  /// What went wrong, for callers that react differently to each case.
  public enum Code: Sendable, Equatable {
    /// The configured host is not an IP address (nor `localhost`).
    case invalidAddress
    /// Another socket already listens on the address and port.
    case addressInUse
    /// The process may not listen there, for example on a port below 1024.
    case permissionDenied
    /// The address does not belong to this machine.
    case addressNotAvailable
    /// The operating system refused the socket for another reason.
    case socketFailed
    /// libmicrohttpd refused to start.
    case daemonFailed
    /// HTTPS was asked for, but libmicrohttpd was built without TLS support.
    case tlsUnavailable
    /// The TLS certificate or key is unusable: not PEM, swapped, encrypted, or not a pair.
    case tlsFailed
  }

  /// What went wrong.
  public var code: Code

  /// The `errno` value behind the error, when there is one.
  public var systemError: Int32?

  /// A sentence for the user, for example
  /// `"Cannot listen on 127.0.0.1:8080: the port is in use."`.
  public var message: String

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - code: What went wrong.
  ///   - message: The sentence for the user.
  ///   - systemError: The `errno` value behind it.
  public init(_ code: Code, _ message: String, systemError: Int32? = nil) {
    self.code = code
    self.message = message
    self.systemError = systemError
  }

  /// The message.
  public var description: String { message }
}
