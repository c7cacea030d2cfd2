import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import Foundation
import HTTPServer

/// The shop routes, `/api/v1/shops…`: shops with their learned order of aisles, and picking
/// the shop a list is shopped in.
extension ChecklistsAPI {
  struct ShopsBody: Encodable { var shops: [ShopJSON] }

  /// `GET /api/v1/shops[?list={listID}]`: the user's shops by name, or the shops a list can be
  /// shopped in (its owner's).
  func getShops(_ request: HTTPRequest) throws -> HTTPResponse {
    if let text = request.queryValue("list") {
      let shops = try shopping.shops(forList: id(text, "shopping list"))
      return try .json(ShopsBody(shops: shops.map(ShopJSON.init)))
    }
    let (shops, sequence) = try shopping.shopsWithVersion()
    let etag = EntityTag.sequence(sequence)
    if request.isNotModified(etag) { return .notModified(etag) }
    return try .json(ShopsBody(shops: shops.map(ShopJSON.init)), etag: etag)
  }

  /// `POST /api/v1/shops {name, clientID?}`: 201 with the new shop, or 200 with the shop a
  /// replayed create (the same id and name) made before.
  func addShop(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.newShop)
    let clientID = try Self.shopClientID(body)
    let (shop, isNew) = try shopping.createShop(id: clientID, named: body.requiredString("name"))
    if isNew { didWrite() }
    var response = try HTTPResponse.json(
      ShopJSON(shop), status: isNew ? 201 : 200, etag: .revision(shop.revision))
    response.headers["Location"] = "/api/v1/shops/\(shop.id.uuidString)"
    return response
  }

  func getShop(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let shop = try shopping.shop(id: id(segment, "shop"))
    let etag = EntityTag.revision(shop.revision)
    if request.isNotModified(etag) { return .notModified(etag) }
    return try .json(ShopJSON(shop), etag: etag)
  }

  /// `PATCH /api/v1/shops/{shopID} {name?, sections?}`: a new name, or the order of sections
  /// after a drag.
  func updateShop(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let shopID = try id(segment, "shop")
    let body = try RequestBody(request, schema: RequestSchemas.shopChanges)
    // The content is checked before the precondition (RFC 9110, 13.2.1).
    let name = try body.string("name").map(Shop.validatedName)
    let sections = try body.strings("sections")
    for section in sections ?? [] {
      guard
        try ShoppingItem.validatedDetail(
          section, field: MessageCatalogue.english.text("errors.field.section")) != nil
      else {
        throw APIError.unprocessable(MessageText("server.api.sectionSectionsEmpty"))
      }
    }
    let expected = try request.expectedRevision { try shopping.shop(id: shopID).revision }
    let shop = try shopping.updateShop(
      id: shopID, name: name, sections: sections, expectedRevision: expected)
    didWrite()
    return try .json(ShopJSON(shop), etag: .revision(shop.revision))
  }

  func deleteShop(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let shopID = try id(segment, "shop")
    let expected = try ChecklistsError.deleting("shop", id: shopID) {
      try request.expectedRevision { try shopping.shop(id: shopID).revision }
    }
    try shopping.deleteShop(id: shopID, expectedRevision: expected)
    didWrite()
    return .noContent
  }

  /// `PUT /api/v1/shopping-lists/{listID}/shop {shopID}`: picks the list's shop (or none with
  /// `null`) and answers the list's contents in its order.
  func pickShop(_ request: HTTPRequest, _ segment: String) throws -> HTTPResponse {
    let listID = try id(segment, "shopping list")
    let body = try RequestBody(request, schema: RequestSchemas.listShop)
    guard body.has("shopID") else {
      throw APIError.unprocessable(
        MessageText("server.api.fieldShopidRequired"))
    }
    let shopID = try body.nullableString("shopID", expected: "a shop's id (a UUID) or null")?
      .map { try id($0, "shop") }
    let contents = try shopping.pickShop(shopID, forList: listID)
    didWrite()
    return try HTTPResponse.json(
      ShoppingListContentsJSON(contents, locale: priceLocale(request))
    ).varying()
  }

  /// The id a client chose for a new shop: `clientID`, or `id` as other creates name it.
  private static func shopClientID(_ body: RequestBody) throws -> UUID? {
    guard let text = try body.nullableString("clientID", expected: "a UUID string or null")
    else { return try body.clientID() }
    guard let text else { return try body.clientID() }
    guard let id = UUID.parse(text) else {
      throw APIError.unprocessable(
        MessageText("server.api.fieldClientidMustUuid", ["text": "\(text)"]))
    }
    return id
  }
}
