import Foundation
import Testing

/// The package's layers, read from its source files: the store protocols and services import
/// no SQL module, and only each engine's driver reaches its C library.
@Suite("Layers: no SQL engine under the services")
struct LayeringTests {
  /// The package's `Sources` folder, found from this file's own location.
  static let sources = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources")

  /// The modules a file imports, with the path it is at under `Sources`.
  static func imports() throws -> [(file: String, module: String)] {
    let base = sources.standardizedFileURL.path
    let files = try #require(FileManager.default.enumerator(atPath: base))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 100, "the sources were not found at \(base)")
    return try files.flatMap { file in
      let text = try String(contentsOfFile: base + "/" + file, encoding: .utf8)
      return text.split(separator: "\n").compactMap { line -> (String, String)? in
        let words = line.split(separator: " ")
        guard let index = words.firstIndex(of: "import"), index + 1 < words.count,
          words[..<index].allSatisfy({ $0.hasPrefix("@") || $0 == "public" || $0 == "internal" })
        else { return nil }
        return (file, String(words[index + 1]))
      }
    }
  }

  @Test("The store protocols and services import no SQL module")
  func storeImportsNoSQL() throws {
    let sqlModules: Set = [
      "CSQLite", "SQLiteDatabase", "CLibPQ", "PostgreSQLDatabase", "SQLDatabase",
      "ChecklistsSQLStore",
    ]
    let offending = try Self.imports().filter {
      $0.file.hasPrefix("ChecklistsStore/") && sqlModules.contains($0.module)
    }
    #expect(offending.isEmpty, "\(offending.map { "\($0.file) imports \($0.module)" })")
  }

  @Test("Only the SQLite driver imports CSQLite, only the PostgreSQL driver CLibPQ")
  func onlyTheDriverImportsSQLite() throws {
    let drivers = ["CSQLite": "SQLiteDatabase/", "CLibPQ": "PostgreSQLDatabase/"]
    let offending = try Self.imports().filter { file, module in
      drivers[module].map { !file.hasPrefix($0) } ?? false
    }
    #expect(offending.isEmpty, "\(offending.map { "\($0.file) imports \($0.module)" })")
  }

  @Test("The server and the CLI name no concrete store type and downcast to none")
  func noConcreteStoreAboveTheStore() throws {
    let base = Self.sources.standardizedFileURL.path
    var offending: [String] = []
    for folder in ["ChecklistsServer", "ChecklistsStore"] {
      let files = try FileManager.default.contentsOfDirectory(atPath: base + "/" + folder)
        .filter { $0.hasSuffix(".swift") }
      for file in files {
        let text = try String(contentsOfFile: "\(base)/\(folder)/\(file)", encoding: .utf8)
        for word in ["SQLiteChecklistStore", "SQLChecklistStore", "as? SQL", "as! SQL"]
        where text.contains(word) {
          offending.append("\(folder)/\(file) names \(word)")
        }
      }
    }
    #expect(offending.isEmpty, "\(offending)")
  }
}
