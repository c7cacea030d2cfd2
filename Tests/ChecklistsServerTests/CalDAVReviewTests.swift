import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

/// What a hostile review of the CalDAV server found lost or wrong, kept fixed.
@Suite("CalDAV: nothing a client wrote is dropped, and a UID stays the object's")
struct CalDAVReviewTests {
  @Test("A child PUT before its parent goes under it when the parent arrives, link kept meanwhile")
  func childBeforeParent() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Trip")
    let client = CalDAVObjectTests.alice(home)
    let kid = CalDAVTestClient.todo(
      uid: "kid", summary: "Passports", extra: ["RELATED-TO;RELTYPE=PARENT:mom"])
    #expect(try await client.put(CalDAVObjectTests.path(list, "kid.ics"), kid).status == 201)
    // The parent is not there yet: the link stays in the text.
    let waiting = try await client.request("GET", CalDAVObjectTests.path(list, "kid.ics"))
    #expect(waiting.text.contains("RELATED-TO;RELTYPE=PARENT:mom"))
    let mom = CalDAVTestClient.todo(uid: "mom", summary: "Pack")
    #expect(try await client.put(CalDAVObjectTests.path(list, "mom.ics"), mom).status == 201)
    let items = try home.lists("alice").checklistWithItems(id: list.id).1
    let pack = try #require(items.first { $0.text == "Pack" })
    let passports = try #require(items.first { $0.text == "Passports" })
    #expect(passports.parentID == pack.id)
    let after = try await client.request("GET", CalDAVObjectTests.path(list, "kid.ics"))
    #expect(after.text.contains("RELATED-TO;RELTYPE=PARENT:mom"))
    #expect(after.header("ETag") != waiting.header("ETag"))
  }

  @Test("A PUT cannot change an object's UID (409 no-uid-conflict, nothing changed)")
  func uidStays() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Chores")
    let client = CalDAVObjectTests.alice(home)
    let path = CalDAVObjectTests.path(list, "a.ics")
    let first = CalDAVTestClient.todo(uid: "first", summary: "Dishes")
    #expect(try await client.put(path, first).status == 201)
    let changed = try await client.put(
      path, CalDAVTestClient.todo(uid: "other", summary: "Dishes"))
    #expect(changed.status == 409, "\(changed.text)")
    #expect(changed.text.contains("no-uid-conflict"))
    #expect(changed.text.contains("cannot change it"))
    #expect(try await client.request("GET", path).text == first)
  }

  @Test("The alarms of a todo with no due date are kept as written")
  func alarmsWithoutDue() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Someday")
    let client = CalDAVObjectTests.alice(home)
    let path = CalDAVObjectTests.path(list, "nd.ics")
    let ics = CalDAVTestClient.todo(
      uid: "nd", summary: "Call",
      extra: [
        "DTSTART:20270101T000000Z", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Call",
        "TRIGGER;RELATED=START:-PT5M", "END:VALARM",
      ])
    #expect(try await client.put(path, ics).status == 201)
    #expect(try await client.request("GET", path).text == ics)
  }
}
