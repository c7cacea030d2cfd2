/// A PROPPATCH body (RFC 4918 section 9.2): properties to set and to remove, in document order,
/// all applied or none.
public struct ProppatchRequest: Sendable, Hashable {
  /// One instruction of a PROPPATCH.
  public enum Operation: Sendable, Hashable {
    /// Set a property to this element (its name is the property's, its content the value).
    case set(XMLElement)
    /// Remove the property with this name.
    case remove(XMLName)

    /// The property the operation is about.
    public var name: XMLName {
      switch self {
      case .set(let element): element.name
      case .remove(let name): name
      }
    }
  }

  /// The operations in the order the body gives them (a later one wins over an earlier one).
  public var operations: [Operation]

  /// Makes a request.
  /// - Parameter operations: The operations, in order.
  public init(operations: [Operation]) {
    self.operations = operations
  }

  /// Reads a PROPPATCH body: `d:propertyupdate` holding `d:set` and `d:remove`, each with a
  /// `d:prop`.
  /// - Parameters:
  ///   - body: The request body.
  ///   - limits: The parser's limits.
  /// - Returns: The operations.
  /// - Throws: ``WebDAVError`` (400) when the body is empty or not XML, its root is not
  ///   `d:propertyupdate`, a `set` or `remove` has no `prop`, there is nothing to do, or it
  ///   names more than ``PropfindRequest/maxPropertyNames`` properties.
  public static func parse(_ body: [UInt8], limits: SafeXMLParser.Limits = .init())
    throws(WebDAVError) -> ProppatchRequest
  {
    if isBlank(body) { throw .badRequest("A PROPPATCH needs a d:propertyupdate body.") }
    let root = try XMLElement.parseBody(
      body, root: [.dav("propertyupdate")], for: "PROPPATCH", limits: limits)
    var operations: [Operation] = []
    for instruction in root.children {
      switch instruction.name {
      case .dav("set"):
        for prop in instruction.children(.dav("prop")) {
          operations += prop.children.map { .set($0) }
        }
        if instruction.child(.dav("prop")) == nil {
          throw .badRequest("A d:set in the PROPPATCH body has no d:prop.")
        }
      case .dav("remove"):
        for prop in instruction.children(.dav("prop")) {
          operations += prop.childNames.map { .remove($0) }
        }
        if instruction.child(.dav("prop")) == nil {
          throw .badRequest("A d:remove in the PROPPATCH body has no d:prop.")
        }
      default:
        continue  // RFC 4918 section 17: unknown elements are ignored.
      }
    }
    if operations.isEmpty {
      throw .badRequest("The PROPPATCH body sets and removes no property.")
    }
    try PropfindRequest.checkPropertyCount(operations.count, in: root)
    return ProppatchRequest(operations: operations)
  }
}
