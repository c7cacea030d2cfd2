import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation
import Synchronization
import Testing

/// The stores every store test runs against: the real SQLite store, on a real file. (An
/// in-memory fake used to run beside it; it was dropped rather than taught sharing, since the
/// real store is fast enough for every test.)
enum StoreKind: String, CaseIterable, CustomTestStringConvertible, Sendable {
  case sqlite

  var testDescription: String { rawValue }

  /// A fresh database, seen only through the protocol the server and the CLI use; an SQLite
  /// store lives in a new temporary file.
  func makeStore() throws -> any ChecklistsDatabase {
    try makeSQLStore()
  }

  /// The SQL store on this engine, for tests that also read its tables or reopen it: at
  /// `path`, else in a new temporary file. The one place store tests make a store.
  func makeSQLStore(path: String? = nil) throws -> SQLChecklistStore {
    switch self {
    case .sqlite: try SQLChecklistStore(sqlitePath: path ?? TemporaryFolder().path("test.sqlite"))
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
