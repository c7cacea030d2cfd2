import HTTPServer

extension RouteTable {
  /// The routes for signing in and out, API tokens and remote command lines, under `/api/v1`.
  static func accountsRoutes(_ routes: inout RouteGroup) {
    routes.group("/cli") { routes in
      routes.on(
        "POST",
        OpenAPIOperation(
          "runCommand",
          "Run a checklists command line as the signed-in user; files travel in the request and the answer",
          request: .json("RemoteCommand"),
          responses: [
            200: .json(
              "How the command ended (also when it failed: see exitCode)", "RemoteCommandResult")
          ].problems(400, 401, 403, 404, 413, 415, 422)), bodyLimit: .upload
      ) { context, request, _ in try context.runCommand(request) }
    }
    routes.group("/session") { routes in
      routes.on(
        "DELETE",
        OpenAPIOperation(
          "signOut", "Sign out: ends the session and removes the cookie",
          responses: [204: .empty("Signed out")].problems(403)), access: .public
      ) { context, request, _ in try context.session.signOut(request) }
      routes.on(
        "GET",
        OpenAPIOperation(
          "getSession", "Who is signed in, and the anti-CSRF token a page sends with changes",
          responses: [200: .json("The signed-in user", "Session")].problems(401))
      ) { context, request, _ in try context.session.current(request, identity: context.signedIn())
      }
      routes.on(
        "POST",
        OpenAPIOperation(
          "signIn", "Sign in: sets the session cookie (HttpOnly, SameSite=Lax)",
          request: .json(inline: [
            "additionalProperties": false,
            "properties": ["password": ["type": "string"], "user": ["type": "string"]],
            "required": ["user", "password"], "type": "object",
          ]),
          responses: [200: .json("Signed in", "Session")].problems(
            400, 401, 403, 409, 415, 422, 429)), access: .public
      ) { context, request, _ in try context.session.signIn(request) }
    }
    routes.group("/tokens") { routes in
      routes.on(
        "GET",
        OpenAPIOperation(
          "listTokens",
          "The signed-in user's API tokens (never the tokens themselves); 'current' marks the one this request came with",
          responses: [200: .json("The tokens, oldest first", "TokenList")].problems(401))
      ) { context, request, _ in try context.tokens.list(request, identity: context.signedIn()) }
      routes.on(
        "POST",
        OpenAPIOperation(
          "createToken",
          "Sign a command line in ('checklists login'): checks the password as signing in does and answers a new API token",
          request: .json(inline: [
            "additionalProperties": false,
            "properties": [
              "name": [
                "description":
                  "The token's name (default \"checklists\"); a name the user already has gets \" (2)\", \" (3)\"…",
                "type": "string",
              ], "password": ["type": "string"], "user": ["type": "string"],
            ], "required": ["user", "password"], "type": "object",
          ]),
          responses: [201: .json("The new token, shown this once", "CreatedToken")].problems(
            400, 401, 403, 409, 413, 415, 422, 429)), access: .public
      ) { context, request, _ in try context.tokens.create(request) }
    }
    routes.group("/tokens/current") { routes in
      routes.on(
        "DELETE",
        OpenAPIOperation(
          "revokeCurrentToken",
          "Sign a command line out ('checklists logout'): revokes the API token sent in 'Authorization: Bearer'",
          responses: [204: .empty("Revoked")].problems(401, 403, 422))
      ) { context, request, _ in
        try context.tokens.revokeCurrent(request, identity: context.signedIn())
      }
    }
    routes.group(
      "/tokens/{tokenID}",
      parameters: [
        .named(
          "tokenID", in: "path", required: true,
          description: "A token's id, from GET /api/v1/tokens")
      ]
    ) { routes in
      routes.on(
        "DELETE",
        OpenAPIOperation(
          "revokeToken",
          "Revoke one of the signed-in user's tokens, such as a lost laptop's command line",
          responses: [204: .empty("Revoked")].problems(401, 403, 404, 422))
      ) { context, _, p in try context.tokens.revoke(p["tokenID"], identity: context.signedIn()) }
    }
  }
}
