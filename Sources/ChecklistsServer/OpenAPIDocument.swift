import Foundation
import HTTPServer

/// The OpenAPI 3.1 description of the API at `/api/openapi.json`: exactly the routes, bodies,
/// statuses and headers the server has (CI checks it against the live server with schemathesis).
enum OpenAPIDocument {
  static let response = HTTPResponse(
    status: 200, headers: ["Content-Type": "application/json"], body: body)

  /// The document: ``pathsText`` with the components built from the schemas beside the JSON
  /// types (``OpenAPIComponents``), keys sorted.
  static let body: [UInt8] = {
    // Both parts are JSON written in this module: a failure here is a programmer's error.
    var document =
      try! JSONSerialization.jsonObject(with: Data(pathsText.utf8)) as! [String: Any]
    document["components"] = OpenAPIComponents.dictionary()
    return Array(
      try! JSONSerialization.data(
        withJSONObject: document, options: [.sortedKeys, .withoutEscapingSlashes]))
  }()

  /// The document without its components: the paths, still written by hand.
  static let pathsText = #"""
    {
      "openapi": "3.1.0",
      "info": {
        "title": "Checklists API",
        "version": "1.0.0",
        "description": "Checklists and reminders, and shopping: a catalogue with prices and shopping lists. Every resource has an ETag; writes accept If-Match and answer 412 when it is stale. Errors are application/problem+json (RFC 9457). Every path answers 421 to a Host that is not the server's own (localhost, an IP address at its port, or a --public-url host). See docs/API.md."
      },
      "servers": [
        {
          "url": "/"
        }
      ],
      "paths": {
        "/api/v1/checklists": {
          "get": {
            "operationId": "listChecklists",
            "summary": "All lists, sorted by name as Finder sorts",
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
                      "$ref": "#/components/schemas/ChecklistCollection"
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
            "operationId": "createChecklist",
            "summary": "Add a list",
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/NewChecklist"
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
                      "$ref": "#/components/schemas/Checklist"
                    }
                  }
                },
                "links": {
                  "GetChecklist": {
                    "operationId": "getChecklist",
                    "parameters": {
                      "id": "$response.body#/id"
                    }
                  },
                  "UpdateChecklist": {
                    "operationId": "updateChecklist",
                    "parameters": {
                      "id": "$response.body#/id"
                    }
                  },
                  "DeleteChecklist": {
                    "operationId": "deleteChecklist",
                    "parameters": {
                      "id": "$response.body#/id"
                    }
                  },
                  "AddItem": {
                    "operationId": "addItem",
                    "parameters": {
                      "id": "$response.body#/id"
                    }
                  },
                  "ListItems": {
                    "operationId": "listItems",
                    "parameters": {
                      "id": "$response.body#/id"
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
        "/api/v1/checklists/{id}": {
          "parameters": [
            {
              "$ref": "#/components/parameters/ListID"
            }
          ],
          "get": {
            "operationId": "getChecklist",
            "summary": "A list with its items in order",
            "parameters": [
              {
                "$ref": "#/components/parameters/IfNoneMatch"
              }
            ],
            "responses": {
              "200": {
                "description": "The list and its items",
                "headers": {
                  "ETag": {
                    "$ref": "#/components/headers/ETag"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ChecklistWithItems"
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
            "operationId": "updateChecklist",
            "summary": "Rename a list or change its icon",
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
                    "$ref": "#/components/schemas/ChecklistChanges"
                  }
                }
              }
            },
            "responses": {
              "200": {
                "$ref": "#/components/responses/Checklist"
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
            "operationId": "deleteChecklist",
            "summary": "Delete a list and its items",
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
        "/api/v1/checklists/{id}/items": {
          "parameters": [
            {
              "$ref": "#/components/parameters/ListID"
            }
          ],
          "get": {
            "operationId": "listItems",
            "summary": "A list's items in order",
            "parameters": [
              {
                "$ref": "#/components/parameters/IfNoneMatch"
              }
            ],
            "responses": {
              "200": {
                "description": "The items",
                "headers": {
                  "ETag": {
                    "$ref": "#/components/headers/ETag"
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ItemCollection"
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
          "post": {
            "operationId": "addItem",
            "summary": "Add an item at the end of a list",
            "requestBody": {
              "required": true,
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/NewItem"
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
                      "$ref": "#/components/schemas/Item"
                    }
                  }
                },
                "links": {
                  "GetItem": {
                    "operationId": "getItem",
                    "parameters": {
                      "id": "$response.body#/id"
                    }
                  },
                  "UpdateItem": {
                    "operationId": "updateItem",
                    "parameters": {
                      "id": "$response.body#/id"
                    }
                  },
                  "DeleteItem": {
                    "operationId": "deleteItem",
                    "parameters": {
                      "id": "$response.body#/id"
                    }
                  },
                  "ToggleItem": {
                    "operationId": "toggleItem",
                    "parameters": {
                      "id": "$response.body#/id"
                    }
                  },
                  "MoveItem": {
                    "operationId": "moveItem",
                    "parameters": {
                      "id": "$response.body#/id"
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
        "/api/v1/items/{id}": {
          "parameters": [
            {
              "$ref": "#/components/parameters/ItemID"
            }
          ],
          "get": {
            "operationId": "getItem",
            "summary": "An item",
            "parameters": [
              {
                "$ref": "#/components/parameters/IfNoneMatch"
              }
            ],
            "responses": {
              "200": {
                "$ref": "#/components/responses/Item"
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
            "operationId": "updateItem",
            "summary": "Change an item's text, checkmark, due date or reminder",
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
                    "$ref": "#/components/schemas/ItemChanges"
                  }
                }
              }
            },
            "responses": {
              "200": {
                "$ref": "#/components/responses/Item"
              },
              "400": {
                "$ref": "#/components/responses/Problem"
              },
              "404": {
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
            "operationId": "deleteItem",
            "summary": "Delete an item",
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
        "/api/v1/items/{id}/toggle": {
          "parameters": [
            {
              "$ref": "#/components/parameters/ItemID"
            }
          ],
          "post": {
            "operationId": "toggleItem",
            "summary": "Flip an item's checkmark, as tapping its row does",
            "parameters": [
              {
                "$ref": "#/components/parameters/IfMatch"
              }
            ],
            "responses": {
              "200": {
                "$ref": "#/components/responses/Item"
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
        "/api/v1/items/{id}/move": {
          "parameters": [
            {
              "$ref": "#/components/parameters/ItemID"
            }
          ],
          "post": {
            "operationId": "moveItem",
            "summary": "Move an item to a position in its list",
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
                    "$ref": "#/components/schemas/Move"
                  }
                }
              }
            },
            "responses": {
              "200": {
                "$ref": "#/components/responses/Item"
              },
              "400": {
                "$ref": "#/components/responses/Problem"
              },
              "404": {
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
          }
        },
        "/api/v1/icons": {
          "get": {
            "operationId": "listIcons",
            "summary": "The ten icons, in Choose Icon's order",
            "responses": {
              "200": {
                "description": "The icons",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object",
                      "required": [
                        "icons"
                      ],
                      "additionalProperties": false,
                      "properties": {
                        "icons": {
                          "type": "array",
                          "items": {
                            "$ref": "#/components/schemas/Icon"
                          }
                        }
                      }
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Problem"
              }
            }
          }
        },
        "/api/v1/due": {
          "get": {
            "operationId": "listDueItems",
            "summary": "Unchecked items with Remind Me whose due date has come",
            "responses": {
              "200": {
                "description": "The items, soonest first",
                "content": {
                  "application/json": {
                    "schema": {
                      "$ref": "#/components/schemas/ItemCollection"
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Problem"
              }
            }
          }
        },
        "/api/v1/import": {
          "post": {
            "operationId": "importFile",
            "summary": "Import the iPhone app's Checklists.plist or a JSON backup",
            "parameters": [
              {
                "name": "mode",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string",
                  "enum": [
                    "merge",
                    "replace"
                  ],
                  "default": "merge"
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
                },
                "application/x-plist": {
                  "schema": {
                    "type": "string",
                    "format": "binary"
                  }
                },
                "application/json": {
                  "schema": {
                    "type": "object"
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
                      "$ref": "#/components/schemas/ImportReport"
                    }
                  }
                }
              },
              "400": {
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
        "/api/v1/export": {
          "get": {
            "operationId": "exportFile",
            "summary": "Every list as a JSON backup or the iPhone app's Checklists.plist",
            "parameters": [
              {
                "name": "format",
                "in": "query",
                "required": false,
                "schema": {
                  "type": "string",
                  "enum": [
                    "json",
                    "ios-plist"
                  ],
                  "default": "json"
                }
              }
            ],
            "responses": {
              "200": {
                "description": "The file",
                "headers": {
                  "Content-Disposition": {
                    "schema": {
                      "type": "string"
                    }
                  }
                },
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object"
                    }
                  },
                  "application/x-plist": {
                    "schema": {
                      "type": "string",
                      "format": "binary"
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
        "/api/v1/events": {
          "get": {
            "operationId": "events",
            "summary": "Live updates and reminders as Server-Sent Events",
            "parameters": [
              {
                "name": "Last-Event-ID",
                "in": "header",
                "required": false,
                "schema": {
                  "type": "string"
                }
              }
            ],
            "responses": {
              "200": {
                "description": "An endless event stream: 'change' and 'reminder' events",
                "content": {
                  "text/event-stream": {
                    "schema": {
                      "type": "string"
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Problem"
              }
            }
          }
        },
        "/api/openapi.json": {
          "get": {
            "operationId": "openAPI",
            "summary": "This document",
            "responses": {
              "200": {
                "description": "OpenAPI 3.1",
                "content": {
                  "application/json": {
                    "schema": {
                      "type": "object"
                    }
                  }
                }
              },
              "400": {
                "$ref": "#/components/responses/Problem"
              }
            }
          }
        },
    \#(shoppingPaths)
    \#(accountsPaths)
      }
    }
    """#
}
