import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// How long a claim is kept after its due date: far longer than any server waits between
  /// two reminder checks, so a claim is never pruned while an instance may still ask.
  static let reminderClaimMemory: TimeInterval = 7 * 24 * 3600

  /// A row per reminder some server instance fired: the item and the due date it fired for.
  /// Written in SQL both engines run.
  static func migrateToReminderClaims(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE reminder_claims (
        item_id TEXT NOT NULL,
        -- The due date the reminder fired for (seconds since 2001): a new due date is a new
        -- reminder.
        due_date DOUBLE PRECISION NOT NULL,
        PRIMARY KEY (item_id, due_date));
      CREATE INDEX reminder_claims_by_due_date ON reminder_claims(due_date);
      """)
  }

  /// Claims the firing of an item's reminder for its due date: true when this call inserted
  /// the claim, false when another process had.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage`.
  public func claimReminder(itemID: UUID, dueDate: Date) throws -> Bool {
    do {
      return try queue.write { db in
        try db.run(
          "DELETE FROM reminder_claims WHERE due_date < ?",
          dueDate.addingTimeInterval(-Self.reminderClaimMemory))
        return try db.run(
          "INSERT INTO reminder_claims (item_id, due_date) VALUES (?, ?) ON CONFLICT DO NOTHING",
          itemID, dueDate) == 1
      }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}
