import CLibPQ
import SQLDatabase

/// Where a PostgreSQL database is and how the driver uses it: a libpq URL or keyword string,
/// checked when made.
///
/// The string goes to libpq unchanged, so everything libpq reads works as documented there:
/// `sslmode`, several hosts, a password in the URL, `~/.pgpass`, `PGPASSWORD` and the other
/// `PG*` variables.
public struct PostgreSQLConfiguration: Sendable {
  /// The URL (`postgres://user@host:5432/db`) or keyword string (`host=… dbname=…`) as given.
  public var connectionString: String
  /// The key of the transaction-level advisory lock every write takes first, so that writers on
  /// every instance serialize as SQLite's one writer does.
  public var writeLockKey: Int64 = 7_214_001
  /// How long a statement waits for a lock another connection holds (the write lock above
  /// included) before it fails as busy, as SQLite's busy timeout does; nil leaves the server's
  /// `lock_timeout` (which `options=-c lock_timeout=…` in the string also keeps).
  public var lockTimeout: Duration? = .seconds(10)
  /// The options libpq read from the string, by keyword (only those given).
  let options: [String: String]

  /// Checks `connectionString` with libpq's own parser.
  /// - Parameter connectionString: A `postgres://` or `postgresql://` URL, or a libpq keyword
  ///   string.
  /// - Throws: ``SQLDatabase/SQLError`` of kind `cantOpen` naming the problem libpq found; the
  ///   string itself is left out of the message, since it may hold a password.
  public init(_ connectionString: String) throws {
    var message: UnsafeMutablePointer<CChar>?
    guard let parsed = PQconninfoParse(connectionString, &message) else {
      let reason = Self.withoutSecrets(
        message.map { oneLine(String(cString: $0)) } ?? "out of memory", of: connectionString)
      PQfreemem(message)
      throw SQLError(
        .cantOpen, code: "invalid connection string",
        message: "not a valid PostgreSQL URL or connection string (\(reason))")
    }
    defer { PQconninfoFree(parsed) }
    var options: [String: String] = [:]
    var option = parsed
    while let keyword = option.pointee.keyword {
      if let value = option.pointee.val {
        options[String(cString: keyword)] = String(cString: value)
      }
      option += 1
    }
    self.connectionString = connectionString
    self.options = options
  }

  /// libpq's parse errors quote the string, or the token it stumbled on: `reason` with the
  /// whole string and anything that may be its password (a URL's `user:password@`, a
  /// `password=` keyword's value) taken out, so that the message can go to a log.
  static func withoutSecrets(_ reason: String, of connectionString: String) -> String {
    var secrets: [Substring] = []
    if let scheme = connectionString.firstRange(of: "://") {
      let rest = connectionString[scheme.upperBound...]
      if let at = rest.lastIndex(of: "@") {
        let userInfo = rest[..<at]
        secrets.append(userInfo)
        if let colon = userInfo.firstIndex(of: ":") {
          secrets.append(userInfo[userInfo.index(after: colon)...])
        }
      }
    }
    var search = connectionString[...]
    while let keyword = search.firstRange(of: "password") {
      var value = search[keyword.upperBound...].drop { $0 == " " || $0 == "=" }
      if value.first == "'" {
        value = value.dropFirst()
        value = value.prefix { $0 != "'" }
      } else {
        value = value.prefix { $0 != " " && $0 != "&" }
      }
      secrets.append(value)
      search = search[keyword.upperBound...]
    }
    var text = reason.replacing(connectionString, with: "the string given")
    for secret in secrets.sorted(by: { $0.count > $1.count }) where !secret.isEmpty {
      text = text.replacing(secret, with: "…")
    }
    return text
  }

  /// The database's address for messages, without any password: `postgres://user@host:port/db`
  /// with what the string names (libpq's defaults fill in the rest).
  public var redacted: String {
    var text = "postgres://"
    if let user = options["user"], !user.isEmpty { text += user + "@" }
    text += options["host"].flatMap { $0.isEmpty ? nil : $0 } ?? options["hostaddr"] ?? "localhost"
    if let port = options["port"], !port.isEmpty { text += ":" + port }
    text += "/" + (options["dbname"] ?? "")
    return text
  }

  /// The settings each new connection makes first, as one string of statements.
  var sessionSettings: String {
    // float8 as the shortest text that reads back as the same double, whatever the server's
    // configuration says (the default since PostgreSQL 12).
    var settings = "SET extra_float_digits = 1"
    if let lockTimeout, !(options["options"] ?? "").contains("lock_timeout") {
      let (seconds, attoseconds) = lockTimeout.components
      let milliseconds = max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000)
      settings += "; SET lock_timeout = \(milliseconds)"
    }
    return settings
  }

  /// The database name the string names, if any.
  public var databaseName: String? { options["dbname"] }

  /// The keywords and values given to `PQconnectdbParams`: the string itself (expanded as the
  /// `dbname`), then defaults that apply only where the string is silent.
  /// - Parameter keepalive: Whether to probe an idle connection often enough (TCP keepalives
  ///   after 10 s) that a listener notices a server gone without a word within half a minute.
  func connectParameters(keepalive: Bool = false) -> [(String, String)] {
    var parameters = [("dbname", connectionString)]
    func otherwise(_ keyword: String, _ value: String) {
      if options[keyword] == nil { parameters.append((keyword, value)) }
    }
    // A server that does not answer must not hang a request for libpq's default of forever.
    otherwise("connect_timeout", "5")
    if keepalive {
      otherwise("keepalives_idle", "10")
      otherwise("keepalives_interval", "5")
      otherwise("keepalives_count", "3")
    }
    parameters.append(("fallback_application_name", "checklists"))
    parameters.append(("client_encoding", "UTF8"))
    return parameters
  }
}
