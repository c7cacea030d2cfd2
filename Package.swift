// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "Checklists",
  platforms: [.macOS(.v15)],
  products: [
    .executable(name: "checklists", targets: ["checklists"]),
    .executable(name: "checklists-bench", targets: ["checklists-bench"]),
    .library(name: "ChecklistsMessages", targets: ["ChecklistsMessages"]),
    .library(name: "ChecklistsCore", targets: ["ChecklistsCore"]),
    .library(name: "ChecklistsStore", targets: ["ChecklistsStore"]),
    .library(name: "ChecklistsSQLStore", targets: ["ChecklistsSQLStore"]),
    // For the fuzz targets in Fuzz/, a package of their own built with -sanitize=fuzzer.
    .library(name: "ChecklistsInterop", targets: ["ChecklistsInterop"]),
    .library(name: "HTTPServer", targets: ["HTTPServer"]),
    .library(name: "ChecklistsServer", targets: ["ChecklistsServer"]),
    .library(name: "ChecklistsCLI", targets: ["ChecklistsCLI"]),
    .library(name: "ICalendar", targets: ["ICalendar"]),
    .library(name: "WebDAV", targets: ["WebDAV"]),
    .library(name: "ChecklistsCalDAV", targets: ["ChecklistsCalDAV"]),
  ],
  targets: [
    // Writes the list of a target's embedded folder (the web app's files, the catalogue's).
    .plugin(name: "EmbeddedFileList", capability: .buildTool()),
    // MARK: - Words: every string a person reads, by key, per language (docs/MESSAGES.md).
    // `Catalogue/<language>.<area>.json`, embedded; the plugin lists the folder's files.
    .target(
      name: "ChecklistsMessages", resources: [.embedInCode("Catalogue")],
      plugins: ["EmbeddedFileList"]
    ),
    // MARK: - Domain: model and rules, Foundation and the message catalogue only.
    .target(name: "ChecklistsCore", dependencies: ["ChecklistsMessages"]),

    // MARK: - Storage
    // The store protocols and the services (every rule once); no SQL engine.
    .target(
      name: "ChecklistsStore",
      dependencies: ["ChecklistsCore", "ChecklistsMessages", "ChecklistsSecurity"]),
    // A connection protocol (run, query, transactions, one error type) and the migrator: pure
    // Swift, the same for every engine.
    .target(name: "SQLDatabase"),
    // The SQLite driver: the only importer of CSQLite.
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    .target(name: "SQLiteDatabase", dependencies: ["CSQLite", "SQLDatabase"]),
    // The PostgreSQL driver (libpq): the only importer of CLibPQ.
    .systemLibrary(
      name: "CLibPQ",
      pkgConfig: "libpq",
      providers: [.apt(["libpq-dev"])]
    ),
    .target(name: "PostgreSQLDatabase", dependencies: ["CLibPQ", "SQLDatabase"]),
    // The store written once over SQLDatabase, with one dialect file per engine.
    .target(
      name: "ChecklistsSQLStore",
      dependencies: [
        "ChecklistsCore", "ChecklistsMessages", "ChecklistsStore", "ChecklistsSecurity",
        "SQLDatabase", "SQLiteDatabase", "PostgreSQLDatabase",
      ]
    ),

    // MARK: - Security: password hashing and secret tokens (libsodium).
    .systemLibrary(
      name: "CSodium",
      pkgConfig: "libsodium",
      providers: [.apt(["libsodium-dev"])]
    ),
    .target(name: "ChecklistsSecurity", dependencies: ["CSodium"]),

    // MARK: - File formats: the iPhone app's plist and our JSON backup.
    .target(name: "ChecklistsInterop", dependencies: ["ChecklistsCore", "ChecklistsMessages"]),

    // MARK: - HTTP
    .systemLibrary(
      name: "CMicroHTTPD",
      pkgConfig: "libmicrohttpd",
      providers: [.apt(["libmicrohttpd-dev"])]
    ),
    // Web Push (VAPID, aes128gcm, delivery to a push service) over libcrypto: the only importer
    // of COpenSSL.
    .systemLibrary(
      name: "COpenSSL",
      pkgConfig: "libcrypto",
      providers: [.apt(["libssl-dev"])]
    ),
    .target(name: "WebPush", dependencies: ["COpenSSL"]),
    // A small HTTP server over libmicrohttpd: thread pool, limits, streaming, graceful stop.
    .target(name: "HTTPServer", dependencies: ["CMicroHTTPD", "ChecklistsMessages"]),
    // MARK: - CalDAV (docs/CALDAV.md)
    // iCalendar over libical: the only importer of CLibICal.
    .systemLibrary(
      name: "CLibICal",
      pkgConfig: "libical",
      providers: [.apt(["libical-dev"])]
    ),
    .target(name: "ICalendar", dependencies: ["CLibICal"]),
    // WebDAV's XML (FoundationXML, with no entities and bounded depth and size) and CalDAV's
    // request and response bodies; knows nothing of lists.
    .target(name: "WebDAV"),
    // Checklists' items and shopping lines as VTODOs, losslessly, and calendar-query filters.
    .target(name: "ChecklistsCalDAV", dependencies: ["ChecklistsCore", "ICalendar", "WebDAV"]),
    // MARK: - The web app (docs/WEB-CLIENT.md)
    // Its files, Sources/ChecklistsWeb/Web/ (HTML, CSS, JavaScript modules; no build step),
    // embedded in the binary; the plugin writes the list of them from the folder.
    .target(
      name: "ChecklistsWeb", resources: [.embedInCode("Web")], plugins: ["EmbeddedFileList"]
    ),
    // The JSON API, live updates, reminders, and serving the web app.
    .target(
      name: "ChecklistsServer",
      dependencies: [
        "ChecklistsCore", "ChecklistsStore", "ChecklistsInterop", "ChecklistsSecurity",
        "HTTPServer", "SQLDatabase", "WebPush", "ICalendar", "WebDAV", "ChecklistsCalDAV",
        "ChecklistsWeb", "ChecklistsMessages",
      ]
    ),

    // MARK: - Command line
    // A small argument parser in swift-argument-parser's style (that package can't be fetched).
    .target(name: "ArgumentParsing"),
    .target(
      name: "ChecklistsCLI",
      dependencies: [
        "ArgumentParsing", "ChecklistsCore", "ChecklistsStore", "ChecklistsSQLStore",
        "ChecklistsInterop", "ChecklistsServer", "HTTPServer", "ChecklistsMessages",
      ]
    ),
    .executableTarget(name: "checklists", dependencies: ["ChecklistsCLI"]),
    .executableTarget(
      name: "checklists-bench",
      dependencies: [
        "ChecklistsCore", "ChecklistsStore", "ChecklistsSQLStore", "ChecklistsInterop",
        "ChecklistsServer", "HTTPServer",
      ]
    ),

    // MARK: - Tests
    // What several test targets share (fixtures in the original apps' shapes).
    .target(
      name: "ChecklistsTestSupport", dependencies: ["ChecklistsCore", "ChecklistsStore"],
      path: "Tests/ChecklistsTestSupport"
    ),
    .testTarget(name: "ChecklistsMessagesTests", dependencies: ["ChecklistsMessages"]),
    .testTarget(
      name: "ChecklistsCoreTests",
      dependencies: ["ChecklistsCore", "ChecklistsMessages", "ChecklistsTestSupport"]),
    .testTarget(
      name: "ChecklistsStoreTests",
      dependencies: [
        "ChecklistsCore", "ChecklistsStore", "ChecklistsSQLStore", "SQLDatabase", "SQLiteDatabase",
        "PostgreSQLDatabase", "ChecklistsTestSupport",
      ]
    ),
    .testTarget(
      name: "PostgreSQLDatabaseTests",
      dependencies: ["PostgreSQLDatabase", "SQLDatabase", "ChecklistsTestSupport"]
    ),
    .testTarget(
      name: "ChecklistsInteropTests",
      dependencies: ["ChecklistsCore", "ChecklistsInterop"]
    ),
    .testTarget(name: "ChecklistsSecurityTests", dependencies: ["ChecklistsSecurity"]),
    .testTarget(name: "ArgumentParsingTests", dependencies: ["ArgumentParsing"]),
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer"]),
    .testTarget(name: "WebPushTests", dependencies: ["WebPush"]),
    .testTarget(name: "ICalendarTests", dependencies: ["ICalendar"]),
    .testTarget(name: "WebDAVTests", dependencies: ["WebDAV"]),
    .testTarget(
      name: "ChecklistsCalDAVTests",
      dependencies: [
        "ChecklistsCalDAV", "ChecklistsCore", "ICalendar", "WebDAV", "ChecklistsTestSupport",
      ],
      resources: [.copy("Fixtures")]
    ),
    .testTarget(
      name: "ChecklistsServerTests",
      dependencies: [
        "ChecklistsServer", "ChecklistsStore", "ChecklistsSQLStore", "ChecklistsCore",
        "ChecklistsInterop", "HTTPServer", "WebPush", "ICalendar", "WebDAV", "ChecklistsCalDAV",
        "PostgreSQLDatabase", "ChecklistsTestSupport", "ChecklistsWeb",
      ]
    ),
    .testTarget(
      name: "ChecklistsCLITests",
      dependencies: [
        "ChecklistsCLI", "checklists", "ChecklistsInterop", "HTTPServer", "ChecklistsTestSupport",
      ]
    ),
  ]
)
