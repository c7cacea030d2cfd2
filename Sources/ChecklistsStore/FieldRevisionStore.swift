import ChecklistsCore
import Foundation

/// When one field of a list, item, catalogue item or shopping-list entry last changed, and who
/// changed it: what lets a stale edit of *other* fields go through (docs/SYNC.md).
public struct FieldRevision: Hashable, Sendable {
  /// The field, by its JSON name: `text`, `checked`, `dueDate`, `remind`, `notes`, `flagged`,
  /// `priority`, `parentID`, `repeat`, `name`, `icon`, `hideChecked`, `price`, `unit`, `category`, `quantity`, `inCart`.
  public var field: String
  /// The entity's revision (for an item or an entry: its list's) at which the field changed.
  public var revision: Int64
  /// Who changed it; `nil` for a change made before fields had revisions.
  public var userID: UUID?
  /// When it changed.
  public var changedAt: Date

  /// Creates a field revision.
  public init(field: String, revision: Int64, userID: UUID?, changedAt: Date) {
    self.field = field
    self.revision = revision
    self.userID = userID
    self.changedAt = changedAt
  }
}

/// The thing whose fields have revisions, as the store keys it.
public struct RevisedEntity: Hashable, Sendable {
  /// The key: the entity's id, or for an entry its list's and its item's ids.
  public var key: String

  /// A checklist, an item, a catalogue item or a shopping list (ids never collide).
  public static func id(_ id: UUID) -> RevisedEntity { RevisedEntity(key: id.uuidString) }

  /// A shopping list's entry for a catalogue item.
  public static func entry(listID: UUID, itemID: UUID) -> RevisedEntity {
    RevisedEntity(key: "\(listID.uuidString)/\(itemID.uuidString)")
  }
}

/// Reading field revisions: part of every reader, so a write checks them in its transaction.
public protocol FieldRevisionReader {
  /// The recorded revisions of an entity's fields. A field without one has not changed since
  /// the entity was created (and creating it needs no row).
  /// - Complexity: O(log *n* + fields) through the primary key.
  func fieldRevisions(of entity: RevisedEntity) throws -> [FieldRevision]
}

/// Recording field revisions: rows go when their entity is deleted.
public protocol FieldRevisionWriter: FieldRevisionReader {
  /// Records that `fields` of `entity` changed at `revision`, replacing older records.
  /// - Complexity: one row written per field.
  func recordFieldRevisions(
    of entity: RevisedEntity, fields: [String], revision: Int64, userID: UUID, at date: Date)
    throws
}

// MARK: - The rule

extension FieldRevisionReader where Self: SharingStoreReader {
  /// Checks an edit made against revision `expected` of an entity now at `revision`: it may go
  /// on when none of the fields it changes (`changing`: set to a new value) changed after
  /// `expected`.
  /// - Parameters:
  ///   - what: The thing, for messages: "item 'Salt'".
  ///   - current: The entity as it is, for the client to show.
  ///   - viewer: Who is asking, and the owner of the list the entity is on: a member of a
  ///     shared list learns who else changed it only when that is the owner (members do not
  ///     learn who else a list is shared with); the owner learns every name.
  /// - Throws: ``FieldConflictError`` naming each field changed since, or `stale` for a
  ///   revision the entity never had (newer than its own).
  func checkFields(
    _ changing: [String], of entity: RevisedEntity, expected: Int64?, revision: Int64,
    what: String, current: @autoclosure () throws -> FieldConflictError.Resource,
    viewer: (user: UUID, listOwner: UUID)? = nil
  ) throws {
    guard let expected, expected != revision else { return }
    guard expected < revision else {
      try ChecklistsError.checkRevision(expected, against: revision, what: what)
      return
    }
    guard !changing.isEmpty else { return }
    let recorded = Dictionary(
      try fieldRevisions(of: entity).map { ($0.field, $0) }, uniquingKeysWith: { a, _ in a })
    let conflicts = try changing.compactMap { field -> FieldConflict? in
      guard let change = recorded[field], change.revision > expected else { return nil }
      return FieldConflict(
        field: field, revision: change.revision,
        changedBy: try change.userID.flatMap { changer in
          guard let viewer, viewer.user != viewer.listOwner, changer != viewer.user,
            changer != viewer.listOwner
          else { return try user(id: changer)?.name }
          return nil
        },
        changedAt: change.changedAt)
    }
    guard conflicts.isEmpty else {
      throw FieldConflictError(
        what: what, expectedRevision: expected, revision: revision, conflicts: conflicts,
        current: try current())
    }
  }
}

extension FieldRevisionWriter {
  /// Records that `fields` changed, when any did (see ``ChecklistItem/changedFields(to:)``).
  func recordChanges(
    of entity: RevisedEntity, _ fields: [String], revision: Int64, by userID: UUID, at date: Date
  ) throws {
    guard !fields.isEmpty else { return }
    try recordFieldRevisions(
      of: entity, fields: fields, revision: revision, userID: userID, at: date)
  }
}

// MARK: - Which fields differ

extension ChecklistItem {
  /// The JSON names of the fields that differ in `other`.
  func changedFields(to other: ChecklistItem) -> [String] {
    var fields: [String] = []
    if text != other.text { fields.append("text") }
    if isChecked != other.isChecked { fields.append("checked") }
    if due != other.due { fields.append("dueDate") }
    if shouldRemind != other.shouldRemind { fields.append("remind") }
    if notes != other.notes { fields.append("notes") }
    if isFlagged != other.isFlagged { fields.append("flagged") }
    if priority != other.priority { fields.append("priority") }
    if parentID != other.parentID { fields.append("parentID") }
    if recurrence != other.recurrence { fields.append("repeat") }
    return fields
  }
}

extension Checklist {
  /// The JSON names of the fields that differ in `other`.
  func changedFields(to other: Checklist) -> [String] {
    var fields: [String] = []
    if name != other.name { fields.append("name") }
    if icon != other.icon { fields.append("icon") }
    if hidesChecked != other.hidesChecked { fields.append("hideChecked") }
    return fields
  }
}

extension ShoppingItem {
  /// The JSON names of the fields that differ in `other`.
  func changedFields(to other: ShoppingItem) -> [String] {
    var fields: [String] = []
    if name != other.name { fields.append("name") }
    if price != other.price { fields.append("price") }
    if unit != other.unit { fields.append("unit") }
    if category != other.category { fields.append("category") }
    return fields
  }
}

extension ShoppingEntry {
  /// The JSON names of the fields that differ in `other`.
  func changedFields(to other: ShoppingEntry) -> [String] {
    var fields: [String] = []
    if quantity != other.quantity { fields.append("quantity") }
    if isInCart != other.isInCart { fields.append("inCart") }
    return fields
  }
}
