import HTTPServer

extension RouteTable {
  /// The routes for shops and the shop a list is shopped in, under `/api/v1`.
  static func shopRoutes(_ routes: inout RouteGroup) {
    routes.group("/shops") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "listShops", "The user's shops by name, each with its learned order",
          parameters: [
            .named(
              "list", in: "query", required: false,
              description:
                "A shopping list's id (UUID): the shops it can be shopped in, its owner's (for a list shared with the user)"
            ),
            .ifNoneMatch,
          ],
          responses: [
            200: .json(
              "The shops", "ShopCollection", headers: ["ETag": .etag],
              links: [
                "GetFirstShop": [
                  "operationId": "getShop",
                  "parameters": ["shopID": "$response.body#/shops/0/id"],
                ]
              ]), 304: .notModified,
          ].problems(400, 404))
      ) { api, request, _ in try api.getShops(request) }
      routes.api(
        "POST",
        OpenAPIOperation(
          "addShop", "Add a shop; its order comes from trips through it or a drag",
          request: .json("NewShop"),
          responses: [
            201: .json(
              "The new shop", "Shop", headers: ["ETag": .etag, "Location": .string],
              links: .linksByID(["deleteShop", "getShop", "updateShop"], parameter: "shopID")),
            200: .replayedCreate("Shop"),
          ].problems(400, 409, 413, 415, 422))
      ) { api, request, _ in try api.addShop(request) }
    }
    routes.group("/shops/{shopID}", parameters: [.component("ShopID")]) { routes in
      routes.api(
        "DELETE",
        OpenAPIOperation(
          "deleteShop", "Delete a shop; lists that were shopped in it have none",
          parameters: [.ifMatch], responses: [204: .empty("Deleted")].problems(400, 404, 412))
      ) { api, request, p in try api.deleteShop(request, p["shopID"]) }
      routes.api(
        "GET",
        OpenAPIOperation(
          "getShop", "A shop with its learned order", parameters: [.ifNoneMatch],
          responses: [
            200: .json("The shop", "Shop", headers: ["ETag": .etag]), 304: .notModified,
          ].problems(400, 404))
      ) { api, request, p in try api.getShop(request, p["shopID"]) }
      routes.api(
        "PATCH",
        OpenAPIOperation(
          "updateShop", "Rename a shop, or set its section order (the order after a drag)",
          parameters: [.ifMatch], request: .json("ShopChanges"),
          responses: [200: .json("The shop", "Shop", headers: ["ETag": .etag])].problems(
            400, 404, 409, 412, 413, 415, 422))
      ) { api, request, p in try api.updateShop(request, p["shopID"]) }
    }
    routes.group("/shopping-lists/{listID}/shop", parameters: [.component("ShoppingListID")]) {
      routes in
      routes.api(
        "PUT",
        OpenAPIOperation(
          "pickShop",
          "Pick the shop the list is shopped in (remembered for the list), or none; the lines follow its order",
          parameters: [.acceptLanguage], request: .json("ListShop"),
          responses: [
            200: .json(
              "The list, its lines in the shop's order, and totals", "ShoppingListContents")
          ].problems(400, 404, 413, 415, 422)), access: .listRole(.checker)
      ) { api, request, p in try api.pickShop(request, p["listID"]) }
    }
  }
}
