import ChecklistsMessages
import Foundation
import Testing

/// The catalogue's data files beside its message files: each file is one or the other, and a
/// data file is plain JSON that the web app can read as well as the server.
@Suite("Message catalogue: data files beside the message files")
struct CatalogueDataTests {
  @Test("Every file is a message file or a data file of a known kind, never both")
  func everyFileIsKnown() {
    let areas = Set(MessageArea.allCases.map(\.rawValue))
    #expect(areas.isDisjoint(with: CatalogueData.Kind.allCases.map(\.rawValue)))
    for name in CatalogueFiles.all.keys {
      let isData = CatalogueData.kind(ofFile: name) != nil
      #expect(isData != (CatalogueFiles.messageFiles[name] != nil), "\(name)")
    }
    #expect(CatalogueData.kind(ofFile: "groceries.json") == .groceries)
    #expect(CatalogueData.kind(ofFile: "de.groceries.json") == .groceries)
    #expect(CatalogueData.kind(ofFile: "en.dates.json") == .dates)
    #expect(CatalogueData.kind(ofFile: "en.web.json") == nil)
  }

  @Test("The catalogue's languages are those with messages, not those with data alone")
  func languagesHaveMessages() throws {
    #expect(CatalogueData.languages(.groceries).contains("de"))
    #expect(!CatalogueFiles.languages.contains("groceries"))
    for language in CatalogueFiles.languages {
      #expect(
        MessageArea.allCases.contains { CatalogueFiles.file(language: language, area: $0) != nil })
    }
    #expect(CatalogueFiles.languages.contains("en"))
  }

  @Test("Every data file is a JSON object of plain values, and English has each kind's file")
  func dataFilesArePlainJSON() throws {
    for (name, bytes) in CatalogueFiles.all where CatalogueData.kind(ofFile: name) != nil {
      let object = try JSONSerialization.jsonObject(with: Data(bytes))
      #expect(object is [String: Any], "\(name) is not a JSON object")
    }
    for kind in CatalogueData.Kind.allCases {
      #expect(CatalogueData.file(kind, language: "en") != nil, "no en.\(kind.rawValue).json")
    }
  }

  @Test("A data file that is missing or does not read is refused with its name")
  func badDataFiles() {
    struct Shape: Decodable { var nothing: [Int] }
    let missing = #expect(throws: CatalogueError.self) {
      try CatalogueData.decode(Shape.self, .dates, language: "xx")
    }
    #expect(missing?.description.contains("xx.dates.json") == true)
    let wrong = #expect(throws: CatalogueError.self) {
      try CatalogueData.decode(Shape.self, .dates, language: "en")
    }
    #expect(wrong?.description.contains("en.dates.json") == true)
  }
}
