import HTTPServer

/// The OpenAPI 3.1 description of the API at `/api/openapi.json`: its `paths` come from the
/// ``RouteTable`` (every documented route), its `components` from ``OpenAPIComponents``, so it
/// describes exactly the routes the server has (CI checks it against the live server with
/// schemathesis).
enum OpenAPIDocument {
  static let response = HTTPResponse(
    status: 200, headers: ["Content-Type": "application/json"], body: document.sortedJSONBytes)

  /// The whole document.
  static var document: JSONValue {
    [
      "openapi": "3.1.0",
      "info": [
        "title": "Checklists API",
        "version": "1.0.0",
        "description": .string(
          "Checklists and reminders, and shopping: a catalogue with prices and shopping lists. "
            + "Every resource has an ETag; writes accept If-Match and answer 412 when it is "
            + "stale. Errors are application/problem+json (RFC 9457). Every path answers 421 "
            + "to a Host that is not the server's own (localhost, an IP address at its port, "
            + "or a --public-url host). See docs/API.md."),
      ],
      "servers": [["url": "/"]],
      "paths": RouteTable.server.openAPIPaths,
      "components": OpenAPIComponents.json,
    ]
  }

  /// The hand-written `components`, read by ``OpenAPIComponents`` until they are generated.
  static let legacyComponents = #"""
    {
        "parameters": {
          "ListID": {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "A list's id (UUID)",
            "schema": {
              "type": "string"
            }
          },
          "ItemID": {
            "name": "id",
            "in": "path",
            "required": true,
            "description": "An item's id (UUID)",
            "schema": {
              "type": "string"
            }
          },
          "IfMatch": {
            "name": "If-Match",
            "in": "header",
            "required": false,
            "description": "The ETag the change is made against; 412 if the resource moved on",
            "schema": {
              "type": "string"
            }
          },
          "IfNoneMatch": {
            "name": "If-None-Match",
            "in": "header",
            "required": false,
            "description": "An ETag the client has; 304 if it is still current",
            "schema": {
              "type": "string"
            }
          },
    \#(shoppingParameters)
        },
        "headers": {
          "ETag": {
            "description": "The resource's version",
            "schema": {
              "type": "string"
            }
          }
        },
        "responses": {
          "Problem": {
            "description": "An error",
            "content": {
              "application/problem+json": {
                "schema": {
                  "$ref": "#/components/schemas/Problem"
                }
              }
            }
          },
          "NotModified": {
            "description": "The client's copy is current",
            "headers": {
              "ETag": {
                "$ref": "#/components/headers/ETag"
              }
            }
          },
          "Item": {
            "description": "The item",
            "headers": {
              "ETag": {
                "$ref": "#/components/headers/ETag"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Item"
                }
              }
            }
          },
          "Checklist": {
            "description": "The list",
            "headers": {
              "ETag": {
                "$ref": "#/components/headers/ETag"
              }
            },
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/Checklist"
                }
              }
            }
          },
    \#(shoppingResponses)
        },
        "schemas": {
          "Icon": {
            "type": "string",
            "enum": [
              "No Icon",
              "Appointments",
              "Birthdays",
              "Chores",
              "Drinks",
              "Folder",
              "Groceries",
              "Inbox",
              "Photos",
              "Trips"
            ]
          },
          "Timestamp": {
            "type": "string",
            "format": "date-time"
          },
          "Checklist": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "id",
              "name",
              "icon",
              "itemCount",
              "remainingCount",
              "subtitle",
              "revision",
              "createdAt",
              "updatedAt"
            ],
            "properties": {
    \#(sharedListProperties)
              "id": {
                "type": "string",
                "format": "uuid"
              },
              "name": {
                "type": "string",
                "minLength": 1
              },
              "icon": {
                "$ref": "#/components/schemas/Icon"
              },
              "itemCount": {
                "type": "integer",
                "minimum": 0
              },
              "remainingCount": {
                "type": "integer",
                "minimum": 0
              },
              "subtitle": {
                "type": "string"
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
          "Item": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "id",
              "checklistID",
              "text",
              "checked",
              "dueDate",
              "remind",
              "reminderDate",
              "revision",
              "createdAt",
              "updatedAt"
            ],
            "properties": {
              "id": {
                "type": "string",
                "format": "uuid"
              },
              "checklistID": {
                "type": "string",
                "format": "uuid"
              },
              "checklist": {
                "type": "string"
              },
              "text": {
                "type": "string",
                "minLength": 1
              },
              "checked": {
                "type": "boolean"
              },
              "dueDate": {
                "oneOf": [
                  {
                    "$ref": "#/components/schemas/Timestamp"
                  },
                  {
                    "type": "null"
                  }
                ]
              },
              "remind": {
                "type": "boolean"
              },
              "reminderDate": {
                "oneOf": [
                  {
                    "$ref": "#/components/schemas/Timestamp"
                  },
                  {
                    "type": "null"
                  }
                ]
              },
              "revision": {
                "type": "integer"
              },
              "createdAt": {
                "$ref": "#/components/schemas/Timestamp"
              },
              "updatedAt": {
                "$ref": "#/components/schemas/Timestamp"
              }
            }
          },
          "ChecklistCollection": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "checklists"
            ],
            "properties": {
              "checklists": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Checklist"
                }
              }
            }
          },
          "ChecklistWithItems": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "checklist",
              "items"
            ],
            "properties": {
              "checklist": {
                "$ref": "#/components/schemas/Checklist"
              },
              "items": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Item"
                }
              }
            }
          },
          "ItemCollection": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "items"
            ],
            "properties": {
              "items": {
                "type": "array",
                "items": {
                  "$ref": "#/components/schemas/Item"
                }
              }
            }
          },
          "NewChecklist": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "name"
            ],
            "properties": {
              "name": {
                "$ref": "#/components/schemas/Text"
              },
              "icon": {
                "$ref": "#/components/schemas/Icon"
              }
            }
          },
          "ChecklistChanges": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "name": {
                "$ref": "#/components/schemas/Text"
              },
              "icon": {
                "$ref": "#/components/schemas/Icon"
              }
            }
          },
          "NewItem": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "text"
            ],
            "properties": {
              "text": {
                "$ref": "#/components/schemas/Text"
              },
              "dueDate": {
                "oneOf": [
                  {
                    "$ref": "#/components/schemas/Timestamp"
                  },
                  {
                    "type": "null"
                  }
                ]
              },
              "remind": {
                "type": "boolean",
                "description": "Needs a due date"
              },
              "checked": {
                "type": "boolean"
              }
            }
          },
          "ItemChanges": {
            "type": "object",
            "additionalProperties": false,
            "properties": {
              "text": {
                "$ref": "#/components/schemas/Text"
              },
              "checked": {
                "type": "boolean"
              },
              "dueDate": {
                "oneOf": [
                  {
                    "$ref": "#/components/schemas/Timestamp"
                  },
                  {
                    "type": "null"
                  }
                ]
              },
              "remind": {
                "type": "boolean"
              }
            }
          },
          "Move": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "index"
            ],
            "properties": {
              "index": {
                "type": "integer",
                "minimum": 0,
                "description": "The 0-based position the item ends at; clamped to the list"
              }
            }
          },
          "ImportReport": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "listsCreated",
              "listsUpdated",
              "itemsAdded",
              "itemsUpdated",
              "itemsUnchanged",
              "itemsRemoved",
              "itemsSkipped",
              "summary"
            ],
            "properties": {
              "listsCreated": {
                "type": "integer"
              },
              "listsUpdated": {
                "type": "integer"
              },
              "itemsAdded": {
                "type": "integer"
              },
              "itemsUpdated": {
                "type": "integer"
              },
              "itemsUnchanged": {
                "type": "integer"
              },
              "itemsRemoved": {
                "type": "integer"
              },
              "itemsSkipped": {
                "type": "integer"
              },
              "summary": {
                "type": "string"
              }
            }
          },
          "Problem": {
            "type": "object",
            "required": [
              "type",
              "title",
              "status",
              "detail"
            ],
            "properties": {
              "type": {
                "type": "string"
              },
              "title": {
                "type": "string"
              },
              "status": {
                "type": "integer"
              },
              "detail": {
                "type": "string"
              }
            }
          },
          "Text": {
            "type": "string",
            "pattern": "^[^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*[^\\s\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029\\u00AD\\u034F\\u061C\\u115F\\u1160\\u17B4\\u17B5\\u180B-\\u180F\\u200B-\\u200F\\u202A-\\u202E\\u2060-\\u206F\\u3164\\uFE00-\\uFE0F\\uFEFF\\uFFA0\\uFFF0-\\uFFF8][^\\u0000-\\u001F\\u007F-\\u009F\\u2028\\u2029]*$",
            "description": "One line of text: trimmed of white space at both ends, at least one visible character, no control characters or line breaks. Items hold at most 1,000 characters and list names 200 (characters as people see them)."
          },
    \#(shoppingSchemas)
    \#(accountsSchemas)
        }
      }
    """#
}
