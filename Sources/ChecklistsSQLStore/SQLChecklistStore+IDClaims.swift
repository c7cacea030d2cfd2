import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// The ids of deleted lists, items, catalogue items and shopping lists, kept so that a create
  /// replayed after the delete is refused instead of bringing the thing back. Triggers record
  /// them, so every way of deleting (a route, an import that replaces, a list taking its items
  /// with it, a deleted account) spends the id.
  static func migrateToDeletedIDs(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE deleted_ids (
        id TEXT PRIMARY KEY NOT NULL,
        kind TEXT NOT NULL,
        owner_id TEXT NOT NULL,
        -- The list that held it, for an item.
        list_id TEXT) WITHOUT ROWID;

      -- Before: the list's items are still there to be recorded (the cascade removes them).
      CREATE TRIGGER checklist_ids_kept_on_delete BEFORE DELETE ON checklists BEGIN
        INSERT INTO deleted_ids (id, kind, owner_id, list_id)
          SELECT id, 'item', OLD.owner_id, OLD.id FROM items WHERE checklist_id = OLD.id
          ON CONFLICT DO NOTHING;
        INSERT INTO deleted_ids (id, kind, owner_id) VALUES (OLD.id, 'checklist', OLD.owner_id)
          ON CONFLICT DO NOTHING;
      END;
      CREATE TRIGGER item_ids_kept_on_delete AFTER DELETE ON items BEGIN
        INSERT INTO deleted_ids (id, kind, owner_id, list_id)
          SELECT OLD.id, 'item', owner_id, id FROM checklists WHERE id = OLD.checklist_id
          ON CONFLICT DO NOTHING;
      END;
      CREATE TRIGGER catalogue_item_ids_kept_on_delete AFTER DELETE ON shopping_items BEGIN
        INSERT INTO deleted_ids (id, kind, owner_id)
          VALUES (OLD.id, 'catalogueItem', OLD.owner_id) ON CONFLICT DO NOTHING;
      END;
      CREATE TRIGGER shopping_list_ids_kept_on_delete AFTER DELETE ON shopping_lists BEGIN
        INSERT INTO deleted_ids (id, kind, owner_id)
          VALUES (OLD.id, 'shoppingList', OLD.owner_id) ON CONFLICT DO NOTHING;
      END;
      """)
  }
}

extension SQLChecklistStore.Transaction: IDClaimReader {
  func claim(onID id: UUID) throws -> IDClaim? {
    try db.queryFirst(
      """
      SELECT 'checklist', owner_id, NULL, 0 FROM checklists WHERE id = ?1
      UNION ALL
      SELECT 'item', checklists.owner_id, checklists.id, 0
        FROM items JOIN checklists ON checklists.id = items.checklist_id WHERE items.id = ?1
      UNION ALL
      SELECT 'catalogueItem', owner_id, NULL, 0 FROM shopping_items WHERE id = ?1
      UNION ALL
      SELECT 'shoppingList', owner_id, NULL, 0 FROM shopping_lists WHERE id = ?1
      UNION ALL
      SELECT 'shop', owner_id, NULL, 0 FROM shops WHERE id = ?1
      UNION ALL
      SELECT kind, owner_id, list_id, 1 FROM deleted_ids WHERE id = ?1
      LIMIT 1
      """, id
    ) { row in
      let kindName = row.string(0)
      guard let kind = IDClaim.Kind(rawValue: kindName) else {
        throw ChecklistsError(
          .storage, MessageText("errors.database.databaseHoldsUnknown", ["kindName": kindName]))
      }
      return IDClaim(
        kind: kind, ownerID: try row.uuid(1), listID: try row.optionalUUID(2),
        isDeleted: row.bool(3))
    }
  }
}
