import ArgumentParsing
import Foundation
import Testing

@testable import ChecklistsCLI

/// Every command reads its arguments with the keys it declares: reading one it does not
/// declare traps, so creating every command with every argument given finds any such read.
@Suite("Every command reads only the arguments it declares")
struct ArgumentDeclarationTests {
  /// Every command that runs, with its path, such as `(["shop", "add"], ShopAddCommand)`.
  static func runnableCommands(
    _ command: any ParsableCommand.Type = ChecklistsCommand.self, path: [String] = []
  ) -> [(path: [String], command: any RunnableCommand.Type)] {
    var found: [(path: [String], command: any RunnableCommand.Type)] = []
    if let runnable = command as? any RunnableCommand.Type { found.append((path, runnable)) }
    for subcommand in command.configuration.subcommands {
      found += runnableCommands(subcommand, path: path + [subcommand.configuration.commandName])
    }
    return found
  }

  /// A value each kind of argument accepts, by value name (or a positional's name).
  static let sampleValues = [
    "date": "tomorrow", "none|low|medium|high": "low", "rule": "every day",
    "true|false": "false", "n": "2", "count": "3", "port": "8080", "days": "7",
    "format": "json", "mode": "off", "url": "https://checklists.example.com",
    "origin": "http://127.0.0.1:8090", "token": "abc", "shell": "bash", "kind": "items",
    "position": "1", "role": "viewer",
  ]

  /// Values for every declared argument: each positional and option given, each flag on.
  static func everything(_ path: [String], _ command: any RunnableCommand.Type) -> ParsedValues {
    let arguments =
      command.configuration.arguments + ChecklistsCommand.configuration.globalArguments
    var values: [String: [String]] = [:]
    var flags: [String: Bool] = [:]
    for argument in arguments {
      switch argument.kind {
      case .flag: flags[argument.name] = true
      case .option(let valueName, _):
        values[argument.name] = [sampleValues[valueName] ?? "x"]
      case .positional:
        values[argument.name] = [sampleValues[argument.name] ?? "x"]
      }
    }
    values["database"] = ["x.sqlite"]
    values["db"] = ["x.sqlite"]
    return ParsedValues(
      commandPath: ["checklists"] + path, arguments: arguments, values: values, flags: flags)
  }

  /// The commands whose arguments, all given at once, contradict each other, so that they
  /// stop reading at the contradiction (after reading everything they read).
  static let refusingEverything: Set<String> = ["move", "shop shops use"]

  @Test("Creating every command from all its arguments reads only declared ones (no trap)")
  func everyCommandReadsItsDeclarations() async {
    #expect(Self.runnableCommands().count > 60)
    await #expect(processExitsWith: .success) {
      for (path, command) in ArgumentDeclarationTests.runnableCommands() {
        let values = ArgumentDeclarationTests.everything(path, command)
        do {
          _ = try command.init(values)
          _ = try ChecklistsCommand.database(values)
          precondition(
            !ArgumentDeclarationTests.refusingEverything.contains(path.joined(separator: " ")),
            "\(path) no longer refuses")
        } catch {
          precondition(
            ArgumentDeclarationTests.refusingEverything.contains(path.joined(separator: " ")),
            "checklists \(path.joined(separator: " ")): \(error)")
        }
      }
    }
  }

  @Test("Reading an argument a command does not declare traps")
  func undeclaredReadTraps() async {
    await #expect(processExitsWith: .failure) {
      let values = ParsedValues(
        commandPath: ["checklists", "items"],
        arguments: ItemsCommand.configuration.arguments)
      _ = try values[AddCommand.due]
    }
  }
}
