import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// `checklists import <file> [--replace] [--list <list>]`, which recognises the file, and
/// `checklists import items|checklists <file>`, which says what it is.
///
/// `items` is a leading word rather than a subcommand because a command with subcommands can't
/// take a file of its own, and `checklists import <file>` must keep working.
struct ImportCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import checklists (Checklists.plist, a JSON backup) or shopping items (items).",
    discussion: """
      'checklists import <file>' recognises the file and imports it: the Checklists iPhone \
      app's Checklists.plist (binary or XML, and the older keyed-archive edition), a backup \
      made by 'checklists export', or the Shopping List app's 'items' file. iCalendar files \
      (.ics) are not supported yet. Say 'items' or 'checklists' before the file to skip the \
      recognising.

      Checklists are matched by name, ignoring case, so \
      importing the same file twice adds nothing. By default an existing list is merged: items \
      with the same text take the file's checkmark, due date and reminder, and the others are \
      added at the end. With --replace an existing list's items become exactly the file's. \
      Lists not in the file are left alone.

      The Shopping List app's 'items' file goes into the shopping catalogue. An item whose name the catalogue has (ignoring case) takes the \
      file's price; the others are added. Items that were on the app's shopping list are put \
      on --list (default: 'Shopping List'). Prices are taken as in the catalogue's currency.

      Nothing is written unless the whole file is valid.
      """,
    arguments: [kind, file, replace, list, jsonFlag])

  static let kind = Positional(
    "kind",
    help: "'items' or 'checklists' to say what the file holds; leave out to recognise it."
  ).optional
  static let file = Positional("file", help: "The file to import ('-' reads standard input).")
  static let replace = Flag(
    "replace", help: "Replace the items of lists that already exist instead of merging.")
  static let list = Option(
    "list", short: "l", valueName: "list",
    help: "For an items file: the shopping list for items that were on the app's list.",
    completion: .custom(NameCompletion.shoppingLists))

  /// What the file holds.
  enum Kind: String, CaseIterable {
    case checklists
    case items
  }

  /// What the person said the file holds; nil to recognise it.
  var kind: Kind?
  var file: String
  var mode: ImportMode
  var list: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    if let kind = try values[Self.kind] {
      guard let known = Kind(rawValue: kind.lowercased()) else {
        let names = Kind.allCases.map(\.rawValue)
        throw UsageError(
          words.text("cli.import.unknownKind", ["kind": kind])
            + SpellingSuggestion.hint(for: kind, among: names))
      }
      self.kind = known
    } else {
      kind = nil
    }
    file = try values[Self.file]
    mode = values[Self.replace] ? .replace : .merge
    list = try values[Self.list]
    json = values[Self.jsonFlag]
  }

  func validate() throws {
    if kind == .items && mode == .replace {
      throw UsageError(words.text("cli.import.replaceItems"))
    }
    if kind == .checklists && list != nil {
      throw UsageError(words.text("cli.import.listChecklists"))
    }
  }

  var files: CommandFiles { CommandFiles(reads: [file]) }

  func run(_ context: CommandContext) throws {
    let data = try context.readFile(file)
    if try recognised(data) == .items {
      try ItemsImport(file: file, list: list, json: json).run(data, context: context)
      return
    }
    let lists: [PortableChecklist]
    do {
      lists = try ChecklistsFile.read(data)
    } catch let error as ChecklistsError {
      let isItems = (try? ShoppingListItemsFile.decode(data)) != nil
      let message = words.text(
        isItems ? "cli.import.failedItemsFile" : "cli.import.failed",
        [
          "file": FileArgument.name(file), "problem": error.message,
          "quoted": ChecklistService.quoted(file),
        ])
      throw ChecklistsError(error.code, message)
    }
    let items = lists.reduce(0) { $0 + $1.items.count }
    let bar = ProgressBar(
      context,
      label: words.text(
        "cli.import.progress", ["lists": String(lists.count), "items": ProgressBar.grouped(items)]))
    // A JSON backup's templates (read before anything is written, so a bad one writes nothing).
    let owner = try context.service().owner
    let templates = try ChecklistsBackup.templates(in: data).map {
      try $0.template(ownerID: owner.id)
    }
    let report = try bar.whileRunning { try context.service().importChecklists(lists, mode: mode) }
    if !templates.isEmpty { try context.templates().importTemplates(templates) }
    context.print(json ? try JSONOutput.encode(report) : report.summary(mode: mode))
  }

  /// What the file holds: what the person said, else what its contents say.
  /// - Throws: `unreadableFile` for an iCalendar file; a usage error for an option the file's
  ///   kind does not take.
  private func recognised(_ data: Data) throws -> Kind {
    if let kind { return kind }
    switch ImportFileKind.detect(data, fileName: file) {
    case .iCalendar?:
      throw ChecklistsError(
        .unreadableFile,
        words.text(
          "cli.import.failed",
          ["file": FileArgument.name(file), "problem": ImportFileKind.iCalendarRefusal]))
    case .shopping?:
      if mode == .replace {
        throw UsageError(
          words.text("cli.import.replaceItemsFile", ["file": FileArgument.name(file)]))
      }
      return .items
    case .checklists?, .backup?, nil:
      if list != nil {
        throw UsageError(
          words.text("cli.import.listChecklistsFile", ["file": FileArgument.name(file)]))
      }
      return .checklists
    }
  }
}
