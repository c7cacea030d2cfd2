import ChecklistsCore
import SQLDatabase

extension SQLChecklistStore {
  /// Whether `database` names a PostgreSQL database (a `postgres://` or `postgresql://` URL,
  /// or a libpq connection string such as `host=… dbname=…`) rather than an SQLite file.
  public static func isPostgreSQL(_ database: String) -> Bool {
    if database.hasPrefix("postgres://") || database.hasPrefix("postgresql://") { return true }
    let keywords = ["host=", "hostaddr=", "dbname=", "user=", "port=", "service="]
    return keywords.contains { database.hasPrefix($0) || database.contains(" " + $0) }
  }

  /// Opens the database `database` names: a PostgreSQL URL or connection string, else the path
  /// of an SQLite file (created when missing).
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage` naming the database.
  public static func open(_ database: String) throws -> SQLChecklistStore {
    isPostgreSQL(database)
      ? try SQLChecklistStore(postgreSQL: database) : try SQLChecklistStore(sqlitePath: database)
  }
}
