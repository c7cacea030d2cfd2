import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

/// What a server reads to send each change only to those who may read what it names: which
/// lists are shared with a user, and which shared shopping lists show a catalogue item.
extension SQLChecklistStore {
  /// The ids of the checklists and shopping lists shared with a user (not their owners').
  public func sharedListIDs(userID: UUID) throws -> Set<UUID> {
    try audienceRead { db in
      Set(
        try db.query("SELECT collection_id FROM shares WHERE user_id = ?", userID) {
          try $0.uuid(0)
        })
    }
  }

  /// The shopping lists shared with anyone that hold a catalogue item now: where a change of
  /// the item shows to those it is shared with.
  /// - Complexity: O(log *n* + *k*) through the index of entries by item.
  public func sharedShoppingLists(holding itemID: UUID) throws -> [SharedShoppingList] {
    try audienceRead { db in
      try db.query(
        """
        SELECT shopping_lists.id, shopping_lists.revision FROM shopping_entries
        JOIN shopping_lists ON shopping_lists.id = shopping_entries.list_id
        WHERE shopping_entries.item_id = ?
          AND EXISTS (SELECT 1 FROM shares WHERE collection_id = shopping_lists.id)
        ORDER BY shopping_lists.id
        """, itemID
      ) { SharedShoppingList(id: try $0.uuid(0), revision: $0.int64(1)) }
    }
  }

  /// A user's shopping lists shared with anyone.
  public func sharedShoppingLists(ownerID: UUID) throws -> [SharedShoppingList] {
    try audienceRead { db in
      try db.query(
        """
        SELECT id, revision FROM shopping_lists
        WHERE owner_id = ? AND EXISTS (SELECT 1 FROM shares WHERE collection_id = shopping_lists.id)
        ORDER BY id
        """, ownerID
      ) { SharedShoppingList(id: try $0.uuid(0), revision: $0.int64(1)) }
    }
  }

  private func audienceRead<T: Sendable>(_ body: (any SQLConnection) throws -> T) throws -> T {
    do {
      return try queue.read { db in try body(db) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}
