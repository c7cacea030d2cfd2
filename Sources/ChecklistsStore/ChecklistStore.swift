import ChecklistsCore
import Foundation

/// Where checklists are kept: the SQLite file in production, memory in fast tests.
///
/// Every call of ``read(_:)`` sees one consistent snapshot; every call of ``write(_:)`` is one
/// transaction, committed when the closure returns and rolled back when it throws, so a failed
/// change leaves nothing half-written. The rules (validation, revisions, the change log) live
/// once, in ``ChecklistService``, above these primitives.
public protocol ChecklistStore: Sendable {
  /// Runs `body` against a consistent snapshot.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func read<T: Sendable>(_ body: (any ChecklistStoreReader) throws -> T) throws -> T

  /// Runs `body` as one transaction.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func write<T: Sendable>(_ body: (any ChecklistStoreWriter) throws -> T) throws -> T
}

/// The reading primitives every store offers, valid only inside ``ChecklistStore/read(_:)``.
public protocol ChecklistStoreReader: SharingStoreReader, FieldRevisionReader, IDClaimReader {
  /// The user with this name, if any.
  func user(named name: String) throws -> User?

  /// Every list the user owns, in no particular order, with their counts.
  /// - Complexity: O(*lists*); the counts are stored, not counted.
  func checklists(ownerID: UUID) throws -> [Checklist]

  /// The list with this id, with its counts.
  func checklist(id: UUID) throws -> Checklist?

  /// The user's lists whose ``ChecklistsCore/NameKey/lookup(_:)`` key is `key`.
  /// - Complexity: O(log *lists* + *k*) through an index.
  func checklists(ownerID: UUID, nameKey key: String) throws -> [Checklist]

  /// The user's lists whose lookup key starts with `prefix`.
  /// - Complexity: O(log *lists* + *k*) through an index.
  func checklists(ownerID: UUID, nameKeyStartingWith prefix: String) throws -> [Checklist]

  /// How many lists the user owns.
  /// - Complexity: O(*lists*) entries of an index: for messages, not for every command.
  func checklistCount(ownerID: UUID) throws -> Int

  /// The id of the list at zero-based `index` of the user's All Lists (their own lists and
  /// those shared with them, in ``ChecklistsCore/Checklist/sortsBefore(_:_:)`` order).
  /// - Complexity: O(log *lists* + `index`) entries of an index; no list is read.
  func visibleChecklistID(userID: UUID, at index: Int) throws -> UUID?

  /// The list's items whose lookup key is `key`, in the user's order.
  /// - Complexity: O(log *items* + *k*) through an index.
  func items(checklistID: UUID, textKey key: String) throws -> [ChecklistItem]

  /// The list's items whose lookup key starts with `prefix`, in the user's order.
  /// - Complexity: O(log *items* + *k* log *k*) through an index.
  func items(checklistID: UUID, textKeyStartingWith prefix: String) throws -> [ChecklistItem]

  /// The texts of the list's items in the user's order: the candidates of a "Did you mean".
  func itemTexts(checklistID: UUID) throws -> [String]

  /// The list's items in the user's order.
  func items(checklistID: UUID) throws -> [ChecklistItem]

  /// The item with this id.
  func item(id: UUID) throws -> ChecklistItem?

  /// The item at a zero-based position in the list's order.
  /// - Complexity: O(log *items* + `index`) entries of an index; one item is read.
  func item(checklistID: UUID, at index: Int) throws -> ChecklistItem?

  /// The changes the user may see after `sequence`, oldest first, at most `limit` of them:
  /// those in their log and those to lists shared with them.
  func changes(ownerID: UUID, after sequence: Int64, limit: Int) throws -> [Change]

  /// The user's unchecked items with Remind Me on and a due date at or before `date`, soonest first.
  func dueItems(ownerID: UUID, through date: Date) throws -> [ChecklistItem]

  /// The user's unchecked items with Remind Me on and a due date in `start..<end`, soonest first.
  /// - Complexity: O(log *n* + *k*) through an index on reminders' due dates.
  func reminders(ownerID: UUID, dueFrom start: Date, before end: Date) throws -> [ChecklistItem]

  /// The sequence of the latest change the user may see, or 0: a version of everything the
  /// user has, shared lists included.
  func lastChangeSequence(ownerID: UUID) throws -> Int64

  /// The subtasks of an item, in the list's order.
  /// - Complexity: O(log *n* + *k*) through the index on parents.
  func subtasks(of parentID: UUID) throws -> [ChecklistItem]

  /// Whether any item of the list is a subtask.
  /// - Complexity: O(*subtasks*) entries of the index on parents.
  func hasSubtasks(checklistID: UUID) throws -> Bool

  /// The completions of a repeating item, newest first, at most `limit`.
  func completions(itemID: UUID, limit: Int) throws -> [ItemCompletion]

  /// How many times a repeating item was completed.
  func completionCount(itemID: UUID) throws -> Int
}

/// The writing primitives, valid only inside ``ChecklistStore/write(_:)``.
///
/// Each touches O(1) rows except deleting a list, which removes its items.
public protocol ChecklistStoreWriter: ChecklistStoreReader, FieldRevisionWriter {
  /// Adds a user.
  func insertUser(_ user: User) throws

  /// Adds an empty list. Its counts are ignored: the store keeps them.
  func insertChecklist(_ checklist: Checklist) throws

  /// Stores a list's name, icon, hide-checked setting, revision and update date.
  func updateChecklist(_ checklist: Checklist) throws

  /// Removes a list and its items.
  func deleteChecklist(id: UUID) throws

  /// Adds an item at the end of its list.
  func appendItem(_ item: ChecklistItem) throws

  /// Stores an item's text, checkmark, due date, reminder, notes, flag, priority, parent,
  /// repeat rule, revision and update date.
  func updateItem(_ item: ChecklistItem) throws

  /// Removes an item; subtasks it still has move to the top level.
  func deleteItem(id: UUID) throws

  /// Moves an item so that it stands at zero-based `index` of its list (clamped to the list).
  func moveItem(id: UUID, to index: Int) throws

  /// Moves an item so that it stands right after `otherID` in its list, or first when
  /// `otherID` is nil; both items are in the same list and differ. Writes the moving item's
  /// row only, unless the gap there is used up and the list is renumbered (rare).
  /// - Returns: Whether the item's place changed (false when it already stood there).
  /// - Complexity: O(log *items*) through the list's position index.
  func moveItem(id: UUID, after otherID: UUID?) throws -> Bool

  /// Records a completion in a repeating item's history.
  func insertCompletion(_ completion: ItemCompletion) throws

  /// Appends to the change log.
  /// - Returns: The change's sequence number.
  func appendChange(_ change: Change) throws -> Int64
}
