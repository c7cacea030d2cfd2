import ChecklistsSQLStore
import Foundation
import PostgreSQLDatabase
import SQLDatabase
import Synchronization

/// The PostgreSQL server the store tests run on, and fresh databases on it.
///
/// The server is `$CHECKLISTS_TEST_POSTGRES`, else the throwaway cluster `scripts/postgres
/// start` runs (and prints the URL of); when neither answers the tests fail, naming why: a
/// skipped engine would be a test that cannot fail. Every test database is new, named
/// `t_<uuid>`, and copied from a template this process migrated once (copying is several times
/// cheaper than migrating); the process drops them all, and the template, when it exits.
enum TestPostgreSQL {
  /// The server's URL and the name of this process's template database.
  private static let setup: Result<(server: PostgreSQLConfiguration, template: String), Error> =
    Result {
      let server = try PostgreSQLConfiguration(try serverURL())
      let template = "t_template_" + UUID().uuidString.lowercased().filter(\.isHexDigit)
      try create(template, on: server)
      let store = try SQLChecklistStore(
        postgreSQL: PostgreSQLAdmin(server).url(forDatabase: template))
      store.close()
      return (server, template)
    }

  private static let created = Mutex<[String]>([])

  /// A new database on the test server with the store's schema, never used before.
  /// - Returns: Its URL.
  static func newDatabase() throws -> String {
    try newNamedDatabase().url
  }

  /// A new database on the test server with the store's schema, never used before.
  /// - Returns: Its name and URL.
  static func newNamedDatabase() throws -> (name: String, url: String) {
    let (server, template) = try setup.get()
    let name = "t_" + UUID().uuidString.lowercased().filter(\.isHexDigit)
    try create(name, on: server, template: template)
    return (name, PostgreSQLAdmin(server).url(forDatabase: name))
  }

  /// An administrator's connection string to the server (the `postgres` database).
  static func serverConfiguration() throws -> PostgreSQLConfiguration {
    try setup.get().server
  }

  private static func create(
    _ name: String, on server: PostgreSQLConfiguration, template: String? = nil
  ) throws {
    let isFirst = created.withLock { names in
      names.append(name)
      return names.count == 1
    }
    if isFirst { atexit { TestPostgreSQL.dropAll() } }
    let admin = try PostgreSQLConnection(server)
    defer { admin.close() }
    let from = template.map { " TEMPLATE \($0)" } ?? " TEMPLATE template0 ENCODING 'UTF8'"
    try admin.execute("CREATE DATABASE \(name)\(from)")
  }

  private static func dropAll() {
    guard case .success(let (server, template)) = setup else { return }
    let names = created.withLock { $0 }.filter { $0 != template } + [template]
    guard let admin = try? PostgreSQLConnection(server) else { return }
    defer { admin.close() }
    for name in names { try? admin.execute("DROP DATABASE IF EXISTS \(name) WITH (FORCE)") }
  }

  /// `$CHECKLISTS_TEST_POSTGRES`, else what `scripts/postgres start` prints.
  private static func serverURL() throws -> String {
    if let url = ProcessInfo.processInfo.environment["CHECKLISTS_TEST_POSTGRES"], !url.isEmpty {
      return url
    }
    let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let script = package.appendingPathComponent("scripts/postgres").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: script)
    process.arguments = ["start"]
    let output = Pipe()
    process.standardOutput = output
    do {
      try process.run()
    } catch {
      throw TestSetupError(
        "No PostgreSQL for the store tests: $CHECKLISTS_TEST_POSTGRES is not set and \(script) "
          + "could not run (\(error)).")
    }
    process.waitUntilExit()
    let url = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      .trimmingCharacters(in: .whitespacesAndNewlines)
    guard process.terminationStatus == 0, !url.isEmpty else {
      throw TestSetupError(
        "No PostgreSQL for the store tests: $CHECKLISTS_TEST_POSTGRES is not set and "
          + "\(script) start failed (status \(process.terminationStatus)).")
    }
    return url
  }
}

/// Why a test could not be set up.
struct TestSetupError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
