import ChecklistsInterop
import ChecklistsMessages
import Foundation
import HTTPServer

/// A request's JSON object, read strictly: the right content type, valid UTF-8 and JSON, no
/// unknown fields, and each field of the type it must have. Every refusal names the problem.
struct RequestBody {
  private let fields: [String: JSONValue]

  /// Reads the body as a JSON object whose keys are all properties of `schema`, the object
  /// schema the OpenAPI document shows for the body (such as ``RequestSchemas/newItem``).
  /// - Throws: 415 for another content type, 400 for invalid UTF-8 or anything RFC 8259 does
  ///   not call JSON (``JSONSyntax``), 422 for a body that
  ///   is not an object or has unknown fields.
  init(_ request: HTTPRequest, schema: JSONSchema) throws {
    // A body schema names its fields; one that allows any would let typos through unnoticed.
    guard let allowed = schema.allowedPropertyNames else {
      preconditionFailure("a request body's schema must be an object of named properties")
    }
    let type = request.headers["Content-Type"]?.split(separator: ";").first
      .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
    guard let type, type == "application/json" || type.hasSuffix("+json") else {
      throw APIError(
        status: 415,
        detail: type.map {
          MessageCatalogue.english.text("server.api.sendJSONNot", ["type": $0])
        } ?? MessageCatalogue.english.text("server.api.sendJSON"))
    }
    guard String(validating: request.body, as: UTF8.self) != nil else {
      throw APIError.badRequest(MessageText("server.api.requestBodyValid"))
    }
    let value: JSONValue
    do {
      // Foundation's decoder takes a trailing comma and the like; RFC 8259 does not.
      guard JSONSyntax.isValid(request.body) else { throw APIError.badRequest("") }
      value = try JSONDecoder().decode(JSONValue.self, from: Data(request.body))
    } catch {
      throw APIError.badRequest(
        request.body.isEmpty
          ? MessageText("server.api.bodyEmpty") : MessageText("server.api.bodyNotJSON"))
    }
    guard case .object(let fields) = value else {
      throw APIError.unprocessable(
        MessageText("server.api.requestBodyMustJson", ["kindName": "\(value.kindName)"]))
    }
    let unknown = fields.keys.filter { !allowed.contains($0) }.sorted()
    if !unknown.isEmpty {
      throw APIError.unprocessable(
        MessageText(
          "server.api.unknownFields",
          [
            "unknown": unknown.map { "'\($0)'" }.joined(separator: ", "),
            "allowed": allowed.sorted().map { "'\($0)'" }.joined(separator: ", "),
          ], count: unknown.count))
    }
    self.fields = fields
  }

  /// Whether the field is present (even as `null`).
  func has(_ name: String) -> Bool { fields[name] != nil }

  /// A string field, or nil when absent.
  func string(_ name: String) throws -> String? {
    switch fields[name] {
    case nil: return nil
    case .string(let value): return value
    case let other?: throw wrongType(name, "a string", other)
    }
  }

  /// A required string field.
  func requiredString(_ name: String) throws -> String {
    guard let value = try string(name) else {
      throw APIError.unprocessable(MessageText("server.api.fieldRequired", ["name": "\(name)"]))
    }
    return value
  }

  /// A field that may be text or `null`: absent (`nil`), `null` (`.some(nil)`) or the text.
  /// - Parameter expected: What to send, for the message when the value has another type.
  func nullableString(_ name: String, expected: String = "a string or null") throws -> String?? {
    switch fields[name] {
    case nil: return nil
    case .null: return .some(nil)
    case .string(let value): return .some(value)
    case let other?: throw wrongType(name, expected, other)
    }
  }

  /// A boolean field, or nil when absent.
  func bool(_ name: String) throws -> Bool? {
    switch fields[name] {
    case nil: return nil
    case .bool(let value): return value
    case let other?: throw wrongType(name, "true or false", other)
    }
  }

  /// A whole-number field, or nil when absent.
  func integer(_ name: String) throws -> Int? {
    switch fields[name] {
    case nil: return nil
    case .number(let value):
      guard value.isFinite, value.rounded() == value else {
        throw APIError.unprocessable(
          MessageText("server.api.fieldMustWhole", ["name": "\(name)", "value": "\(value)"]))
      }
      // Whole numbers beyond Int's range mean "as far as it goes", like any index past the end.
      return value >= Double(Int.max) ? Int.max : value <= Double(Int.min) ? Int.min : Int(value)
    case let other?: throw wrongType(name, "a whole number", other)
    }
  }

  /// A whole-number field that may be `null`: absent (`nil`), `null` (`.some(nil)`) or a
  /// number.
  func nullableInteger(_ name: String) throws -> Int?? {
    switch fields[name] {
    case nil: return nil
    case .null?: return .some(nil)
    case .number?: return .some(try integer(name))
    case let other?: throw wrongType(name, "a whole number or null", other)
    }
  }

  /// A date field: absent (`nil`), `null` (`.some(nil)`) or an ISO 8601 string.
  func date(_ name: String) throws -> Date?? {
    switch fields[name] {
    case nil: return nil
    case .null: return .some(nil)
    case .string(let text):
      guard let date = ISOTimestamp.parse(text) else {
        throw APIError.unprocessable(
          MessageText("server.api.fieldMustIso", ["name": "\(name)", "text": "\(text)"]))
      }
      return .some(date)
    case let other?: throw wrongType(name, "an ISO 8601 date string or null", other)
    }
  }

  /// An object field that may be `null`: absent (`nil`), `null` (`.some(nil)`) or its fields.
  /// - Parameter expected: What to send, for the message when the value has another type.
  func nullableObject(_ name: String, expected: String) throws -> [String: JSONValue]?? {
    switch fields[name] {
    case nil: return nil
    case .null: return .some(nil)
    case .object(let value): return .some(value)
    case let other?: throw wrongType(name, expected, other)
    }
  }

  /// An array-of-strings field, or nil when absent.
  func strings(_ name: String) throws -> [String]? {
    switch fields[name] {
    case nil: return nil
    case .array(let values):
      return try values.enumerated().map { index, value in
        guard case .string(let text) = value else {
          throw APIError.unprocessable(
            MessageText(
              "server.api.elementNotString",
              ["number": String(index + 1), "name": name, "kindName": "\(value.kindName)"]))
        }
        return text
      }
    case let other?: throw wrongType(name, "an array of strings", other)
    }
  }

  private func wrongType(_ name: String, _ expected: String, _ value: JSONValue) -> APIError {
    APIError.unprocessable(
      MessageText(
        "server.api.fieldMust",
        ["name": "\(name)", "expected": "\(expected)", "kindName": "\(value.kindName)"]))
  }
}
