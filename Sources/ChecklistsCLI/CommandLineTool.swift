import ArgumentParsing
import ChecklistsCore
import ChecklistsStore
import Foundation

/// Runs `checklists` with a command line and reports how it ended.
public enum CommandLineTool {
  /// Parses `arguments`, runs the command and prints its output and errors.
  /// - Parameters:
  ///   - arguments: The command line without the program name.
  ///   - environment: The process environment (for `CHECKLISTS_DB`, `XDG_DATA_HOME`, `HOME`).
  /// - Returns: The exit code: 0 success, 1 failure, 64 usage error.
  public static func run(_ arguments: [String], environment: [String: String]) -> ExitCode {
    let parser = CommandParser(root: ChecklistsCommand.self)
    var path = ["checklists"]
    do {
      switch try parser.parse(DefaultSubcommand.complete(arguments)) {
      case .helpRequested(let text), .versionRequested(let text):
        print(text)
        return .success
      case .command(let command, let commandPath, let values):
        path = commandPath
        guard let runnable = command as? any RunnableCommand else {
          print(parser.helpText(for: commandPath))
          return .success
        }
        if values.string("db")?.isEmpty == true {
          throw UsageError("--db needs a file path; it was given an empty one.")
        }
        let database = DatabaseLocation.resolve(
          explicit: values.string("db"), environment: environment)
        try runnable.run(
          CommandContext(
            environment: environment, databasePath: database,
            userName: values.string("user") ?? environment["CHECKLISTS_USER"]))
        return .success
      }
    } catch var error as UsageError {
      if error.commandPath.isEmpty { error.commandPath = path }
      printError(parser.errorText(for: error))
      return ExitCode.forError(error)
    } catch let error as ChecklistsError {
      var text = "Error: \(error.description)"
      // A name that did not resolve is a problem with an argument: show how to give it.
      if error.code == .notFound || error.code == .ambiguous {
        text = parser.errorText(for: UsageError(error.description, commandPath: path))
      }
      printError(text)
      return ExitCode.forError(error)
    } catch {
      printError("Error: \(error)")
      return ExitCode.forError(error)
    }
  }

  private static func printError(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }
}
