import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import ChecklistsStore
import Foundation
import HTTPServer
import WebPush

/// `/api/v1/push`: the server's VAPID public key, and the browsers' push subscriptions
/// (docs/PUSH.md). The routes are declared in ``RouteTable``.
struct PushRoutes: Sendable {
  /// The most subscriptions a user keeps (phones, laptops, browsers); the oldest go first.
  static let subscriptionLimit = 20

  let store: any ChecklistsDatabase
  /// The VAPID public key, base64url: what browsers subscribe with.
  let publicKey: String
  /// The endpoints the server may post to.
  let endpoints: PushEndpoint
  let now: @Sendable () -> Date

  /// What the key route answers.
  struct KeyJSON: Encodable {
    var publicKey: String
  }

  /// What subscribing answers.
  struct SubscribedJSON: Encodable {
    var endpoint: String
  }

  /// GET `key`: the public key for `PushManager.subscribe({applicationServerKey})`.
  func key() throws -> HTTPResponse {
    try HTTPResponse.json(KeyJSON(publicKey: publicKey))
  }

  /// POST `subscriptions`: saves the browser's subscription (`PushSubscription.toJSON()`) for
  /// the signed-in user: 201 when new, 200 when the endpoint was known (keys and owner updated).
  func subscribe(_ request: HTTPRequest, identity: Identity) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: PushSchemas.subscription)
    let endpoint = try body.requiredString("endpoint")
    let fields = try Self.fields(of: request)
    guard case .object(let keys)? = fields["keys"] else {
      throw APIError.unprocessable(
        MessageText("server.api.fieldKeysRequired"))
    }
    var expiration: Date?
    switch fields["expirationTime"] {
    case nil, .null?: break
    case .number(let milliseconds)? where milliseconds.isFinite && milliseconds >= 0:
      expiration = Date(timeIntervalSince1970: milliseconds / 1000)
    case let other?:
      throw APIError.unprocessable(
        MessageText("server.api.fieldExpirationtimeMust", ["kindName": "\(other.kindName)"]))
    }
    // Each field's type was checked above, before any field's content: a wrong type is named.
    do {
      _ = try endpoints.check(endpoint)
    } catch let error as WebPushError {
      throw APIError.unprocessable(
        MessageText("server.api.fieldEndpointRefused", ["errorMessage": "\(error.message)"]))
    }
    if let unknown = keys.keys.filter({ $0 != "p256dh" && $0 != "auth" }).sorted().first {
      throw APIError.unprocessable(
        MessageText("server.api.unknownFieldKeys", ["unknown": "\(unknown)"]))
    }
    guard case .string(let p256dh)? = keys["p256dh"] else {
      throw APIError.unprocessable(MessageText("server.api.p256dhRequired"))
    }
    guard case .string(let auth)? = keys["auth"] else {
      throw APIError.unprocessable(MessageText("server.api.authRequired"))
    }
    do {
      _ = try P256PublicKey(base64URL: p256dh)
    } catch let error as WebPushError {
      throw APIError.unprocessable(
        MessageText("server.api.p256dhInvalid", ["errorMessage": "\(error.message)"]))
    }
    guard Base64URL.decode(auth)?.count == 16 else {
      throw APIError.unprocessable(MessageText("server.api.authLength"))
    }
    let created = try store.savePushSubscription(
      PushSubscription(
        endpoint: endpoint, p256dh: p256dh, auth: auth, userID: identity.user.id,
        expirationTime: expiration, subscribedAt: now()),
      limit: Self.subscriptionLimit)
    var response = try HTTPResponse.json(
      SubscribedJSON(endpoint: endpoint), status: created ? 201 : 200)
    response.headers["Cache-Control"] = "no-store"
    return response
  }

  /// POST `subscriptions/delete`: forgets one of the signed-in user's subscriptions (the
  /// browser unsubscribed); 204 also when there was none.
  func unsubscribe(_ request: HTTPRequest, identity: Identity) throws -> HTTPResponse {
    let body = try RequestBody(request, schema: PushSchemas.unsubscription)
    let endpoint = try body.requiredString("endpoint")
    try store.deletePushSubscription(endpoint: endpoint, userID: identity.user.id)
    return HTTPResponse(status: 204)
  }

  /// The body's fields again, for the nested `keys` object that ``RequestBody`` does not read
  /// (it has checked the content type, the syntax and the top-level names already).
  private static func fields(of request: HTTPRequest) throws -> [String: JSONValue] {
    guard
      case .object(let fields) = try JSONDecoder().decode(JSONValue.self, from: Data(request.body))
    else { throw APIError.unprocessable(MessageText("server.api.requestBodyMust")) }
    return fields
  }
}

/// The push routes' request bodies, declared once: ``RequestBody`` reads them and the OpenAPI
/// document shows them.
enum PushSchemas {
  /// `POST /api/v1/push/subscriptions`: the browser's `PushSubscription.toJSON()`.
  static let subscription = JSONSchema.object(
    properties: [
      "endpoint": .string(description: "The push service's URL for this browser (https://)"),
      "keys": .object(
        properties: [
          "p256dh": .string(
            description: "The browser's P-256 public key, base64url (uncompressed point)"),
          "auth": .string(description: "The browser's 16-byte auth secret, base64url"),
        ], required: ["p256dh", "auth"]),
      "expirationTime": {
        var schema = JSONSchema()
        schema.types = [.number, .null]
        schema.description = "When the subscription ends, in milliseconds since 1970, or null"
        return schema
      }(),
    ],
    required: ["endpoint", "keys"])

  /// `POST /api/v1/push/subscriptions/delete`.
  static let unsubscription = JSONSchema.object(
    properties: ["endpoint": .string()], required: ["endpoint"])

  /// A schema as the OpenAPI document writes it.
  static func json(_ schema: JSONSchema) -> JSONValue {
    // JSONSchema encodes as the JSON Schema object; JSONValue reads any JSON back.
    try! JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(schema))
  }
}
