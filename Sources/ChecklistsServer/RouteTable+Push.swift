import ChecklistsInterop
import ChecklistsMessages
import HTTPServer

extension RouteTable {
  /// Web Push under `/api/v1/push`: the server's key and the browsers' subscriptions.
  static func pushRoutes(_ routes: inout RouteGroup) {
    routes.group("/push/key") { routes in
      routes.on(
        "GET",
        OpenAPIOperation(
          "getPushKey",
          "The server's VAPID public key (base64url, uncompressed P-256 point): the applicationServerKey browsers subscribe with",
          responses: [
            200: .json(
              "The key",
              inline: [
                "additionalProperties": false,
                "properties": ["publicKey": ["type": "string"]],
                "required": ["publicKey"], "type": "object",
              ])
          ].problems(401, 503))
      ) { context, _, _ in try context.push().key() }
    }
    routes.group("/push/subscriptions") { routes in
      routes.on(
        "POST",
        OpenAPIOperation(
          "subscribeToPush",
          "Send the signed-in user's reminders to this browser: the body is PushSubscription.toJSON(); at most 20 a user (the oldest go)",
          request: .json(inline: PushSchemas.json(PushSchemas.subscription)),
          responses: [
            201: .json("Subscribed", inline: subscribedSchema),
            200: .json("Already subscribed: keys and owner updated", inline: subscribedSchema),
          ].problems(400, 401, 403, 413, 415, 422, 503))
      ) { context, request, _ in
        try context.push().subscribe(request, identity: context.signedIn())
      }
    }
    routes.group("/push/subscriptions/delete") { routes in
      routes.on(
        "POST",
        OpenAPIOperation(
          "unsubscribeFromPush",
          "Stop sending reminders to this browser (one of the signed-in user's subscriptions)",
          request: .json(inline: PushSchemas.json(PushSchemas.unsubscription)),
          responses: [204: .empty("Unsubscribed (also when it was not subscribed)")].problems(
            400, 401, 403, 413, 415, 422, 503))
      ) { context, request, _ in
        try context.push().unsubscribe(request, identity: context.signedIn())
      }
    }
  }

  private static let subscribedSchema: JSONValue = [
    "additionalProperties": false,
    "properties": ["endpoint": ["type": "string"]],
    "required": ["endpoint"], "type": "object",
  ]
}

extension RouteContext {
  /// `/api/v1/push`'s handlers.
  /// - Throws: 503 when the server was made without Web Push (a test's gateway).
  func push() throws -> PushRoutes {
    guard let push = gateway.push else {
      throw APIError(status: 503, detail: MessageCatalogue.english.text("server.api.webPushSet"))
    }
    return push
  }
}
