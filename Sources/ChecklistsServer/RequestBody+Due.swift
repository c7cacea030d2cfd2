import ChecklistsCore
import ChecklistsInterop
import ChecklistsMessages
import Foundation

extension RequestBody {
  /// The due date a write sends: `due`, a day or a moment (``DueDateJSON``), or the older
  /// `dueDate`, an instant meaning a moment in UTC (what installed web apps still queue).
  /// Absent is `nil`, `null` is `.some(nil)`.
  /// - Throws: 400 when both are sent; 422 naming the field for a value that is not a due
  ///   date, and `invalidInput` for one out of range or in a zone nobody knows.
  func due() throws -> DueDate?? {
    if has("due") && has("dueDate") {
      throw APIError.badRequest(MessageCatalogue.english.text("errors.due.bothFields"))
    }
    guard has("due") else {
      return try date("dueDate").map { $0.map { .moment($0, timeZone: nil) } }
    }
    let shape = MessageCatalogue.english.text("errors.due.shape", ["field": "due"])
    guard let object = try nullableObject("due", expected: "an object or null") else {
      return nil
    }
    guard let object else { return .some(nil) }
    let names = Set(DueDateJSON.daySchema.properties.keys)
      .union(DueDateJSON.momentSchema.properties.keys)
    guard object.keys.allSatisfy(names.contains) else { throw APIError.unprocessable(shape) }
    func text(_ name: String) throws -> String? {
      switch object[name] {
      case nil, .null?: return nil
      case .string(let value)?: return value
      default: throw APIError.unprocessable(shape)
      }
    }
    let json = DueDateJSON(
      date: try text("date"), dateTime: try text("dateTime"), timeZone: try text("timeZone"))
    return .some(try json.due(field: "due"))
  }
}
