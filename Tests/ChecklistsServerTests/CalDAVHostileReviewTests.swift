import ChecklistsCore
import Foundation
import Testing

/// What a hostile review of the CalDAV server found: a PROPFIND naming thousands of properties,
/// preconditions that took an unquoted tag or read only the first header line, and refusals
/// made before routing that answered a DAV client in JSON.
@Suite("CalDAV hostile review: property counts, entity tags, refusals in XML")
struct CalDAVHostileReviewTests {
  /// A PROPFIND body naming `count` properties in a namespace of their own.
  static func propfind(names count: Int) -> String {
    #"<d:propfind xmlns:d="DAV:" xmlns:x="urn:x"><d:prop>"#
      + (0..<count).map { "<x:p\($0)/>" }.joined() + "</d:prop></d:propfind>"
  }

  /// Sends a request over a socket with the header lines exactly as given (repeated names
  /// too), as alice; the status and the whole answer.
  static func raw(
    _ home: Household, _ method: String, _ path: String, lines: [String]
  ) throws -> (status: Int, text: String) {
    let port = home.server.server.port
    let connection = try RawHTTPConnection(port: port)
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    head += "Authorization: \(CalDAVTestClient.basic("alice", "wonderland-42"))\r\n"
    head += "Content-Length: 0\r\n"
    for line in lines { head += line + "\r\n" }
    connection.send(head + "\r\n")
    // The server closes the connection once it answered; the deadline is for a hung server.
    let text = connection.read(until: Date().addingTimeInterval(120)) { _ in false }
    let status = Int(text.split(separator: " ").dropFirst().first ?? "") ?? 0
    return (status, text)
  }

  // MARK: - F1: how many properties a PROPFIND may name

  @Test("A PROPFIND naming more than 1,000 properties is 400 with a DAV:error naming the limit")
  func propertyNameCap() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Many names")
    let client = CalDAVObjectTests.alice(home)
    for path in ["/dav/calendars/alice/", CalDAVObjectTests.path(list)] {
      let refused = try await client.request(
        "PROPFIND", path, body: Self.propfind(names: 1_001), depth: "1")
      #expect(refused.status == 400, "\(refused.text)")
      #expect(refused.header("Content-Type")?.hasPrefix("application/xml") == true)
      #expect(refused.text.contains("<d:error"))
      #expect(refused.text.contains("at most 1000 are accepted"), "\(refused.text)")
    }
    // At the limit every name is answered, once, in a 404 propstat per resource.
    let answered = try await client.request(
      "PROPFIND", "/dav/calendars/alice/", body: Self.propfind(names: 1_000), depth: "1")
    #expect(answered.status == 207)
    let answer = try MultiStatusAnswer(answered.body)
    // The home and each of alice's lists (hers and those a new account starts with).
    #expect(answer.hrefs.count >= 2, "\(answer.hrefs)")
    #expect(answer.hrefs.contains(CalDAVObjectTests.path(list)))
    #expect(answered.text.components(separatedBy: ":p999/>").count - 1 == answer.hrefs.count)
    // A PROPPATCH is held to the same count.
    let patch =
      #"<d:propertyupdate xmlns:d="DAV:" xmlns:x="urn:x"><d:remove><d:prop>"#
      + (0..<1_001).map { "<x:p\($0)/>" }.joined() + "</d:prop></d:remove></d:propertyupdate>"
    let patched = try await client.request("PROPPATCH", CalDAVObjectTests.path(list), body: patch)
    #expect(patched.status == 400, "\(patched.text)")
    #expect(patched.text.contains("at most 1000 are accepted"))
  }

  // MARK: - F7: entity tags as the API reads them, every header line

  @Test("An unquoted or weak If-Match never matches on a collection or an object DELETE or PUT")
  func unquotedTagsNeverMatch() async throws {
    let home = try await Household()
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Keep me")
    let client = CalDAVObjectTests.alice(home)
    let path = CalDAVObjectTests.path(list)
    let item = CalDAVObjectTests.path(list, "x.ics")
    let put = try await client.put(item, CalDAVTestClient.todo(uid: "x", summary: "Milk"))
    #expect(put.status == 201)
    let props = try await client.propfind(path, ["d:getetag", "cs:getctag"]).response(path)
    let etag = try #require(props?.text("d:getetag"))
    let ctag = try #require(props?.text("cs:getctag"))
    let bare = String(etag.dropFirst().dropLast())
    for tag in [bare, ctag, "W/\(etag)", "\(bare), W/\(etag)"] {
      let refused = try await client.request("DELETE", path, headers: ["If-Match": tag])
      #expect(refused.status == 412, "If-Match: \(tag): \(refused.text)")
      #expect(refused.header("Content-Type")?.hasPrefix("application/xml") == true)
    }
    let objectTag = try #require(
      try await client.request("GET", item).header("ETag"))
    let bareObject = String(objectTag.dropFirst().dropLast())
    let edited = CalDAVTestClient.todo(uid: "x", summary: "Milk", completed: true)
    #expect(
      try await client.put(item, edited, headers: ["If-Match": bareObject]).status == 412)
    #expect(
      try await client.request("DELETE", item, headers: ["If-Match": bareObject]).status == 412)
    #expect(try lists.checklistWithItems(id: list.id).1.map(\.isChecked) == [false])
    // Quoted, as the server gave them, they match.
    #expect(try await client.put(item, edited, headers: ["If-Match": objectTag]).status == 204)
    let now = try #require(
      try await client.propfind(path, ["cs:getctag"]).response(path)?.text("cs:getctag"))
    let deleted = try await client.request("DELETE", path, headers: ["If-Match": "\"\(now)\""])
    #expect(deleted.status == 204, "\(deleted.text)")
  }

  @Test("Repeated If-Match and If-None-Match lines make one list")
  func repeatedPreconditionLines() async throws {
    let home = try await Household()
    let lists = try home.lists("alice")
    let list = try lists.createList(named: "Keep me")
    let client = CalDAVObjectTests.alice(home)
    let path = CalDAVObjectTests.path(list)
    let item = CalDAVObjectTests.path(list, "x.ics")
    #expect(
      try await client.put(item, CalDAVTestClient.todo(uid: "x", summary: "Milk")).status == 201)
    let etag = try #require(
      try await client.propfind(path, ["d:getetag"]).response(path)?.text("d:getetag"))
    for lines in [
      [#"If-None-Match: "1""#, "If-None-Match: *"],
      [#"If-None-Match: "1""#, "If-None-Match: \(etag)"],
    ] {
      let refused = try Self.raw(home, "DELETE", path, lines: lines)
      #expect(refused.status == 412, "\(lines): \(refused.text)")
      #expect(refused.text.contains("<d:error"))
    }
    let object = try Self.raw(
      home, "DELETE", item, lines: [#"If-None-Match: "1""#, "If-None-Match: *"])
    #expect(object.status == 412, "\(object.text)")
    #expect(try lists.checklistWithItems(id: list.id).1.count == 1)
    // A GET's If-None-Match reads every line too.
    let objectTag = try #require(try await client.request("GET", item).header("ETag"))
    let cached = try Self.raw(
      home, "GET", item, lines: [#"If-None-Match: "1""#, "If-None-Match: \(objectTag)"])
    #expect(cached.status == 304, "\(cached.text)")
    // The current tag on a second If-Match line matches.
    let deleted = try Self.raw(
      home, "DELETE", path, lines: [#"If-Match: "stale""#, "If-Match: \(etag)"])
    #expect(deleted.status == 204, "\(deleted.text)")
    #expect(try lists.checklists().contains { $0.id == list.id } == false)
  }

  // MARK: - F8: refusals before routing are DAV:error under /dav/

  @Test("An encoded slash, a path not UTF-8 or a NUL under /dav/ is answered with a DAV:error")
  func refusalsBeforeRoutingAreXML() async throws {
    let home = try await Household()
    let list = try home.lists("alice").createList(named: "Paths")
    let client = CalDAVObjectTests.alice(home)
    let cases: [(String, String, Int)] = [
      ("MKCALENDAR", "/dav/calendars/alice/..%2f/", 404),
      ("GET", CalDAVObjectTests.path(list, "a%2Fb.ics"), 404),
      ("PUT", CalDAVObjectTests.path(list, "a%2fb.ics"), 404),
      ("PROPFIND", "/dav/calendars/alice/%c0%ae%c0%ae/", 400),
      ("GET", CalDAVObjectTests.path(list, "a%00.ics"), 400),
    ]
    for (method, path, status) in cases {
      // In process, and over a socket, where the listener decodes the path itself.
      let answer = try await client.request(method, path)
      #expect(answer.status == status, "\(method) \(path): \(answer.text)")
      #expect(
        answer.header("Content-Type")?.hasPrefix("application/xml") == true,
        "\(method) \(path): \(answer.header("Content-Type") ?? "")")
      #expect(answer.text.contains("<d:error"), "\(answer.text)")
      let raw = try Self.raw(home, method, path, lines: [])
      #expect(raw.status == status, "\(method) \(path): \(raw.text)")
      #expect(raw.text.contains("application/xml"), "\(raw.text)")
      #expect(raw.text.contains("<d:error"), "\(raw.text)")
    }
    // Elsewhere the same refusals stay problems.
    let api = try await client.request("GET", "/api/v1/lists/%c0%ae")
    #expect(api.status == 400)
    #expect(api.header("Content-Type")?.hasPrefix("application/problem+json") == true)
  }
}
