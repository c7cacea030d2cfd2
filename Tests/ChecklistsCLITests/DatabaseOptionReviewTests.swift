import Foundation
import Testing

/// A mistyped PostgreSQL URL must be refused as one, not taken for an SQLite file's path: the
/// command would otherwise run on a new empty file named after the URL (password and all),
/// or print the password in its error.
@Suite("Naming the database: mistyped URLs")
struct DatabaseOptionReviewTests {
  @Test(arguments: [
    "postgre://alice:s3cret@db.example/checklists",
    "POSTGRES://alice:s3cret@db.example/checklists",
    "postgresql:alice:s3cret@db.example",
    "mysql://alice:s3cret@db.example/checklists",
  ])
  func aMistypedURLIsRefusedWithoutItsPassword(_ database: String) throws {
    let cli = CLI()
    let created = FileManager.default.currentDirectoryPath + "/" + database
    defer { try? FileManager.default.removeItem(atPath: created) }
    let result = try cli.run("--database", database, "lists")
    #expect(result.code != 0)
    #expect(!result.error.contains("s3cret"), "\(result.error)")
    #expect(!result.output.contains("s3cret"), "\(result.output)")
    #expect(result.error.contains("postgres://"), "\(result.error)")
    #expect(!FileManager.default.fileExists(atPath: created))
  }
}
