import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import Foundation
import HTTPServer

/// The shopping list routes, `/api/v1/shopping-lists…`: the lists, their entries (a catalogue
/// item, how many, in the cart or not) in shopping order with totals, and finishing a trip.
extension ChecklistsAPI {
  struct ShoppingListsBody: Encodable { var lists: [ShoppingListJSON] }
  struct PutByNameBody: Encodable {
    var line: ShoppingLineJSON
    var createdItem: Bool
  }
  struct FinishBody: Encodable {
    var cleared: Int
    var contents: ShoppingListContentsJSON
    /// The trip recorded, `null` when the cart was empty.
    var trip: TripJSON?

    enum CodingKeys: String, CodingKey { case cleared, contents, trip }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(cleared, forKey: .cleared)
      try container.encode(contents, forKey: .contents)
      try container.encode(trip, forKey: .trip)
    }
  }

  // MARK: - Lists

  func getShoppingLists(_ request: HTTPRequest) throws -> HTTPResponse {
    try cached(request, .shoppingLists) {
      let (lists, sequence) = try shopping.listsWithVersion()
      return (
        ShoppingListsBody(lists: lists.map { ShoppingListJSON($0) }), .sequence(sequence), nil
      )
    }
  }

  /// `POST /api/v1/shopping-lists {name, id?}`: 201 with the new list, or 200 with the list a
  /// replayed create (the same `id` and name) made before.
  func createShoppingList(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.newShoppingList)
    let clientID = try body.clientID()
    let (list, isNew) = try shopping.createList(id: clientID, named: body.requiredString("name"))
    if isNew { didWrite() }
    var response = try HTTPResponse.json(
      ShoppingListJSON(list), status: isNew ? 201 : 200, etag: .revision(list.revision))
    response.headers["Location"] = "/api/v1/shopping-lists/\(list.id.uuidString)"
    return response
  }

  /// A list's lines in shopping order with its totals. Its ETag is the change log's sequence,
  /// not the list's revision: renaming or repricing a catalogue item changes every list that
  /// has it.
  func getShoppingList(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try shoppingListID(segment)
    let locale = priceLocale(request)
    return try cached(request, .shoppingList(listID, locale: locale.identifier)) {
      let (contents, sequence) = try shopping.contentsWithVersion(ofList: listID)
      return (ShoppingListContentsJSON(contents, locale: locale), .sequence(sequence), nil)
    }.varying()
  }

  func renameShoppingList(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try shoppingListID(segment)
    let body = try RequestBody(request, schema: RequestSchemas.shoppingListChanges)
    // The content is checked before the precondition (RFC 9110, 13.2.1).
    let name = try ShoppingList.validatedName(body.requiredString("name"))
    let expected = try request.expectedRevision { try shopping.list(id: listID).revision }
    let list = try merging(request) {
      try shopping.renameList(id: listID, to: name, expectedRevision: expected)
    }
    didWrite()
    return try .json(ShoppingListJSON(list), etag: .revision(list.revision))
  }

  /// Deletes the list; its items stay in the catalogue.
  func deleteShoppingList(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try shoppingListID(segment)
    let expected = try ChecklistsError.deleting("shopping list", id: listID) {
      try request.expectedRevision { try shopping.list(id: listID).revision }
    }
    try shopping.deleteList(id: listID, expectedRevision: expected)
    didWrite()
    return .noContent
  }

  /// Ends a trip: records it and takes what is in the cart off the list (the items stay in the
  /// catalogue). The body is optional: `{"clientID"}` makes it safe to send twice, the second
  /// answering the trip the first recorded.
  func finishShopping(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try shoppingListID(segment)
    var clientID: UUID?
    if !request.body.isEmpty {
      let body = try RequestBody(request, schema: RequestSchemas.finishShopping)
      let example = "\"0B7C5F2E-3A5C-4C1E-9C3F-1A2B3C4D5E6F\""
      if case let text?? = try body.nullableString("clientID", expected: "a UUID string") {
        guard let id = UUID.parse(text) else {
          throw APIError.unprocessable(
            MessageText(
              "server.api.fieldClientidMust", ["example": "\(example)", "text": "\(text)"]))
        }
        clientID = id
      }
    }
    let (cleared, trip) = try shopping.finishShopping(listID: listID, clientID: clientID)
    if cleared > 0 { didWrite() }
    let contents = try shopping.contents(ofList: listID)
    let locale = priceLocale(request)
    let body = FinishBody(
      cleared: cleared, contents: ShoppingListContentsJSON(contents, locale: locale),
      trip: trip.map { TripJSON($0, locale: locale) })
    return try HTTPResponse.json(body).varying()
  }

  // MARK: - Entries

  /// `PUT …/entries/{itemID}`: the Items screen's tap. Putting an item on twice keeps one
  /// entry; a `quantity` changes how many.
  func putEntry(_ request: HTTPRequest, _ listSegment: String, _ itemSegment: String) throws
    -> HTTPResponse
  {
    let listID = try shoppingListID(listSegment)
    let itemID = try id(itemSegment, "catalogue item")
    // The body is optional: an empty one puts the item on as it is.
    let quantity =
      request.body.isEmpty
      ? nil : try RequestBody(request, schema: RequestSchemas.entryQuantity).integer("quantity")
    let (entry, isNew) = try shopping.put(itemID: itemID, onList: listID, quantity: quantity)
    didWrite()
    var response = try lineResponse(entry, request, status: isNew ? 201 : 200)
    if isNew { response.headers["Location"] = Self.entryPath(entry) }
    return response
  }

  /// `POST …/entries {name}`: typing a name. The catalogue item of that name (ignoring case)
  /// goes on the list, or a new one when there is none, so "milk" twice never makes two Milks.
  func putEntryByName(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try shoppingListID(segment)
    let body = try RequestBody(request, schema: RequestSchemas.newEntryByName)
    let name = try ShoppingItem.validatedName(body.requiredString("name"))
    let quantity = try body.integer("quantity")
    // Whether the entry is new decides the status only; the write itself is one transaction.
    let before = try shopping.itemIDs(onList: listID)
    let (item, entry, createdItem) = try localizedShopping(request).put(
      named: name, onList: listID, quantity: quantity)
    didWrite()
    let isNew = !before.contains(item.id)
    var response = try HTTPResponse.json(
      PutByNameBody(
        line: ShoppingLineJSON(
          ShoppingLine(entry: entry, item: item), locale: priceLocale(request)),
        createdItem: createdItem),
      status: isNew ? 201 : 200
    ).varying()
    if isNew { response.headers["Location"] = Self.entryPath(entry) }
    return response
  }

  /// `PATCH …/entries/{itemID} {quantity?, inCart?}`: checking an item off while shopping.
  func updateEntry(_ request: HTTPRequest, _ listSegment: String, _ itemSegment: String) throws
    -> HTTPResponse
  {
    let listID = try shoppingListID(listSegment)
    let itemID = try id(itemSegment, "catalogue item")
    let body = try RequestBody(request, schema: RequestSchemas.entryChanges)
    let quantity = try body.integer("quantity")
    let isInCart = try body.bool("inCart")
    let expected = try request.expectedRevision {
      try shopping.line(itemID: itemID, onList: listID).entry.revision
    }
    let entry = try merging(request) {
      try shopping.updateEntry(
        itemID: itemID, onList: listID, quantity: quantity, isInCart: isInCart,
        expectedRevision: expected)
    }
    didWrite()
    return try lineResponse(entry, request)
  }

  /// Takes an item off a list; it stays in the catalogue.
  func removeEntry(_ request: HTTPRequest, _ listSegment: String, _ itemSegment: String) throws
    -> HTTPResponse
  {
    let listID = try shoppingListID(listSegment)
    let itemID = try id(itemSegment, "catalogue item")
    try shopping.removeEntry(itemID: itemID, fromList: listID)
    didWrite()
    return .noContent
  }

  // MARK: - Helpers

  private func shoppingListID(_ segment: String) throws -> UUID {
    try id(segment, "shopping list")
  }

  private func lineResponse(_ entry: ShoppingEntry, _ request: HTTPRequest, status: Int = 200)
    throws -> HTTPResponse
  {
    let line = try shopping.line(itemID: entry.itemID, onList: entry.listID)
    // The entry's revision tags it, for a later PATCH's If-Match.
    return try HTTPResponse.json(
      ShoppingLineJSON(line, locale: priceLocale(request)), status: status,
      etag: .revision(line.entry.revision)
    ).varying()
  }

  private static func entryPath(_ entry: ShoppingEntry) -> String {
    "/api/v1/shopping-lists/\(entry.listID.uuidString)/entries/\(entry.itemID.uuidString)"
  }
}
