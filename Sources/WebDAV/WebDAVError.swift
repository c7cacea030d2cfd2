/// A WebDAV request that cannot be served: an HTTP status, the precondition or postcondition
/// it failed (RFC 4918 section 16) and a message for people.
///
/// The server answers with ``status`` and, when there is a body to give, ``xml()``.
public struct WebDAVError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The HTTP status: 400 for a body that cannot be read, 403 or 409 for a failed precondition.
  public let status: Int
  /// The precondition element, such as `{DAV:}supported-report` or
  /// `{urn:ietf:params:xml:ns:caldav}no-uid-conflict`; nil when there is none to name.
  public let precondition: XMLName?
  /// What the precondition element holds, such as the `DAV:href` of `no-uid-conflict`.
  public let preconditionContent: [XMLElement]
  /// What went wrong, in words a client's user can act on.
  public let message: String

  /// Makes an error.
  /// - Parameters:
  ///   - status: The HTTP status.
  ///   - precondition: The failed precondition's element name, if any.
  ///   - preconditionContent: The children of the precondition element.
  ///   - message: The human-readable explanation.
  public init(
    status: Int, precondition: XMLName? = nil, preconditionContent: [XMLElement] = [],
    message: String
  ) {
    self.status = status
    self.precondition = precondition
    self.preconditionContent = preconditionContent
    self.message = message
  }

  /// A 400 for a body that is not what the method expects.
  /// - Parameter message: What is wrong with the body.
  /// - Returns: The error.
  public static func badRequest(_ message: String) -> WebDAVError {
    WebDAVError(status: 400, message: message)
  }

  /// The message, with the precondition when there is one.
  public var description: String {
    if let precondition { return "\(status) \(precondition): \(message)" }
    return "\(status): \(message)"
  }
}
