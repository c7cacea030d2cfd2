import Foundation

/// Where a command's words and files go: this process's terminal and disk
/// (``ProcessCommandIO``), or, for a command a server runs for `checklists login`, buffers and
/// the files the client sent (``HostedCommandIO``). Commands reach the outside world only
/// through here, so one sent to a server cannot touch the server's disk.
protocol CommandIO: AnyObject {
  /// Writes bytes to standard output or standard error.
  func write(_ data: Data, error: Bool)
  /// Whether standard output is a terminal rather than a pipe or a file.
  var outputIsTerminal: Bool { get }
  /// Asks a yes/no question.
  /// - Throws: When it cannot be asked here (``HostedCommandIO`` returns it to the client).
  func confirm(_ question: String) throws -> Bool
  /// Reads a password (see ``CommandContext/readPassword(prompt:confirming:)``).
  func readPassword(prompt: String, confirming: Bool) throws -> String
  /// Reads a file named on the command line; `-` is standard input.
  func readFile(_ path: String) throws -> Data
  /// Writes a file named on the command line, atomically.
  func writeFile(_ data: Data, to path: String) throws
}

/// A command's files in messages: `'groceries.plist'`, or standard input.
enum FileArgument {
  static func name(_ path: String) -> String {
    path == "-"
      ? words.text("cli.file.standardInput") : words.text("cli.file.named", ["path": path])
  }
}
