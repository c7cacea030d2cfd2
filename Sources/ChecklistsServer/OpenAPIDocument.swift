import HTTPServer

/// The OpenAPI 3.1 description of the API at `/api/openapi.json`: exactly the routes, bodies,
/// statuses and headers the server has (CI checks it against the live server with schemathesis).
enum OpenAPIDocument {
  static let response = HTTPResponse(
    status: 200, headers: ["Content-Type": "application/json"], body: Array(json.utf8))

  static let json = #"""
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
      },
      "components": {
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
    }
    """#
}
