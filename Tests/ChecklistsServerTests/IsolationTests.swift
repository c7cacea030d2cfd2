import ChecklistsCore
import ChecklistsSecurity
import ChecklistsStore
import Foundation
import Testing

@testable import ChecklistsServer

/// For every route of the API, user B on user A's things: always 404, never 403, and nothing
/// changes. The routes come from the route table, so a new route is tested (or this test
/// fails, asking for a body and ids for it).
@Suite("Isolation: nobody reaches another user's lists")
struct IsolationTests {
  /// Alice's things, made through the services.
  struct AlicesThings {
    let checklist: UUID
    let item: UUID
    let shoppingList: UUID
    let catalogueItem: UUID
    let token: UUID
    let template: UUID
    let shop: UUID
    let invite: UUID
    let trip: UUID
  }

  static func makeAlicesThings(_ home: Household) throws -> AlicesThings {
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Alice's secrets")
    let item = try lists.addItem("Birthday present for Bob", to: list.id)
    let shopping = try home.shopping("alice")
    let shoppingList = try shopping.createList(named: "Surprise party")
    let cake = try shopping.addItem(named: "Cake")
    try shopping.put(itemID: cake.id, onList: shoppingList.id)
    let (token, _) = try home.accounts.createAPIToken(userName: "alice", name: "Alice's laptop")
    let templates = TemplateService(
      store: home.store, user: try home.accounts.existingUser("alice"), now: home.server.clock.now)
    let template = try templates.saveTemplate(fromList: list.id).template
    let shop = try shopping.createShop(named: "Cake shop").shop
    try shopping.pickShop(shop.id, forList: shoppingList.id)
    let invite = try InviteService(store: home.store, now: home.server.clock.now).create(
      listID: shoppingList.id, role: .editor, by: try home.accounts.existingUser("alice")
    ).details.invite
    let lastParty = try shopping.createList(named: "Last party")
    let balloons = try shopping.addItem(named: "Balloons")
    try shopping.put(itemID: balloons.id, onList: lastParty.id)
    try shopping.updateEntry(itemID: balloons.id, onList: lastParty.id, isInCart: true)
    let trip = try #require(try shopping.finishShopping(listID: lastParty.id, clientID: nil).trip)
    return AlicesThings(
      checklist: list.id, item: item.id, shoppingList: shoppingList.id, catalogueItem: cake.id,
      token: token.id, template: template.id, shop: shop.id, invite: invite.id, trip: trip.id)
  }

  /// A valid body for each route that takes one, so a 404 cannot hide behind a 422. A route
  /// whose operation reads a body and has none here fails the test.
  static func body(_ method: String, _ path: String) -> Any? {
    switch (method, path) {
    case ("PATCH", "/api/v1/checklists/{id}"): return ["name": "Mine now"]
    case ("POST", "/api/v1/checklists/{id}/items"): return ["text": "Sneaked in"]
    case ("PATCH", "/api/v1/items/{id}"): return ["text": "Changed"]
    case ("POST", "/api/v1/items/{id}/move"): return ["index": 0]
    case ("PATCH", "/api/v1/catalogue/{itemID}"): return ["name": "Pie"]
    case ("PATCH", "/api/v1/shopping-lists/{listID}"): return ["name": "Mine now"]
    case ("POST", "/api/v1/shopping-lists/{listID}/entries"): return ["name": "Beer"]
    case ("PATCH", "/api/v1/shopping-lists/{listID}/entries/{itemID}"): return ["inCart": true]
    case ("PUT", "/api/v1/shopping-lists/{listID}/entries/{itemID}"): return ["quantity": 2]
    case ("PUT", "/api/v1/shares/{listID}/{user}"): return ["role": "editor"]
    case ("POST", "/api/v1/templates/{id}/start"): return ["name": "Mine now"]
    case ("PATCH", "/api/v1/shops/{shopID}"): return ["name": "Mine now"]
    case ("PUT", "/api/v1/shopping-lists/{listID}/shop"): return ["shopID": NSNull()]
    case ("POST", "/api/v1/checklists/{id}/invites"): return ["role": "editor"]
    case ("POST", "/api/v1/shopping-lists/{listID}/invites"): return ["role": "editor"]
    case ("POST", "/api/v1/invitations/{token}/sign-up"):
      return ["username": "mallory", "password": "mallory-pass"]
    case ("POST", "/api/v1/shopping-lists/{listID}/finish"): return ["clientID": UUID().uuidString]
    default: return nil
    }
  }

  /// The path with Alice's ids in place of its parameters.
  static func concrete(_ path: String, _ things: AlicesThings) -> String {
    var result = path
    if path.hasPrefix("/api/v1/checklists/") {
      result = result.replacingOccurrences(of: "{id}", with: things.checklist.uuidString)
    }
    if path.hasPrefix("/api/v1/items/") {
      result = result.replacingOccurrences(of: "{id}", with: things.item.uuidString)
    }
    if path.hasPrefix("/api/v1/templates/") {
      result = result.replacingOccurrences(of: "{id}", with: things.template.uuidString)
    }
    if path.hasPrefix("/api/v1/shares/") {
      result = result.replacingOccurrences(of: "{tokenID}", with: things.token.uuidString)
      result = result.replacingOccurrences(of: "{listID}", with: things.shoppingList.uuidString)
      result = result.replacingOccurrences(of: "{user}", with: "bob")
    }
    result = result.replacingOccurrences(of: "{shopID}", with: things.shop.uuidString)
    result = result.replacingOccurrences(of: "{tripID}", with: things.trip.uuidString)
    result = result.replacingOccurrences(of: "{tokenID}", with: things.token.uuidString)
    result = result.replacingOccurrences(of: "{inviteID}", with: things.invite.uuidString)
    // An invite link's token is the key itself: without it there is nothing to reach.
    result = result.replacingOccurrences(of: "{token}", with: SecretToken.generate().value)
    result = result.replacingOccurrences(of: "{listID}", with: things.shoppingList.uuidString)
    result = result.replacingOccurrences(of: "{itemID}", with: things.catalogueItem.uuidString)
    return result
  }

  @Test("Every route with an id answers 404 to another user, for every method")
  func everyRoute() async throws {
    let home = try await Household()
    let things = try Self.makeAlicesThings(home)
    let bob = try await home.signIn("bob")
    var tried = 0
    // A smart list's {kind} names no one's thing: each user has their own Today.
    for route in RouteTable.server.documented
    where route.path.contains("{") && !route.path.hasPrefix("/api/v1/smart-lists/") {
      let (method, path) = (route.method, route.path)
      let concrete = Self.concrete(path, things)
      #expect(!concrete.contains("{"), "no id for \(path)")
      let body = Self.body(method, path)
      #expect(
        (body != nil) == (route.operation?.request != nil),
        "\(method) \(path): a body here exactly when the route reads one")
      let response = try await home.server.request(
        method, concrete, json: body, headers: bob.writeHeaders)
      #expect(
        response.status == 404, "\(method) \(path) answered \(response.status): \(response.text)")
      #expect(!response.text.contains("Alice's secrets") && !response.text.contains("Surprise"))
      tried += 1
    }
    #expect(tried >= 20)
    // Nothing of Alice's changed.
    let alice = try home.lists("alice")
    #expect(try alice.checklist(id: things.checklist).name == "Alice's secrets")
    #expect(
      try alice.checklistWithItems(id: things.checklist).1.map(\.text) == [
        "Birthday present for Bob"
      ])
    let contents = try home.shopping("alice").contents(ofList: things.shoppingList)
    #expect(contents.list.name == "Surprise party")
    #expect(contents.lines.map(\.item.name) == ["Cake"])
    #expect(contents.lines.map(\.entry.isInCart) == [false])
    #expect(try home.sharing("alice").members(ofList: things.shoppingList).isEmpty)
    #expect(try home.accounts.apiTokens(userName: "alice").map(\.id) == [things.token])
    #expect(contents.shop?.id == things.shop)
    #expect(try home.shopping("alice").shop(id: things.shop).name == "Cake shop")
    let invites = try InviteService(store: home.store, now: home.server.clock.now).invites(
      ofList: things.shoppingList, by: try home.accounts.existingUser("alice"))
    #expect(invites.map(\.invite.id) == [things.invite])
    #expect(invites.map(\.state) == [.valid])
    #expect(try home.accounts.users().map(\.name) == ["alice", "bob"])
  }

  @Test("Collections show only the user's own things, and exports hold only theirs")
  func collections() async throws {
    let home = try await Household()
    _ = try Self.makeAlicesThings(home)
    let bob = try await home.signIn("bob")
    for path in [
      "/api/v1/checklists", "/api/v1/shopping-lists", "/api/v1/catalogue", "/api/v1/due",
      "/api/v1/export", "/api/v1/shares", "/api/v1/catalogue/search?q=cake", "/api/v1/tokens",
      "/api/v1/shops",
      "/api/v1/catalogue/starter", "/api/v1/settings",
      "/api/v1/trips", "/api/v1/trips/export.csv",
    ] {
      let response = try await home.server.get(path, headers: bob.readHeaders)
      #expect(response.status == 200, "\(path)")
      for secret in [
        "Alice's secrets", "Birthday present", "Surprise party", "Cake", "laptop", "Last party",
        "Balloons",
      ] {
        #expect(!response.text.contains(secret), "\(path) shows \(secret)")
      }
    }
  }

  @Test(
    "Live updates reach only those who may see the change; a share opens them, a revoke closes them"
  )
  func liveUpdates() async throws {
    let home = try await Household()
    let things = try Self.makeAlicesThings(home)
    let bob = try await home.signIn("bob")
    let stream = try RawHTTPConnection(port: home.server.server.port)
    stream.send(
      "GET /api/v1/events HTTP/1.1\r\nHost: 127.0.0.1:\(home.server.server.port)\r\nCookie: \(bob.cookie)\r\n"
        + "Accept: text/event-stream\r\n\r\n")
    let head = stream.read(until: Date().addingTimeInterval(120)) { $0.contains("retry: 1000") }
    #expect(head.hasPrefix("HTTP/1.1 200"))

    // A change of Alice's private list, then one of Bob's own: Bob's stream gets only his.
    let alice = try await home.signIn("alice")
    _ = try await home.server.request(
      "POST", "/api/v1/checklists/\(things.checklist.uuidString)/items",
      json: ["text": "Secret wrapping paper"], headers: alice.writeHeaders)
    let bobsList = try home.lists("bob").createList(named: "Bob's own")
    let seen = stream.read(until: Date().addingTimeInterval(120)) {
      $0.contains(bobsList.id.uuidString)
    }
    #expect(seen.contains(bobsList.id.uuidString))
    #expect(!seen.contains(things.checklist.uuidString))

    // Alice shares her shopping list: Bob hears of the share, then of a check on it.
    let share = try await home.server.request(
      "PUT", "/api/v1/shares/\(things.shoppingList.uuidString)/bob", json: ["role": "checker"],
      headers: alice.writeHeaders)
    #expect(share.status == 200)
    _ = try await home.server.request(
      "PATCH",
      "/api/v1/shopping-lists/\(things.shoppingList.uuidString)/entries/\(things.catalogueItem.uuidString)",
      json: ["inCart": true], headers: alice.writeHeaders)
    let shared = stream.read(until: Date().addingTimeInterval(120)) { $0.contains("entryUpdated") }
    #expect(shared.contains("shareAdded"))
    #expect(shared.contains("\"kind\":\"entryUpdated\""))

    // Alice revokes; her next check is not sent to Bob, but his own changes still are.
    _ = try await home.server.request(
      "DELETE", "/api/v1/shares/\(things.shoppingList.uuidString)/bob", headers: alice.writeHeaders)
    _ = try await home.server.request(
      "PATCH",
      "/api/v1/shopping-lists/\(things.shoppingList.uuidString)/entries/\(things.catalogueItem.uuidString)",
      json: ["inCart": false], headers: alice.writeHeaders)
    let later = try home.lists("bob").createList(named: "Bob's second")
    let after = stream.read(until: Date().addingTimeInterval(120)) {
      $0.contains(later.id.uuidString)
    }
    #expect(after.contains("shareRemoved"))
    let afterRevoke = after.components(separatedBy: "shareRemoved").last ?? ""
    #expect(!afterRevoke.contains("entryUpdated"))
  }
}
