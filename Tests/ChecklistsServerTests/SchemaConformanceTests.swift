import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import Testing
import WebPush

@testable import ChecklistsServer

/// The schemas in the served OpenAPI document are the contract: every request body accepts
/// exactly the properties its schema names, and every JSON answer has exactly the properties
/// its schema declares (a field added to a JSON type without its schema fails here).
@Suite("Request and response bodies match the schemas of the served OpenAPI document")
struct SchemaConformanceTests {
  // MARK: - Request bodies

  /// Each JSON request body the document shows, at a path of resources that exist.
  static func requestPaths(_ fixture: Fixture) -> [String: String] {
    let (list, item, catalogueItem, shoppingList) =
      (fixture.list, fixture.item, fixture.catalogueItem, fixture.shoppingList)
    return [
      "POST /api/v1/checklists": "/api/v1/checklists",
      "PATCH /api/v1/checklists/{id}": "/api/v1/checklists/\(list)",
      "POST /api/v1/checklists/{id}/items": "/api/v1/checklists/\(list)/items",
      "PATCH /api/v1/items/{id}": "/api/v1/items/\(item)",
      "POST /api/v1/items/{id}/move": "/api/v1/items/\(item)/move",
      "POST /api/v1/catalogue": "/api/v1/catalogue",
      "PATCH /api/v1/catalogue/{itemID}": "/api/v1/catalogue/\(catalogueItem)",
      "POST /api/v1/shopping-lists": "/api/v1/shopping-lists",
      "PATCH /api/v1/shopping-lists/{listID}": "/api/v1/shopping-lists/\(shoppingList)",
      "POST /api/v1/shopping-lists/{listID}/entries":
        "/api/v1/shopping-lists/\(shoppingList)/entries",
      "PUT /api/v1/shopping-lists/{listID}/entries/{itemID}":
        "/api/v1/shopping-lists/\(shoppingList)/entries/\(catalogueItem)",
      "PATCH /api/v1/shopping-lists/{listID}/entries/{itemID}":
        "/api/v1/shopping-lists/\(shoppingList)/entries/\(catalogueItem)",
      "POST /api/v1/session": "/api/v1/session",
      "POST /api/v1/tokens": "/api/v1/tokens",
      "PUT /api/v1/shares/{listID}/{user}": "/api/v1/shares/\(list)/bob",
      "POST /api/v1/cli": "/api/v1/cli",
      "POST /api/v1/templates": "/api/v1/templates",
      "POST /api/v1/templates/{id}/start": "/api/v1/templates/\(UUID().uuidString)/start",
      "POST /api/v1/push/subscriptions": "/api/v1/push/subscriptions",
      "POST /api/v1/push/subscriptions/delete": "/api/v1/push/subscriptions/delete",
      "POST /api/v1/checklists/{id}/invites": "/api/v1/checklists/\(list)/invites",
      "POST /api/v1/shopping-lists/{listID}/invites":
        "/api/v1/shopping-lists/\(shoppingList)/invites",
      "POST /api/v1/invitations/{token}/sign-up":
        "/api/v1/invitations/\(fixture.inviteToken)/sign-up",
      "POST /api/v1/catalogue/starter": "/api/v1/catalogue/starter",
      "PATCH /api/v1/settings": "/api/v1/settings",
      "POST /api/v1/shops": "/api/v1/shops",
      "PATCH /api/v1/shops/{shopID}": "/api/v1/shops/\(UUID().uuidString)",
      "PUT /api/v1/shopping-lists/{listID}/shop": "/api/v1/shopping-lists/\(shoppingList)/shop",
      "POST /api/v1/shopping-lists/{listID}/finish":
        "/api/v1/shopping-lists/\(shoppingList)/finish",
    ]
  }

  static let templateID = UUID().uuidString
  static let shopID = UUID().uuidString

  @Test("Each property of a body's schema is read (a wrong type is 422 naming it); others are 422")
  func requestBodiesAcceptExactlyTheirSchemasProperties() async throws {
    let fixture = try await Fixture()
    let document = try await fixture.document()
    let paths = Self.requestPaths(fixture)
    let bodies = document.requestBodySchemas()
    #expect(
      Set(paths.keys) == Set(bodies.keys),
      "Every JSON request body of the document needs a path here, and only those")
    for (operation, schema) in bodies.sorted(by: { $0.key < $1.key }) {
      guard let path = paths[operation] else { continue }
      let method = String(operation.prefix { $0 != " " })
      let properties = try #require(schema.properties, "\(operation): not an object schema")
      let base = document.validSample(ofRequired: schema)

      // An unknown field: 422, naming every field of the schema.
      var unknown = base
      unknown["notAField"] = "blue"
      let refused = try await fixture.send(method, path, unknown)
      #expect(refused.status == 422, "\(operation): \(refused.text)")
      let listed = Self.fieldsListed(in: (try? refused.detail()) ?? "")
      let fieldsReport = "\(operation) lists other fields: \(refused.text)"
      #expect(listed == Set(properties.keys), "\(fieldsReport)")

      // Each field of the schema with a value of the wrong type: 422 naming that field.
      for name in properties.keys.sorted() {
        var wrong = base
        wrong[name] = document.wrongTypedValue(for: try #require(properties[name]))
        let response = try await fixture.send(method, path, wrong)
        let detail = (try? response.detail()) ?? ""
        let named = response.status == 422 && detail.contains("'\(name)'")
        let report = "\(operation) with \(name) wrong: \(response.status) \(response.text)"
        #expect(named, "\(report)")
      }
    }
  }

  @Test("Every $ref of the document points at something it has; inline bodies are the schemas")
  func referencesResolveAndInlineBodiesAreTheSchemas() async throws {
    let fixture = try await Fixture()
    let document = try await fixture.document()
    var references: [String] = []
    func collect(_ value: JSONValue) {
      switch value {
      case .object(let fields):
        if let reference = fields["$ref"]?.text { references.append(reference) }
        fields.values.forEach(collect)
      case .array(let elements): elements.forEach(collect)
      default: break
      }
    }
    collect(document.root)
    #expect(references.count > 100)
    let dangling = references.filter { reference in
      !reference.hasPrefix("#/")
        || document.root.at(reference.dropFirst(2).split(separator: "/").map(String.init)) == nil
    }
    #expect(dangling.isEmpty, "dangling: \(Set(dangling).sorted())")
    // Every component schema is used, by a path or another schema.
    let schemas = try #require(document.root.at("components", "schemas")?.fields)
    let unused = schemas.keys.filter { !references.contains("#/components/schemas/\($0)") }
    #expect(unused.isEmpty, "unused: \(unused.sorted())")
    // The bodies the paths show inline are the request schemas RequestBody reads them with.
    let bodies = document.requestBodySchemas()
    for (operation, schema) in OpenAPIComponents.inlineRequestBodies {
      let served = try #require(bodies[operation], "\(operation) has no JSON body")
      let expected = try JSONDecoder().decode(JSONValue.self, from: schema.jsonData())
      #expect(served == expected, "\(operation)")
    }
  }

  /// The field names in "…; the fields are 'a', 'b'."
  static func fieldsListed(in detail: String) -> Set<String> {
    guard let range = detail.range(of: "the fields are ") else { return [] }
    return Set(
      detail[range.upperBound...].split(separator: ",").map {
        $0.trimmingCharacters(in: CharacterSet(charactersIn: " '."))
      })
  }

  // MARK: - Response bodies

  /// Operations whose JSON answer this suite does not sample, and why.
  static let unsampled: Set<String> = [
    // The body is a backup file or the document itself: `{"type": "object"}`.
    "GET /api/v1/export", "GET /api/openapi.json",
    // Takes a shopping file in the iPhone app's format, sampled by ShoppingAPITests.
    "POST /api/v1/catalogue/import",
  ]

  @Test("Every JSON answer has only the properties its schema declares, and all it requires")
  func responsesMatchTheirSchemas() async throws {
    let fixture = try await Fixture()
    let document = try await fixture.document()
    let (list, item, catalogueItem, shoppingList) =
      (fixture.list, fixture.item, fixture.catalogueItem, fixture.shoppingList)
    let later = "2027-02-01T09:00:00Z"
    let browserKey = try P256KeyPair().publicKey.base64URL
    let subscription: [String: Any] = [
      "endpoint": "https://fcm.googleapis.com/fcm/send/schema-sample",
      "keys": ["p256dh": browserKey, "auth": Base64URL.encode(Array(repeating: 7, count: 16))],
    ]
    let steps: [(String, String, String, [String: Any]?)] = [
      ("POST", "/api/v1/checklists", "/api/v1/checklists", ["name": "Trip", "icon": "Trips"]),
      (
        "POST", "/api/v1/checklists/{id}/items", "/api/v1/checklists/\(list)/items",
        ["text": "Passport", "dueDate": later, "remind": true]
      ),
      ("GET", "/api/v1/checklists", "/api/v1/checklists", nil),
      ("GET", "/api/v1/checklists/{id}", "/api/v1/checklists/\(list)", nil),
      ("PATCH", "/api/v1/checklists/{id}", "/api/v1/checklists/\(list)", ["name": "Food"]),
      (
        "PATCH", "/api/v1/checklists/{id}", "/api/v1/checklists/\(list)",
        ["hideChecked": true]
      ),
      ("POST", "/api/v1/items/{id}/toggle", "/api/v1/items/\(item)/toggle", nil),
      (
        "POST", "/api/v1/checklists/{id}/uncheck-all", "/api/v1/checklists/\(list)/uncheck-all",
        nil
      ),
      (
        "POST", "/api/v1/checklists/{id}/clear-checked",
        "/api/v1/checklists/\(list)/clear-checked", nil
      ),
      ("GET", "/api/v1/changes", "/api/v1/changes?since=now", nil),
      ("GET", "/api/v1/checklists/{id}/items", "/api/v1/checklists/\(list)/items", nil),
      ("GET", "/api/v1/items/{id}", "/api/v1/items/\(item)", nil),
      ("PATCH", "/api/v1/items/{id}", "/api/v1/items/\(item)", ["checked": true]),
      ("POST", "/api/v1/items/{id}/toggle", "/api/v1/items/\(item)/toggle", nil),
      ("POST", "/api/v1/items/{id}/move", "/api/v1/items/\(item)/move", ["index": 1]),
      ("GET", "/api/v1/icons", "/api/v1/icons", nil),
      ("GET", "/api/v1/due", "/api/v1/due", nil),
      ("GET", "/api/v1/changes", "/api/v1/changes?limit=50", nil),
      ("POST", "/api/v1/catalogue", "/api/v1/catalogue", ["name": "Salt"]),
      ("GET", "/api/v1/catalogue", "/api/v1/catalogue", nil),
      ("GET", "/api/v1/catalogue/search", "/api/v1/catalogue/search?q=Cof", nil),
      ("GET", "/api/v1/catalogue/{itemID}", "/api/v1/catalogue/\(catalogueItem)", nil),
      (
        "PATCH", "/api/v1/catalogue/{itemID}", "/api/v1/catalogue/\(catalogueItem)",
        ["category": "Drinks"]
      ),
      ("POST", "/api/v1/shopping-lists", "/api/v1/shopping-lists", ["name": "Sunday"]),
      ("GET", "/api/v1/shopping-lists", "/api/v1/shopping-lists", nil),
      (
        "PUT", "/api/v1/shopping-lists/{listID}/entries/{itemID}",
        "/api/v1/shopping-lists/\(shoppingList)/entries/\(catalogueItem)", ["quantity": 2]
      ),
      (
        "POST", "/api/v1/shopping-lists/{listID}/entries",
        "/api/v1/shopping-lists/\(shoppingList)/entries", ["name": "Tea"]
      ),
      (
        "PATCH", "/api/v1/shopping-lists/{listID}/entries/{itemID}",
        "/api/v1/shopping-lists/\(shoppingList)/entries/\(catalogueItem)", ["inCart": true]
      ),
      ("GET", "/api/v1/shopping-lists/{listID}", "/api/v1/shopping-lists/\(shoppingList)", nil),
      (
        "PATCH", "/api/v1/shopping-lists/{listID}", "/api/v1/shopping-lists/\(shoppingList)",
        ["name": "Market"]
      ),
      (
        "POST", "/api/v1/shopping-lists/{listID}/finish",
        "/api/v1/shopping-lists/\(shoppingList)/finish", nil
      ),
      ("POST", "/api/v1/shops", "/api/v1/shops", ["name": "Aldi", "clientID": Self.shopID]),
      ("GET", "/api/v1/shops", "/api/v1/shops", nil),
      ("GET", "/api/v1/shops/{shopID}", "/api/v1/shops/\(Self.shopID)", nil),
      (
        "PATCH", "/api/v1/shops/{shopID}", "/api/v1/shops/\(Self.shopID)",
        ["sections": ["Drinks", "Dairy"]]
      ),
      (
        "PUT", "/api/v1/shopping-lists/{listID}/shop",
        "/api/v1/shopping-lists/\(shoppingList)/shop", ["shopID": Self.shopID]
      ),
      ("GET", "/api/v1/shopping-lists/{listID}", "/api/v1/shopping-lists/\(shoppingList)", nil),
      ("GET", "/api/v1/trips", "/api/v1/trips", nil),
      ("GET", "/api/v1/trips/spending", "/api/v1/trips/spending?months=3&tz=UTC", nil),
      (
        "GET", "/api/v1/catalogue/{itemID}/prices", "/api/v1/catalogue/\(catalogueItem)/prices",
        nil
      ),
      ("GET", "/api/v1/session", "/api/v1/session", nil),
      (
        "POST", "/api/v1/session", "/api/v1/session",
        ["user": "alice", "password": Household.passwords["alice"]!]
      ),
      ("GET", "/api/v1/tokens", "/api/v1/tokens", nil),
      (
        "POST", "/api/v1/tokens", "/api/v1/tokens",
        ["user": "alice", "password": Household.passwords["alice"]!, "name": "laptop"]
      ),
      ("PUT", "/api/v1/shares/{listID}/{user}", "/api/v1/shares/\(list)/bob", ["role": "checker"]),
      ("GET", "/api/v1/shares/{listID}", "/api/v1/shares/\(list)", nil),
      (
        "DELETE", "/api/v1/catalogue/{itemID}", "/api/v1/catalogue/\(fixture.spareCatalogueItem)",
        nil
      ),
      ("POST", "/api/v1/cli", "/api/v1/cli", ["arguments": ["lists"]]),
      ("POST", "/api/v1/import", "/api/v1/import", ["checklists": [] as [Any]]),
      ("GET", "/api/v1/catalogue/starter", "/api/v1/catalogue/starter", nil),
      ("POST", "/api/v1/catalogue/starter", "/api/v1/catalogue/starter", ["names": ["Milk"]]),
      ("GET", "/api/v1/settings", "/api/v1/settings", nil),
      ("PATCH", "/api/v1/settings", "/api/v1/settings", ["currency": "GBP"]),
      ("GET", "/api/v1/smart-lists", "/api/v1/smart-lists", nil),
      ("GET", "/api/v1/smart-lists/{kind}", "/api/v1/smart-lists/all", nil),
      ("GET", "/api/v1/search", "/api/v1/search?q=m", nil),
      (
        "POST", "/api/v1/templates", "/api/v1/templates",
        ["checklistID": "\(list)", "id": Self.templateID]
      ),
      ("GET", "/api/v1/templates", "/api/v1/templates", nil),
      ("GET", "/api/v1/templates/{id}", "/api/v1/templates/\(Self.templateID)", nil),
      ("POST", "/api/v1/templates/{id}/start", "/api/v1/templates/\(Self.templateID)/start", [:]),
      ("GET", "/api/v1/items/{id}/history", "/api/v1/items/\(item)/history", nil),
      ("GET", "/api/v1/push/key", "/api/v1/push/key", nil),
      ("POST", "/api/v1/push/subscriptions", "/api/v1/push/subscriptions", subscription),
      (
        "POST", "/api/v1/checklists/{id}/invites", "/api/v1/checklists/\(list)/invites",
        ["role": "viewer", "maxUses": 1]
      ),
      ("GET", "/api/v1/checklists/{id}/invites", "/api/v1/checklists/\(list)/invites", nil),
      (
        "POST", "/api/v1/shopping-lists/{listID}/invites",
        "/api/v1/shopping-lists/\(shoppingList)/invites", ["role": "checker", "maxUses": NSNull()]
      ),
      (
        "GET", "/api/v1/shopping-lists/{listID}/invites",
        "/api/v1/shopping-lists/\(shoppingList)/invites", nil
      ),
      (
        "GET", "/api/v1/invitations/{token}", "/api/v1/invitations/\(fixture.inviteToken)", nil
      ),
      (
        "POST", "/api/v1/invitations/{token}/sign-up",
        "/api/v1/invitations/\(fixture.inviteToken)/sign-up",
        ["username": "carol", "password": "carol-singer"]
      ),
    ]
    var sampled: Set<String> = []
    for (method, template, path, body) in steps {
      let response = try await fixture.send(method, path, body)
      sampled.insert("\(method) \(template)")
      for problem in try document.problems(method, template, response) {
        Issue.record("\(method) \(path) answered \(response.status): \(problem)")
      }
    }
    // As bob: joining through alice's link.
    let accepted = try await fixture.send(
      "POST", "/api/v1/invitations/\(fixture.inviteToken)/accept", nil, as: "bob")
    #expect(accepted.status == 200, "\(accepted.text)")
    for problem in try document.problems("POST", "/api/v1/invitations/{token}/accept", accepted) {
      Issue.record("POST /api/v1/invitations/{token}/accept answered: \(problem)")
    }
    sampled.insert("POST /api/v1/invitations/{token}/accept")
    // The trip the finish recorded, read by its id.
    let trips = try await fixture.send("GET", "/api/v1/trips", nil)
    let tripID = try #require(
      (try JSONSerialization.jsonObject(with: trips.body) as? [String: Any]).flatMap {
        ($0["trips"] as? [[String: Any]])?.first?["id"] as? String
      }, "the finish recorded no trip: \(trips.text)")
    let trip = try await fixture.send("GET", "/api/v1/trips/\(tripID)", nil)
    for problem in try document.problems("GET", "/api/v1/trips/{tripID}", trip) {
      Issue.record("GET /api/v1/trips/\(tripID) answered \(trip.status): \(problem)")
    }
    sampled.insert("GET /api/v1/trips/{tripID}")
    // As bob: the list alice shared, with its owner and his role.
    for (template, path) in [("/api/v1/shares", "/api/v1/shares"), ("/api/v1/checklists", "")] {
      let response = try await fixture.send("GET", path.isEmpty ? template : path, nil, as: "bob")
      #expect(response.text.contains("\"owner\":\"alice\""), "\(template): \(response.text)")
      for problem in try document.problems("GET", template, response) {
        Issue.record("GET \(template) as bob answered \(response.status): \(problem)")
      }
      sampled.insert("GET \(template)")
    }
    let withJSON = document.operationsAnsweringJSON().subtracting(Self.unsampled)
    #expect(
      withJSON.subtracting(sampled).isEmpty,
      "Operations whose JSON answer no step samples: \(withJSON.subtracting(sampled).sorted())")
  }

  @Test("A field the schema does not declare, or a required one missing, is a problem")
  func checkerFindsUndeclaredAndMissingProperties() async throws {
    let fixture = try await Fixture()
    let document = try await fixture.document()
    let item = try await fixture.send("GET", "/api/v1/items/\(fixture.item)", nil)
    #expect(try document.problems("GET", "/api/v1/items/{id}", item).isEmpty)
    var fields = try #require(try JSONDecoder().decode(JSONValue.self, from: item.body).fields)
    fields["colour"] = .string("blue")
    fields["text"] = nil
    let schema = try #require(document.responseSchema("GET", "/api/v1/items/{id}", status: 200))
    #expect(
      document.problems(.object(fields), schema, at: "body").sorted()
        == [
          "body: lacks the required property 'text'",
          "body: has the property 'colour', which its schema does not declare",
        ].sorted())
  }
}

// MARK: - A server with one of everything

extension SchemaConformanceTests {
  /// Alice's server, with a list, an item, a catalogue item and a shopping list, and bob.
  struct Fixture {
    let home: Household
    let tokens: [String: String]
    let list: String
    let item: String
    let catalogueItem: String
    /// A catalogue item on no list, to delete.
    let spareCatalogueItem: String
    let shoppingList: String
    /// The token of a link to the shopping list, for any number of uses.
    let inviteToken: String

    init() async throws {
      home = try await Household(commandRunner: RunnerCalls().runner)
      var tokens: [String: String] = [:]
      for user in ["alice", "bob"] {
        let created = try await home.server.request(
          "POST", "/api/v1/tokens",
          json: ["user": user, "password": Household.passwords[user]!],
          headers: ["Origin": home.origin])
        tokens[user] = try #require(try created.json()["token"] as? String, "\(created.text)")
      }
      self.tokens = tokens
      let alice = try home.lists("alice")
      let groceries = try alice.createList(named: "Groceries")
      list = groceries.id.uuidString
      item = try alice.addItem("Milk", to: groceries.id).id.uuidString
      let shopping = try home.shopping("alice")
      catalogueItem = try shopping.addItem(
        named: "Coffee", price: Price(minorUnits: 499, currency: .euro), unit: "500 g"
      ).id.uuidString
      spareCatalogueItem = try shopping.addItem(named: "Pepper").id.uuidString
      let saturday = try shopping.createList(named: "Saturday")
      shoppingList = saturday.id.uuidString
      inviteToken = try InviteService(store: home.store, now: home.server.clock.now).create(
        listID: saturday.id, role: .checker, by: try home.accounts.existingUser("alice")
      ).token.value
    }

    func document() async throws -> ServedDocument {
      let response = try await home.server.get("/api/openapi.json")
      return ServedDocument(try JSONDecoder().decode(JSONValue.self, from: response.body))
    }

    /// Sends `body` as the user, with their token and the site's origin.
    func send(_ method: String, _ path: String, _ body: [String: Any]?, as user: String = "alice")
      async throws -> TestServer.Response
    {
      try await home.server.request(
        method, path, json: body,
        headers: [
          "Authorization": "Bearer \(tokens[user]!)", "Origin": home.origin,
          "Accept-Language": "de-DE",
        ])
    }
  }
}

extension TestServer.Response {
  /// The problem's `detail`.
  func detail() throws -> String {
    try #require(try json()["detail"] as? String, "not a problem: \(text)")
  }
}
