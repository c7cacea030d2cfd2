import Foundation

/// A PostgreSQL database of the benchmark's own on a server it is given, made with `psql`
/// under a unique name and dropped when the run ends.
final class ScratchPostgreSQLDatabase {
  /// The URL of the new database.
  let url: String
  private let server: String
  private let name: String

  /// - Parameter server: A URL of the server (any database on it), such as
  ///   `postgres://checklists@127.0.0.1:54329/postgres`.
  init(server: String) throws {
    self.server = server
    name = "bench_\(UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: ""))"
    let (base, query) = Self.split(server)
    url = base + "/" + name + (query.map { "?\($0)" } ?? "")
    try Self.psql(server, "CREATE DATABASE \"\(name)\"")
  }

  deinit { try? Self.psql(server, "DROP DATABASE IF EXISTS \"\(name)\" WITH (FORCE)") }

  private static func split(_ url: String) -> (String, String?) {
    let parts = url.split(separator: "?", maxSplits: 1).map(String.init)
    var base = parts[0]
    if let scheme = base.range(of: "://"),
      let slash = base[scheme.upperBound...].firstIndex(of: "/")
    {
      base = String(base[..<slash])
    }
    return (base, parts.count > 1 ? parts[1] : nil)
  }

  private static func psql(_ server: String, _ statement: String) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
    process.arguments = [server, "-v", "ON_ERROR_STOP=1", "-qc", statement]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      let message = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw BenchmarkError(description: "psql \(statement): \(message)")
    }
  }

  /// The server to use: `--postgres`, else `$CHECKLISTS_TEST_POSTGRES`, else the throwaway
  /// cluster of `scripts/postgres`.
  static func server(_ options: Options) -> String {
    options.postgres ?? ProcessInfo.processInfo.environment["CHECKLISTS_TEST_POSTGRES"]
      ?? "postgres://checklists@127.0.0.1:54329/postgres"
  }
}
