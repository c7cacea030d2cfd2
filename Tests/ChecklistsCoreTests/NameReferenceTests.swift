import ChecklistsCore
import Testing

@Suite("NameReference: exact name, then number, then a unique start")
struct NameReferenceTests {
  let names = ["Groceries", "Garage", "10 things", "To Do", "to do"]

  func match(_ reference: String) -> String {
    switch NameReference.match(reference, in: names, name: { $0 }) {
    case .found(let name): "found \(name)"
    case .sameName(let same): "same name \(same)"
    case .noSuchNumber(let number): "no number \(number)"
    case .severalStartWith(let several): "several \(several)"
    case .none: "none"
    }
  }

  @Test("An exact name wins over a number and over a start, ignoring case")
  func exactFirst() {
    #expect(match("GARAGE") == "found Garage")
    #expect(match("10 things") == "found 10 things")
  }

  @Test("A number is the position as listed, from 1")
  func numbers() {
    #expect(match("1") == "found Groceries")
    #expect(match("5") == "found to do")
    #expect(match("0") == "no number 0")
    #expect(match("6") == "no number 6")
  }

  @Test("A start that one name has finds it; one several have is ambiguous")
  func starts() {
    #expect(match("gro") == "found Groceries")
    #expect(match("g") == "several [\"Groceries\", \"Garage\"]")
    #expect(match("x") == "none")
  }

  @Test("Two names equal but for case are the same name")
  func sameName() {
    #expect(match("TO DO") == "same name [\"To Do\", \"to do\"]")
  }

  @Test("Several names are shown five at most, then how many more")
  func shown() {
    let many = (1...7).map { "Item \($0)" }
    #expect(
      NameReference.shown(many, name: { $0 })
        == "'Item 1', 'Item 2', 'Item 3', 'Item 4', 'Item 5' and 2 more")
  }
}
