import PostgreSQLDatabase
import SQLDatabase
import Testing

/// `url(forDatabase:)` must name the other database whatever the server's URL looks like: a
/// `?dbname=` in the query overrides the path in libpq, so a test (or a copy) given such a URL
/// would work in the database the URL named, not in its own.
@Suite struct PostgreSQLAdminReviewTests {
  @Test(arguments: [
    "postgres://checklists@127.0.0.1:54329/?dbname=postgres",
    "postgres://checklists@127.0.0.1:54329/postgres?sslmode=disable&dbname=postgres",
    "host=127.0.0.1 port=54329 user=checklists dbname=postgres",
  ])
  func theURLNamesTheOtherDatabase(_ server: String) throws {
    let admin = PostgreSQLAdmin(try PostgreSQLConfiguration(server))
    let other = try PostgreSQLConfiguration(admin.url(forDatabase: "t_review"))
    #expect(other.databaseName == "t_review")
    #expect(other.redacted == "postgres://checklists@127.0.0.1:54329/t_review")
  }
}
