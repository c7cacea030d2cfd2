import ChecklistsCore
import Foundation

/// What holds an id that a client chose: a list, an item, a catalogue item or a shopping list,
/// alive or deleted.
///
/// Ids are unique across every kind and every user, so that a client can choose one offline and
/// send the same create twice without making two copies (docs/API.md, "Ids chosen by clients").
public struct IDClaim: Hashable, Sendable {
  /// The kinds of resource a client may create with an id of its choosing.
  public enum Kind: String, Hashable, Sendable, CaseIterable {
    case checklist, item, catalogueItem, shoppingList, shop
  }

  /// What kind of resource holds the id.
  public var kind: Kind
  /// Who owns it (for an item: its list's owner).
  public var ownerID: UUID
  /// The list that holds it, for an item; nil for the other kinds.
  public var listID: UUID?
  /// Whether it was deleted: its id stays spent, so a late replay of its create cannot bring
  /// it back.
  public var isDeleted: Bool

  /// Creates a claim.
  public init(kind: Kind, ownerID: UUID, listID: UUID? = nil, isDeleted: Bool) {
    self.kind = kind
    self.ownerID = ownerID
    self.listID = listID
    self.isDeleted = isDeleted
  }
}

/// Finding what holds an id: part of every checklist and shopping reader.
public protocol IDClaimReader {
  /// The resource that holds `id` now or held it before it was deleted, if any.
  /// - Complexity: O(log *n*): one primary-key lookup per kind.
  func claim(onID id: UUID) throws -> IDClaim?
}
