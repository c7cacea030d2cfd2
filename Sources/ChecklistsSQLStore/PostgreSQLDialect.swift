import ChecklistsCore
import SQLDatabase

extension SQLChecklistStore {
  /// Opens the PostgreSQL database at `url` and brings its schema up to date.
  /// - Throws: ``ChecklistsCore/ChecklistsError`` with code `storage` naming the database.
  public convenience init(postgreSQL url: String) throws {
    // Replaced by the PostgreSQL dialect (issue 13, engineer S).
    throw ChecklistsError(.storage, "PostgreSQL is not supported by this build.")
  }
}
