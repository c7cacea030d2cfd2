/// A `d:sync-collection` REPORT (RFC 6578 section 3.2): what changed in a collection since a
/// sync token.
public struct SyncCollectionRequest: Sendable, Hashable {
  /// How deep the report reaches (`d:sync-level`).
  public enum Level: String, Sendable, Hashable {
    /// The collection's members.
    case one = "1"
    /// Everything below the collection.
    case infinite
  }

  /// The token of the client's last sync; nil for an initial sync (an empty `d:sync-token`).
  public var token: String?
  /// The level; `.one` when the client sent none (several clients leave it out).
  public var level: Level
  /// The most results the client wants (`d:limit/d:nresults`), or nil for no limit.
  public var limit: Int?
  /// The properties to return for each changed member.
  public var props: PropfindRequest

  /// Makes a request.
  /// - Parameters:
  ///   - token: The previous sync token, or nil for an initial sync.
  ///   - level: The sync level.
  ///   - limit: The most results wanted.
  ///   - props: The properties to return.
  public init(token: String?, level: Level = .one, limit: Int? = nil, props: PropfindRequest) {
    self.token = token
    self.level = level
    self.limit = limit
    self.props = props
  }

  /// Reads the report's element.
  static func read(_ root: XMLElement) throws(WebDAVError) -> SyncCollectionRequest {
    let token = root.child(.dav("sync-token"))?.trimmedText ?? ""
    var level = Level.one
    if let element = root.child(.dav("sync-level")) {
      guard let value = Level(rawValue: element.trimmedText.lowercased()) else {
        throw .badRequest(
          "The d:sync-level is '\(element.trimmedText)'; it must be 1 or infinite.")
      }
      level = value
    }
    var limit: Int?
    if let element = root.child(.dav("limit")) {
      let text = try element.requiredChild(.dav("nresults")).trimmedText
      guard let number = Int(text), number > 0 else {
        throw .badRequest("The d:nresults is '\(text)'; it must be a whole number above 0.")
      }
      limit = number
    }
    return SyncCollectionRequest(
      token: token.isEmpty ? nil : token, level: level, limit: limit,
      props: try PropfindRequest.selection(in: root) ?? .prop([]))
  }
}
