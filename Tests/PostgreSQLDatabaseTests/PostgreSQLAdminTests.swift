import Foundation
import PostgreSQLDatabase
import SQLDatabase
import Testing

@Suite(.enabled(if: TestServer.isEnabled)) struct PostgreSQLAdminTests {
  @Test func aURLForAnotherDatabaseKeepsTheServerUserAndOptions() throws {
    let admin = PostgreSQLAdmin(
      try PostgreSQLConfiguration("postgres://anna:pw@db.example:6543/postgres?sslmode=require"))
    #expect(
      admin.url(forDatabase: "lists 2")
        == "postgres://anna:pw@db.example:6543/lists%202?sslmode=require")
    let bare = PostgreSQLAdmin(try PostgreSQLConfiguration("postgresql://db.example"))
    #expect(bare.url(forDatabase: "lists") == "postgresql://db.example/lists")
    let keywords = PostgreSQLAdmin(try PostgreSQLConfiguration("host=db.example dbname=postgres"))
    #expect(keywords.url(forDatabase: "it's") == "host=db.example dbname=postgres dbname='it\\'s'")
    #expect(try PostgreSQLConfiguration(keywords.url(forDatabase: "it's")).databaseName == "it's")
  }

  @Test func aDatabaseIsCreatedReachedAndDroppedWithItsConnections() throws {
    let admin = try TestServer.admin()
    let name = "t_Mixed Case \"" + UUID().uuidString.prefix(8)
    try admin.createDatabase(name)
    var dropped = false
    defer { if !dropped { try? admin.dropDatabase(name) } }
    let pool = try PostgreSQLPool(PostgreSQLConfiguration(admin.url(forDatabase: name)))
    defer { pool.close() }
    let current = try pool.read { db in
      try db.queryFirst("SELECT current_database()", arguments: []) { $0.string(0) }
    }
    #expect(current == name)
    let duplicate = try #require(throws: SQLError.self) { try admin.createDatabase(name) }
    #expect(duplicate.code == "SQLSTATE 42P04")
    // Dropping ends the pool's open connection; the pool then says the database is gone.
    try admin.dropDatabase(name)
    dropped = true
    let error = try #require(throws: SQLError.self) {
      try pool.read { db in try db.queryFirst("SELECT 1", arguments: []) { $0.int(0) } }
    }
    #expect(error.kind == .unavailable)
    #expect(error.message.contains("does not exist"))
    try admin.dropDatabase(name)  // dropping what is not there is not an error
  }
}
