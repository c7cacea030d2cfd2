import Foundation

@testable import ChecklistsServer

/// The OpenAPI document a server serves, read as a client reads it: its operations, the schemas
/// of their bodies (following `$ref`), and whether a JSON value matches one of them.
///
/// The check covers the keywords the document uses for shapes: `type`, `enum`, `properties`,
/// `required`, `additionalProperties`, `items`, `oneOf`, `anyOf`, `minimum` and `maximum`.
struct ServedDocument {
  let root: JSONValue

  init(_ root: JSONValue) { self.root = root }

  /// The operations, as "METHOD /path/{template}", with their OpenAPI objects.
  var operations: [(key: String, operation: JSONValue)] {
    let paths = root.fields?["paths"]?.fields ?? [:]
    return paths.sorted { $0.key < $1.key }.flatMap { path, item in
      (item.fields ?? [:]).sorted { $0.key < $1.key }.compactMap { method, operation in
        method == "parameters" ? nil : ("\(method.uppercased()) \(path)", operation)
      }
    }
  }

  /// The JSON object schemas of the request bodies, by "METHOD /path/{template}".
  func requestBodySchemas() -> [String: JSONValue] {
    var schemas: [String: JSONValue] = [:]
    for (key, operation) in operations {
      guard
        let schema = operation.at("requestBody", "content", "application/json", "schema"),
        resolved(schema).properties != nil
      else { continue }
      schemas[key] = resolved(schema)
    }
    return schemas
  }

  /// The operations that answer a JSON body with some 2xx status.
  func operationsAnsweringJSON() -> Set<String> {
    Set(
      operations.filter { _, operation in
        (operation.at("responses")?.fields ?? [:]).contains { status, response in
          status.hasPrefix("2") && resolved(response).at("content", "application/json") != nil
        }
      }.map(\.key))
  }

  /// The schema of the JSON answer of an operation with a status, if it documents one.
  func responseSchema(_ method: String, _ template: String, status: Int) -> JSONValue? {
    response(method, template, status: status).flatMap {
      $0.at("content", "application/json", "schema")
    }
  }

  /// What is wrong with an answer the server gave: a status the operation does not document,
  /// or a body that does not match its schema.
  func problems(_ method: String, _ template: String, _ response: TestServer.Response) throws
    -> [String]
  {
    guard let documented = self.response(method, template, status: response.status) else {
      return ["the status \(response.status) is not documented"]
    }
    let type = response.header("Content-Type")?.split(separator: ";").first.map(String.init)
    guard let type, let schema = documented.at("content", type, "schema") else {
      return response.body.isEmpty || type == nil
        ? [] : ["the content type \(type!) is not documented for \(response.status)"]
    }
    guard type.hasSuffix("json") else { return [] }
    return problems(
      try JSONDecoder().decode(JSONValue.self, from: response.body), schema, at: "body")
  }

  /// What is wrong with `value` against `schema`, each with where in the value it is.
  func problems(_ value: JSONValue, _ schema: JSONValue, at path: String) -> [String] {
    guard let keywords = resolved(schema).fields else { return [] }
    if let branches = keywords["oneOf"]?.array {
      let matching = branches.filter { problems(value, $0, at: path).isEmpty }.count
      if matching != 1 { return ["\(path): matches \(matching) of its oneOf schemas, not 1"] }
    }
    if let branches = keywords["anyOf"]?.array,
      !branches.contains(where: { problems(value, $0, at: path).isEmpty })
    {
      return ["\(path): matches none of its anyOf schemas"]
    }
    if let type = keywords["type"] {
      let types = type.text.map { [$0] } ?? (type.array ?? []).compactMap(\.text)
      guard types.contains(where: value.hasType) else {
        return ["\(path): is \(value.kindName), not \(types.joined(separator: " or "))"]
      }
    }
    if let allowed = keywords["enum"]?.array, !allowed.contains(value) {
      return ["\(path): \(value) is not one of its enum"]
    }
    var found: [String] = []
    if case .number(let number) = value {
      if case .number(let minimum)? = keywords["minimum"], number < minimum {
        found.append("\(path): \(number) is below the minimum \(minimum)")
      }
      if case .number(let maximum)? = keywords["maximum"], number > maximum {
        found.append("\(path): \(number) is above the maximum \(maximum)")
      }
    }
    if case .object(let fields) = value {
      let declared = keywords["properties"]?.fields ?? [:]
      for case .string(let name) in keywords["required"]?.array ?? [] where fields[name] == nil {
        found.append("\(path): lacks the required property '\(name)'")
      }
      for (name, field) in fields.sorted(by: { $0.key < $1.key }) {
        if let property = declared[name] {
          found += problems(field, property, at: "\(path).\(name)")
        } else if keywords["additionalProperties"] == .bool(false) {
          found.append("\(path): has the property '\(name)', which its schema does not declare")
        } else if let other = keywords["additionalProperties"], other.fields != nil {
          found += problems(field, other, at: "\(path).\(name)")
        }
      }
    }
    if case .array(let elements) = value, let items = keywords["items"] {
      for (index, element) in elements.enumerated() {
        found += problems(element, items, at: "\(path)[\(index)]")
      }
    }
    return found
  }

  // MARK: - Sample values

  /// A body with a valid value for each required property of an object schema.
  func validSample(ofRequired schema: JSONValue) -> [String: Any] {
    let properties = resolved(schema).properties ?? [:]
    var body: [String: Any] = [:]
    for case .string(let name) in resolved(schema).fields?["required"]?.array ?? [] {
      body[name] = properties[name].map(sample) ?? NSNull()
    }
    return body
  }

  /// A value that matches `schema`, for a property a request needs.
  func sample(_ schema: JSONValue) -> Any {
    let keywords = resolved(schema).fields ?? [:]
    if let first = keywords["enum"]?.array?.first?.text { return first }
    if let branch = keywords["oneOf"]?.array?.first { return sample(branch) }
    let type = keywords["type"]?.text ?? keywords["type"]?.array?.first?.text
    switch type {
    case "integer", "number":
      if case .number(let minimum)? = keywords["minimum"] { return Int(minimum) }
      return 1
    case "boolean": return false
    case "array": return keywords["items"].map { [sample($0)] } ?? []
    case "object": return [String: Any]()
    default: return keywords["format"]?.text == "date-time" ? "2027-02-01T09:00:00Z" : "Sample"
    }
  }

  /// A value of a type `schema` does not allow: a number where text goes, text elsewhere.
  func wrongTypedValue(for schema: JSONValue) -> Any {
    types(of: schema).contains("string") ? 42 : "not this"
  }

  private func types(of schema: JSONValue) -> Set<String> {
    let keywords = resolved(schema).fields ?? [:]
    let branches = (keywords["oneOf"]?.array ?? []) + (keywords["anyOf"]?.array ?? [])
    var types = Set(
      keywords["type"].map { $0.text.map { [$0] } ?? ($0.array ?? []).compactMap(\.text) } ?? [])
    for branch in branches { types.formUnion(self.types(of: branch)) }
    return types
  }

  // MARK: - References

  /// The value a `{"$ref": "#/…"}` points to, followed to the end; any other value unchanged.
  func resolved(_ value: JSONValue) -> JSONValue {
    var value = value
    var hops = 0
    while let reference = value.fields?["$ref"]?.text, reference.hasPrefix("#/"), hops < 16 {
      let names = reference.dropFirst(2).split(separator: "/").map(String.init)
      guard let target = root.at(names) else { return value }
      value = target
      hops += 1
    }
    return value
  }

  private func response(_ method: String, _ template: String, status: Int) -> JSONValue? {
    guard
      let operation = root.at("paths", template, method.lowercased()),
      let response = operation.at("responses", String(status))
        ?? operation.at("responses", "default")
    else { return nil }
    return resolved(response)
  }
}

extension JSONValue {
  /// The members of an object.
  var fields: [String: JSONValue]? {
    if case .object(let fields) = self { return fields }
    return nil
  }

  /// The elements of an array.
  var array: [JSONValue]? {
    if case .array(let elements) = self { return elements }
    return nil
  }

  /// The text of a string.
  var text: String? {
    if case .string(let text) = self { return text }
    return nil
  }

  /// The `properties` of a schema.
  var properties: [String: JSONValue]? { fields?["properties"]?.fields }

  /// The value at a path of member names.
  func at(_ names: String...) -> JSONValue? { at(names) }

  func at(_ names: [String]) -> JSONValue? {
    names.reduce(self) { value, name in value?.fields?[name] }
  }

  /// Whether the value has the JSON Schema type `type`.
  func hasType(_ type: String) -> Bool {
    switch (type, self) {
    case ("null", .null), ("boolean", .bool), ("number", .number), ("string", .string),
      ("array", .array), ("object", .object):
      true
    case ("integer", .number(let number)): number.rounded() == number
    default: false
    }
  }
}
