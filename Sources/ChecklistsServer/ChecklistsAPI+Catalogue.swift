import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer

/// The catalogue routes, `/api/v1/catalogue…`: the Items screen's data, with prices read and
/// shown in the request's locale.
extension ChecklistsAPI {
  struct CatalogueBody: Encodable {
    var currency: String
    var items: [ShoppingItemJSON]
  }
  struct SearchBody: Encodable { var items: [ShoppingItemJSON] }
  struct DeletedItemBody: Encodable {
    var item: ShoppingItemJSON
    var removedFromLists: Int
  }

  // MARK: - Routes

  func getCatalogue(_ request: HTTPRequest) throws -> HTTPResponse {
    let locale = priceLocale(request)
    return try cached(request, .catalogue(locale: locale.identifier)) {
      let (items, sequence) = try shopping.catalogueWithVersion()
      let body = CatalogueBody(
        currency: shopping.currency.code,
        items: items.map { ShoppingItemJSON($0, locale: locale) })
      return (body, .sequence(sequence), nil)
    }.varying()
  }

  /// `GET /api/v1/catalogue/search?q=mil&limit=20`: search as you type.
  func searchCatalogue(_ request: HTTPRequest) throws -> HTTPResponse {
    guard let query = request.queryValue("q") else {
      throw APIError.unprocessable(
        MessageText("server.api.queryParameterQ"))
    }
    let limit = try Self.searchLimit(request.queryValue("limit"))
    let locale = priceLocale(request)
    let items = try shopping.search(query, limit: limit)
    return try HTTPResponse.json(
      SearchBody(items: items.map { ShoppingItemJSON($0, locale: locale) })
    ).varying()
  }

  /// `POST /api/v1/catalogue {name, price?, unit?, category?, id?}`: 201 with the new item, or
  /// 200 with the item the catalogue already has: the one with this `id`, or the one of this
  /// name when the details sent match (names are unique: "milk" twice is one Milk). Without a
  /// `category`, a new item takes the grocery table's for its name in the request's language.
  func addCatalogueItem(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.newCatalogueItem)
    let locale = priceLocale(request)
    let clientID = try body.clientID()
    let name = try body.requiredString("name")
    let price = try self.price(in: body, locale: locale) ?? nil
    let unit = try body.nullableString("unit") ?? nil
    // No "category" takes the grocery table's; `null` or "" means none.
    let category = try body.nullableString("category")
    let (item, isNew) = try localizedShopping(request).addItem(
      id: clientID, named: name, price: price, unit: unit, category: category ?? nil,
      categoryFromTable: category == nil)
    if isNew { didWrite() }
    var response = try catalogueItemResponse(item, locale: locale, status: isNew ? 201 : 200)
    response.headers["Location"] = "/api/v1/catalogue/\(item.id.uuidString)"
    return response
  }

  func getCatalogueItem(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let item = try shopping.item(id: catalogueItemID(segment))
    let etag = EntityTag.revision(item.revision)
    if request.isNotModified(etag) { return HTTPResponse.notModified(etag).varying() }
    return try catalogueItemResponse(item, locale: priceLocale(request))
  }

  func updateCatalogueItem(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let itemID = try catalogueItemID(segment)
    let body = try RequestBody(request, schema: RequestSchemas.catalogueItemChanges)
    let locale = priceLocale(request)
    // The content is checked before the precondition (RFC 9110, 13.2.1).
    let name = try body.string("name").map(ShoppingItem.validatedName)
    let price = try self.price(in: body, locale: locale)
    let unit = try body.nullableString("unit").map {
      try ShoppingItem.validatedDetail(
        $0, field: MessageCatalogue.english.text("errors.field.unit"))
    }
    let category = try body.nullableString("category").map {
      try ShoppingItem.validatedDetail(
        $0, field: MessageCatalogue.english.text("errors.field.category"))
    }
    let expected = try request.expectedRevision { try shopping.item(id: itemID).revision }
    let item = try merging(request) {
      try shopping.updateItem(
        id: itemID, name: name, price: price, unit: unit, category: category,
        expectedRevision: expected)
    }
    didWrite()
    return try catalogueItemResponse(item, locale: locale)
  }

  /// Deletes the item and takes it off every list, which the web app confirms first.
  func deleteCatalogueItem(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let itemID = try catalogueItemID(segment)
    let expected = try ChecklistsError.deleting("catalogue item", id: itemID) {
      try request.expectedRevision { try shopping.item(id: itemID).revision }
    }
    let (item, removedFromLists) = try shopping.deleteItem(id: itemID, expectedRevision: expected)
    didWrite()
    return try HTTPResponse.json(
      DeletedItemBody(
        item: ShoppingItemJSON(item, locale: priceLocale(request)),
        removedFromLists: removedFromLists)
    ).varying()
  }

  /// `POST /api/v1/catalogue/import?list={listID}`: the body is the Shopping List app's `items`
  /// file. Nothing is written unless the whole file can be imported.
  func importCatalogue(_ request: HTTPRequest) throws -> HTTPResponse {
    try .json(importShoppingItems(Data(request.body), request: request))
  }

  // MARK: - Prices and locales

  /// The user's shopping, giving new items a category from the grocery table in the first
  /// language of `Accept-Language` that the table has ("fr-CH, de;q=0.8" is French), else in
  /// English.
  func localizedShopping(_ request: HTTPRequest) -> ShoppingService {
    shopping.speaking(Self.groceryLanguage(request.headers["Accept-Language"]))
  }

  /// The first language of an `Accept-Language` value that the grocery table has, skipping
  /// those refused with `q=0`.
  static func groceryLanguage(_ header: String?) -> String? {
    for range in (header ?? "").split(separator: ",") {
      let parts = range.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
      guard let tag = parts.first, !parts.dropFirst().contains(where: Self.isRefusal) else {
        continue
      }
      if let language = GroceryCatalogue.language(of: tag) { return language }
    }
    return nil
  }

  private static func isRefusal(_ parameter: String) -> Bool {
    let value = parameter.replacingOccurrences(of: " ", with: "").lowercased()
    return value.hasPrefix("q=") && (Double(value.dropFirst(2)) ?? 1) == 0
  }

  /// The locale a request's prices are read and shown in: the first tag of `Accept-Language`
  /// ("de-DE,de;q=0.9" is de_DE), else the server's.
  func priceLocale(_ request: HTTPRequest) -> Locale {
    let first = request.headers["Accept-Language"]?.split(separator: ",").first?
      .split(separator: ";").first
    guard let tag = first?.trimmingCharacters(in: .whitespaces) else { return locale }
    // A language tag is letters, digits and hyphens (RFC 5646); "*" and anything else mean
    // no preference.
    guard (2...35).contains(tag.count), tag.first!.isLetter,
      tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") })
    else { return locale }
    return Locale(identifier: tag.replacingOccurrences(of: "-", with: "_"))
  }

  /// The `price` field: absent (`nil`), `null` to clear it (`.some(nil)`), or text such as
  /// "1.99" read in `locale`, in the catalogue's currency unless it names another.
  /// - Throws: 422 naming the price for a number, a negative, non-numeric or huge amount.
  func price(in body: RequestBody, locale: Locale) throws -> Price?? {
    guard
      let text = try body.nullableString(
        "price", expected: "text such as \"1.99\" or null")
    else { return nil }
    guard let text else { return .some(nil) }
    do {
      return .some(try PriceParser(locale: locale, defaultCurrency: shopping.currency).parse(text))
    } catch let error as ChecklistsError {
      throw APIError.unprocessable(
        MessageText("server.api.fieldPriceValid", ["errorMessage": "\(error.message)"]))
    }
  }

  // MARK: - Helpers

  private func catalogueItemID(_ segment: String) throws -> UUID {
    try id(segment, "catalogue item")
  }

  private func catalogueItemResponse(_ item: ShoppingItem, locale: Locale, status: Int = 200)
    throws -> HTTPResponse
  {
    try HTTPResponse.json(
      ShoppingItemJSON(item, locale: locale), status: status, etag: .revision(item.revision)
    ).varying()
  }

  /// The list an import puts items on without `?list=`: "Shopping List", else the first by
  /// name, else a new "Shopping List".
  func importList() throws -> ShoppingList {
    let lists = try shopping.lists()
    if let list = lists.first(where: { $0.name == ShoppingList.firstListName }) ?? lists.first {
      return list
    }
    return try shopping.createList(named: ShoppingList.firstListName)
  }

  private static func searchLimit(_ text: String?) throws -> Int {
    guard let text else { return 20 }
    guard let limit = Int(text), (1...100).contains(limit) else {
      throw APIError.unprocessable(
        MessageText("server.api.queryParameterLimit", ["text": "\(text)"]))
    }
    return limit
  }
}

extension HTTPResponse {
  /// The response, marked as depending on `Accept-Language` (its prices are formatted for it).
  func varying() -> HTTPResponse {
    var response = self
    response.headers["Vary"] = "Accept-Language"
    return response
  }
}
