import ChecklistsCore
import ChecklistsStore
import Foundation
import Testing

@Suite("CalDAV and shared lists: the role decides what a client may write")
struct CalDAVSharingTests {
  /// Bob's list shared with alice at `role`, with one item; alice's client and the paths.
  static func shared(_ role: ShareRole) async throws -> (
    Household, CalDAVTestClient, list: String, item: String
  ) {
    let home = try await Household()
    let list = try home.lists("bob").createList(named: "Bob's chores")
    let item = try home.lists("bob").addItem("Mow the lawn", to: list.id)
    _ = try home.sharing("bob").share(listID: list.id, with: "alice", role: role)
    let client = CalDAVTestClient(home.server, user: "alice", password: "wonderland-42")
    let path = "/dav/calendars/alice/\(list.id.uuidString.lowercased())/"
    return (home, client, path, path + item.id.uuidString.lowercased() + ".ics")
  }

  @Test("A viewer reads a shared list but a PUT is 403 need-privileges")
  func viewer() async throws {
    let (home, client, list, item) = try await Self.shared(.viewer)
    let get = try await client.request("GET", item)
    #expect(get.status == 200)
    let put = try await client.put(
      list + "new.ics", CalDAVTestClient.todo(uid: "new", summary: "Sneaky"))
    #expect(put.status == 403)
    #expect(put.text.contains("need-privileges"), "\(put.text)")
    let edit = try await client.put(
      item, get.text.replacingOccurrences(of: "Mow the lawn", with: "Skip it"))
    #expect(edit.status == 403)
    #expect(try await client.request("DELETE", item).status == 403)
    let bobs = try home.lists("bob").checklists().first { $0.name == "Bob's chores" }
    let items = try home.lists("bob").checklistWithItems(id: try #require(bobs).id).1
    #expect(items.map(\.text) == ["Mow the lawn"])
  }

  @Test("A checker may complete and uncomplete, but renaming is 403 with a precondition")
  func checker() async throws {
    let (home, client, _, item) = try await Self.shared(.checker)
    let get = try await client.request("GET", item)
    let etag = try #require(get.header("ETag"))
    // As a client ticks it off: the completion properties replaced, the rest as served.
    let completed =
      get.text.components(separatedBy: "\r\n").filter {
        !$0.hasPrefix("STATUS:") && !$0.hasPrefix("COMPLETED:")
          && !$0.hasPrefix("PERCENT-COMPLETE:")
      }.joined(separator: "\r\n").replacingOccurrences(
        of: "END:VTODO", with: "STATUS:COMPLETED\r\nCOMPLETED:20270102T090000Z\r\nEND:VTODO")
    let done = try await client.put(item, completed, headers: ["If-Match": etag])
    #expect(done.status == 204, "\(done.text)")
    let bobs = try #require(try home.lists("bob").checklists().first)
    #expect(try home.lists("bob").checklistWithItems(id: bobs.id).1.first?.isChecked == true)

    let renamed = try await client.put(
      item, get.text.replacingOccurrences(of: "Mow the lawn", with: "Mow it later"))
    #expect(renamed.status == 403)
    #expect(renamed.text.contains("need-privileges"), "\(renamed.text)")
    #expect(try home.lists("bob").checklistWithItems(id: bobs.id).1.first?.text == "Mow the lawn")
  }
}
