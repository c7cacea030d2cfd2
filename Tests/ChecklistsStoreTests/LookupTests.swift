import ChecklistsCore
import ChecklistsStore
import Testing

@Suite("Finding lists and items by what a person types")
struct LookupTests {
  static func service(_ kind: StoreKind) throws -> ChecklistService {
    let service = try kind.makeService()
    for name in ["Groceries", "Growth", "Birthdays", "List 2", "List 10"] {
      try service.createList(named: name)
    }
    return service
  }

  @Test("By exact name, number and unique prefix", arguments: StoreKind.allCases)
  func lists(kind: StoreKind) throws {
    let service = try Self.service(kind)
    // All Lists order: Birthdays, Groceries, Growth, List, List 2, List 10
    #expect(try service.findList("groceries").name == "Groceries")
    #expect(try service.findList("1").name == "Birthdays")
    #expect(try service.findList("6").name == "List 10")
    #expect(try service.findList("bi").name == "Birthdays")
    #expect(try service.findList("list").name == "List")
  }

  @Test("Mistakes get a clear message and a suggestion", arguments: StoreKind.allCases)
  func listMistakes(kind: StoreKind) throws {
    let service = try Self.service(kind)
    let typo = #expect(throws: ChecklistsError.self) { try service.findList("Grocereis") }
    #expect(typo?.code == .notFound)
    #expect(typo?.description == "Unknown list 'Grocereis'. Did you mean 'Groceries'?")
    let ambiguous = #expect(throws: ChecklistsError.self) { try service.findList("gro") }
    #expect(ambiguous?.code == .ambiguous)
    #expect(ambiguous?.message.contains("'Groceries', 'Growth'") == true)
    let number = #expect(throws: ChecklistsError.self) { try service.findList("7") }
    #expect(number?.message == "There is no list number 7; there are 6 lists.")
  }

  @Test(
    "A name that looks like a number wins over the number, for lists and items alike",
    arguments: StoreKind.allCases)
  func numericNames(kind: StoreKind) throws {
    let service = try Self.service(kind)
    try service.createList(named: "2")
    #expect(try service.findList("2").name == "2")
    #expect(try service.findList("4").name == "Growth")
    let list = try service.findList("Groceries")
    try service.addItem("Eggs", to: list.id)
    try service.addItem("2024", to: list.id)
    let fresh = try service.findList("Groceries")
    #expect(try service.findItem("2024", in: fresh).text == "2024")
    #expect(try service.findItem("1", in: fresh).text == "Eggs")
    let huge = #expect(throws: ChecklistsError.self) {
      try service.findList("-9223372036854775808")
    }
    #expect(huge?.code == .notFound)
    #expect(throws: ChecklistsError.self) { try service.findItem("9223372036854775807", in: fresh) }
  }

  @Test("Items by number, text and prefix", arguments: StoreKind.allCases)
  func items(kind: StoreKind) throws {
    let service = try Self.service(kind)
    let list = try service.findList("Groceries")
    for text in ["Milk", "Mint", "Eggs", "eggs"] { try service.addItem(text, to: list.id) }
    let fresh = try service.findList("Groceries")
    #expect(try service.findItem("1", in: fresh).text == "Milk")
    #expect(try service.findItem("4", in: fresh).text == "eggs")
    #expect(try service.findItem("mil", in: fresh).text == "Milk")
    #expect(throws: ChecklistsError.self) { try service.findItem("mi", in: fresh) }
    let twice = #expect(throws: ChecklistsError.self) { try service.findItem("EGGS", in: fresh) }
    #expect(twice?.code == .ambiguous)
    #expect(twice?.message.hasPrefix("There are 2 items called 'Eggs'.") == true)
    let missing = #expect(throws: ChecklistsError.self) { try service.findItem("5", in: fresh) }
    #expect(missing?.message == "'Groceries' has no item number 5; it has 4 items.")
    let typo = #expect(throws: ChecklistsError.self) { try service.findItem("Mlik", in: fresh) }
    #expect(typo?.suggestion == "Did you mean 'Milk'?")
  }
}
