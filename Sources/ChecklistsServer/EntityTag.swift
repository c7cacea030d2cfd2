import HTTPServer

/// A strong entity tag: `"r12"` for a resource at revision 12, `"s40"` for a collection whose
/// latest change is number 40.
struct EntityTag: Hashable, Sendable {
  var value: String

  static func revision(_ revision: Int64) -> EntityTag { EntityTag(value: "r\(revision)") }
  static func sequence(_ sequence: Int64) -> EntityTag { EntityTag(value: "s\(sequence)") }

  var headerValue: String { "\"\(value)\"" }

  /// The tags of an `If-Match` or `If-None-Match` header; `nil` stands for `*`.
  /// Weak tags (`W/"r1"`) compare by value, as RFC 9110's weak comparison for If-None-Match.
  static func list(_ header: String) -> [EntityTag?] {
    header.split(separator: ",").map { part in
      var tag = part.trimmingCharacters(in: .whitespaces)
      if tag == "*" { return nil }
      if tag.hasPrefix("W/") { tag.removeFirst(2) }
      if tag.hasPrefix("\""), tag.hasSuffix("\""), tag.count >= 2 {
        tag = String(tag.dropFirst().dropLast())
      }
      return EntityTag(value: tag)
    }
  }

  /// Whether this tag satisfies a precondition header's list.
  func matches(_ header: String) -> Bool {
    EntityTag.list(header).contains { $0 == nil || $0 == self }
  }
}

extension HTTPRequest {
  /// The revision a write is made against, from `If-Match: "r12"`, for the store to check inside
  /// its transaction; `nil` without the header or with `*`.
  ///
  /// With several tags, the current revision (read by `current`) is used if it is among them.
  /// - Throws: 412 when no tag can match.
  func expectedRevision(current: () throws -> Int64) throws -> Int64? {
    guard let header = headers["If-Match"] else { return nil }
    let tags = EntityTag.list(header)
    if tags.contains(where: { $0 == nil }) { return nil }
    let revisions = tags.compactMap { tag in
      tag.flatMap { $0.value.hasPrefix("r") ? Int64($0.value.dropFirst()) : nil }
    }
    if revisions.count == 1, tags.count == 1 { return revisions[0] }
    let revision = try current()
    guard revisions.contains(revision) else {
      throw APIError.preconditionFailed(
        "The resource changed since you read it (it is now \(EntityTag.revision(revision).headerValue), "
          + "you had \(header)). Fetch it again and retry.")
    }
    return revision
  }

  /// Whether a GET may answer 304: `If-None-Match` names the current version.
  func isNotModified(_ current: EntityTag) -> Bool {
    guard let header = headers["If-None-Match"] else { return false }
    return current.matches(header)
  }
}
