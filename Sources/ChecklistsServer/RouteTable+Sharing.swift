import HTTPServer

extension RouteTable {
  /// The routes for sharing lists with other users, under `/api/v1`.
  static func sharingRoutes(_ routes: inout RouteGroup) {
    routes.group("/shares") { routes in
      routes.api(
        "GET",
        OpenAPIOperation(
          "getSharedWithMe", "The lists other users share with the signed-in user",
          responses: [
            200: .json(
              "The shared lists",
              inline: [
                "additionalProperties": false,
                "properties": [
                  "lists": ["items": ["$ref": "#/components/schemas/SharedList"], "type": "array"]
                ], "required": ["lists"], "type": "object",
              ])
          ].problems(401))
      ) { api, _, _ in try api.sharedWithMe() }
    }
    routes.group(
      "/shares/{listID}",
      parameters: [
        .named(
          "listID", in: "path", required: true, description: "A checklist's or shopping list's id")
      ]
    ) { routes in
      routes.api(
        "DELETE",
        OpenAPIOperation(
          "leaveSharedList", "Leave a list someone shared with you",
          responses: [204: .empty("Left")].problems(401, 403, 404)), access: .listRole(.viewer)
      ) { api, _, p in try api.leave(p["listID"]) }
      routes.api(
        "GET",
        OpenAPIOperation(
          "getListMembers", "Who one of your lists is shared with (owner only)",
          responses: [
            200: .json(
              "The members",
              inline: [
                "additionalProperties": false,
                "properties": [
                  "members": ["items": ["$ref": "#/components/schemas/Member"], "type": "array"]
                ], "required": ["members"], "type": "object",
              ])
          ].problems(401, 403, 404)), access: .listRole(.owner)
      ) { api, _, p in try api.members(p["listID"]) }
    }
    routes.group(
      "/shares/{listID}/{user}",
      parameters: [
        .named(
          "listID", in: "path", required: true, description: "A checklist's or shopping list's id"),
        .named("user", in: "path", required: true, description: "The other user's name"),
      ]
    ) { routes in
      routes.api(
        "DELETE",
        OpenAPIOperation(
          "unshareList", "Stop sharing one of your lists with a user",
          responses: [204: .empty("No longer shared")].problems(401, 403, 404)),
        access: .listRole(.owner)
      ) { api, _, p in try api.unshare(p["listID"], p["user"]) }
      routes.api(
        "PUT",
        OpenAPIOperation(
          "shareList", "Share one of your lists with a user, or change their role",
          request: .json(inline: [
            "additionalProperties": false,
            "properties": ["role": ["$ref": "#/components/schemas/ShareRole"]],
            "required": ["role"], "type": "object",
          ]), responses: [200: .json("Shared", "Member")].problems(400, 401, 403, 404, 415, 422)),
        access: .listRole(.owner)
      ) { api, request, p in try api.share(request, p["listID"], p["user"]) }
    }
  }
}
