import ArgumentParsing
import Foundation
import Testing

@testable import ChecklistsCLI

@Suite("Every command's help")
struct HelpTests {
  /// Every command path below the root, such as ["shop", "item", "add"].
  static let paths: [[String]] = {
    func walk(_ command: any ParsableCommand.Type, _ path: [String]) -> [[String]] {
      let below = command.configuration.subcommands.flatMap {
        walk($0, path + [$0.configuration.commandName])
      }
      return [path] + below
    }
    return walk(ChecklistsCommand.self, [])
  }()

  @Test("Each command, at any depth, shows its help and exits 0 (its declarations are sound)")
  func everyCommandHasHelp() throws {
    let cli = CLI()
    #expect(Self.paths.count > 40)
    for path in Self.paths {
      let result = try cli.run(path + ["--help"])
      #expect(result.code == 0, "checklists \(path.joined(separator: " ")) --help: \(result.error)")
      #expect(result.output.hasPrefix("OVERVIEW: "), "\(path)")
      #expect(result.output.contains("USAGE: checklists"), "\(path)")
    }
  }
}
