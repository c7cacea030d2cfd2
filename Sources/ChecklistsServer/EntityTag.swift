import ChecklistsMessages
import Foundation
import HTTPServer

/// A strong entity tag: `"r12"` for a resource at revision 12, `"s40"` for a collection whose
/// latest change is number 40.
///
/// A body that shows a pending reminder (`reminderDate`) changes when that minute passes,
/// without a new revision, so its tag names the minute too: `"r12-p29950000"`.
struct EntityTag: Hashable, Sendable {
  var value: String

  static func revision(_ revision: Int64, pendingReminder: Date? = nil) -> EntityTag {
    // A date no minute count holds (only a hand-made file could store one) names no minute.
    let suffix = pendingReminder.flatMap {
      Int64(exactly: ($0.timeIntervalSince1970 / 60).rounded(.down))
    }
    .map { "-p\($0)" }
    return EntityTag(value: "r\(revision)" + (suffix ?? ""))
  }

  static func sequence(_ sequence: Int64) -> EntityTag { EntityTag(value: "s\(sequence)") }

  var headerValue: String { "\"\(value)\"" }

  /// The revision a tag names, if it is one of ours: `"r12"` and `"r12-p…"` name 12.
  var revision: Int64? {
    guard value.hasPrefix("r") else { return nil }
    return Int64(value.dropFirst().prefix { $0 != "-" })
  }

  /// The tags of an `If-Match` or `If-None-Match` header; `nil` stands for `*`.
  ///
  /// - Parameter weakTagsMatch: `true` for If-None-Match, whose weak comparison takes
  ///   `W/"r1"` as `"r1"`; `false` for If-Match, whose strong comparison lets no weak tag
  ///   match (RFC 9110, 13.1.1), so such tags are left out. So is anything unquoted.
  static func list(_ header: String, weakTagsMatch: Bool) -> [EntityTag?] {
    header.split(separator: ",").compactMap { part -> EntityTag?? in
      var tag = part.trimmingCharacters(in: .whitespaces)
      if tag == "*" { return .some(nil) }
      if tag.hasPrefix("W/") {
        guard weakTagsMatch else { return nil }
        tag.removeFirst(2)
      }
      // An entity tag is quoted (RFC 9110, 8.8.3): `r11` without quotes is none, and matches
      // nothing, rather than being taken for `"r11"`.
      guard tag.count >= 2, tag.hasPrefix("\""), tag.hasSuffix("\"") else { return nil }
      let value = tag.dropFirst().dropLast()
      guard !value.contains("\"") else { return nil }
      return .some(EntityTag(value: String(value)))
    }
  }
}

extension HTTPRequest {
  /// The revision a write is made against, from `If-Match: "r12"`, for the store to check inside
  /// its transaction; `nil` without the header or with `*`.
  ///
  /// With several tags, the current revision (read by `current`) is used if it is among them.
  /// - Throws: 412 when no tag can match.
  func expectedRevision(current: () throws -> Int64) throws -> Int64? {
    // Several header lines make one list (RFC 9110, 5.3).
    let lines = headers.values(for: "If-Match")
    guard !lines.isEmpty else { return nil }
    let header = lines.joined(separator: ", ")
    let tags = EntityTag.list(header, weakTagsMatch: false)
    if tags.contains(where: { $0 == nil }) { return nil }
    let revisions = tags.compactMap { $0?.revision }
    if revisions.count == 1, tags.count == 1 { return revisions[0] }
    let revision = try current()
    guard revisions.contains(revision) else {
      throw APIError.preconditionFailed(
        MessageText(
          "server.api.resourceChanged",
          ["now": EntityTag.revision(revision).headerValue, "had": "\(header)"]))
    }
    return revision
  }

  /// Whether a GET may answer 304: `If-None-Match` names the current version.
  func isNotModified(_ current: EntityTag) -> Bool {
    let lines = headers.values(for: "If-None-Match")
    guard !lines.isEmpty else { return false }
    return EntityTag.list(lines.joined(separator: ", "), weakTagsMatch: true)
      .contains { $0 == nil || $0 == current }
  }
}
