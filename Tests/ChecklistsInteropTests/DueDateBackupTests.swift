import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

@Suite("Backups keep due days and moments with their zones; version 1 files still read")
struct DueDateBackupTests {
  static let moment = Date(timeIntervalSinceReferenceDate: 787_000_000.123_456_7)

  @Test("Version 2 writes due as a day or a moment with its zone, and reads it back exactly")
  func roundTrip() throws {
    let list = PortableChecklist(
      name: "Trip", icon: .trips,
      items: [
        PortableItem(text: "Passport", due: .day(CivilDay(year: 2026, month: 12, day: 15))),
        PortableItem(text: "Train", due: .moment(Self.moment, timeZone: "Asia/Kolkata")),
        PortableItem(text: "Call", due: .moment(Self.moment, timeZone: nil)),
        PortableItem(text: "Someday"),
      ])
    let data = try ChecklistsBackup.encode([list], exportedAt: Date())
    let back = try ChecklistsBackup.decode(data)
    #expect(back == [list])
    #expect(
      back[0].items[1].dueDate?.timeIntervalSinceReferenceDate.bitPattern
        == Self.moment.timeIntervalSinceReferenceDate.bitPattern)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.contains(#""date" : "2026-12-15""#))
    #expect(
      text.contains(#""timeZone" : "Asia\/Kolkata""#)
        || text.contains(#""timeZone" : "Asia/Kolkata""#))
    #expect(!text.contains("\"dueDate\""))
  }

  @Test("A version 1 file's dueDate reads as a moment with no zone")
  func versionOne() throws {
    let json = """
      {"format": "checklists-backup", "version": 1, "checklists": [
        {"name": "Trip", "items": [{"text": "Passport", "dueDate": "2026-12-15T00:00:00Z"}]}]}
      """
    let lists = try ChecklistsBackup.decode(Data(json.utf8))
    let due = try #require(lists.first?.items.first?.due)
    #expect(due == .moment(Date(timeIntervalSince1970: 1_797_292_800), timeZone: nil))
  }

  @Test(
    "A due that is not one is refused, naming the item",
    arguments: [
      (#"{"date": "2026-02-30"}"#, "is not a day"),
      (#"{"dateTime": "soon"}"#, "is not an ISO 8601 date and time"),
      (#"{"dateTime": "2026-12-15T17:00:00Z", "timeZone": "Mars/Base"}"#, "'Mars/Base'"),
      (#"{"date": "2026-12-15", "dateTime": "2026-12-15T17:00:00Z"}"#, "must be null"),
    ])
  func refused(due: String, message: String) {
    let json = """
      {"format": "checklists-backup", "version": 2, "checklists": [
        {"name": "Trip", "items": [{"text": "Passport", "due": \(due)}]}]}
      """
    let error = #expect(throws: ChecklistsError.self) {
      try ChecklistsBackup.decode(Data(json.utf8))
    }
    #expect(error?.code == .unreadableFile)
    #expect(
      error?.message.contains("Checklist 1 ('Trip'), item 1") == true, "\(error?.message ?? "")")
    #expect(error?.message.contains(message) == true, "\(error?.message ?? "")")
  }
}
