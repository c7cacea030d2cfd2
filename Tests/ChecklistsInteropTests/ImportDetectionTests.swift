import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

@Suite("Recognising what a file to import holds")
struct ImportDetectionTests {
  @Test(
    "The sample files are recognised from their contents",
    arguments: [
      ("Checklists.plist", ImportFileKind.checklists),
      ("Checklists-xml.plist", .checklists),
      ("items", .shopping),
    ])
  func samples(name: String, kind: ImportFileKind) throws {
    #expect(ImportFileKind.detect(try Fixtures.data(name)) == kind)
  }

  @Test("A JSON backup, an iCalendar file and foreign files")
  func others() throws {
    let backup = try ChecklistsFile.write(
      [
        PortableChecklist(
          name: "Groceries", icon: .modelDefault, items: [PortableItem(text: "Milk")])
      ], as: .json,
      now: Date(timeIntervalSinceReferenceDate: 0))
    #expect(ImportFileKind.detect(backup) == .backup)
    let calendar = Data("\u{FEFF}BEGIN:VCALENDAR\r\nVERSION:2.0\r\nEND:VCALENDAR\r\n".utf8)
    #expect(ImportFileKind.detect(calendar) == .iCalendar)
    // A file called .ics is iCalendar whatever it holds; other names change nothing.
    #expect(ImportFileKind.detect(Data("hello".utf8), fileName: "Holidays.ICS") == .iCalendar)
    #expect(ImportFileKind.detect(try Fixtures.data("items"), fileName: "items.plist") == .shopping)
    #expect(ImportFileKind.detect(Data("hello".utf8)) == nil)
    #expect(ImportFileKind.detect(Data()) == nil)
    // A damaged property list is the Checklists.plist kind: its reader says what is wrong.
    #expect(ImportFileKind.detect(Data("bplist00".utf8)) == .checklists)
  }
}
