import PostgreSQLDatabase
import SQLDatabase
import Testing

/// A connection string libpq cannot parse must not put its password into the error, which
/// `checklists serve` prints to its log (the journal, for a systemd unit).
@Suite struct PostgreSQLConfigurationReviewTests {
  @Test(arguments: [
    "postgres://alice:s3cretPW@[::1/checklists",  // libpq quotes the whole URI
    "postgres://alice:s3cretPW@db.example:5432/checklists?bogus=1",
    "postgresql://alice:s3cret%zzPW@db.example/checklists",  // libpq quotes the bad token
    "host=db.example password='s3cretPW' dbname",
  ])
  func aMalformedStringsErrorLeavesThePasswordOut(_ connectionString: String) throws {
    let error = try #require(throws: SQLError.self) {
      try PostgreSQLConfiguration(connectionString)
    }
    #expect(error.kind == .cantOpen)
    #expect(!error.message.contains("s3cret"), "\(error.message)")
    #expect(!error.message.contains("PW"), "\(error.message)")
    #expect(error.message.contains("not a valid PostgreSQL URL"))
  }
}
