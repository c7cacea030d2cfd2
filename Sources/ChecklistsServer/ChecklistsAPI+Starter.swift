import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import Foundation
import HTTPServer

/// The starter set, `/api/v1/catalogue/starter`: common groceries with their categories, in
/// the request's language, that an empty catalogue offers to add with one tap.
extension ChecklistsAPI {
  struct StarterSetBody: Encodable {
    struct Item: Encodable {
      var name: String
      var category: String
      var inCatalogue: Bool
    }
    var language: String
    var items: [Item]
  }
  struct StarterAddedBody: Encodable {
    var added: [ShoppingItemJSON]
    var alreadyInCatalogue: Int
  }

  /// `GET /api/v1/catalogue/starter`: the starter set in the first language of
  /// `Accept-Language` that the grocery table has, else English.
  func getStarterSet(_ request: HTTPRequest) throws -> HTTPResponse {
    let shopping = localizedShopping(request)
    let items = try shopping.starterSet().map {
      StarterSetBody.Item(name: $0.name, category: $0.category, inCatalogue: $0.isInCatalogue)
    }
    return try HTTPResponse.json(
      StarterSetBody(language: shopping.groceryLanguage, items: items)
    ).varying()
  }

  /// `POST /api/v1/catalogue/starter {"names": […]}` or `{"all": true}`: adds those of the
  /// starter set the catalogue lacks, without prices; sending it again adds nothing.
  func addStarterSet(_ request: HTTPRequest) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: RequestSchemas.starterChoice)
    let names = try body.strings("names")
    let all = try body.bool("all") ?? false
    guard all != (names != nil) else {
      throw APIError.unprocessable(
        MessageText("server.api.sayGroceriesAdd"))
    }
    let (added, already) = try localizedShopping(request).addStarterItems(
      named: all ? nil : names)
    if !added.isEmpty { didWrite() }
    let locale = priceLocale(request)
    return try HTTPResponse.json(
      StarterAddedBody(
        added: added.map { ShoppingItemJSON($0, locale: locale) }, alreadyInCatalogue: already)
    ).varying()
  }
}
