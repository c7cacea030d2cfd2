import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Synchronization
import Testing

/// The stores every store test runs against: the real SQL store on SQLite, on a real file, and
/// on PostgreSQL, in a fresh database on a real server (see ``TestPostgreSQL``). (An in-memory
/// fake used to run beside them; it was dropped rather than taught sharing, since the real
/// stores are fast enough for every test.)
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite
  case postgres

  var testDescription: String { rawValue }

  /// The engines this run tests: both, unless `CHECKLISTS_TEST_ENGINES` names some
  /// (``TestEngines``).
  static let allCases: [StoreKind] = TestEngines.names.compactMap(StoreKind.init(rawValue:))

  /// Whether this run tests PostgreSQL (see ``allCases``): the suites for it alone run only then.
  static var testsPostgreSQL: Bool { allCases.contains(.postgres) }

  /// A fresh database, seen only through the protocol the server and the CLI use.
  func makeStore() throws -> any ChecklistsDatabase {
    try makeSQLStore()
  }

  /// Where a new database of this engine is: a path in a new temporary folder, or the URL of
  /// a new database (with the schema already in it) on the test server. For tests that open
  /// one database twice.
  func newLocation() throws -> String {
    switch self {
    case .sqlite: TemporaryFolder().path("test.sqlite")
    case .postgres: try TestPostgreSQL.newDatabase()
    }
  }

  /// The SQL store on this engine, for tests that also read its tables or reopen it: at
  /// `path` (a file's path, or a PostgreSQL URL), else in a new database. The one place store
  /// tests make a store.
  func makeSQLStore(path: String? = nil) throws -> SQLChecklistStore {
    let location = try path ?? newLocation()
    return switch self {
    case .sqlite: try SQLChecklistStore(sqlitePath: location)
    case .postgres: try SQLChecklistStore(postgreSQL: location)
    }
  }

  /// A fresh service on a fresh store, with a clock that ticks one second per reading.
  func makeService() throws -> ChecklistService {
    try ChecklistService.openLocal(store: makeStore(), now: TestClock().now)
  }
}

/// A clock that starts on 2026-11-30 and advances one second each time it is read.
final class TestClock: Sendable {
  private let seconds = Mutex(Double(1_796_000_000))

  var now: @Sendable () -> Date {
    { [self] in
      Date(
        timeIntervalSince1970: seconds.withLock { value in
          value += 1
          return value
        })
    }
  }
}

/// A new, empty folder under the system's temporary folder.
struct TemporaryFolder {
  let url: URL

  init() {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-tests-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  func path(_ name: String) -> String {
    url.appendingPathComponent(name).path
  }
}
