import ChecklistsCore
import ChecklistsMessages
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
    if isPostgreSQL(database) { return try SQLChecklistStore(postgreSQL: database) }
    if let scheme = mistypedURLScheme(database) {
      // Not the string itself: it may hold a password.
      throw ChecklistsError(
        .storage,
        MessageText("errors.database.databaseLooksLike", ["scheme": "\(scheme)"]))
    }
    return try SQLChecklistStore(sqlitePath: database)
  }

  /// The scheme of a string that reads as a URL other than PostgreSQL's (`postgre://…`,
  /// `POSTGRES://…`, `postgresql:user@host`, `mysql://…`): a mistyped URL, which taken as an
  /// SQLite path would make a new empty file named after it, password and all.
  public static func mistypedURLScheme(_ database: String) -> String? {
    guard let colon = database.firstIndex(of: ":") else { return nil }
    let scheme = database[..<colon]
    guard let first = scheme.first, first.isASCII, first.isLetter,
      scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
    else { return nil }
    let rest = database[database.index(after: colon)...]
    if rest.hasPrefix("//") { return scheme.lowercased() == "file" ? nil : scheme + "://" }
    return scheme.lowercased().hasPrefix("postgres") ? scheme + ":" : nil
  }
}
