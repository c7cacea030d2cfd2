/// The accounts part of ``OpenAPIDocument/legacyComponents``: the session, API tokens, remote
/// command lines and sharing.
extension OpenAPIDocument {
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
