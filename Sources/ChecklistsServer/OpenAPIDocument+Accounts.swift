/// The accounts routes' part of ``OpenAPIDocument/json``: the session and sharing, spliced
/// into the document's `paths` and `components`.
extension OpenAPIDocument {
  /// `/api/v1/session` and `/api/v1/shares`.
  static let accountsPaths = #"""
      ,
      "/api/v1/session": {
        "get": {
          "operationId": "getSession",
          "summary": "Who is signed in, and the anti-CSRF token a page sends with changes",
          "responses": {
            "200": {
              "description": "The signed-in user",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/Session"
                  }
                }
              }
            },
            "401": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "post": {
          "operationId": "signIn",
          "summary": "Sign in: sets the session cookie (HttpOnly, SameSite=Lax)",
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "user",
                    "password"
                  ],
                  "properties": {
                    "user": {
                      "type": "string"
                    },
                    "password": {
                      "type": "string"
                    }
                  }
                }
              }
            }
          },
          "responses": {
            "200": {
              "description": "Signed in",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/Session"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "401": {
              "$ref": "#/components/responses/Problem"
            },
            "403": {
              "$ref": "#/components/responses/Problem"
            },
            "409": {
              "$ref": "#/components/responses/Problem"
            },
            "415": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            },
            "429": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "delete": {
          "operationId": "signOut",
          "summary": "Sign out: ends the session and removes the cookie",
          "responses": {
            "204": {
              "description": "Signed out"
            },
            "403": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/shares": {
        "get": {
          "operationId": "getSharedWithMe",
          "summary": "The lists other users share with the signed-in user",
          "responses": {
            "200": {
              "description": "The shared lists",
              "content": {
                "application/json": {
                  "schema": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "lists"
                    ],
                    "properties": {
                      "lists": {
                        "type": "array",
                        "items": {
                          "$ref": "#/components/schemas/SharedList"
                        }
                      }
                    }
                  }
                }
              }
            },
            "401": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/shares/{listID}": {
        "parameters": [
          {
            "name": "listID",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "A checklist's or shopping list's id"
          }
        ],
        "get": {
          "operationId": "getListMembers",
          "summary": "Who one of your lists is shared with (owner only)",
          "responses": {
            "200": {
              "description": "The members",
              "content": {
                "application/json": {
                  "schema": {
                    "type": "object",
                    "additionalProperties": false,
                    "required": [
                      "members"
                    ],
                    "properties": {
                      "members": {
                        "type": "array",
                        "items": {
                          "$ref": "#/components/schemas/Member"
                        }
                      }
                    }
                  }
                }
              }
            },
            "401": {
              "$ref": "#/components/responses/Problem"
            },
            "403": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            }
          }
        },
        "delete": {
          "operationId": "leaveSharedList",
          "summary": "Leave a list someone shared with you",
          "responses": {
            "204": {
              "description": "Left"
            },
            "401": {
              "$ref": "#/components/responses/Problem"
            },
            "403": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/shares/{listID}/{user}": {
        "parameters": [
          {
            "name": "listID",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "A checklist's or shopping list's id"
          },
          {
            "name": "user",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "The other user's name"
          }
        ],
        "put": {
          "operationId": "shareList",
          "summary": "Share one of your lists with a user, or change their role",
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "role"
                  ],
                  "properties": {
                    "role": {
                      "$ref": "#/components/schemas/ShareRole"
                    }
                  }
                }
              }
            }
          },
          "responses": {
            "200": {
              "description": "Shared",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/Member"
                  }
                }
              }
            },
            "400": {
              "$ref": "#/components/responses/Problem"
            },
            "401": {
              "$ref": "#/components/responses/Problem"
            },
            "403": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
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
          "operationId": "unshareList",
          "summary": "Stop sharing one of your lists with a user",
          "responses": {
            "204": {
              "description": "No longer shared"
            },
            "401": {
              "$ref": "#/components/responses/Problem"
            },
            "403": {
              "$ref": "#/components/responses/Problem"
            },
            "404": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      }
    """#

  /// The session's and sharing's schemas.
  static let accountsSchemas = #"""
          ,
          "ShareRole": {
            "type": "string",
            "enum": [
              "viewer",
              "checker",
              "editor"
            ],
            "description": "viewer sees; checker also checks items off; editor also changes items"
          },
          "Session": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "user",
              "mode"
            ],
            "properties": {
              "user": {
                "type": "string"
              },
              "mode": {
                "type": "string",
                "enum": [
                  "single-user",
                  "accounts"
                ]
              },
              "csrfToken": {
                "type": "string",
                "description": "Send it as X-CSRF-Token with every change made with the session cookie"
              }
            }
          },
          "Member": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "user",
              "role"
            ],
            "properties": {
              "user": {
                "type": "string"
              },
              "role": {
                "$ref": "#/components/schemas/ShareRole"
              }
            }
          },
          "SharedList": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "id",
              "kind",
              "name",
              "owner",
              "role"
            ],
            "properties": {
              "id": {
                "type": "string",
                "format": "uuid"
              },
              "kind": {
                "type": "string",
                "enum": [
                  "checklist",
                  "shoppingList"
                ]
              },
              "name": {
                "type": "string"
              },
              "owner": {
                "type": "string"
              },
              "role": {
                "$ref": "#/components/schemas/ShareRole"
              }
            }
          }
    """#

  /// The properties a shared list carries in `Checklist` and `ShoppingList`.
  static let sharedListProperties = #"""
              "owner": {
                "type": "string",
                "description": "For a list someone shared with you: its owner"
              },
              "role": {
                "$ref": "#/components/schemas/ShareRole"
              },
    """#
}
