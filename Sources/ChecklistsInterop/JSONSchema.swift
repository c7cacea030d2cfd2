import Foundation

/// A JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1): the shape a JSON value of the API
/// must have, declared beside the type it describes so that the OpenAPI document and the server's
/// checks of request bodies come from the same value.
///
/// Only the keywords the API uses are modelled. A schema encodes to JSON with sorted keys, so the
/// same value always gives the same bytes.
public struct JSONSchema: Sendable, Hashable {
  /// A JSON type, as the `type` keyword names it.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    case null, boolean, integer, number, string, array, object
  }

  /// What an object schema says of properties it does not name.
  public indirect enum OtherProperties: Sendable, Hashable {
    /// `"additionalProperties": false`: no other property is allowed.
    case forbidden
    /// `"additionalProperties": {…}`: any other property, with a value of this schema (a map).
    case values(JSONSchema)
  }

  /// The types a value may have (`type`); empty for any.
  public var types: [Kind] = []
  /// `$ref`: the schema is the one at this reference, such as `#/components/schemas/Item`.
  public var reference: String?
  /// `description`: what the value means, for people.
  public var description: String?
  /// `format`, such as `uuid` or `date-time`.
  public var format: String?
  /// `contentEncoding` of a string, such as `base64`.
  public var contentEncoding: String?
  /// `pattern`: an ECMA-262 regular expression a string matches.
  public var pattern: String?
  /// `minLength` and `maxLength` of a string, in characters.
  public var minLength: Int?
  public var maxLength: Int?
  /// `minimum` and `maximum` of a number, inclusive.
  public var minimum: Double?
  public var maximum: Double?
  /// `enum`: the only strings the value may be.
  public var allowedValues: [String]?
  /// `properties` of an object, by name.
  public var properties: [String: JSONSchema] = [:]
  /// `required`: the properties an object must have, in the order they are documented.
  public var required: [String] = []
  /// `additionalProperties`; nil when other properties are allowed with any value.
  public var otherProperties: OtherProperties?
  /// `oneOf`: the value matches exactly one of these.
  public var oneOf: [JSONSchema] = []
  /// `anyOf`: the value matches at least one of these.
  public var anyOf: [JSONSchema] = []
  // An array rather than an optional: a struct cannot hold an optional of itself.
  private var itemSchemas: [JSONSchema] = []

  /// A schema with no keywords: any JSON value.
  public init() {}

  /// `items`: the schema of each element of an array.
  public var items: JSONSchema? {
    get { itemSchemas.first }
    set { itemSchemas = newValue.map { [$0] } ?? [] }
  }

  /// The property names an object of this schema may have, or nil when it may have any
  /// (it does not forbid other properties, or it is a reference to be resolved first).
  public var allowedPropertyNames: Set<String>? {
    guard reference == nil, otherProperties == .forbidden else { return nil }
    return Set(properties.keys)
  }

  /// The name of the component a `#/components/schemas/<Name>` reference points to.
  public var referencedComponent: String? {
    reference.flatMap { ref in
      ref.hasPrefix(Self.componentPrefix) ? String(ref.dropFirst(Self.componentPrefix.count)) : nil
    }
  }

  private static let componentPrefix = "#/components/schemas/"
}

// MARK: - Building schemas

extension JSONSchema {
  /// A reference to the schema `#/components/schemas/<component>` of the OpenAPI document.
  public static func ref(_ component: String) -> JSONSchema {
    var schema = JSONSchema()
    schema.reference = componentPrefix + component
    return schema
  }

  /// A string, optionally constrained.
  public static func string(
    format: String? = nil, contentEncoding: String? = nil, pattern: String? = nil,
    minLength: Int? = nil, maxLength: Int? = nil, description: String? = nil
  ) -> JSONSchema {
    var schema = JSONSchema(types: [.string], description: description)
    schema.format = format
    schema.contentEncoding = contentEncoding
    schema.pattern = pattern
    schema.minLength = minLength
    schema.maxLength = maxLength
    return schema
  }

  /// A string that is one of `values`.
  public static func enumeration(_ values: [String], description: String? = nil) -> JSONSchema {
    var schema = JSONSchema(types: [.string], description: description)
    schema.allowedValues = values
    return schema
  }

  /// A whole number, optionally between `minimum` and `maximum` (inclusive).
  public static func integer(
    minimum: Double? = nil, maximum: Double? = nil, description: String? = nil
  ) -> JSONSchema {
    var schema = JSONSchema(types: [.integer], description: description)
    schema.minimum = minimum
    schema.maximum = maximum
    return schema
  }

  /// `true` or `false`.
  public static func boolean(description: String? = nil) -> JSONSchema {
    JSONSchema(types: [.boolean], description: description)
  }

  /// An array whose elements each match `element`.
  public static func array(of element: JSONSchema, description: String? = nil) -> JSONSchema {
    var schema = JSONSchema(types: [.array], description: description)
    schema.items = element
    return schema
  }

  /// An object with exactly these properties (`additionalProperties: false`), of which
  /// `required` must be present.
  /// - Parameter allowsOtherProperties: Leaves out `additionalProperties`, so that other
  ///   properties may appear (RFC 9457 problems, for one, may be extended).
  public static func object(
    properties: [String: JSONSchema], required: [String] = [], description: String? = nil,
    allowsOtherProperties: Bool = false
  ) -> JSONSchema {
    precondition(
      required.allSatisfy { properties[$0] != nil }, "a required property must be declared")
    var schema = JSONSchema(types: [.object], description: description)
    schema.properties = properties
    schema.required = required
    schema.otherProperties = allowsOtherProperties ? nil : .forbidden
    return schema
  }

  /// An object used as a map: any property names, each with a value matching `value`.
  public static func map(of value: JSONSchema, description: String? = nil) -> JSONSchema {
    var schema = JSONSchema(types: [.object], description: description)
    schema.otherProperties = .values(value)
    return schema
  }

  /// An object of unknown shape.
  public static func anyObject(description: String? = nil) -> JSONSchema {
    JSONSchema(types: [.object], description: description)
  }

  /// The same schema, or `null`: a typed schema gains the type `null` (`["string", "null"]`);
  /// a reference becomes `oneOf` it and `{"type": "null"}`.
  public var orNull: JSONSchema {
    if types.isEmpty || reference != nil {
      var schema = JSONSchema()
      schema.oneOf = [self, JSONSchema(types: [.null])]
      return schema
    }
    var schema = self
    if !schema.types.contains(.null) { schema.types.append(.null) }
    return schema
  }

  /// The same schema with a description.
  public func described(_ description: String) -> JSONSchema {
    var schema = self
    schema.description = description
    return schema
  }

  private init(types: [Kind], description: String? = nil) {
    self.types = types
    self.description = description
  }
}

// MARK: - Encoding

extension JSONSchema: Encodable {
  private struct Key: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Writes the keywords that are set, by their JSON Schema names.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    if let reference { try container.encode(reference, forKey: Key("$ref")) }
    switch types.count {
    case 0: break
    case 1: try container.encode(types[0].rawValue, forKey: Key("type"))
    default: try container.encode(types.map(\.rawValue), forKey: Key("type"))
    }
    try container.encodeIfPresent(description, forKey: Key("description"))
    try container.encodeIfPresent(format, forKey: Key("format"))
    try container.encodeIfPresent(contentEncoding, forKey: Key("contentEncoding"))
    try container.encodeIfPresent(pattern, forKey: Key("pattern"))
    try container.encodeIfPresent(minLength, forKey: Key("minLength"))
    try container.encodeIfPresent(maxLength, forKey: Key("maxLength"))
    try encodeNumber(minimum, "minimum", in: &container)
    try encodeNumber(maximum, "maximum", in: &container)
    try container.encodeIfPresent(allowedValues, forKey: Key("enum"))
    if !properties.isEmpty { try container.encode(properties, forKey: Key("properties")) }
    if !required.isEmpty { try container.encode(required, forKey: Key("required")) }
    switch otherProperties {
    case nil: break
    case .forbidden: try container.encode(false, forKey: Key("additionalProperties"))
    case .values(let schema): try container.encode(schema, forKey: Key("additionalProperties"))
    }
    if let items { try container.encode(items, forKey: Key("items")) }
    if !oneOf.isEmpty { try container.encode(oneOf, forKey: Key("oneOf")) }
    if !anyOf.isEmpty { try container.encode(anyOf, forKey: Key("anyOf")) }
  }

  // Whole bounds as integers (`"minimum": 0`, not `0.0`), whatever the encoder does with doubles.
  private func encodeNumber(
    _ value: Double?, _ name: String, in container: inout KeyedEncodingContainer<Key>
  ) throws {
    guard let value else { return }
    if value.rounded() == value, abs(value) < 1e15 {
      try container.encode(Int64(value), forKey: Key(name))
    } else {
      try container.encode(value, forKey: Key(name))
    }
  }

  /// The schema as JSON with sorted keys: the same schema always gives the same bytes.
  /// - Parameter pretty: Indents it for people.
  public func jsonData(pretty: Bool = false) -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting =
      pretty
      ? [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
      : [.sortedKeys, .withoutEscapingSlashes]
    // Strings, numbers, booleans and nested schemas only: encoding cannot fail.
    return try! encoder.encode(self)
  }

  /// The schema as Foundation objects (`[String: Any]`, `[Any]`, `String`, `NSNumber`), ready
  /// for `JSONSerialization`.
  public var jsonObject: Any {
    // The bytes come from JSONEncoder just above: they are JSON.
    try! JSONSerialization.jsonObject(with: jsonData(), options: [.fragmentsAllowed])
  }
}
