import ArgumentParsing
import Testing

// A small command tree shaped like the real tool's:
//
//   tool [--db <path>] [--version]
//     lists [<pattern>] [--json]
//     list add <name> [--color <color>] [--sort-position <position>]
//     list delete <names> ... [--yes] [--quiet] [--except <name> ...]
//     add <list> <text> [--due <date>] [--remind/--no-remind] [--json]
//     __hidden [<words> ...]          (hidden from help and completions)

/// A test command that keeps what it was given, so tests can look at it.
protocol RecordingCommand: ParsableCommand {
  var values: ParsedValues { get }
}

struct Tool: RecordingCommand {
  static let configuration = CommandConfiguration(
    commandName: "tool",
    abstract: "Keeps checklists.",
    subcommands: [Lists.self, ListGroup.self, Add.self, Hidden.self],
    globalArguments: [db],
    version: "1.2.3")

  static let db = Option("db", valueName: "path", help: "The database file to use.")

  let values: ParsedValues

  init(_ values: ParsedValues) { self.values = values }
}

struct Lists: RecordingCommand {
  static let configuration = CommandConfiguration(
    commandName: "lists",
    abstract: "Show all lists.",
    arguments: [pattern, json])

  static let pattern = Positional("pattern", help: "Only lists whose name contains this.").optional
  static let json = Flag("json", help: "Print the lists as JSON.")

  let values: ParsedValues

  init(_ values: ParsedValues) { self.values = values }
}

struct ListGroup: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list",
    abstract: "Add or delete lists.",
    subcommands: [ListAdd.self, ListDelete.self])

  init(_ values: ParsedValues) {}
}

struct ListAdd: RecordingCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add a list.",
    arguments: [name, color, sortPosition])

  static let name = Positional("name", help: "The new list's name.")
  static let color = Option("color", short: "c", valueName: "color", help: "The list's color.")
  /// Read as a number, to show transforms.
  static let sortPosition = Option(
    "sort-position", valueName: "position",
    help: "Where the list goes among the others: 1 puts it first, and by default it goes "
      + "after all existing lists."
  ) { text in
    guard let number = Int(text) else { throw UsageError("Not a position: '\(text)'.") }
    return number
  }

  let values: ParsedValues

  init(_ values: ParsedValues) { self.values = values }
}

struct ListDelete: RecordingCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete lists.",
    arguments: [names, yes, quiet, except])

  static let names = Positional("names", help: "The lists to delete.").repeating()
  static let yes = Flag("yes", short: "y", help: "Don't ask for confirmation.")
  static let quiet = Flag("quiet", short: "q", help: "Print nothing.")
  static let except = Option("except", valueName: "name", help: "Keep this list.").repeating

  let values: ParsedValues

  init(_ values: ParsedValues) { self.values = values }
}

struct Add: RecordingCommand {
  static let configuration = CommandConfiguration(
    commandName: "add",
    abstract: "Add an item to a list.",
    discussion: """
      Items go at the end of the list. Give a due date to see the item under "Due soon", and \
      --remind to be notified then.
      """,
    arguments: [list, text, due, remind, json])

  static let list = Positional("list", help: "The list, by name or number.")
  static let text = Positional("text", help: "The item's text.")
  static let due = Option(
    "due", short: "d", valueName: "date",
    help: "When the item is due (\"tomorrow 9:00\", \"2026-12-24 18:00\"), in the local "
      + "time zone.")
  static let remind = Flag(
    "remind", short: "r", inversion: "no-remind", help: "Remind me at the due date.")
  static let json = Flag("json", help: "Print the added item as JSON.")
  /// Declared by no command: reading it is a programmer error.
  static let undeclared = Option("colour", valueName: "color", help: "Not declared anywhere.")

  let values: ParsedValues

  init(_ values: ParsedValues) throws {
    if try values[Self.due] == "yesterday" {
      throw UsageError("The due date 'yesterday' is in the past.")
    }
    self.values = values
  }

  func validate() throws {
    if try values[Self.text].isEmpty {
      throw UsageError("The item's text must not be empty.")
    }
    if values[Self.remind], try values[Self.due] == nil {
      throw ValidationFailure()
    }
  }
}

struct Hidden: RecordingCommand {
  static let configuration = CommandConfiguration(
    commandName: "__hidden", abstract: "Used by scripts.",
    arguments: [words], isHidden: true)

  static let words = Positional("words", help: "Anything.").repeating(isOptional: true)

  let values: ParsedValues

  init(_ values: ParsedValues) { self.values = values }
}

/// An error that isn't a usage error, to check that the parser passes it through.
struct ValidationFailure: Error, Equatable {}

extension CommandParser {
  /// A parser for the test tool.
  static let tool = CommandParser(root: Tool.self)

  /// Parses `arguments` and returns the command's values and path; fails on help or version.
  func values(_ arguments: [String]) throws -> (values: ParsedValues, path: [String]) {
    guard case .command(let command, let path, _) = try parse(arguments) else {
      throw UsageError("Expected a command for \(arguments)")
    }
    let recording = try #require(command as? any RecordingCommand)
    return (recording.values, path)
  }

  /// Parses `arguments`, expecting a usage error, and returns it.
  func usageError(_ arguments: [String]) -> UsageError? {
    do {
      _ = try parse(arguments)
      return nil
    } catch {
      return error as? UsageError
    }
  }
}
