import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One CalDAV server process measured by `checklists-bench caldav`, on 127.0.0.1 and a free
/// port, with its storage and its output in a temporary folder removed when it stops.
final class CalDAVServer {
  /// "Radicale 3.9.0", "Xandikos 0.4.10", "Checklists".
  let name: String
  let port: UInt16
  /// The collection that holds the calendars made for the run, ending in "/".
  let home: String
  /// Sent with every request (each server gets the same header; the peers ignore it or take
  /// any password).
  let authorization: String?
  /// How the server was started and authenticates, for the printed header.
  let setup: String
  /// Makes a collection named so another way when the server refuses MKCALENDAR; its path.
  /// Set for ours while its MKCALENDAR is not built: `checklists list add` on its database.
  private(set) var makeCollectionOtherwise: ((String) throws -> String)?
  private let process: Process
  private let folder: URL

  private init(
    name: String, port: UInt16, home: String, authorization: String?, setup: String,
    process: Process, folder: URL
  ) {
    self.name = name
    self.port = port
    self.home = home
    self.authorization = authorization
    self.setup = setup
    self.process = process
    self.folder = folder
  }

  deinit { stop() }

  /// The user every server is asked as, and its password.
  static let user = "bench"
  static let password = "bench-caldav-password"
  static var basicAuthorization: String {
    "Basic " + Data("\(user):\(password)".utf8).base64EncodedString()
  }

  /// Radicale from the venv: built-in server, filesystem storage, `[auth] type = none` (any
  /// user name and password is taken, so it does no password work), logging at warning.
  static func radicale(venv: String) throws -> CalDAVServer {
    let executable = venv + "/bin/radicale"
    let folder = try temporaryFolder("radicale")
    let port = try NginxCeiling.freePort()
    let configuration = """
      [server]
      hosts = 127.0.0.1:\(port)
      [auth]
      type = none
      [rights]
      type = owner_only
      [storage]
      filesystem_folder = \(folder.path)/collections
      [logging]
      level = warning
      mask_passwords = True

      """
    let file = folder.appendingPathComponent("config")
    try Data(configuration.utf8).write(to: file)
    let version = versionLine(executable)
    return try start(
      name: "Radicale \(version)", executable: executable, arguments: ["--config", file.path],
      port: port, home: "/\(user)/", authorization: basicAuthorization,
      setup: "Radicale \(version): built-in server (HTTP/1.0, a connection per request), "
        + "filesystem storage, auth none, log level warning", folder: folder)
  }

  /// Xandikos from the venv: its aiohttp server, git-backed storage made with `--defaults`,
  /// no authentication (its `--htpasswd` needs TLS), principal `/user/`.
  static func xandikos(venv: String) throws -> CalDAVServer {
    let executable = venv + "/bin/xandikos"
    let folder = try temporaryFolder("xandikos")
    let port = try NginxCeiling.freePort()
    let version = versionLine(executable)
    return try start(
      name: "Xandikos \(version)", executable: executable,
      arguments: [
        "serve", "-d", folder.path + "/data", "--defaults", "-l", "127.0.0.1", "-p", "\(port)",
        "--no-detect-systemd", "--state-dir", folder.path + "/state",
      ],
      port: port, home: "/user/calendars/", authorization: basicAuthorization,
      setup: "Xandikos \(version): aiohttp (HTTP/1.1 keep-alive), git storage (--defaults), "
        + "no auth", folder: folder)
  }

  /// `checklists serve` (the release build beside this binary unless `binary` says), a fresh
  /// SQLite file, one user with a password, HTTP Basic on every request: with the password,
  /// or with an app password (an API token made with `checklists token create`) when
  /// `appPassword` is set.
  static func checklists(binary: String, appPassword: Bool = false) throws -> CalDAVServer {
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      throw BenchmarkError(
        description: "no checklists binary at \(binary): build it "
          + "(swift build -c release --product checklists) or pass --checklists PATH")
    }
    let folder = try temporaryFolder("checklists")
    let database = folder.appendingPathComponent("caldav.sqlite").path
    let add = Process()
    add.executableURL = URL(fileURLWithPath: binary)
    add.arguments = ["--db", database, "user", "add", user]
    let input = Pipe()
    add.standardInput = input
    add.standardOutput = FileHandle.nullDevice
    let errors = Pipe()
    add.standardError = errors
    try add.run()
    input.fileHandleForWriting.write(Data("\(password)\n".utf8))
    try input.fileHandleForWriting.close()
    add.waitUntilExit()
    guard add.terminationStatus == 0 else {
      let message = String(
        decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      throw BenchmarkError(description: "checklists user add failed: \(message)")
    }
    var authorization = basicAuthorization
    if appPassword {
      let token = try run(binary, ["--db", database, "token", "create", "caldav bench", "--json"])
      guard
        let object = try JSONSerialization.jsonObject(with: Data(token.utf8)) as? [String: Any],
        let secret = object["token"] as? String
      else { throw BenchmarkError(description: "checklists token create printed: \(token)") }
      authorization = "Basic " + Data("\(user):\(secret)".utf8).base64EncodedString()
    }
    let port = try NginxCeiling.freePort()
    let server = try start(
      name: "Checklists", executable: binary,
      arguments: [
        "--db", database, "serve", "--host", "127.0.0.1", "--port", "\(port)", "--public-url",
        "http://127.0.0.1:\(port)",
      ],
      port: port, home: "/dav/calendars/\(user)/", authorization: authorization,
      setup: "Checklists: checklists serve (release), SQLite, user '\(user)', HTTP Basic with "
        + (appPassword ? "an app password (API token)" : "the password"), folder: folder)
    server.makeCollectionOtherwise = { name in
      _ = try run(binary, ["--db", database, "--user", user, "list", "add", name])
      let listing = try run(binary, ["--db", database, "--user", user, "lists", "--json"])
      guard
        let object = try JSONSerialization.jsonObject(with: Data(listing.utf8))
          as? [String: Any],
        let lists = object["checklists"] as? [[String: Any]],
        let id = lists.first(where: { $0["name"] as? String == name })?["id"] as? String
      else { throw BenchmarkError(description: "checklists lists --json has no '\(name)'") }
      return "/dav/calendars/\(user)/\(id.lowercased())/"
    }
    return server
  }

  /// Runs `executable` to its end; its standard output.
  private static func run(_ executable: String, _ arguments: [String]) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw BenchmarkError(description: "\(arguments.joined(separator: " ")) failed: \(text)")
    }
    return text
  }

  /// Starts `executable` with its output in `folder`/output.log and waits until the port
  /// answers HTTP (any status), 30 s at most.
  private static func start(
    name: String, executable: String, arguments: [String], port: UInt16, home: String,
    authorization: String?, setup: String, folder: URL
  ) throws -> CalDAVServer {
    guard FileManager.default.isExecutableFile(atPath: executable) else {
      try? FileManager.default.removeItem(at: folder)
      throw BenchmarkError(description: "\(executable) is missing (scripts/setup makes the venv)")
    }
    let log = folder.appendingPathComponent("output.log")
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    let output = try FileHandle(forWritingTo: log)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = output
    process.standardError = output
    process.standardInput = FileHandle.nullDevice
    try process.run()
    let server = CalDAVServer(
      name: name, port: port, home: home, authorization: authorization, setup: setup,
      process: process, folder: folder)
    for _ in 0..<3000 {
      guard process.isRunning else { break }
      let client = CalDAVHTTPClient(port: port, authorization: authorization, timeout: 5)
      if (try? client.send("OPTIONS", "/")) != nil { return server }
      usleep(10_000)
    }
    let tail = server.outputTail()
    server.stop()
    throw BenchmarkError(description: "\(name) did not answer on port \(port):\n\(tail)")
  }

  /// The last lines the server printed, for a failure's reason.
  func outputTail(lines: Int = 15) -> String {
    let text =
      (try? String(contentsOf: folder.appendingPathComponent("output.log"), encoding: .utf8))
      ?? ""
    return text.split(separator: "\n").suffix(lines).joined(separator: "\n")
  }

  /// Whether the process is still running.
  var isRunning: Bool { process.isRunning }

  /// CPU seconds (user + system, all threads) the server process has used so far.
  func cpuTime() -> Double {
    guard
      let stat = try? String(
        contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: close)...].split(separator: " ")
    guard fields.count > 13 else { return 0 }
    return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0))
      / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  /// SIGTERM, SIGKILL after 10 s; removes the folder.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGTERM)
      for _ in 0..<1000 where process.isRunning { usleep(10_000) }
      if process.isRunning { kill(process.processIdentifier, SIGKILL) }
      process.waitUntilExit()
    }
    try? FileManager.default.removeItem(at: folder)
  }

  private static func temporaryFolder(_ name: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-bench-caldav-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// `executable --version`'s last word ("3.9.0"), or "?" when it prints none.
  private static func versionLine(_ executable: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--version"]
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "?" }
    let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return text.split(whereSeparator: \.isWhitespace).last.map(String.init) ?? "?"
  }
}
