/// The accounts routes' part of ``OpenAPIDocument/json``: the session, API tokens, remote
/// command lines and sharing, spliced into the document's `paths` and `components`.
extension OpenAPIDocument {
  /// `/api/v1/session`, `/api/v1/tokens`, `/api/v1/cli` and `/api/v1/shares`.
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
      "/api/v1/tokens": {
        "get": {
          "operationId": "listTokens",
          "summary": "The signed-in user's API tokens (never the tokens themselves); 'current' marks the one this request came with",
          "responses": {
            "200": {
              "description": "The tokens, oldest first",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/TokenList"
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
          "operationId": "createToken",
          "summary": "Sign a command line in ('checklists login'): checks the password as signing in does and answers a new API token",
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
                    },
                    "name": {
                      "type": "string",
                      "description": "The token's name (default \"checklists\"); a name the user already has gets \" (2)\", \" (3)\"…"
                    }
                  }
                }
              }
            }
          },
          "responses": {
            "201": {
              "description": "The new token, shown this once",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/CreatedToken"
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
            "413": {
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
        }
      },
      "/api/v1/tokens/current": {
        "delete": {
          "operationId": "revokeCurrentToken",
          "summary": "Sign a command line out ('checklists logout'): revokes the API token sent in 'Authorization: Bearer'",
          "responses": {
            "204": {
              "description": "Revoked"
            },
            "401": {
              "$ref": "#/components/responses/Problem"
            },
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/tokens/{tokenID}": {
        "parameters": [
          {
            "name": "tokenID",
            "in": "path",
            "required": true,
            "schema": {
              "type": "string"
            },
            "description": "A token's id, from GET /api/v1/tokens"
          }
        ],
        "delete": {
          "operationId": "revokeToken",
          "summary": "Revoke one of the signed-in user's tokens, such as a lost laptop's command line",
          "responses": {
            "204": {
              "description": "Revoked"
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
            "422": {
              "$ref": "#/components/responses/Problem"
            }
          }
        }
      },
      "/api/v1/cli": {
        "post": {
          "operationId": "runCommand",
          "summary": "Run a checklists command line as the signed-in user; files travel in the request and the answer",
          "requestBody": {
            "required": true,
            "content": {
              "application/json": {
                "schema": {
                  "$ref": "#/components/schemas/RemoteCommand"
                }
              }
            }
          },
          "responses": {
            "200": {
              "description": "How the command ended (also when it failed: see exitCode)",
              "content": {
                "application/json": {
                  "schema": {
                    "$ref": "#/components/schemas/RemoteCommandResult"
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

  /// The schemas of the session, API tokens, remote command lines and sharing.
  static let accountsSchemas = #"""
          ,
          "TokenList": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "tokens"
            ],
            "properties": {
              "tokens": {
                "type": "array",
                "items": {
                  "type": "object",
                  "additionalProperties": false,
                  "required": [
                    "id",
                    "name",
                    "createdAt",
                    "current"
                  ],
                  "properties": {
                    "id": {
                      "type": "string",
                      "format": "uuid"
                    },
                    "name": {
                      "type": "string"
                    },
                    "createdAt": {
                      "type": "string",
                      "format": "date-time"
                    },
                    "lastUsedAt": {
                      "type": [
                        "string",
                        "null"
                      ],
                      "format": "date-time"
                    },
                    "current": {
                      "type": "boolean"
                    }
                  }
                }
              }
            }
          },
          "CreatedToken": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "id",
              "name",
              "user",
              "token"
            ],
            "properties": {
              "id": {
                "type": "string",
                "format": "uuid"
              },
              "name": {
                "type": "string",
                "minLength": 1
              },
              "user": {
                "type": "string"
              },
              "token": {
                "type": "string",
                "pattern": "^ckl_",
                "description": "Send it as 'Authorization: Bearer <token>'; it is shown only this once"
              }
            }
          },
          "Base64": {
            "type": "string",
            "contentEncoding": "base64",
            "pattern": "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"
          },
          "RemoteCommand": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "arguments"
            ],
            "properties": {
              "arguments": {
                "type": "array",
                "items": {
                  "type": "string"
                },
                "description": "The command line without the program name, as typed: [\"items\", \"Groceries\"]"
              },
              "files": {
                "type": [
                  "object",
                  "null"
                ],
                "additionalProperties": {
                  "$ref": "#/components/schemas/Base64"
                },
                "description": "The bytes of the files the command reads, by the path typed ('-' is standard input); the server reads no files of its own"
              },
              "answers": {
                "type": [
                  "object",
                  "null"
                ],
                "additionalProperties": {
                  "type": "boolean"
                },
                "description": "Questions the person has answered, by their text (a result's 'question')"
              },
              "timeZone": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The client's time zone identifier (default GMT)"
              },
              "locale": {
                "type": [
                  "string",
                  "null"
                ],
                "description": "The client's locale identifier, for prices (default en_US_POSIX)"
              },
              "outputIsTerminal": {
                "type": [
                  "boolean",
                  "null"
                ],
                "description": "Whether the client's standard output is a terminal (default false)"
              }
            }
          },
          "RemoteCommandResult": {
            "type": "object",
            "additionalProperties": false,
            "required": [
              "exitCode",
              "standardOutput",
              "standardError",
              "files"
            ],
            "properties": {
              "exitCode": {
                "type": "integer",
                "description": "0 success, 1 failure, 64 usage error"
              },
              "standardOutput": {
                "$ref": "#/components/schemas/Base64"
              },
              "standardError": {
                "$ref": "#/components/schemas/Base64"
              },
              "files": {
                "type": "object",
                "additionalProperties": {
                  "$ref": "#/components/schemas/Base64"
                },
                "description": "The files the command wrote, by the path typed: the client writes them"
              },
              "question": {
                "type": "string",
                "description": "A question the command stopped at, having changed nothing: send the command again with the answer in 'answers'"
              }
            }
          },
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
