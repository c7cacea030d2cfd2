import Foundation
import Testing

/// Runs the built `checklists` binary against its own temporary database, as a person would.
struct CLI {
  struct Result {
    var output: String
    var error: String
    var code: Int32
  }

  let folder: URL
  var environment: [String: String]

  var databasePath: String { folder.appendingPathComponent("checklists.sqlite").path }

  init(timeZone: String = "UTC") {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("checklists-cli-\(UUID().uuidString)")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    environment = [
      "HOME": folder.path, "TZ": timeZone, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8",
    ]
    environment["CHECKLISTS_DB"] = databasePath
  }

  /// The binary SwiftPM built next to the test bundle.
  static let binary: URL = {
    if let path = ProcessInfo.processInfo.environment["CHECKLISTS_BINARY"] {
      return URL(fileURLWithPath: path)
    }
    let folder = Bundle.main.executableURL!.deletingLastPathComponent()
    return folder.appendingPathComponent("checklists")
  }()

  /// Runs `checklists` with `arguments`, feeding `input` to standard input.
  @discardableResult
  func run(_ arguments: String..., input: String = "") throws -> Result {
    try run(arguments, input: input)
  }

  func run(_ arguments: [String], input: String = "") throws -> Result {
    try run(arguments, input: Data(input.utf8))
  }

  /// Runs `checklists` with `arguments`, feeding `input` bytes to standard input.
  func run(_ arguments: [String], input: Data) throws -> Result {
    let (output, error, code) = try ChildProcess.run(
      Self.binary.path, arguments, environment: environment, directory: folder.path,
      input: input)
    return Result(
      output: String(decoding: output, as: UTF8.self),
      error: String(decoding: error, as: UTF8.self), code: code)
  }

  /// Runs a command that must succeed and returns its standard output.
  @discardableResult
  func ok(
    _ arguments: String..., input: String = "", sourceLocation: SourceLocation = #_sourceLocation
  )
    throws -> String
  {
    try ok(arguments, input: input, sourceLocation: sourceLocation)
  }

  @discardableResult
  func ok(
    _ arguments: [String], input: String = "", sourceLocation: SourceLocation = #_sourceLocation
  )
    throws -> String
  {
    let result = try run(arguments, input: input)
    #expect(
      result.code == 0, "\(arguments) failed: \(result.error)", sourceLocation: sourceLocation)
    #expect(result.error == "", sourceLocation: sourceLocation)
    return result.output
  }

  /// The seed fixtures shared by the project, beside the repository.
  static let fixtures: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      let candidate = folder.appendingPathComponent("shared/fixtures/seed-apps")
      if FileManager.default.fileExists(atPath: candidate.path) { return candidate }
      let sibling = folder.appendingPathComponent("../shared/fixtures/seed-apps").standardized
      if FileManager.default.fileExists(atPath: sibling.path) { return sibling }
      folder.deleteLastPathComponent()
    }
    return URL(fileURLWithPath: "/work/shared/fixtures/seed-apps")
  }()
}
