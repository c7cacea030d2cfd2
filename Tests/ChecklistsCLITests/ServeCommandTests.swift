import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

@Suite("checklists serve, run as a program")
struct ServeCommandTests {
  /// Starts `checklists serve --port 0` and waits for the URL it prints.
  static func start(_ cli: CLI, _ extra: [String] = []) throws -> (Process, Pipe, String) {
    let (process, output, url, _) = try launch(cli, extra)
    return (process, output, url)
  }

  /// Starts `checklists serve --port 0` and returns, with the URL, all it printed on starting.
  static func launch(_ cli: CLI, _ extra: [String] = []) throws
    -> (process: Process, output: Pipe, url: String, started: String)
  {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["serve", "--port", "0"] + extra
    process.environment = cli.environment
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    try process.run()
    var text = ""
    let deadline = Date().addingTimeInterval(10)
    while Date() < deadline, !text.contains("Ctrl-C") {
      let chunk = output.fileHandleForReading.availableData
      if chunk.isEmpty { break }
      text += String(decoding: chunk, as: UTF8.self)
    }
    let url = try #require(
      text.split(whereSeparator: \.isWhitespace).first { $0.hasPrefix("http://127.0.0.1:") }.map {
        String($0).trimmingCharacters(in: CharacterSet(charactersIn: "/\n"))
      })
    return (process, output, url, text)
  }

  @Test("It serves the API on the embedded database, logs requests, and stops on SIGTERM")
  func serveAndStop() async throws {
    let cli = CLI()
    try cli.ok("list", "add", "From the CLI")
    let (process, output, url) = try Self.start(cli)
    let (data, response) = try await URLSession.shared.data(
      from: URL(string: url + "/api/v1/checklists")!)
    #expect((response as? HTTPURLResponse)?.statusCode == 200)
    #expect(String(decoding: data, as: UTF8.self).contains("From the CLI"))
    // The CLI writes to the same file while the server runs.
    try cli.ok("add", "From the CLI", "Written while serving")
    process.terminate()  // SIGTERM
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let log = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    #expect(log.contains("\"GET /api/v1/checklists\" 200"))
    #expect(log.contains("Checklists stopped"))
    #expect(log.contains("Database closed."))
    // Closed cleanly: the last connection checkpointed the WAL into the file and removed it.
    #expect(!FileManager.default.fileExists(atPath: cli.databasePath + "-wal"))
    #expect(try cli.ok("items", "From the CLI").contains("Written while serving"))
  }

  @Test("A port in use is a clear error, exit 1")
  func portInUse() throws {
    let cli = CLI()
    let (process, _, url) = try Self.start(cli)
    defer {
      process.terminate()
      process.waitUntilExit()
    }
    let port = try #require(url.split(separator: ":").last.map(String.init))
    let result = try cli.run("serve", "--port", port)
    #expect(result.code == 1)
    #expect(result.error.contains("in use"), "\(result.error)")
  }
}
