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

  /// The words that may stand before `import` besides attributes.
  static let accessLevels: Set<Substring> = [
    "public", "package", "internal", "fileprivate", "private",
  ]

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
          words[..<index].allSatisfy({ $0.hasPrefix("@") || accessLevels.contains($0) })
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

  /// The targets `Package.swift` declares, each with the targets it names as dependencies.
  static func declaredDependencies() throws -> [String: Set<String>] {
    let manifest = try String(
      contentsOf: sources.deletingLastPathComponent().appendingPathComponent("Package.swift"),
      encoding: .utf8)
    var targets: [String: Set<String>] = [:]
    // Each `.target(`, `.executableTarget(`, `.systemLibrary(` or `.testTarget(` up to the next.
    let kinds = [".target(", ".executableTarget(", ".systemLibrary(", ".testTarget("]
    var starts: [String.Index] = []
    for kind in kinds {
      var from = manifest.startIndex
      while let range = manifest.range(of: kind, range: from..<manifest.endIndex) {
        starts.append(range.lowerBound)
        from = range.upperBound
      }
    }
    starts.sort()
    for (offset, start) in starts.enumerated() {
      let end = offset + 1 < starts.count ? starts[offset + 1] : manifest.endIndex
      let declaration = manifest[start..<end]
      let quoted = declaration.split(separator: "\"", omittingEmptySubsequences: false)
        .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
      guard let name = quoted.first else { continue }
      let list = declaration.range(of: "dependencies:").map { declaration[$0.upperBound...] }
      let dependencies = list.map { rest in
        rest.prefix { $0 != "]" }.split(separator: "\"", omittingEmptySubsequences: false)
          .enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) }
      }
      targets[name] = Set(dependencies ?? [])
    }
    return targets
  }

  @Test("Every module a source file imports is a dependency its target declares")
  func importsAreDeclared() throws {
    let targets = try Self.declaredDependencies()
    #expect(targets["ChecklistsServer"]?.contains("HTTPServer") == true, "Package.swift unread")
    let offending = try Self.imports().filter { file, module in
      let owner = String(file.prefix { $0 != "/" })
      guard targets[module] != nil, module != owner, let declared = targets[owner] else {
        return false
      }
      return !declared.contains(module)
    }
    #expect(
      offending.isEmpty,
      "\(offending.map { "\($0.file) imports \($0.module), which its target does not declare" })")
  }

  /// The command line's files that may import the server module, each with the reason: only
  /// what runs the server. Hosts, public URLs and the loopback test live in `HTTPServer`.
  static let cliFilesImportingTheServer: [String: String] = [
    "ChecklistsCLI/Commands/ServeCommand.swift": "`checklists serve` starts a ChecklistsServer"
  ]

  @Test("Only the command that runs the server imports the server module into the CLI")
  func cliImportsTheServerOnlyToServe() throws {
    let importers = try Self.imports().filter {
      $0.file.hasPrefix("ChecklistsCLI/") && $0.module == "ChecklistsServer"
    }.map(\.file)
    let offending = importers.filter { Self.cliFilesImportingTheServer[$0] == nil }
    #expect(offending.isEmpty, "\(offending.sorted()) import ChecklistsServer")
    // A file named here that no longer imports it is a stale entry.
    let stale = Set(Self.cliFilesImportingTheServer.keys).subtracting(importers)
    #expect(stale.isEmpty, "\(stale.sorted()) no longer import ChecklistsServer")
  }

  @Test("The server and the services name no concrete store type and downcast to none")
  func noConcreteStoreAboveTheStore() throws {
    let base = Self.sources.standardizedFileURL.path
    var offending: [String] = []
    for folder in ["ChecklistsServer", "ChecklistsStore"] {
      // Every file below the folder, subfolders (CalDAV/, Search/, Templates/) too.
      let files = try #require(FileManager.default.enumerator(atPath: base + "/" + folder))
        .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
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

  // MARK: - The SQL store over SQLDatabase

  /// The store's files that may name a driver: those that open an engine, choosing the driver
  /// from the location (SQLChecklistStore+Open.swift and its SQLite and PostgreSQL parts),
  /// each with the reason.
  static let storeFilesNamingADriver: [String: String] = [
    "SQLChecklistStore+OpenSQLite.swift": "opens an SQLite file",
    "SQLChecklistStore+OpenPostgreSQL.swift": "opens a PostgreSQL pool and its LISTEN",
    "SQLChecklistStore+Backup.swift":
      "backs up and restores an SQLite file by path, which only SQLite's backup API can do",
  ]

  /// The store's source files (ChecklistsSQLStore), by name, with their text.
  static func storeFiles() throws -> [(name: String, text: String)] {
    let folder = sources.standardizedFileURL.path + "/ChecklistsSQLStore"
    let files = try #require(FileManager.default.enumerator(atPath: folder))
      .compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
    #expect(files.count > 20, "the store's sources were not found at \(folder)")
    return try files.map { ($0, try String(contentsOfFile: folder + "/" + $0, encoding: .utf8)) }
  }

  @Test("The SQL store imports a driver only where it opens an engine")
  func storeImportsDriversOnlyToOpen() throws {
    let drivers: Set = ["SQLiteDatabase", "PostgreSQLDatabase", "CSQLite", "CLibPQ"]
    let offending = try Self.imports().filter { file, module in
      guard file.hasPrefix("ChecklistsSQLStore/"), drivers.contains(module) else { return false }
      return Self.storeFilesNamingADriver[String(file.dropFirst("ChecklistsSQLStore/".count))]
        == nil
    }
    #expect(offending.isEmpty, "\(offending.map { "\($0.file) imports \($0.module)" })")
  }

  @Test("The SQL store never asks which engine a connection is: it asks the dialect")
  func storeChecksNoEngineType() throws {
    // A downcast or type test of a connection, or a flag standing for the engine.
    let checks = [
      "is Database", "as? Database", "as! Database", "SQLiteDatabase.", "PostgreSQLDatabase.",
      "is PostgreSQL", "as? PostgreSQL", "as! PostgreSQL", "PostgreSQLConnection", "is SQLite",
      "as? SQLite", "as! SQLite", "postgreSQL: Bool", "sqlite: Bool", "isSQLite",
    ]
    var offending: [String] = []
    for (name, text) in try Self.storeFiles() where Self.storeFilesNamingADriver[name] == nil {
      for check in checks where text.contains(check) {
        offending.append("\(name) has `\(check)`")
      }
    }
    #expect(offending.isEmpty, "\(offending.sorted())")
  }

  @Test("Each driver brings its dialect, and the connection protocol declares it")
  func driversBringTheirDialects() throws {
    let base = Self.sources.standardizedFileURL.path
    let connection = try String(
      contentsOfFile: base + "/SQLDatabase/SQLConnection.swift", encoding: .utf8)
    #expect(connection.contains("var dialect: any SQLDialect { get }"))
    for (driver, dialect) in [
      ("SQLiteDatabase", "SQLiteDialect"), ("PostgreSQLDatabase", "PostgreSQLDialect"),
    ] {
      let text = try String(
        contentsOfFile: "\(base)/\(driver)/\(dialect).swift", encoding: .utf8)
      #expect(text.contains("struct \(dialect): SQLDialect"), "\(driver) has no \(dialect)")
    }
    let dialects = try Self.storeFiles().filter { $0.text.contains(": SQLDialect") }
    #expect(dialects.isEmpty, "the store declares a dialect: \(dialects.map(\.name))")
  }
}
