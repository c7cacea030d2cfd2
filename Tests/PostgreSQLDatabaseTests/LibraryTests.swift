import PostgreSQLDatabase
import Testing

@Suite struct LibraryTests {
  @Test func linksLibPQ15OrLater() {
    #expect(PostgreSQL.libraryVersion >= 150_000)
  }
}
