import CSQLite
import Foundation
import SQLDatabase

#if canImport(Glibc)
  import Glibc
#endif

/// Copies whole SQLite databases with SQLite's online backup API (`sqlite3_backup_init`,
/// `sqlite3_backup_step`, `sqlite3_backup_finish`): page by page, inside SQLite's own locks,
/// so a copy of a file a server is writing to is a consistent database, never a torn file.
///
/// The live databases are in WAL mode, where a reader sees one snapshot and writers carry on
/// beside it. Each copy is made in one `sqlite3_backup_step(-1)`: one read transaction on the
/// source, so the copy is exactly the database as of one commit, and writes made meanwhile by
/// other processes neither block it nor restart it (a copy made in several smaller steps starts
/// over whenever another connection writes, and could starve under a busy server).
public enum DatabaseBackup {
  /// What a copy moved.
  public struct Summary: Sendable, Equatable {
    /// How many database pages were copied.
    public var pages: Int
    /// The size of the copy in bytes.
    public var bytes: Int64
    /// What killed copies to the same file had left, removed first
    /// (``removeLeftovers(ofCopyTo:)``).
    public var leftoversRemoved: [Leftover] = []
  }

  /// Writes a consistent copy of the database at `source` to the file `destination`, which is
  /// replaced atomically if it exists: a reader of `destination` sees the old file or the
  /// whole new one, and a failure leaves it as it was.
  ///
  /// The copy is checked with `PRAGMA quick_check` before it replaces anything, and is a
  /// single self-contained file (rollback journal mode) that opens anywhere, read-only too.
  /// It is written beside `destination` as `<destination>.partial-<pid>`, removed on any
  /// failure; what a killed copy left there (it could not clean up) is removed first.
  /// - Parameters:
  ///   - source: The database file; it may be in use by other processes.
  ///   - destination: The file to write.
  /// - Returns: What was copied.
  /// - Throws: ``SQLDatabase/SQLError`` naming the file that failed.
  @discardableResult
  public static func backUp(_ source: String, to destination: String) throws -> Summary {
    let leftovers = removeLeftovers(ofCopyTo: destination)
    let partial = destination + ".partial-\(getpid())"
    unlink(partial)
    defer { unlink(partial) }
    let pages: Int
    do {
      // Read-write, never created: the last connection to close checkpoints and removes the
      // WAL (a read-only one would leave the -wal and -shm files behind).
      let from = try BackupConnection(path: source, mode: .existing)
      let into = try BackupConnection(path: partial, mode: .created)
      pages = try copyPages(from: from, into: into)
      // The source's header says WAL; a backup is one file, so it goes back to a journal.
      try into.execute("PRAGMA journal_mode = DELETE")
      try into.checkIntegrity()
      into.close()
      from.close()
    }
    try syncFile(partial)
    guard rename(partial, destination) == 0 else {
      throw SQLError(
        sqliteCode: SQLITE_CANTOPEN,
        message: "cannot move the backup into place as \(destination): "
          + String(cString: strerror(errno)))
    }
    syncFolder(of: destination)
    return Summary(pages: pages, bytes: fileSize(destination), leftoversRemoved: leftovers)
  }

  /// Replaces the whole content of the database at `database` with that of the database file
  /// `backup`, in one write transaction on `database`: a failure leaves it as it was.
  ///
  /// The backup is checked with `PRAGMA quick_check` first. The caller makes sure no other
  /// process has `database` open (``processUsing(_:)``): their caches would not know.
  /// - Parameters:
  ///   - backup: The database file to restore from; it is only read.
  ///   - database: The database to overwrite, created if missing.
  /// - Returns: What was copied.
  /// - Throws: ``SQLDatabase/SQLError`` naming the file that failed.
  @discardableResult
  public static func restore(_ backup: String, into database: String) throws -> Summary {
    let from = try BackupConnection(path: backup, mode: .readOnly)
    try from.checkIntegrity()
    let into = try BackupConnection(path: database, mode: .created)
    // A WAL database cannot take pages of another size; in rollback mode it can. Nobody else
    // has the file open, and the next connection to open it turns WAL back on.
    try into.execute("PRAGMA journal_mode = DELETE")
    let pages = try copyPages(from: from, into: into)
    into.close()
    from.close()
    return Summary(pages: pages, bytes: fileSize(database))
  }

  /// Checks that `path` is an intact SQLite database, without changing it.
  /// - Throws: ``SQLDatabase/SQLError``: `.notADatabase` for another kind of file, `.other`
  ///   with what `PRAGMA quick_check` found for a damaged one.
  public static func checkIntegrity(of path: String) throws {
    let connection = try BackupConnection(path: path, mode: .readOnly)
    try connection.checkIntegrity()
    connection.close()
  }

  /// The id of another process that has the WAL database at `path` open, if any.
  ///
  /// Every connection to a WAL database holds a shared lock on the "DMS" byte (offset 128) of
  /// its `-shm` file while it is open (the wal-index locks of SQLite's WAL format). A request
  /// for a write lock there (`F_GETLK`, which takes nothing) is refused with the holder's
  /// process id. Locks this process holds itself are not reported.
  /// - Returns: A process id, or nil when no other process has the database open.
  public static func processUsing(_ path: String) -> pid_t? {
    let descriptor = open(path + "-shm", O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var lock = flock()
    lock.l_type = Int16(F_WRLCK)
    lock.l_whence = Int16(SEEK_SET)
    lock.l_start = 128
    lock.l_len = 1
    guard fcntl(descriptor, F_GETLK, &lock) == 0, lock.l_type != Int16(F_UNLCK) else {
      return nil
    }
    return lock.l_pid
  }

  // MARK: - Internals

  /// How long a copy waits for a lock before giving up, in steps of ``lockPause``.
  private static let lockAttempts = 200
  private static let lockPause: useconds_t = 50_000

  /// Copies every page of `from`'s main database into `into`'s in one step.
  private static func copyPages(from: BackupConnection, into: BackupConnection) throws -> Int {
    guard let backup = sqlite3_backup_init(into.handle, "main", from.handle, "main") else {
      throw into.lastError(in: into.path)
    }
    var attempts = 0
    var code: Int32
    repeat {
      code = sqlite3_backup_step(backup, -1)
      if code == SQLITE_BUSY || code == SQLITE_LOCKED {
        attempts += 1
        usleep(lockPause)
      }
    } while (code == SQLITE_BUSY || code == SQLITE_LOCKED) && attempts < lockAttempts
    let pages = Int(sqlite3_backup_pagecount(backup))
    let finished = sqlite3_backup_finish(backup)
    guard code == SQLITE_DONE else {
      let message =
        code == SQLITE_BUSY || code == SQLITE_LOCKED
        ? "the database stayed locked for \(lockAttempts * Int(lockPause) / 1_000_000) s"
        : String(cString: sqlite3_errstr(code))
      throw SQLError(
        sqliteCode: code, message: "copying \(from.path) into \(into.path): \(message)")
    }
    guard finished == SQLITE_OK else { throw into.lastError(in: into.path) }
    return pages
  }

  private static func fileSize(_ path: String) -> Int64 {
    var status = stat()
    return stat(path, &status) == 0 ? Int64(status.st_size) : 0
  }

  /// Flushes the copy to the disk before it is renamed over an older one.
  private static func syncFile(_ path: String) throws {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      throw SQLError(
        sqliteCode: SQLITE_IOERR,
        message: "cannot reopen \(path): \(String(cString: strerror(errno)))")
    }
    defer { close(descriptor) }
    guard fsync(descriptor) == 0 else {
      throw SQLError(
        sqliteCode: SQLITE_IOERR,
        message: "cannot flush \(path): \(String(cString: strerror(errno)))")
    }
  }

  /// Makes the rename itself durable; best effort, as some file systems refuse it.
  private static func syncFolder(of path: String) {
    var folder = (path as NSString).deletingLastPathComponent
    if folder.isEmpty { folder = "." }
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    guard descriptor >= 0 else { return }
    fsync(descriptor)
    close(descriptor)
  }
}

/// A bare connection for copying pages: unlike ``Database`` it opens a file read-only when
/// asked, never creates a source, and leaves the journal mode alone.
private final class BackupConnection {
  let handle: OpaquePointer
  let path: String
  private var isClosed = false

  enum Mode {
    case readOnly, existing, created

    var flags: Int32 {
      switch self {
      case .readOnly: SQLITE_OPEN_READONLY
      case .existing: SQLITE_OPEN_READWRITE
      case .created: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
      }
    }
  }

  init(path: String, mode: Mode) throws {
    var handle: OpaquePointer?
    let flags = mode.flags | SQLITE_OPEN_NOMUTEX
    let code = sqlite3_open_v2(path, &handle, flags, nil)
    guard code == SQLITE_OK, let handle else {
      let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
      sqlite3_close_v2(handle)
      throw SQLError(sqliteCode: code, message: "\(path): \(message)")
    }
    self.handle = handle
    self.path = path
    sqlite3_extended_result_codes(handle, 1)
    sqlite3_busy_timeout(handle, 10_000)
  }

  deinit { close() }

  func close() {
    guard !isClosed else { return }
    isClosed = true
    sqlite3_close_v2(handle)
  }

  func execute(_ sql: String) throws {
    guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
      throw lastError(in: path, sql: sql)
    }
  }

  /// Runs `PRAGMA quick_check`, which reads every page: "ok", or what is damaged.
  func checkIntegrity() throws {
    var statement: OpaquePointer?
    let sql = "PRAGMA quick_check"
    guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
      sqlite3_finalize(statement)
      throw lastError(in: path, sql: sql)
    }
    defer { sqlite3_finalize(statement) }
    var findings: [String] = []
    while true {
      let code = sqlite3_step(statement)
      if code == SQLITE_DONE { break }
      guard code == SQLITE_ROW else { throw lastError(in: path, sql: sql) }
      findings.append(String(cString: sqlite3_column_text(statement, 0)))
    }
    guard findings == ["ok"] else {
      throw SQLError(
        .other, code: "quick_check",
        message: "\(path) is damaged: " + findings.prefix(3).joined(separator: "; "), sql: sql)
    }
  }

  func lastError(in path: String, sql: String? = nil) -> SQLError {
    SQLError(
      sqliteCode: sqlite3_extended_errcode(handle),
      message: "\(path): \(String(cString: sqlite3_errmsg(handle)))", sql: sql)
  }
}
