/// The shopping part of ``OpenAPIDocument/legacyComponents``: the catalogue and the shopping
/// lists.
extension OpenAPIDocument {
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
    \#(sharedListProperties)
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
