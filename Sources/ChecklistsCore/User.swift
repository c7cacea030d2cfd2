import Foundation

/// A person who owns lists. Until accounts arrive there is one local user.
public struct User: Identifiable, Hashable, Sendable, Codable {
  /// The stable identity of the user.
  public var id: UUID
  /// The user's unique login name.
  public var name: String
  /// When the user was created.
  public var createdAt: Date

  /// Creates a user value.
  public init(id: UUID = UUID(), name: String, createdAt: Date) {
    self.id = id
    self.name = name
    self.createdAt = createdAt
  }

  /// The name of the single user that owns everything in a local, single-user database.
  public static let localName = "local"
}
