/// What went wrong in Web Push: a key or subscription that is not what the RFCs ask for, a
/// failing libcrypto call, or a push service that could not be reached.
public struct WebPushError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The kinds of failure, for callers that treat them differently.
  public enum Code: String, Sendable {
    /// Bad input: a key, a secret, an endpoint or a payload.
    case invalidInput
    /// libcrypto refused an operation it should not (a bug or a broken library).
    case crypto
    /// The push service could not be reached or did not answer in time.
    case network
  }

  /// The kind of failure.
  public var code: Code
  /// A sentence naming the problem.
  public var message: String

  /// Creates an error.
  public init(_ code: Code, _ message: String) {
    self.code = code
    self.message = message
  }

  public var description: String { message }

  static func invalid(_ message: String) -> WebPushError { WebPushError(.invalidInput, message) }
}
