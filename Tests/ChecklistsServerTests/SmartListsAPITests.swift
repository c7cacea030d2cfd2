import ChecklistsCore
import ChecklistsServer
import ChecklistsStore
import Foundation
import Testing

@Suite("Smart lists, search and templates through the API")
struct SmartListsAPITests {
  /// Alice's "Family" list shared with Bob, her "Secret" list with no one, and Carol, who
  /// shares nothing with either, signed in as a browser.
  struct Setup {
    let home: Household
    let alice: Household.Browser
    let bob: Household.Browser
    let carol: Household.Browser
    let family: Checklist

    init() async throws {
      home = try await Household()
      try home.accounts.addUser(named: "carol", password: "christmas-99")
      home.server.clock.advance(by: 2)
      alice = try await home.signIn("alice")
      bob = try await home.signIn("bob")
      let response = try await home.server.request(
        "POST", "/api/v1/session", json: ["user": "carol", "password": "christmas-99"],
        headers: ["Origin": home.origin])
      let cookie = try #require(response.header("Set-Cookie")?.split(separator: ";").first)
      carol = Household.Browser(
        cookie: String(cookie),
        csrfToken: try #require(try response.json()["csrfToken"] as? String),
        origin: home.origin)
      let lists = try home.lists("alice")
      let now = home.server.clock.now()
      family = try lists.createList(named: "Family")
      let secret = try lists.createList(named: "Secret")
      try lists.addItem("Birthday cake", to: family.id, dueDate: now - 3600)
      try lists.addItem("Birthday present for Bob", to: secret.id, dueDate: now - 3600)
      try home.sharing("alice").share(listID: family.id, with: "bob", role: .viewer)
    }

    func get(_ path: String, as user: Household.Browser) async throws -> TestServer.Response {
      try await home.server.get(path, headers: user.readHeaders)
    }
  }

  @Test("A shared list's items are in the member's smart lists and search, not a stranger's")
  func sharedItems() async throws {
    let setup = try await Setup()
    func texts(_ body: [String: Any]) -> [String] {
      (body["items"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }
    let aliceToday = try await setup.get("/api/v1/smart-lists/today", as: setup.alice)
    #expect(aliceToday.status == 200)
    #expect(texts(try aliceToday.json()) == ["Birthday cake", "Birthday present for Bob"])
    let bobToday = try await setup.get("/api/v1/smart-lists/today?tz=Europe/Berlin", as: setup.bob)
    let bobItems = try #require(try bobToday.json()["items"] as? [[String: Any]])
    #expect(bobItems.map { $0["text"] as? String } == ["Birthday cake"])
    let list = try #require(bobItems.first?["checklist"] as? [String: Any])
    #expect(
      list["name"] as? String == "Family" && list["id"] as? String == setup.family.id.uuidString)
    #expect(texts(try await setup.get("/api/v1/smart-lists/all", as: setup.carol).json()).isEmpty)

    let counts = try await setup.get("/api/v1/smart-lists", as: setup.bob)
    let entries = try #require(try counts.json()["smartLists"] as? [[String: Any]])
    #expect(
      entries.map { $0["kind"] as? String } == ["today", "scheduled", "overdue", "flagged", "all"])
    #expect(entries.map { $0["count"] as? Int } == [1, 1, 1, 0, 1])
    #expect(entries.first?["name"] as? String == "Today")

    let search = try await setup.get("/api/v1/search?q=BIRTH", as: setup.bob)
    #expect(search.status == 200)
    let groups = try #require(try search.json()["groups"] as? [[String: Any]])
    #expect(groups.count == 1)
    #expect(groups.first?["kind"] as? String == "checklist")
    #expect((groups.first?["checklist"] as? [String: Any])?["name"] as? String == "Family")
    #expect(texts(groups.first ?? [:]) == ["Birthday cake"])
    let strangers = try await setup.get("/api/v1/search?q=birth", as: setup.carol)
    #expect((try strangers.json()["groups"] as? [Any])?.isEmpty == true)
    try setup.home.shopping("alice").addItem(named: "Mango")
    let catalogue = try await setup.get("/api/v1/search?q=mang", as: setup.alice)
    let last = try #require((try catalogue.json()["groups"] as? [[String: Any]])?.last)
    #expect(last["kind"] as? String == "catalogue")
    #expect((last["items"] as? [[String: Any]])?.first?["name"] as? String == "Mango")
  }

  @Test("Bad requests are refused with messages that name the problem")
  func badRequests() async throws {
    let setup = try await Setup()
    let unknown = try await setup.get("/api/v1/smart-lists/someday", as: setup.alice)
    #expect(unknown.status == 404)
    #expect(unknown.text.contains("the smart lists are today, scheduled, overdue, flagged, all"))
    let zone = try await setup.get("/api/v1/smart-lists?tz=Mars/Olympus", as: setup.alice)
    #expect(zone.status == 422)
    #expect(zone.text.contains("'Mars/Olympus'"))
    let empty = try await setup.get("/api/v1/search?q=", as: setup.alice)
    #expect(empty.status == 422)
    #expect(empty.text.contains("the search text is empty"))
    let missing = try await setup.get("/api/v1/search", as: setup.alice)
    #expect(missing.status == 422)
    #expect(missing.text.contains("'q' is required"))
    let signedOut = try await setup.home.server.get("/api/v1/smart-lists")
    #expect(signedOut.status == 401)
    let noTemplate = try await setup.get("/api/v1/templates/\(UUID().uuidString)", as: setup.alice)
    #expect(noTemplate.status == 404)
    #expect(noTemplate.text.contains("There is no template with id"))
    let badList = try await setup.home.server.request(
      "POST", "/api/v1/templates", json: ["checklistID": "groceries"],
      headers: setup.alice.writeHeaders)
    #expect(badList.status == 422)
    #expect(badList.text.contains("'checklistID' must be a list's id"))
    // Carol cannot save Alice's list: it does not exist for her.
    let foreign = try await setup.home.server.request(
      "POST", "/api/v1/templates", json: ["checklistID": setup.family.id.uuidString],
      headers: setup.carol.writeHeaders)
    #expect(foreign.status == 404)
  }

  @Test("Save a template, list it, start a list from it (replay-safe) and delete it")
  func templates() async throws {
    let setup = try await Setup()
    let server = setup.home.server
    let templateID = UUID().uuidString
    let body: [String: Any] = [
      "checklistID": setup.family.id.uuidString, "name": "Party", "id": templateID,
    ]
    let saved = try await server.request(
      "POST", "/api/v1/templates", json: body, headers: setup.alice.writeHeaders)
    #expect(saved.status == 201, "\(saved.text)")
    #expect(try saved.json()["itemCount"] as? Int == 1)
    let again = try await server.request(
      "POST", "/api/v1/templates", json: body, headers: setup.alice.writeHeaders)
    #expect(again.status == 200)
    let listing = try await setup.get("/api/v1/templates", as: setup.alice)
    let templates = try #require(try listing.json()["templates"] as? [[String: Any]])
    #expect(templates.map { $0["name"] as? String } == ["Party"])
    #expect(templates.first?["items"] == nil)
    #expect(
      (try await setup.get("/api/v1/templates", as: setup.bob).json()["templates"] as? [Any])?
        .isEmpty == true)
    let one = try await setup.get("/api/v1/templates/\(templateID)", as: setup.alice)
    let items = try #require(try one.json()["items"] as? [[String: Any]])
    #expect(items.map { $0["text"] as? String } == ["Birthday cake"])

    let listID = UUID().uuidString
    let start: [String: Any] = ["id": listID, "startDate": "2027-01-15"]
    let started = try await server.request(
      "POST", "/api/v1/templates/\(templateID)/start", json: start,
      headers: setup.alice.writeHeaders)
    #expect(started.status == 201, "\(started.text)")
    #expect(try started.json()["name"] as? String == "Party")
    #expect(try started.json()["itemCount"] as? Int == 1)
    let replayed = try await server.request(
      "POST", "/api/v1/templates/\(templateID)/start", json: start,
      headers: setup.alice.writeHeaders)
    #expect(replayed.status == 200)
    #expect(try replayed.json()["id"] as? String == listID)
    let list = try await setup.get("/api/v1/checklists/\(listID)", as: setup.alice)
    let listItems = try #require(try list.json()["items"] as? [[String: Any]])
    #expect(listItems.map { $0["checked"] as? Bool } == [false])
    #expect((listItems.first?["dueDate"] as? String)?.hasPrefix("2027-01-1") == true)
    let badDate = try await server.request(
      "POST", "/api/v1/templates/\(templateID)/start", json: ["startDate": "next week"],
      headers: setup.alice.writeHeaders)
    #expect(badDate.status == 422)
    #expect(badDate.text.contains("'startDate' must be an ISO 8601 date"))

    let deleted = try await server.request(
      "DELETE", "/api/v1/templates/\(templateID)", headers: setup.alice.writeHeaders)
    #expect(deleted.status == 204)
    #expect(try await setup.get("/api/v1/templates/\(templateID)", as: setup.alice).status == 404)
    #expect(try await setup.get("/api/v1/checklists/\(listID)", as: setup.alice).status == 200)
  }
}
