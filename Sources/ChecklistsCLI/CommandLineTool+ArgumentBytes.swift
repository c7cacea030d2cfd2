import ArgumentParsing
import Foundation

extension CommandLineTool {
  /// This process's arguments after the program name, as the bytes it was started with.
  public static var processArgumentBytes: [[UInt8]] { CommandLineArguments.current() }

  /// Runs `checklists` with the command line as the process received it: bytes, which must
  /// be UTF-8.
  ///
  /// An argument that is not UTF-8 is a usage error naming it, shown with the usage of the
  /// command it was given to; nothing runs then. So is one of this process's own variables
  /// (`CHECKLISTS_DB`, `CHECKLISTS_USER`, `CHECKLISTS_CURRENCY`) that is not UTF-8. (`CommandLine.arguments` would have replaced
  /// the bad bytes with U+FFFD, and that character would have been stored.)
  /// - Parameters:
  ///   - argumentBytes: `argv` without the program name (see ``CommandLineArguments``).
  ///   - environment: The process environment.
  /// - Returns: The exit code: 0 success, 1 failure, 64 usage error.
  public static func run(argumentBytes: [[UInt8]], environment: [String: String]) -> ExitCode {
    // ProcessInfo repairs the environment as CommandLine does arguments: a CHECKLISTS_DB that
    // is not UTF-8 would name another file.
    for name in ownVariables {
      guard let value = getenv(name) else { continue }
      let bytes = Array(UnsafeBufferPointer(start: value, count: strlen(value))).map {
        UInt8(bitPattern: $0)
      }
      if String(validating: bytes, as: UTF8.self) == nil {
        let shown = CommandLineArguments.escaped(bytes)
        let problem = words.text("cli.environment.notUTF8", ["name": name, "value": shown])
        let text = words.text("cli.error", ["message": problem])
        FileHandle.standardError.write(Data((text + "\n").utf8))
        return .usage
      }
    }
    do {
      return run(try CommandLineArguments.decode(argumentBytes), environment: environment)
    } catch {
      var error = error
      error.commandPath = commandPath(repairing: argumentBytes)
      FileHandle.standardError.write(Data((parser.errorText(for: error) + "\n").utf8))
      return .usage
    }
  }

  /// The environment variables `checklists` reads that are its own.
  static let ownVariables = [
    "CHECKLISTS_DATABASE_URL", "CHECKLISTS_DB", "CHECKLISTS_USER", "CHECKLISTS_CURRENCY",
  ]

  /// The command the arguments name, read as well as they can be, for the usage line.
  private static func commandPath(repairing argumentBytes: [[UInt8]]) -> [String] {
    let repaired = argumentBytes.map { String(decoding: $0, as: UTF8.self) }
    do {
      if case .command(_, let path, _) = try parser.parse(DefaultSubcommand.complete(repaired)) {
        return path
      }
    } catch let error as UsageError where !error.commandPath.isEmpty {
      return error.commandPath
    } catch {}
    return ["checklists"]
  }
}
