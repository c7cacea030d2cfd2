import ChecklistsCore
import Foundation

/// One field an edit would overwrite although it changed after the revision the edit was made
/// against.
public struct FieldConflict: Hashable, Sendable {
  /// The field, by its JSON name.
  public var field: String
  /// The revision at which it changed.
  public var revision: Int64
  /// The name of the user who changed it; `nil` when that is not known (a change made before
  /// fields had revisions).
  public var changedBy: String?
  /// When it changed.
  public var changedAt: Date

  /// Creates a conflict.
  public init(field: String, revision: Int64, changedBy: String?, changedAt: Date) {
    self.field = field
    self.revision = revision
    self.changedBy = changedBy
    self.changedAt = changedAt
  }
}

/// An edit made against an older revision that would overwrite fields changed since: nothing
/// was written. The server answers 412 naming each field with its current value.
public struct FieldConflictError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The entity as it is now, so a client can show "changed elsewhere to …".
  public enum Resource: Hashable, Sendable {
    case item(ChecklistItem)
    case checklist(Checklist)
    case shoppingItem(ShoppingItem)
    case shoppingList(ShoppingList)
    case entry(ShoppingLine)
  }

  /// The thing, for messages: "item 'Salt'".
  public var what: String
  /// The revision the edit was made against.
  public var expectedRevision: Int64
  /// The entity's revision now.
  public var revision: Int64
  /// The fields that changed since, in the order the edit named them; never empty.
  public var conflicts: [FieldConflict]
  /// The entity as it is now.
  public var current: Resource

  /// Creates the error.
  public init(
    what: String, expectedRevision: Int64, revision: Int64, conflicts: [FieldConflict],
    current: Resource
  ) {
    precondition(!conflicts.isEmpty, "a field conflict names at least one field")
    self.what = what
    self.expectedRevision = expectedRevision
    self.revision = revision
    self.conflicts = conflicts
    self.current = current
  }

  /// "The item 'Salt' changed since revision 12: text was changed by anna. Reload it …".
  public var description: String {
    let fields = conflicts.map { conflict in
      "\(conflict.field) was changed" + (conflict.changedBy.map { " by \($0)" } ?? "")
    }
    return "The \(what) changed since revision \(expectedRevision): "
      + fields.joined(separator: "; ") + ". Reload it and try again."
  }
}
