import ChecklistsCore
import ChecklistsMessages
import ChecklistsStore
import Foundation
import SQLDatabase

/// Web Push subscriptions and the server's keys, shared by every instance on the database.
extension SQLChecklistStore: PushSubscriptionStore {
  /// v15: a row per browser subscription, and a row per server key (the VAPID key pair).
  /// Written in SQL both engines run; then the text columns compare as bytes (collation "C"
  /// on PostgreSQL, which SQLite's TEXT does already).
  static func migrateToPushSubscriptions(_ db: any SQLConnection) throws {
    try db.execute(
      """
      CREATE TABLE push_subscriptions (
        endpoint TEXT PRIMARY KEY NOT NULL,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        p256dh TEXT NOT NULL,
        auth TEXT NOT NULL,
        -- Seconds since 2001, as every date in the schema.
        expiration_time DOUBLE PRECISION,
        subscribed_at DOUBLE PRECISION NOT NULL);
      CREATE INDEX push_subscriptions_by_user ON push_subscriptions(user_id, subscribed_at);

      CREATE TABLE server_keys (
        name TEXT PRIMARY KEY NOT NULL,
        value TEXT NOT NULL);
      """)
    let byteOrder = [
      db.dialect.textInByteOrder("push_subscriptions", ["endpoint", "user_id", "p256dh", "auth"]),
      db.dialect.textInByteOrder("server_keys", ["name", "value"]),
    ].filter { !$0.isEmpty }.joined(separator: "\n")
    if !byteOrder.isEmpty { try db.execute(byteOrder) }
  }

  public func savePushSubscription(_ subscription: PushSubscription, limit: Int) throws -> Bool {
    precondition(limit > 0, "a user keeps at least one subscription")
    do {
      return try queue.write { db in
        let existed =
          try db.queryFirst(
            "SELECT 1 FROM push_subscriptions WHERE endpoint = ?", subscription.endpoint,
            map: { _ in true }) ?? false
        try db.run(
          """
          INSERT INTO push_subscriptions
            (endpoint, user_id, p256dh, auth, expiration_time, subscribed_at)
          VALUES (?, ?, ?, ?, ?, ?)
          ON CONFLICT (endpoint) DO UPDATE SET user_id = excluded.user_id,
            p256dh = excluded.p256dh, auth = excluded.auth,
            expiration_time = excluded.expiration_time, subscribed_at = excluded.subscribed_at
          """, subscription.endpoint, subscription.userID, subscription.p256dh,
          subscription.auth, subscription.expirationTime, subscription.subscribedAt)
        // Past the limit the oldest go; the endpoint just saved is the newest (ties: by
        // endpoint, so the one kept is the same on both engines).
        let endpoints = try db.query(
          """
          SELECT endpoint FROM push_subscriptions WHERE user_id = ?
          ORDER BY subscribed_at DESC, endpoint = ? DESC, endpoint
          """, arguments: [subscription.userID, subscription.endpoint],
          map: { $0.string(0) })
        for endpoint in endpoints.dropFirst(limit) {
          try db.run("DELETE FROM push_subscriptions WHERE endpoint = ?", endpoint)
        }
        return !existed
      }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  @discardableResult
  public func deletePushSubscription(endpoint: String, userID: UUID?) throws -> Bool {
    do {
      return try queue.write { db in
        if let userID {
          return try db.run(
            "DELETE FROM push_subscriptions WHERE endpoint = ? AND user_id = ?", endpoint, userID)
            > 0
        }
        return try db.run("DELETE FROM push_subscriptions WHERE endpoint = ?", endpoint) > 0
      }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  public func pushSubscriptions(userIDs: [UUID]) throws -> [PushSubscription] {
    guard !userIDs.isEmpty else { return [] }
    do {
      return try queue.read { db in
        try db.query(
          """
          SELECT endpoint, p256dh, auth, user_id, expiration_time, subscribed_at
          FROM push_subscriptions
          WHERE user_id IN (\(Array(repeating: "?", count: userIDs.count).joined(separator: ", ")))
          ORDER BY subscribed_at, endpoint
          """, arguments: userIDs,
          map: { row in
            try PushSubscription(
              endpoint: row.string(0), p256dh: row.string(1), auth: row.string(2),
              userID: row.uuid(3), expirationTime: row.optionalDate(4),
              subscribedAt: row.date(5))
          })
      }
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }

  public func serverKey(named name: String, makeValue: () throws -> String) throws -> String {
    let read = { () throws -> String? in
      try self.queue.read { db in
        try db.queryFirst(
          "SELECT value FROM server_keys WHERE name = ?", name, map: { $0.string(0) })
      }
    }
    do {
      if let value = try read() { return value }
      let made = try makeValue()
      // Another instance may have inserted one meanwhile: theirs stays, and everyone reads it.
      try queue.write { db in
        _ = try db.run(
          "INSERT INTO server_keys (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING", name, made)
      }
      guard let value = try read() else {
        throw ChecklistsError(
          .storage, MessageText("errors.database.serverKeyVanished", ["name": name]))
      }
      return value
    } catch let error as SQLError {
      throw Self.storageError(error, path: path)
    }
  }
}
