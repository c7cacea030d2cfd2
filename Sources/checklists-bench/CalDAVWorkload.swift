import Foundation

/// The bytes `checklists-bench caldav` sends, the same to every server: VTODOs as Apple
/// Reminders writes them, and the PROPFIND and REPORT bodies a syncing client sends.
enum CalDAVWorkload {
  /// Every third VTODO is completed (STATUS, COMPLETED and PERCENT-COMPLETE), so the
  /// "not completed" query matches two in three.
  static func isCompleted(_ index: Int) -> Bool { index % 3 == 0 }

  /// A UID as clients make them: an upper-case UUID, the same for the same index every run.
  static func uid(_ index: Int, run: Int) -> String {
    var generator = SplitMix64(state: UInt64(run) << 32 | UInt64(index))
    var bytes = (0..<16).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      )
    ).uuidString
  }

  /// One VCALENDAR with one VTODO; `revision` changes SUMMARY for the sync step's edit.
  static func todo(_ index: Int, uid: String, revision: Int = 0) -> [UInt8] {
    let stamp = "20261201T090000Z"
    var lines = [
      "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iPhone OS 18.1//EN",
      "CALSCALE:GREGORIAN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:\(stamp)",
      "CREATED:\(stamp)", "LAST-MODIFIED:\(stamp)",
      "SUMMARY:Item \(index)" + (revision > 0 ? " (edited \(revision))" : ""),
      "X-APPLE-SORT-ORDER:\(700_000_000 + index)",
    ]
    if isCompleted(index) {
      lines += ["STATUS:COMPLETED", "COMPLETED:20261201T100000Z", "PERCENT-COMPLETE:100"]
    } else {
      lines.append("STATUS:NEEDS-ACTION")
    }
    if index % 4 == 0 {
      lines.append("DUE;VALUE=DATE:2026\(String(format: "%02d", index % 12 + 1))15")
    }
    if index % 5 == 0 { lines.append("PRIORITY:\([1, 5, 9][index % 3])") }
    if index % 7 == 0 { lines.append("DESCRIPTION:Notes for item \(index)\\, with a comma.") }
    if index % 10 == 0 {
      lines += [
        "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M",
        "UID:\(uid)-ALARM", "END:VALARM",
      ]
    }
    lines += ["END:VTODO", "END:VCALENDAR"]
    return Array((lines.joined(separator: "\r\n") + "\r\n").utf8)
  }

  static let propfindETags = Array(
    """
    <?xml version="1.0" encoding="utf-8"?>
    <d:propfind xmlns:d="DAV:"><d:prop><d:resourcetype/><d:getetag/></d:prop></d:propfind>
    """.utf8)

  static func multiget(_ hrefs: [String]) -> [UInt8] {
    Array(
      ("""
      <?xml version="1.0" encoding="utf-8"?>
      <c:calendar-multiget xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
      <d:prop><d:getetag/><c:calendar-data/></d:prop>

      """ + hrefs.map { "<d:href>\(xmlEscaped($0))</d:href>\n" }.joined()
        + "</c:calendar-multiget>\n").utf8)
  }

  /// Every VTODO with its data: what the `caldav` library's `todos(include_completed=True)`
  /// sends.
  static let queryAll = Array(
    """
    <?xml version="1.0" encoding="utf-8"?>
    <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
    <d:prop><d:getetag/><c:calendar-data/></d:prop>
    <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>
    </c:calendar-query>
    """.utf8)

  /// The "not completed" query, as the `caldav` library's `todos()` sends it.
  static let queryNotCompleted = Array(
    """
    <?xml version="1.0" encoding="utf-8"?>
    <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
    <d:prop><d:getetag/><c:calendar-data/></d:prop>
    <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO">
    <c:prop-filter name="COMPLETED"><c:is-not-defined/></c:prop-filter>
    <c:prop-filter name="STATUS"><c:text-match negate-condition="yes">COMPLETED</c:text-match></c:prop-filter>
    </c:comp-filter></c:comp-filter></c:filter>
    </c:calendar-query>
    """.utf8)

  static func syncCollection(token: String) -> [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <d:sync-collection xmlns:d="DAV:"><d:sync-token>\(xmlEscaped(token))</d:sync-token>
      <d:sync-level>1</d:sync-level><d:prop><d:getetag/></d:prop></d:sync-collection>
      """.utf8)
  }

  static func xmlEscaped(_ text: String) -> String {
    text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
  }
}

/// What the client reads out of a multistatus: a scan for elements by local name, whatever
/// prefix the server chose, without an XML parser (its cost would be the client's).
enum MultiStatusScan {
  /// The text of every element named `localName` (`href`, `getetag`, `sync-token`), in order,
  /// entities `&amp;` `&lt;` `&gt;` `&quot;` decoded.
  static func texts(of localName: String, in body: [UInt8]) -> [String] {
    var results: [String] = []
    let name = Array(localName.utf8)
    var index = 0
    let count = body.count
    while index < count {
      guard body[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      // An opening tag: "<" [prefix ":"] name (">" | whitespace | "/")
      let first = index + 1 < count ? body[index + 1] : 0
      guard first != UInt8(ascii: "/"), first != UInt8(ascii: "?"), first != UInt8(ascii: "!")
      else {
        index += 1
        continue
      }
      var cursor = index + 1
      var nameStart = cursor
      while cursor < count, !" \t\r\n/>".utf8.contains(body[cursor]) {
        if body[cursor] == UInt8(ascii: ":") { nameStart = cursor + 1 }
        cursor += 1
      }
      guard cursor - nameStart == name.count, body[nameStart..<cursor].elementsEqual(name) else {
        index = cursor
        continue
      }
      // Skip attributes to ">"; "/>" is an empty element.
      while cursor < count, body[cursor] != UInt8(ascii: ">") { cursor += 1 }
      guard cursor < count else { break }
      if body[cursor - 1] == UInt8(ascii: "/") {
        results.append("")
        index = cursor + 1
        continue
      }
      let textStart = cursor + 1
      var textEnd = textStart
      while textEnd < count, body[textEnd] != UInt8(ascii: "<") { textEnd += 1 }
      results.append(decodeEntities(String(decoding: body[textStart..<textEnd], as: UTF8.self)))
      index = textEnd
    }
    return results
  }

  /// How many times `pattern` occurs (`BEGIN:VTODO` counts the VTODOs whose data came).
  static func occurrences(of pattern: String, in body: [UInt8]) -> Int {
    let pattern = Array(pattern.utf8)
    guard let first = pattern.first, body.count >= pattern.count else { return 0 }
    var count = 0
    var index = 0
    let last = body.count - pattern.count
    body.withUnsafeBufferPointer { bytes in
      pattern.withUnsafeBufferPointer { wanted in
        while index <= last {
          if bytes[index] == first,
            memcmp(bytes.baseAddress! + index, wanted.baseAddress!, wanted.count) == 0
          {
            count += 1
            index += wanted.count
          } else {
            index += 1
          }
        }
      }
    }
    return count
  }

  private static func decodeEntities(_ text: String) -> String {
    guard text.contains("&") else { return text }
    return text.replacingOccurrences(of: "&lt;", with: "<")
      .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&quot;", with: "\"")
      .replacingOccurrences(of: "&apos;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
  }
}
