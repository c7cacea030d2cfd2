import CSQLite
import SQLDatabase

/// A prepared statement, reused across calls through the connection's cache.
///
/// Not `Sendable`: it belongs to its ``Database`` and is reached only inside its closures.
public final class Statement {
  let handle: OpaquePointer
  /// The statement's SQL.
  public let sql: String
  private unowned let database: Database

  init(database: Database, sql: String) throws {
    var handle: OpaquePointer?
    let code = sqlite3_prepare_v3(
      database.handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &handle, nil)
    guard code == SQLITE_OK, let handle else {
      throw database.error(code: code, sql: sql)
    }
    self.handle = handle
    self.sql = sql
    self.database = database
  }

  deinit {
    sqlite3_finalize(handle)
  }

  /// Binds `arguments` to the parameters `?1`, `?2`, … after resetting the statement.
  func bind(_ arguments: [any SQLValueConvertible]) throws {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
    let expected = Int(sqlite3_bind_parameter_count(handle))
    precondition(
      arguments.count == expected, "\(arguments.count) arguments for \(expected) in \(sql)")
    for (offset, argument) in arguments.enumerated() {
      let index = Int32(offset + 1)
      let code: Int32
      switch argument.sqlValue {
      case .null: code = sqlite3_bind_null(handle, index)
      case .integer(let value): code = sqlite3_bind_int64(handle, index, value)
      case .real(let value): code = sqlite3_bind_double(handle, index, value)
      case .text(let value):
        // Pass the byte count so that a NUL inside the text doesn't cut it short.
        var value = value
        code = value.withUTF8 {
          sqlite3_bind_text(
            handle, index, UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self),
            Int32($0.count), csqlite_transient())
        }
      case .blob(let bytes):
        code = bytes.withUnsafeBytes {
          sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), csqlite_transient())
        }
      }
      guard code == SQLITE_OK else { throw database.error(code: code, sql: sql) }
    }
  }

  /// Advances to the next row: `true` when a row is ready, `false` when done.
  func step() throws -> Bool {
    let code = sqlite3_step(handle)
    switch code {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    default:
      let error = database.error(code: code, sql: sql)
      sqlite3_reset(handle)
      throw error
    }
  }

  /// Releases the statement's read lock and bindings so it can wait in the cache.
  func finish() {
    sqlite3_reset(handle)
    sqlite3_clear_bindings(handle)
  }
}
