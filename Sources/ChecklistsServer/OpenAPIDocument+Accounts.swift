/// The accounts routes' part of ``OpenAPIDocument/pathsText``: the session, API tokens, remote
/// command lines and sharing, spliced into the document's `paths`.
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
}
