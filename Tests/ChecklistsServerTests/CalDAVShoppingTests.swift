import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("CalDAV and shopping lists: each line a VTODO, in the cart when completed")
struct CalDAVShoppingTests {
  @Test("A PUT line lands on the list with its quantity and price; completing puts it in the cart")
  func shoppingLine() async throws {
    let home = try await Household()
    let list = try home.shopping("alice").createList(named: "Market")
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/milk.ics"
    let ics = CalDAVTestClient.todo(
      uid: "milk", summary: "Milk (2)",
      extra: ["X-CHECKLISTS-QUANTITY:2", "X-CHECKLISTS-PRICE:1.19 EUR", "X-OTHER:kept"])
    let put = try await client.put(path, ics)
    #expect(put.status == 201, "\(put.text)")
    let get = try await client.request("GET", path)
    #expect(get.status == 200)
    #expect(get.text.contains("X-OTHER:kept"))
    #expect(get.text.contains("X-CHECKLISTS-QUANTITY:2"))
    let done = try await client.put(
      path,
      CalDAVTestClient.todo(
        uid: "milk", summary: "Milk (2)", extra: ["X-CHECKLISTS-QUANTITY:2"], completed: true),
      headers: ["If-Match": try #require(get.header("ETag"))])
    #expect(done.status == 204, "\(done.text)")
    let listing = try await client.propfind(
      "/dav/calendars/alice/\(list.id.uuidString.lowercased())/", depth: "1",
      ["d:getetag", "cal:calendar-data"])
    let data = listing.response(path)?.text("cal:calendar-data") ?? ""
    #expect(data.contains("STATUS:COMPLETED"), "\(data)")
  }
}
