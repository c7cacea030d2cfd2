import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation
import HTTPServer

/// Field-level merges (docs/SYNC.md): a PATCH made against an older revision that would
/// overwrite a field changed since is answered 412, naming each such field with its current
/// value and who changed it, and carrying the resource as it is now:
///
///     {"type": "about:blank", "title": "Precondition Failed", "status": 412,
///      "detail": "The item 'Sea salt' changed since revision 12: text was changed to …",
///      "conflicts": [{"field": "text", "current": "Sea salt", "revision": 14,
///                     "changedBy": "anna", "changedAt": "2026-12-01T12:00:00.000Z"}],
///      "current": {…the resource as GET returns it…}}
///
/// with the current `ETag`.
extension ChecklistsAPI {
  /// Runs a PATCH's write, turning a ``ChecklistsStore/FieldConflictError`` into that 412.
  func merging<T>(_ request: HTTPRequest, _ write: () throws -> T) throws -> T {
    do {
      return try write()
    } catch let conflict as FieldConflictError {
      throw try fieldConflictProblem(conflict, locale: priceLocale(request))
    }
  }

  /// The 412 for a field conflict, with the resource's JSON as its GET shows it in `locale`.
  func fieldConflictProblem(_ conflict: FieldConflictError, locale: Locale) throws -> APIError {
    let now = service.now()
    let (current, etag): (JSONValue, EntityTag) =
      switch conflict.current {
      case .item(let item):
        (try .encoding(ChecklistItemJSON(item, now: now)), Self.etag(item, now: now))
      case .checklist(let list):
        (try .encoding(ChecklistJSON(list)), .revision(list.revision))
      case .shoppingItem(let item):
        (try .encoding(ShoppingItemJSON(item, locale: locale)), .revision(item.revision))
      case .shoppingList(let list):
        (try .encoding(ShoppingListJSON(list)), .revision(list.revision))
      case .entry(let line):
        (try .encoding(ShoppingLineJSON(line, locale: locale)), .revision(line.entry.revision))
      }
    let fields: [String: JSONValue]
    if case .object(let members) = current { fields = members } else { fields = [:] }
    let conflicts = conflict.conflicts.map { field -> JSONValue in
      .object([
        "field": .string(field.field),
        "current": fields[field.field] ?? .null,
        "revision": .number(Double(field.revision)),
        "changedBy": field.changedBy.map(JSONValue.string) ?? .null,
        "changedAt": .string(ISOTimestamp.milliseconds(field.changedAt)),
      ])
    }
    let changes = conflict.conflicts.map { field in
      field.field + Self.describeChange(to: fields[field.field] ?? .null)
        + (field.changedBy.map { " by \($0)" } ?? "")
    }
    let detail =
      "The \(conflict.what) changed since revision \(conflict.expectedRevision): "
      + changes.joined(separator: "; ") + "."
    var headers: HTTPHeaders = ["ETag": etag.headerValue]
    if case .shoppingItem = conflict.current { headers["Vary"] = "Accept-Language" }
    if case .entry = conflict.current { headers["Vary"] = "Accept-Language" }
    return APIError(
      status: 412, detail: detail, headers: headers,
      members: ["conflicts": .array(conflicts), "current": current])
  }

  /// " was changed to 'Sea salt'", " was cleared", " was changed to true".
  private static func describeChange(to value: JSONValue) -> String {
    switch value {
    case .null: return " was cleared"
    case .string(let text): return " was changed to '\(text)'"
    case .bool(let flag): return " was changed to \(flag)"
    case .number(let number):
      let whole = number.rounded() == number && abs(number) < 1e15
      return " was changed to " + (whole ? String(Int64(number)) : String(number))
    case .object(let members):
      // A price: as the client's locale shows it.
      if case .string(let formatted)? = members["formatted"] {
        return " was changed to '\(formatted)'"
      }
      if case .string(let amount)? = members["amount"],
        case .string(let code)? = members["currency"]
      {
        return " was changed to '\(amount) \(code)'"
      }
      return " was changed"
    case .array: return " was changed"
    }
  }
}
