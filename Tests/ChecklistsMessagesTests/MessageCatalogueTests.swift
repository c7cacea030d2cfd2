import ChecklistsMessages
import Testing

@Suite("Message catalogue: texts, arguments and plural forms")
struct MessageCatalogueTests {
  @Test("Arguments are put in by name; braces doubled are literal; a missing one shows")
  func arguments() {
    #expect(Message.placeholders(in: "Move '{name}' to {list}, {name}") == ["name", "list"])
    let catalogue = MessageCatalogueTests.catalogue([
      "web.a": .text("Move '{name}' to {list} {{ok}}"),
      "web.b": .plural([.one: "{count} item", .other: "{count} items in {list}"]),
    ])
    #expect(catalogue.text("web.a", ["name": "Milk", "list": "Groceries"])
      == "Move 'Milk' to Groceries {ok}")
    #expect(catalogue.text("web.a", ["name": "Milk"]) == "Move 'Milk' to {list} {ok}")
    #expect(catalogue.text("web.b", count: 1) == "1 item")
    #expect(catalogue.text("web.b", ["list": "Home"], count: 0) == "0 items in Home")
    #expect(catalogue.text("web.unknown") == "web.unknown")
  }

  @Test("A file that breaks the format is refused with the file and key named")
  func badFiles() {
    #expect(throws: CatalogueError.self) {
      try MessageCatalogue.parse(Array(#"{"web.a": {"one": "x"}}"#.utf8), file: "en.web.json")
    }
    #expect(throws: CatalogueError.self) {
      try MessageCatalogue.parse(Array(#"{"web.a": {"single": "x", "other": "y"}}"#.utf8), file: "f")
    }
    #expect(throws: CatalogueError.self) {
      try MessageCatalogue.parse(Array(#"{"web.a": 3}"#.utf8), file: "f")
    }
  }

  @Test("A language tag reads its base language, and English when it has no files")
  func languages() {
    #expect(MessageCatalogue.baseLanguage(of: "pt_BR.UTF-8") == "pt")
    #expect(MessageCatalogue.baseLanguage(of: "C.UTF-8") == "en")
    #expect(MessageCatalogue.named("xx-YY").language == "en")
    #expect(CatalogueFiles.languages.contains("en"))
  }

  static func catalogue(_ messages: [String: Message]) -> MessageCatalogue {
    MessageCatalogue(testing: messages)
  }
}
