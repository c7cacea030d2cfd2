/// The shopping routes' part of ``OpenAPIDocument/json``: the catalogue and the shopping lists,
/// spliced into the document's `paths` and `components`.
extension OpenAPIDocument {
  /// The catalogue and shopping-list paths.
  static let shoppingPaths = #"""
      "/api/v1/catalogue": {
        "get": {
          "operationId": "getCatalogue",
          "summary": "The catalogue, alphabetical (the Items screen)",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            },
            {
              "$ref": "#/components/parameters/IfNoneMatch"
            }
          ],
          "responses": {
            "200": {
              "description": "The catalogue's currency and items",
              "headers": {
                "ETag": {
                  "$ref": "#/components/headers/ETag"
                }
              },
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/Catalogue"
                  }
                }
              },
              "links": {
                "GetFirstCatalogueItem": {
                  "operationId": "getCatalogueItem",
                  "parameters": {
                    "itemID": "$response.body#/items/0/id"
                  }
                },
                "UpdateFirstCatalogueItem": {
                  "operationId": "updateCatalogueItem",
                  "parameters": {
                    "itemID": "$response.body#/items/0/id"
                  }
                }
              }
            },
            "304": {
              "$ref": "#/components/responses/NotModified"
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "post": {
          "operationId": "addCatalogueItem",
          "summary": "Add an item to the catalogue",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            }
          ],
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/NewCatalogueItem"
                }
              }
            }
          },
          "responses": {
            "201": {
              "description": "The new item",
              "headers": {
                "ETag": {
                  "$ref": "#/components/headers/ETag"
                },
                "Location": {
                  "schema": {
                    "type": "string"
                  }
                }
              },
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ShoppingItem"
                  }
                }
              },
              "links": {
                "GetCatalogueItem": {
                  "operationId": "getCatalogueItem",
                  "parameters": {
                    "itemID": "$response.body#/id"
                  }
                },
                "UpdateCatalogueItem": {
                  "operationId": "updateCatalogueItem",
                  "parameters": {
                    "itemID": "$response.body#/id"
                  }
                },
                "DeleteCatalogueItem": {
                  "operationId": "deleteCatalogueItem",
                  "parameters": {
                    "itemID": "$response.body#/id"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "409": {
              "$ref": "#/components/responses/Problem"
            },
            "413": {
              "$ref": "#/components/responses/Problem"
            },
            "415": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/catalogue/search": {
        "get": {
          "operationId": "searchCatalogue",
          "summary": "Catalogue items whose name contains the text, ignoring case and accents",
          "parameters": [
            {
              "name": "q",
              "in": "query",
              "required": true,
              "description": "The text typed so far; blank finds nothing",
              "schema": {
                "type": "string"
              }
            },
            {
              "name": "limit",
              "in": "query",
              "required": false,
              "description": "At most this many items",
              "schema": {
                "type": "integer",
                "minimum": 1,
                "maximum": 100,
                "default": 20
              }
            },
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            }
          ],
          "responses": {
            "200": {
              "description": "Names that start with the text first, then names with a word that does, then the rest",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/CatalogueSearchResult"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/catalogue/import": {
        "post": {
          "operationId": "importCatalogue",
          "summary": "Import the Shopping List iPhone app's items file",
          "parameters": [
            {
              "name": "list",
              "in": "query",
              "required": false,
              "description": "The shopping list for items that were on the app's list (a UUID); default: 'Shopping List', else the first by name",
              "schema": {
                "type": "string"
              }
            }
          ],
          "requestBody": {
            "required": true,
            "content": {
              "application/octet-stream": {
                "schema": {
                  "type": "string",
                  "format": "binary"
                }
              }
            }
          },
          "responses": {
            "200": {
              "description": "What the import did",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ShoppingImportReport"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            },
            "413": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/catalogue/{itemID}": {
        "parameters": [
          {
            "$ref": "#/components/parameters/CatalogueItemID"
          }
        ],
        "get": {
          "operationId": "getCatalogueItem",
          "summary": "A catalogue item",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            },
            {
              "$ref": "#/components/parameters/IfNoneMatch"
            }
          ],
          "responses": {
            "200": {
              "$ref": "#/components/responses/ShoppingItem"
            },
            "304": {
              "$ref": "#/components/responses/NotModified"
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "patch": {
          "operationId": "updateCatalogueItem",
          "summary": "Rename an item or change its price, unit or category; every list shows it",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            },
            {
              "$ref": "#/components/parameters/IfMatch"
            }
          ],
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/CatalogueItemChanges"
                }
              }
            }
          },
          "responses": {
            "200": {
              "$ref": "#/components/responses/ShoppingItem"
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            },
            "409": {
              "$ref": "#/components/responses/Problem"
            },
            "412": {
              "$ref": "#/components/responses/Problem"
            },
            "413": {
              "$ref": "#/components/responses/Problem"
            },
            "415": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "delete": {
          "operationId": "deleteCatalogueItem",
          "summary": "Delete an item from the catalogue and take it off every list",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            },
            {
              "$ref": "#/components/parameters/IfMatch"
            }
          ],
          "responses": {
            "200": {
              "description": "The item as it was, and how many lists it was taken off",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/DeletedCatalogueItem"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            },
            "412": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/shopping-lists": {
        "get": {
          "operationId": "listShoppingLists",
          "summary": "The shopping lists, by name",
          "parameters": [
            {
              "$ref": "#/components/parameters/IfNoneMatch"
            }
          ],
          "responses": {
            "200": {
              "description": "The lists",
              "headers": {
                "ETag": {
                  "$ref": "#/components/headers/ETag"
                }
              },
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ShoppingListCollection"
                  }
                }
              },
              "links": {
                "GetFirstShoppingList": {
                  "operationId": "getShoppingList",
                  "parameters": {
                    "listID": "$response.body#/lists/0/id"
                  }
                },
                "RenameFirstShoppingList": {
                  "operationId": "renameShoppingList",
                  "parameters": {
                    "listID": "$response.body#/lists/0/id"
                  }
                },
                "AddEntryByNameToFirstList": {
                  "operationId": "addEntryByName",
                  "parameters": {
                    "listID": "$response.body#/lists/0/id"
                  }
                }
              }
            },
            "304": {
              "$ref": "#/components/responses/NotModified"
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "post": {
          "operationId": "createShoppingList",
          "summary": "Add a shopping list",
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/NewShoppingList"
                }
              }
            }
          },
          "responses": {
            "201": {
              "description": "The new list",
              "headers": {
                "ETag": {
                  "$ref": "#/components/headers/ETag"
                },
                "Location": {
                  "schema": {
                    "type": "string"
                  }
                }
              },
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ShoppingList"
                  }
                }
              },
              "links": {
                "GetShoppingList": {
                  "operationId": "getShoppingList",
                  "parameters": {
                    "listID": "$response.body#/id"
                  }
                },
                "RenameShoppingList": {
                  "operationId": "renameShoppingList",
                  "parameters": {
                    "listID": "$response.body#/id"
                  }
                },
                "DeleteShoppingList": {
                  "operationId": "deleteShoppingList",
                  "parameters": {
                    "listID": "$response.body#/id"
                  }
                },
                "AddEntryByName": {
                  "operationId": "addEntryByName",
                  "parameters": {
                    "listID": "$response.body#/id"
                  }
                },
                "FinishShopping": {
                  "operationId": "finishShopping",
                  "parameters": {
                    "listID": "$response.body#/id"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "409": {
              "$ref": "#/components/responses/Problem"
            },
            "413": {
              "$ref": "#/components/responses/Problem"
            },
            "415": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/shopping-lists/{listID}": {
        "parameters": [
          {
            "$ref": "#/components/parameters/ShoppingListID"
          }
        ],
        "get": {
          "operationId": "getShoppingList",
          "summary": "A list's lines in shopping order (not in the cart first) with its totals",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            },
            {
              "$ref": "#/components/parameters/IfNoneMatch"
            }
          ],
          "responses": {
            "200": {
              "description": "The list, its lines and totals",
              "headers": {
                "ETag": {
                  "$ref": "#/components/headers/ETag"
                }
              },
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ShoppingListContents"
                  }
                }
              }
            },
            "304": {
              "$ref": "#/components/responses/NotModified"
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "patch": {
          "operationId": "renameShoppingList",
          "summary": "Rename a shopping list",
          "parameters": [
            {
              "$ref": "#/components/parameters/IfMatch"
            }
          ],
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/ShoppingListChanges"
                }
              }
            }
          },
          "responses": {
            "200": {
              "description": "The list",
              "headers": {
                "ETag": {
                  "$ref": "#/components/headers/ETag"
                }
              },
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ShoppingList"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            },
            "409": {
              "$ref": "#/components/responses/Problem"
            },
            "412": {
              "$ref": "#/components/responses/Problem"
            },
            "413": {
              "$ref": "#/components/responses/Problem"
            },
            "415": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "delete": {
          "operationId": "deleteShoppingList",
          "summary": "Delete a shopping list; its items stay in the catalogue",
          "parameters": [
            {
              "$ref": "#/components/parameters/IfMatch"
            }
          ],
          "responses": {
            "204": {
              "description": "Deleted"
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            },
            "412": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/shopping-lists/{listID}/entries": {
        "parameters": [
          {
            "$ref": "#/components/parameters/ShoppingListID"
          }
        ],
        "post": {
          "operationId": "addEntryByName",
          "summary": "Put an item on the list by name: the catalogue's item of that name (ignoring case), or a new one",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            }
          ],
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/NewEntryByName"
                }
              }
            }
          },
          "responses": {
            "201": {
              "description": "The item was not on the list before",
              "headers": {
                "Location": {
                  "schema": {
                    "type": "string"
                  }
                }
              },
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/EntryAddedByName"
                  }
                }
              },
              "links": {
                "PutEntry": {
                  "operationId": "putEntry",
                  "parameters": {
                    "listID": "$request.path.listID",
                    "itemID": "$response.body#/line/item/id"
                  }
                },
                "UpdateEntry": {
                  "operationId": "updateEntry",
                  "parameters": {
                    "listID": "$request.path.listID",
                    "itemID": "$response.body#/line/item/id"
                  }
                },
                "RemoveEntry": {
                  "operationId": "removeEntry",
                  "parameters": {
                    "listID": "$request.path.listID",
                    "itemID": "$response.body#/line/item/id"
                  }
                }
              }
            },
            "200": {
              "description": "The item was on the list already",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/EntryAddedByName"
                  }
                }
              },
              "links": {
                "PutEntry": {
                  "operationId": "putEntry",
                  "parameters": {
                    "listID": "$request.path.listID",
                    "itemID": "$response.body#/line/item/id"
                  }
                },
                "UpdateEntry": {
                  "operationId": "updateEntry",
                  "parameters": {
                    "listID": "$request.path.listID",
                    "itemID": "$response.body#/line/item/id"
                  }
                },
                "RemoveEntry": {
                  "operationId": "removeEntry",
                  "parameters": {
                    "listID": "$request.path.listID",
                    "itemID": "$response.body#/line/item/id"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            },
            "413": {
              "$ref": "#/components/responses/Problem"
            },
            "415": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/shopping-lists/{listID}/entries/{itemID}": {
        "parameters": [
          {
            "$ref": "#/components/parameters/ShoppingListID"
          },
          {
            "$ref": "#/components/parameters/EntryItemID"
          }
        ],
        "put": {
          "operationId": "putEntry",
          "summary": "Put a catalogue item on the list (once), or change how many",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            }
          ],
          "requestBody": {
            "required": false,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EntryQuantity"
                }
              }
            }
          },
          "responses": {
            "201": {
              "description": "The new line",
              "headers": {
                "Location": {
                  "schema": {
                    "type": "string"
                  }
                }
              },
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ShoppingLine"
                  }
                }
              }
            },
            "200": {
              "description": "The line, which was there already",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ShoppingLine"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            },
            "413": {
              "$ref": "#/components/responses/Problem"
            },
            "415": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "patch": {
          "operationId": "updateEntry",
          "summary": "Change how many, or put the item in the cart or take it out",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            }
          ],
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/EntryChanges"
                }
              }
            }
          },
          "responses": {
            "200": {
              "description": "The line",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/ShoppingLine"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            },
            "413": {
              "$ref": "#/components/responses/Problem"
            },
            "415": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "delete": {
          "operationId": "removeEntry",
          "summary": "Take an item off the list; it stays in the catalogue",
          "responses": {
            "204": {
              "description": "Taken off"
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/shopping-lists/{listID}/finish": {
        "parameters": [
          {
            "$ref": "#/components/parameters/ShoppingListID"
          }
        ],
        "post": {
          "operationId": "finishShopping",
          "summary": "Finish shopping: take what is in the cart off the list",
          "parameters": [
            {
              "$ref": "#/components/parameters/AcceptLanguage"
            }
          ],
          "responses": {
            "200": {
              "description": "How many entries were cleared, and the list as it is now",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/FinishedShopping"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      }
    """#

  /// Their path parameters and Accept-Language, which sets how prices are read and shown.
  static let shoppingParameters = #"""
        "ShoppingListID": {
          "name": "listID",
          "in": "path",
          "required": true,
          "description": "A shopping list's id (UUID)",
          "schema": {
            "type": "string"
          }
        },
        "CatalogueItemID": {
          "name": "itemID",
          "in": "path",
          "required": true,
          "description": "A catalogue item's id (UUID)",
          "schema": {
            "type": "string"
          }
        },
        "EntryItemID": {
          "name": "itemID",
          "in": "path",
          "required": true,
          "description": "The catalogue item's id (UUID): a list has each item at most once",
          "schema": {
            "type": "string"
          }
        },
        "AcceptLanguage": {
          "name": "Accept-Language",
          "in": "header",
          "required": false,
          "description": "The first language tag (such as de-DE) is the locale prices are read and formatted in; default: the server's",
          "schema": {
            "type": "string"
          }
        }
    """#

  /// Their shared responses.
  static let shoppingResponses = #"""
        "ShoppingItem": {
          "description": "The catalogue item",
          "headers": {
            "ETag": {
              "$ref": "#/components/headers/ETag"
            }
          },
          "content": {
            "application/json": {
              "schema": {
                "$ref": "#/components/schemas/ShoppingItem"
              }
            }
          }
        }
    """#

  /// Their bodies: items, lists, lines, prices and totals.
  static let shoppingSchemas = #"""
        "Price": {
          "type": "object",
          "additionalProperties": false,
          "description": "An exact price: never a float",
          "required": [
            "amount",
            "currency",
            "minorUnits"
          ],
          "properties": {
            "amount": {
              "type": "string",
              "pattern": "^[0-9]+(\\.[0-9]+)?$",
              "description": "The exact amount with all the currency's decimals, such as \"1.99\""
            },
            "currency": {
              "type": "string",
              "pattern": "^[A-Z]{3}$",
              "description": "ISO 4217 code"
            },
            "minorUnits": {
              "type": "integer",
              "minimum": 0
            },
            "formatted": {
              "type": "string",
              "description": "As a person in the request's locale reads it, such as \"1,99 €\""
            }
          }
        },
        "PriceText": {
          "type": "string",
          "description": "A price as a person types it, read in the request's locale: \"1.99\", \"1,99\", \"€1.99\", \"$2\". Not negative, at most 1,000,000; a JSON number is refused."
        },
        "ShoppingItem": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "id",
            "name",
            "price",
            "unit",
            "category",
            "section",
            "revision",
            "createdAt",
            "updatedAt"
          ],
          "properties": {
            "number": {
              "type": "integer"
            },
            "id": {
              "type": "string",
              "format": "uuid"
            },
            "name": {
              "type": "string",
              "minLength": 1
            },
            "price": {
              "oneOf": [
                {
                  "$ref": "#/components/schemas/Price"
                },
                {
                  "type": "null"
                }
              ]
            },
            "unit": {
              "type": [
                "string",
                "null"
              ]
            },
            "category": {
              "type": [
                "string",
                "null"
              ]
            },
            "section": {
              "type": "string",
              "description": "The catalogue section: the first letter, or #"
            },
            "revision": {
              "type": "integer",
              "minimum": 1
            },
            "createdAt": {
              "$ref": "#/components/schemas/Timestamp"
            },
            "updatedAt": {
              "$ref": "#/components/schemas/Timestamp"
            }
          }
        },
        "ShoppingList": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "id",
            "name",
            "entryCount",
            "inCartCount",
            "remainingCount",
            "revision",
            "createdAt",
            "updatedAt"
          ],
          "properties": {
            "number": {
              "type": "integer"
            },
            "id": {
              "type": "string",
              "format": "uuid"
            },
            "name": {
              "type": "string",
              "minLength": 1
            },
            "entryCount": {
              "type": "integer",
              "minimum": 0
            },
            "inCartCount": {
              "type": "integer",
              "minimum": 0
            },
            "remainingCount": {
              "type": "integer",
              "minimum": 0
            },
            "revision": {
              "type": "integer",
              "minimum": 1
            },
            "createdAt": {
              "$ref": "#/components/schemas/Timestamp"
            },
            "updatedAt": {
              "$ref": "#/components/schemas/Timestamp"
            }
          }
        },
        "ShoppingLine": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "item",
            "quantity",
            "inCart",
            "cost",
            "revision"
          ],
          "properties": {
            "number": {
              "type": "integer"
            },
            "item": {
              "$ref": "#/components/schemas/ShoppingItem"
            },
            "quantity": {
              "type": "integer",
              "minimum": 1,
              "maximum": 999
            },
            "inCart": {
              "type": "boolean"
            },
            "cost": {
              "oneOf": [
                {
                  "$ref": "#/components/schemas/Price"
                },
                {
                  "type": "null"
                }
              ]
            },
            "revision": {
              "type": "integer",
              "minimum": 1,
              "description": "The list's revision when the entry last changed"
            }
          }
        },
        "Totals": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "total",
            "inCart",
            "unpricedCount"
          ],
          "properties": {
            "total": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/Price"
              },
              "description": "One per currency"
            },
            "inCart": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/Price"
              },
              "description": "For the same currencies as total"
            },
            "unpricedCount": {
              "type": "integer",
              "minimum": 0
            }
          }
        },
        "ShoppingListContents": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "list",
            "lines",
            "totals"
          ],
          "properties": {
            "list": {
              "$ref": "#/components/schemas/ShoppingList"
            },
            "lines": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/ShoppingLine"
              }
            },
            "totals": {
              "$ref": "#/components/schemas/Totals"
            }
          }
        },
        "Catalogue": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "currency",
            "items"
          ],
          "properties": {
            "currency": {
              "type": "string",
              "pattern": "^[A-Z]{3}$"
            },
            "items": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/ShoppingItem"
              }
            }
          }
        },
        "CatalogueSearchResult": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "items"
          ],
          "properties": {
            "items": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/ShoppingItem"
              }
            }
          }
        },
        "ShoppingListCollection": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "lists"
          ],
          "properties": {
            "lists": {
              "type": "array",
              "items": {
                "$ref": "#/components/schemas/ShoppingList"
              }
            }
          }
        },
        "DeletedCatalogueItem": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "item",
            "removedFromLists"
          ],
          "properties": {
            "item": {
              "$ref": "#/components/schemas/ShoppingItem"
            },
            "removedFromLists": {
              "type": "integer",
              "minimum": 0
            }
          }
        },
        "EntryAddedByName": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "line",
            "createdItem"
          ],
          "properties": {
            "line": {
              "$ref": "#/components/schemas/ShoppingLine"
            },
            "createdItem": {
              "type": "boolean",
              "description": "Whether the name was new to the catalogue"
            }
          }
        },
        "FinishedShopping": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "cleared",
            "contents"
          ],
          "properties": {
            "cleared": {
              "type": "integer",
              "minimum": 0
            },
            "contents": {
              "$ref": "#/components/schemas/ShoppingListContents"
            }
          }
        },
        "ShoppingImportReport": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "added",
            "updated",
            "putOnList",
            "skippedWithoutName"
          ],
          "properties": {
            "added": {
              "type": "integer",
              "minimum": 0
            },
            "updated": {
              "type": "integer",
              "minimum": 0
            },
            "putOnList": {
              "type": "integer",
              "minimum": 0
            },
            "skippedWithoutName": {
              "type": "integer",
              "minimum": 0
            }
          }
        },
        "NewCatalogueItem": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "name"
          ],
          "properties": {
            "name": {
              "$ref": "#/components/schemas/Text"
            },
            "price": {
              "oneOf": [
                {
                  "$ref": "#/components/schemas/PriceText"
                },
                {
                  "type": "null"
                }
              ]
            },
            "unit": {
              "type": [
                "string",
                "null"
              ],
              "description": "Where it is in the shop or how it is sold; blank or null for none. At most 60 characters, one line."
            },
            "category": {
              "type": [
                "string",
                "null"
              ],
              "description": "Where it is in the shop or how it is sold; blank or null for none. At most 60 characters, one line."
            }
          }
        },
        "CatalogueItemChanges": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "name": {
              "$ref": "#/components/schemas/Text"
            },
            "price": {
              "oneOf": [
                {
                  "$ref": "#/components/schemas/PriceText"
                },
                {
                  "type": "null"
                }
              ]
            },
            "unit": {
              "type": [
                "string",
                "null"
              ],
              "description": "Where it is in the shop or how it is sold; blank or null for none. At most 60 characters, one line."
            },
            "category": {
              "type": [
                "string",
                "null"
              ],
              "description": "Where it is in the shop or how it is sold; blank or null for none. At most 60 characters, one line."
            }
          }
        },
        "NewShoppingList": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "name"
          ],
          "properties": {
            "name": {
              "$ref": "#/components/schemas/Text"
            }
          }
        },
        "ShoppingListChanges": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "name"
          ],
          "properties": {
            "name": {
              "$ref": "#/components/schemas/Text"
            }
          }
        },
        "NewEntryByName": {
          "type": "object",
          "additionalProperties": false,
          "required": [
            "name"
          ],
          "properties": {
            "name": {
              "$ref": "#/components/schemas/Text"
            },
            "quantity": {
              "type": "integer",
              "minimum": 1,
              "maximum": 999
            }
          }
        },
        "EntryQuantity": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "quantity": {
              "type": "integer",
              "minimum": 1,
              "maximum": 999
            }
          }
        },
        "EntryChanges": {
          "type": "object",
          "additionalProperties": false,
          "properties": {
            "quantity": {
              "type": "integer",
              "minimum": 1,
              "maximum": 999
            },
            "inCart": {
              "type": "boolean"
            }
          }
        }
    """#
}
