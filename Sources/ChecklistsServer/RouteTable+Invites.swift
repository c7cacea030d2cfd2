import ChecklistsCore
import HTTPServer

extension RouteTable {
  /// Invite links, under `/api/v1`: the owner's routes under each kind of list and
  /// `/invites/{inviteID}`, and the routes of whoever holds a link under
  /// `/invitations/{token}` (no session needed to read it or to sign up through it).
  static func inviteRoutes(_ routes: inout RouteGroup) {
    let lists: [(String, OpenAPIParameter, String, Change.Scope, String)] = [
      ("/checklists/{id}/invites", .component("ListID"), "id", .checklist, "Checklist"),
      (
        "/shopping-lists/{listID}/invites", .component("ShoppingListID"), "listID",
        .shoppingList, "ShoppingList"
      ),
    ]
    for (path, parameter, name, kind, operation) in lists {
      routes.group(path, parameters: [parameter]) { routes in
        routes.on(
          "GET",
          OpenAPIOperation(
            "list\(operation)Invites",
            "The invite links of one of your lists that were not revoked, newest first (owner only)",
            responses: [200: .json("The invites", "InviteCollection")].problems(400, 401, 403, 404)
          ), access: .listRole(.owner)
        ) { context, _, p in
          try context.invites.list(p[name], kind: kind, identity: context.signedIn())
        }
        routes.on(
          "POST",
          OpenAPIOperation(
            "create\(operation)Invite",
            "Make an invite link to one of your lists: a role, an expiry, one use or several (owner only)",
            request: .json("NewInvite"),
            responses: [
              201: .json("The invite and its link, shown this once", "CreatedInvite"),
              200: .json(
                "The invite an earlier create with the same clientID made, with a new link",
                "CreatedInvite"),
            ].problems(400, 401, 403, 404, 409, 413, 415, 422)), access: .listRole(.owner)
        ) { context, request, p in
          try context.invites.create(request, p[name], kind: kind, identity: context.signedIn())
        }
      }
    }
    routes.group(
      "/invites/{inviteID}",
      parameters: [
        .named(
          "inviteID", in: "path", required: true,
          description: "An invite's id, from GET …/invites")
      ]
    ) { routes in
      routes.on(
        "DELETE",
        OpenAPIOperation(
          "revokeInvite", "Revoke one of your invite links: it stops working and says so",
          responses: [204: .empty("Revoked")].problems(401, 403, 404))
      ) { context, _, p in try context.invites.revoke(p["inviteID"], identity: context.signedIn()) }
    }
    let token = OpenAPIParameter.named(
      "token", in: "path", required: true, description: "The token of an invite link")
    routes.group("/invitations/{token}", parameters: [token], access: .public) { routes in
      routes.on(
        "GET",
        OpenAPIOperation(
          "getInvitation",
          "What an invite link is for: the list, who invites, the role, whether it still works (no session needed)",
          responses: [200: .json("The invitation", "Invitation")].problems(404))
      ) { context, _, p in try context.invites.info(p["token"]) }
    }
    routes.group("/invitations/{token}/accept", parameters: [token]) { routes in
      routes.on(
        "POST",
        OpenAPIOperation(
          "acceptInvitation",
          "Join the list of an invite link as the signed-in user; a member already stays as they are",
          responses: [200: .json("The list joined", "AcceptedInvitation")].problems(
            401, 403, 404, 409, 410))
      ) { context, _, p in try context.invites.accept(p["token"], identity: context.signedIn()) }
    }
    routes.group("/invitations/{token}/sign-up", parameters: [token], access: .public) {
      routes in
      routes.on(
        "POST",
        OpenAPIOperation(
          "signUpByInvitation",
          "Make an account through an invite link: signs in (sets the session cookie) and joins the list",
          request: .json(inline: [
            "additionalProperties": false,
            "properties": [
              "password": [
                "description": "At least 8 characters, not the user name", "type": "string",
              ],
              "username": ["description": "Letters a–z, digits, '.', '-', '_'", "type": "string"],
            ],
            "required": ["username", "password"], "type": "object",
          ]),
          responses: [201: .json("Signed up, signed in and joined", "SignedUp")].problems(
            400, 403, 404, 409, 410, 413, 415, 422, 429))
      ) { context, request, p in try context.invites.signUp(request, p["token"]) }
    }
  }
}
