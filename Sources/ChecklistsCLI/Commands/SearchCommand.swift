import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore

/// `checklists search <text>...`: items of every list and the catalogue whose words start
/// with each word typed.
struct SearchCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "search",
    abstract: "Find items in every list and the catalogue by the start of their words.",
    discussion: """
      Every word typed must start a word of an item's text or notes (a catalogue item's \
      name), ignoring case and accents: 'creme bru' finds "Crème brûlée". Checked items are \
      found too; at most 50 of each list.
      """,
    arguments: [terms, jsonFlag])

  static let terms = Positional("text", help: "The words to look for.").repeating()

  var text: String
  var json: Bool

  init(_ values: ParsedValues) throws {
    text = try values[Self.terms].joined(separator: " ")
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let results = try context.smartLists().search(text)
    if json {
      let now = context.now()
      var groups: [SearchResultJSON.Group] = results.lists.map { list, items in
        .checklist(ChecklistReferenceJSON(list), items.map { ChecklistItemJSON($0, now: now) })
      }
      if !results.catalogue.isEmpty {
        groups.append(
          .catalogue(results.catalogue.map { ShoppingItemJSON($0, locale: context.locale) }))
      }
      context.print(try JSONOutput.encode(SearchResultJSON(query: text, groups: groups)))
      return
    }
    guard !results.lists.isEmpty || !results.catalogue.isEmpty else {
      context.print(words.text("cli.search.nothing", ["text": text]))
      return
    }
    var sections: [String] = []
    for (list, items) in results.lists {
      sections.append(
        ([list.name]
          + items.map {
            words.text(
              $0.isChecked ? "cli.search.checked" : "cli.search.unchecked", ["item": $0.text])
          })
          .joined(separator: "\n"))
    }
    if !results.catalogue.isEmpty {
      sections.append(
        ([words.text("cli.search.catalogue")]
          + results.catalogue.map { words.text("cli.search.catalogueItem", ["item": $0.name]) })
          .joined(separator: "\n"))
    }
    context.print(sections.joined(separator: "\n\n"))
  }
}
