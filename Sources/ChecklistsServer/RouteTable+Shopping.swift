import HTTPServer

extension RouteTable {
  /// The routes for the catalogue and the shopping lists, under `/api/v1`.
  static func shoppingRoutes(_ routes: inout RouteGroup) {
    routes.group("/catalogue") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "getCatalogue", "The catalogue, alphabetical (the Items screen)",
          parameters: [.acceptLanguage, .ifNoneMatch],
          responses: [
            200: .json(
              "The catalogue's currency and items", "Catalogue", headers: ["ETag": .etag],
              links: [
                "GetFirstCatalogueItem": [
                  "operationId": "getCatalogueItem",
                  "parameters": ["itemID": "$response.body#/items/0/id"],
                ],
                "UpdateFirstCatalogueItem": [
                  "operationId": "updateCatalogueItem",
                  "parameters": ["itemID": "$response.body#/items/0/id"],
                ],
              ]), 304: .notModified,
          ].problems(400))
      ) { api, request, _ in try api.getCatalogue(request) }
      routes.api(
        "POST",
        OpenAPIOperation(
          "addCatalogueItem", "Add an item to the catalogue", parameters: [.acceptLanguage],
          request: .json("NewCatalogueItem"),
          responses: [
            201: .json(
              "The new item", "ShoppingItem", headers: ["ETag": .etag, "Location": .string],
              links: .linksByID(
                ["deleteCatalogueItem", "getCatalogueItem", "updateCatalogueItem"],
                parameter: "itemID")),
            200: .replayedCreate("ShoppingItem"),
          ].problems(400, 409, 413, 415, 422))
      ) { api, request, _ in try api.addCatalogueItem(request) }
    }
    routes.group("/catalogue/import") { routes in
      routes.api(
        "POST",
        OpenAPIOperation(
          "importCatalogue", "Import the Shopping List iPhone app's items file",
          parameters: [
            .named(
              "list", in: "query", required: false,
              description:
                "The shopping list for items that were on the app's list (a UUID); default: 'Shopping List', else the first by name"
            )
          ], request: OpenAPIRequest(content: ["application/octet-stream": .binary]),
          responses: [200: .json("What the import did", "ShoppingImportReport")].problems(
            400, 404, 413, 422)), bodyLimit: .upload
      ) { api, request, _ in try api.importCatalogue(request) }
    }
    routes.group("/catalogue/search") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "searchCatalogue",
          "Catalogue items whose name contains the text, ignoring case and accents",
          parameters: [
            .named(
              "q", in: "query", required: true,
              description: "The text typed so far; blank finds nothing"),
            .named(
              "limit", in: "query", required: false, description: "At most this many items",
              schema: ["default": 20, "maximum": 100, "minimum": 1, "type": "integer"]),
            .acceptLanguage,
          ],
          responses: [
            200: .json(
              "Names that start with the text first, then names with a word that does, then the rest",
              "CatalogueSearchResult")
          ].problems(400, 422))
      ) { api, request, _ in try api.searchCatalogue(request) }
    }
    routes.group("/catalogue/{itemID}", parameters: [.component("CatalogueItemID")]) { routes in
      routes.api(
        "DELETE",
        OpenAPIOperation(
          "deleteCatalogueItem", "Delete an item from the catalogue and take it off every list",
          parameters: [.acceptLanguage, .ifMatch],
          responses: [
            200: .json(
              "The item as it was, and how many lists it was taken off", "DeletedCatalogueItem")
          ].problems(400, 404, 412))
      ) { api, request, p in try api.deleteCatalogueItem(request, p["itemID"]) }
      routes.api(
        "GET",
        OpenAPIOperation(
          "getCatalogueItem", "A catalogue item", parameters: [.acceptLanguage, .ifNoneMatch],
          responses: [200: .component("ShoppingItem"), 304: .notModified].problems(400, 404))
      ) { api, request, p in try api.getCatalogueItem(request, p["itemID"]) }
      routes.api(
        "PATCH",
        OpenAPIOperation(
          "updateCatalogueItem",
          "Rename an item or change its price, unit or category; every list shows it",
          parameters: [.acceptLanguage, .ifMatch], request: .json("CatalogueItemChanges"),
          responses: [200: .component("ShoppingItem")].problems(400, 404, 409, 412, 413, 415, 422))
      ) { api, request, p in try api.updateCatalogueItem(request, p["itemID"]) }
    }
    routes.group("/shopping-lists") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "listShoppingLists", "The shopping lists, by name", parameters: [.ifNoneMatch],
          responses: [
            200: .json(
              "The lists", "ShoppingListCollection", headers: ["ETag": .etag],
              links: [
                "AddEntryByNameToFirstList": [
                  "operationId": "addEntryByName",
                  "parameters": ["listID": "$response.body#/lists/0/id"],
                ],
                "GetFirstShoppingList": [
                  "operationId": "getShoppingList",
                  "parameters": ["listID": "$response.body#/lists/0/id"],
                ],
                "RenameFirstShoppingList": [
                  "operationId": "renameShoppingList",
                  "parameters": ["listID": "$response.body#/lists/0/id"],
                ],
              ]), 304: .notModified,
          ].problems(400))
      ) { api, request, _ in try api.getShoppingLists(request) }
      routes.api(
        "POST",
        OpenAPIOperation(
          "createShoppingList", "Add a shopping list", request: .json("NewShoppingList"),
          responses: [
            201: .json(
              "The new list", "ShoppingList", headers: ["ETag": .etag, "Location": .string],
              links: .linksByID(
                [
                  "addEntryByName", "deleteShoppingList", "finishShopping", "getShoppingList",
                  "renameShoppingList",
                ], parameter: "listID")),
            200: .replayedCreate("ShoppingList"),
          ].problems(400, 409, 413, 415, 422))
      ) { api, request, _ in try api.createShoppingList(request) }
    }
    routes.group("/shopping-lists/{listID}", parameters: [.component("ShoppingListID")]) { routes in
      routes.api(
        "DELETE",
        OpenAPIOperation(
          "deleteShoppingList", "Delete a shopping list; its items stay in the catalogue",
          parameters: [.ifMatch], responses: [204: .empty("Deleted")].problems(400, 404, 412)),
        access: .listRole(.owner)
      ) { api, request, p in try api.deleteShoppingList(request, p["listID"]) }
      routes.api(
        "GET",
        OpenAPIOperation(
          "getShoppingList",
          "A list's lines in shopping order (not in the cart first) with its totals",
          parameters: [.acceptLanguage, .ifNoneMatch],
          responses: [
            200: .json(
              "The list, its lines and totals", "ShoppingListContents", headers: ["ETag": .etag]),
            304: .notModified,
          ].problems(400, 404)), access: .listRole(.viewer)
      ) { api, request, p in try api.getShoppingList(request, p["listID"]) }
      routes.api(
        "PATCH",
        OpenAPIOperation(
          "renameShoppingList", "Rename a shopping list", parameters: [.ifMatch],
          request: .json("ShoppingListChanges"),
          responses: [200: .json("The list", "ShoppingList", headers: ["ETag": .etag])].problems(
            400, 404, 409, 412, 413, 415, 422)), access: .listRole(.owner)
      ) { api, request, p in try api.renameShoppingList(request, p["listID"]) }
    }
    routes.group("/shopping-lists/{listID}/entries", parameters: [.component("ShoppingListID")]) {
      routes in
      routes.api(
        "POST",
        OpenAPIOperation(
          "addEntryByName",
          "Put an item on the list by name: the catalogue's item of that name (ignoring case), or a new one",
          parameters: [.acceptLanguage], request: .json("NewEntryByName"),
          responses: [
            200: .json(
              "The item was on the list already", "EntryAddedByName",
              links: [
                "PutEntry": [
                  "operationId": "putEntry",
                  "parameters": [
                    "itemID": "$response.body#/line/item/id", "listID": "$request.path.listID",
                  ],
                ],
                "RemoveEntry": [
                  "operationId": "removeEntry",
                  "parameters": [
                    "itemID": "$response.body#/line/item/id", "listID": "$request.path.listID",
                  ],
                ],
                "UpdateEntry": [
                  "operationId": "updateEntry",
                  "parameters": [
                    "itemID": "$response.body#/line/item/id", "listID": "$request.path.listID",
                  ],
                ],
              ]),
            201: .json(
              "The item was not on the list before", "EntryAddedByName",
              headers: ["Location": .string],
              links: [
                "PutEntry": [
                  "operationId": "putEntry",
                  "parameters": [
                    "itemID": "$response.body#/line/item/id", "listID": "$request.path.listID",
                  ],
                ],
                "RemoveEntry": [
                  "operationId": "removeEntry",
                  "parameters": [
                    "itemID": "$response.body#/line/item/id", "listID": "$request.path.listID",
                  ],
                ],
                "UpdateEntry": [
                  "operationId": "updateEntry",
                  "parameters": [
                    "itemID": "$response.body#/line/item/id", "listID": "$request.path.listID",
                  ],
                ],
              ]),
          ].problems(400, 404, 413, 415, 422)), access: .listRole(.editor)
      ) { api, request, p in try api.putEntryByName(request, p["listID"]) }
    }
    routes.group(
      "/shopping-lists/{listID}/entries/{itemID}",
      parameters: [.component("ShoppingListID"), .component("EntryItemID")]
    ) { routes in
      routes.api(
        "DELETE",
        OpenAPIOperation(
          "removeEntry", "Take an item off the list; it stays in the catalogue",
          responses: [204: .empty("Taken off")].problems(400, 404)), access: .listRole(.editor)
      ) { api, request, p in try api.removeEntry(request, p["listID"], p["itemID"]) }
      routes.api(
        "PATCH",
        OpenAPIOperation(
          "updateEntry", "Change how many, or put the item in the cart or take it out",
          parameters: [.acceptLanguage], request: .json("EntryChanges"),
          responses: [200: .json("The line", "ShoppingLine")].problems(400, 404, 413, 415, 422)),
        access: .listRole(.checker)
      ) { api, request, p in try api.updateEntry(request, p["listID"], p["itemID"]) }
      routes.api(
        "PUT",
        OpenAPIOperation(
          "putEntry", "Put a catalogue item on the list (once), or change how many",
          parameters: [.acceptLanguage], request: .json("EntryQuantity", required: false),
          responses: [
            200: .json("The line, which was there already", "ShoppingLine"),
            201: .json("The new line", "ShoppingLine", headers: ["Location": .string]),
          ].problems(400, 404, 413, 415, 422)), access: .listRole(.editor)
      ) { api, request, p in try api.putEntry(request, p["listID"], p["itemID"]) }
    }
    routes.group("/shopping-lists/{listID}/finish", parameters: [.component("ShoppingListID")]) {
      routes in
      routes.api(
        "POST",
        OpenAPIOperation(
          "finishShopping",
          "Finish shopping: record the trip and take what is in the cart off the list",
          parameters: [.acceptLanguage], request: .json("FinishShopping", required: false),
          responses: [
            200: .json(
              "How many entries were cleared, the list as it is now, and the trip recorded",
              "FinishedShopping")
          ].problems(400, 404, 409, 413, 415, 422)), access: .listRole(.checker)
      ) { api, request, p in try api.finishShopping(request, p["listID"]) }
    }
  }
}
