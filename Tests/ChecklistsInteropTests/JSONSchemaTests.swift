import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

@Suite("JSON Schema values: their JSON, the property names they allow, and the types they describe")
struct JSONSchemaTests {
  static func json(_ schema: JSONSchema) -> String {
    String(decoding: schema.jsonData(), as: UTF8.self)
  }

  /// Schemas and the JSON each must encode to.
  static let keywordCases: [(JSONSchema, String)] = [
    (.string(format: "uuid"), #"{"format":"uuid","type":"string"}"#),
    (.string(minLength: 1, maxLength: 200), #"{"maxLength":200,"minLength":1,"type":"string"}"#),
    (.string(pattern: "^[A-Z]{3}$"), #"{"pattern":"^[A-Z]{3}$","type":"string"}"#),
    (.string().orNull, #"{"type":["string","null"]}"#),
    (
      .ref("Timestamp").orNull,
      ##"{"oneOf":[{"$ref":"#/components/schemas/Timestamp"},{"type":"null"}]}"##
    ),
    (.integer(minimum: 1, maximum: 999), #"{"maximum":999,"minimum":1,"type":"integer"}"#),
    (.integer(minimum: 0.5), #"{"minimum":0.5,"type":"integer"}"#),
    (.boolean(description: "Why"), #"{"description":"Why","type":"boolean"}"#),
    (.enumeration(["b", "a"]), #"{"enum":["b","a"],"type":"string"}"#),
    (.array(of: .ref("Item")), ##"{"items":{"$ref":"#/components/schemas/Item"},"type":"array"}"##),
    (
      .map(of: .boolean()).orNull,
      #"{"additionalProperties":{"type":"boolean"},"type":["object","null"]}"#
    ),
    (
      .string(contentEncoding: "base64"), #"{"contentEncoding":"base64","type":"string"}"#
    ),
    (
      .object(properties: ["b": .boolean(), "a": .string()], required: ["b"]),
      #"{"additionalProperties":false,"properties":{"a":{"type":"string"},"b":{"type":"boolean"}},"required":["b"],"type":"object"}"#
    ),
    (
      .object(properties: ["a": .string()], allowsOtherProperties: true),
      #"{"properties":{"a":{"type":"string"}},"type":"object"}"#
    ),
  ]

  @Test("Each keyword encodes under its JSON Schema name", arguments: keywordCases)
  func encodesKeywords(schema: JSONSchema, expected: String) {
    #expect(Self.json(schema) == expected)
  }

  @Test("The same schema always gives the same bytes, whatever order it was built in")
  func encodingIsDeterministic() {
    var names = ["id", "name", "icon", "revision", "createdAt", "updatedAt", "owner", "role"]
    let reference = Self.json(ChecklistJSON.schema)
    for _ in 0..<5 {
      names.shuffle()
      var schema = ChecklistJSON.schema
      schema.properties = Dictionary(
        uniqueKeysWithValues: names.compactMap { name in
          ChecklistJSON.schema.properties[name].map { (name, $0) }
        } + ChecklistJSON.schema.properties.filter { !names.contains($0.key) }.map { $0 })
      #expect(Self.json(schema) == reference)
    }
    #expect(ChecklistJSON.schema.jsonData() == ChecklistJSON.schema.jsonData())
  }

  @Test("An object schema names the properties it allows; other schemas allow any")
  func allowedPropertyNames() {
    #expect(
      RequestSchemas.newItem.allowedPropertyNames == [
        "id", "text", "due", "dueDate", "remind", "checked", "notes", "flagged", "priority",
        "parentID", "repeat",
      ])
    #expect(RequestSchemas.move.allowedPropertyNames == ["after", "index"])
    #expect(
      RemoteCommand.schema.allowedPropertyNames == [
        "arguments", "files", "answers", "timeZone", "locale", "outputIsTerminal",
      ])
    #expect(ResponseSchemas.problem.allowedPropertyNames == nil)
    #expect(JSONSchema.map(of: .boolean()).allowedPropertyNames == nil)
    #expect(JSONSchema.ref("NewItem").allowedPropertyNames == nil)
    #expect(JSONSchema.string().allowedPropertyNames == nil)
    #expect(JSONSchema.ref("NewItem").referencedComponent == "NewItem")
  }

  @Test("Enumerations come from the domain's cases")
  func enumerationsFollowTheDomain() {
    #expect(ChecklistIcon.schema.allowedValues == ChecklistIcon.allCases.map(\.rawValue))
    #expect(ShareRole.schema.allowedValues == ["viewer", "checker", "editor"])
  }

  // MARK: - The JSON types against their schemas

  static let now = Date(timeIntervalSince1970: 1_800_000_000)

  /// The JSON the API writes for `value`, as an object.
  static func encoded(_ value: some Encodable) throws -> [String: Any] {
    let data = try ChecklistsJSONEncoding.encode(value, pretty: false)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  /// Checks that `value` has only properties `schema` declares and every one it requires.
  static func expectMatches(
    _ value: some Encodable, _ schema: JSONSchema, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let keys = Set(try encoded(value).keys)
    let declared = try #require(schema.allowedPropertyNames, sourceLocation: sourceLocation)
    #expect(
      keys.subtracting(declared).isEmpty,
      "undeclared: \(keys.subtracting(declared).sorted())", sourceLocation: sourceLocation)
    #expect(
      Set(schema.required).subtracting(keys).isEmpty,
      "missing: \(Set(schema.required).subtracting(keys).sorted())",
      sourceLocation: sourceLocation)
  }

  @Test("A list and an item as the API writes them, own and shared, with and without dates")
  func checklistTypesMatchTheirSchemas() throws {
    var list = Checklist(ownerID: UUID(), name: "Groceries", icon: .groceries, createdAt: Self.now)
    try Self.expectMatches(ChecklistJSON(list), ChecklistJSON.schema)
    list.sharing = SharedFrom(ownerName: "alice", role: .checker)
    try Self.expectMatches(ChecklistJSON(list), ChecklistJSON.schema)
    let plain = ChecklistItem(checklistID: list.id, text: "Milk", createdAt: Self.now)
    try Self.expectMatches(ChecklistItemJSON(plain, now: Self.now), ChecklistItemJSON.schema)
    let due = ChecklistItem(
      checklistID: list.id, text: "Call", dueDate: Self.now + 3600, shouldRemind: true,
      createdAt: Self.now)
    try Self.expectMatches(
      ChecklistItemJSON(due, checklist: "Groceries", now: Self.now), ChecklistItemJSON.schema)
  }

  @Test("Catalogue items, lines, totals and a list's contents as the API writes them")
  func shoppingTypesMatchTheirSchemas() throws {
    let owner = UUID()
    let price = Price(minorUnits: 199, currency: .euro)
    let coffee = ShoppingItem(
      ownerID: owner, name: "Coffee", price: price, unit: "500 g", category: "Drinks",
      createdAt: Self.now)
    let salt = ShoppingItem(ownerID: owner, name: "Salt", createdAt: Self.now)
    var list = ShoppingList(ownerID: owner, name: "Saturday", createdAt: Self.now)
    list.sharing = SharedFrom(ownerName: "alice", role: .editor)
    let entries = [
      ShoppingEntry(listID: list.id, itemID: coffee.id, quantity: 2, isInCart: true),
      ShoppingEntry(listID: list.id, itemID: salt.id),
    ]
    let contents = ShoppingListContents(
      list: list, entries: entries, items: [coffee.id: coffee, salt.id: salt])
    let locale = Locale(identifier: "de_DE")
    try Self.expectMatches(PriceJSON(price, locale: locale), PriceJSON.schema)
    try Self.expectMatches(ShoppingItemJSON(coffee, locale: locale), ShoppingItemJSON.schema)
    try Self.expectMatches(ShoppingItemJSON(salt), ShoppingItemJSON.schema)
    try Self.expectMatches(ShoppingListJSON(list), ShoppingListJSON.schema)
    for line in contents.lines {
      try Self.expectMatches(ShoppingLineJSON(line, locale: locale), ShoppingLineJSON.schema)
    }
    try Self.expectMatches(ShoppingTotalsJSON(contents.totals), ShoppingTotalsJSON.schema)
    try Self.expectMatches(ShoppingListContentsJSON(contents), ShoppingListContentsJSON.schema)
    // In a shop: the contents name it, and a line in the cart says when it went in.
    var shop = try AisleOrder.dragged(
      Shop(ownerID: owner, name: "Aldi", createdAt: Self.now), to: ["Drinks"])
    shop.itemRanks[coffee.id] = ShopRank(rank: 0.5, trips: 1)
    var inCart = entries
    inCart[0].cartOrder = 7
    let shopped = ShoppingListContents(
      list: list, entries: inCart, items: [coffee.id: coffee, salt.id: salt], shop: shop)
    try Self.expectMatches(ShopJSON(shop), ShopJSON.schema)
    try Self.expectMatches(ShoppingListContentsJSON(shopped), ShoppingListContentsJSON.schema)
    let lines = try Self.encoded(ShoppingListContentsJSON(shopped))["lines"] as? [[String: Any]]
    #expect(lines?.map { $0["cartOrder"] as? Int } == [nil, 7])
  }

  @Test("A token and a remote command and its result as they travel")
  func accountTypesMatchTheirSchemas() throws {
    let token = APIToken(userID: UUID(), name: "laptop", tokenDigest: "x", createdAt: Self.now)
    try Self.expectMatches(APITokenJSON(token, current: true), APITokenJSON.schema)
    try Self.expectMatches(
      RemoteCommand(arguments: ["items", "Groceries"], files: ["-": Data("a".utf8)]),
      RemoteCommand.schema)
    try Self.expectMatches(
      RemoteCommandResult(exitCode: 0, question: "Go on?"), RemoteCommandResult.schema)
  }
}
