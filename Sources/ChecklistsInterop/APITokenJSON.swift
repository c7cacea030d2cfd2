import ChecklistsCore
import Foundation

/// An API token as `GET /api/v1/tokens` and `checklists token list --json` show it: never the
/// token itself.
public struct APITokenJSON: Encodable, Sendable, Equatable {
  public var id: UUID
  public var name: String
  public var createdAt: String
  public var lastUsedAt: String?
  /// Whether it is the token the request came with (the API only).
  public var current: Bool?

  public init(_ token: APIToken, current: Bool? = nil) {
    id = token.id
    name = token.name
    createdAt = ISOTimestamp.milliseconds(token.createdAt)
    lastUsedAt = token.lastUsedAt.map(ISOTimestamp.milliseconds)
    self.current = current
  }
}
