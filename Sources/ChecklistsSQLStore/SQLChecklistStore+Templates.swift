import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// v14: templates, each user's own, with their items as JSON. Both engines run it.
  static func migrateToTemplates(_ db: any SQLConnection) throws {
    let text = db.dialect.text
    try db.execute(
      """
      CREATE TABLE templates (
        id \(text) PRIMARY KEY NOT NULL,
        owner_id \(text) NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name \(text) NOT NULL,
        icon \(text) NOT NULL,
        items \(text) NOT NULL,
        created_at DOUBLE PRECISION NOT NULL);
      CREATE INDEX templates_by_owner ON templates(owner_id, created_at);
      """)
  }

  /// Runs `body` in a write transaction.
  public func writeTemplates<T: Sendable>(_ body: (any TemplateStoreWriter) throws -> T) throws
    -> T
  {
    do {
      return try queue.write { db in try body(Transaction(db: db)) }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}

extension SQLChecklistStore.Transaction: TemplateStoreWriter {
  private static let templateColumns = "id, owner_id, name, icon, items, created_at"

  func templates(ownerID: UUID) throws -> [ChecklistTemplate] {
    try db.query(
      """
      SELECT \(Self.templateColumns) FROM templates WHERE owner_id = ? ORDER BY created_at, id
      """, ownerID, map: Self.template)
  }

  func template(id: UUID) throws -> ChecklistTemplate? {
    try db.queryFirst(
      "SELECT \(Self.templateColumns) FROM templates WHERE id = ?", id, map: Self.template)
  }

  func insertTemplate(_ template: ChecklistTemplate) throws {
    let items = String(decoding: try JSONEncoder().encode(template.items), as: UTF8.self)
    try db.run(
      "INSERT INTO templates (\(Self.templateColumns)) VALUES (?, ?, ?, ?, ?, ?)", template.id,
      template.ownerID, template.name, template.icon.rawValue, items, template.createdAt)
  }

  func deleteTemplate(id: UUID) throws {
    try db.run("DELETE FROM templates WHERE id = ?", id)
  }

  private static func template(_ row: SQLRow) throws -> ChecklistTemplate {
    let iconName = row.string(3)
    guard let icon = ChecklistIcon(rawValue: iconName) else {
      throw ChecklistsError(
        .storage, MessageText("errors.database.databaseHoldsUnknownIcon", ["iconName": iconName]))
    }
    let items: [TemplateItem]
    do {
      items = try JSONDecoder().decode([TemplateItem].self, from: Data(row.string(4).utf8))
    } catch {
      throw ChecklistsError(
        .storage,
        MessageText(
          "errors.database.templateItemsUnreadable", ["name": row.string(2), "error": "\(error)"]))
    }
    return ChecklistTemplate(
      id: try row.uuid(0), ownerID: try row.uuid(1), name: row.string(2), icon: icon,
      items: items, createdAt: row.date(5))
  }
}
