/// The shopping routes' part of ``OpenAPIDocument/pathsText``: the catalogue and the shopping lists,
/// spliced into the document's `paths`.
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
}
