import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import Foundation

/// `checklists export [--format json|ios-plist] [--output <file>]`.
struct ExportCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "export",
    abstract: "Export every list as a JSON backup or as the iPhone app's Checklists.plist.",
    discussion: """
      json (the default) is a lossless backup that 'checklists import' reads back; its shape is \
      in docs/BACKUP-FORMAT.md. ios-plist is a binary property list that the iPhone app opens \
      (every key in every record; an item without a due date gets its creation date, as the app \
      itself does).
      """,
    arguments: [format, output])

  static let format = Option(
    "format", valueName: "format", help: "json or ios-plist (default: json).")
  static let output = Option(
    "output", short: "o", valueName: "file", help: "The file to write (default: standard output).")

  var format: ChecklistsFileFormat
  var output: String?

  init(_ values: ParsedValues) throws {
    let name = try values[Self.format] ?? ChecklistsFileFormat.json.rawValue
    guard let format = ChecklistsFileFormat(rawValue: name.lowercased()) else {
      let names = ChecklistsFileFormat.allCases.map(\.rawValue)
      let formats = names.joined(separator: words.text("cli.export.or"))
      throw UsageError(
        words.text("cli.export.unknownFormat", ["format": name, "formats": formats])
          + SpellingSuggestion.hint(for: name, among: names))
    }
    self.format = format
    output = try values[Self.output]
  }

  var files: CommandFiles {
    guard let output, output != "-" else { return CommandFiles() }
    return CommandFiles(writes: [output])
  }

  func run(_ context: CommandContext) throws {
    let service = try context.service()
    let lists = try service.exportChecklists()
    let templates = format == .json ? try context.templates().templates() : []
    let data = try ChecklistsFile.write(
      lists, templates: templates, as: format, now: context.now())
    guard let output, output != "-" else {
      if format == .iosPlist && context.outputIsTerminal {
        throw UsageError(words.text("cli.export.binaryToTerminal"))
      }
      context.write(data)
      return
    }
    try context.writeFile(data, to: output)
    let items = lists.reduce(0) { $0 + $1.items.count }
    context.print(
      words.text(
        "cli.export.done",
        [
          "lists": words.text("cli.count.lists", count: lists.count),
          "items": words.text("cli.count.items", count: items), "path": output,
          "format": format.rawValue,
        ]))
  }
}
