/// What the OpenAPI document says about one route: its operation id, summary, parameters,
/// request body and responses. The route table holds one per documented route, and the
/// document's `paths` are built from them (``OpenAPIDocument``).
///
/// Names such as `"NewChecklist"` are keys of the document's `components`
/// (``OpenAPIComponents``); a test checks that every reference resolves.
struct OpenAPIOperation: Sendable {
  /// The `operationId`, unique in the document.
  var id: String
  /// One line saying what the route does.
  var summary: String
  /// The query and header parameters (path parameters belong to the route's group).
  var parameters: [OpenAPIParameter] = []
  /// The body the route reads, if any.
  var request: OpenAPIRequest?
  /// Every status the route answers, with what it sends.
  var responses: [Int: OpenAPIResponse]

  init(
    _ id: String, _ summary: String, parameters: [OpenAPIParameter] = [],
    request: OpenAPIRequest? = nil, responses: [Int: OpenAPIResponse]
  ) {
    self.id = id
    self.summary = summary
    self.parameters = parameters
    self.request = request
    self.responses = responses
  }

  /// The operation object of the document.
  var json: JSONValue {
    var object: [String: JSONValue] = [
      "operationId": .string(id), "summary": .string(summary),
      "responses": .object(
        Dictionary(uniqueKeysWithValues: responses.map { (String($0.key), $0.value.json) })),
    ]
    if !parameters.isEmpty { object["parameters"] = .array(parameters.map(\.json)) }
    if let request { object["requestBody"] = request.json }
    return .object(object)
  }
}

/// A schema: a reference to one of the document's `components/schemas`, or written in place.
enum OpenAPISchema: Sendable {
  case component(String)
  case inline(JSONValue)

  /// `{"type": "string"}`.
  static let string = OpenAPISchema.inline(["type": "string"])
  /// Bytes of a file.
  static let binary = OpenAPISchema.inline(["type": "string", "format": "binary"])
  /// Any JSON object.
  static let object = OpenAPISchema.inline(["type": "object"])

  var json: JSONValue {
    switch self {
    case .component(let name): ["$ref": .string("#/components/schemas/\(name)")]
    case .inline(let value): value
    }
  }
}

/// A parameter of an operation or of every operation of a path.
enum OpenAPIParameter: Sendable {
  /// One of the document's `components/parameters`.
  case component(String)
  case inline(JSONValue)

  static let ifMatch = OpenAPIParameter.component("IfMatch")
  static let ifNoneMatch = OpenAPIParameter.component("IfNoneMatch")
  static let acceptLanguage = OpenAPIParameter.component("AcceptLanguage")

  /// A parameter written in place: `in` is "query", "header" or "path".
  static func named(
    _ name: String, in place: String, required: Bool, description: String? = nil,
    schema: JSONValue = ["type": "string"]
  ) -> OpenAPIParameter {
    var object: [String: JSONValue] = [
      "name": .string(name), "in": .string(place), "required": .bool(required), "schema": schema,
    ]
    if let description { object["description"] = .string(description) }
    return .inline(.object(object))
  }

  var json: JSONValue {
    switch self {
    case .component(let name): ["$ref": .string("#/components/parameters/\(name)")]
    case .inline(let value): value
    }
  }
}

/// The body an operation reads: one schema per media type.
struct OpenAPIRequest: Sendable {
  var content: [String: OpenAPISchema]
  var required = true

  /// A JSON body of the named component schema.
  static func json(_ schema: String, required: Bool = true) -> OpenAPIRequest {
    OpenAPIRequest(content: ["application/json": .component(schema)], required: required)
  }

  /// A JSON body of a schema written in place.
  static func json(inline schema: JSONValue) -> OpenAPIRequest {
    OpenAPIRequest(content: ["application/json": .inline(schema)])
  }

  /// The name of the component schema a JSON body follows, if it names one.
  var jsonSchemaName: String? {
    if case .component(let name) = content["application/json"] { return name }
    return nil
  }

  var json: JSONValue {
    [
      "required": .bool(required),
      "content": .object(content.mapValues { ["schema": $0.json] }),
    ]
  }
}

/// One response of an operation.
enum OpenAPIResponse: Sendable {
  /// One of the document's `components/responses`.
  case component(String)
  /// A description, headers, a schema per media type and links to other operations.
  case described(
    String, headers: [String: OpenAPIHeader] = [:], content: [String: OpenAPISchema] = [:],
    links: JSONValue? = nil)

  /// An application/problem+json error.
  static let problem = OpenAPIResponse.component("Problem")
  /// 304: the client's copy is current.
  static let notModified = OpenAPIResponse.component("NotModified")

  /// No body, as for 204.
  static func empty(_ description: String) -> OpenAPIResponse { .described(description) }

  /// A JSON body of the named component schema.
  static func json(
    _ description: String, _ schema: String, headers: [String: OpenAPIHeader] = [:],
    links: JSONValue? = nil
  ) -> OpenAPIResponse {
    .described(
      description, headers: headers, content: ["application/json": .component(schema)],
      links: links)
  }

  /// A JSON body of a schema written in place.
  static func json(_ description: String, inline schema: JSONValue) -> OpenAPIResponse {
    .described(description, content: ["application/json": .inline(schema)])
  }

  var json: JSONValue {
    switch self {
    case .component(let name): return ["$ref": .string("#/components/responses/\(name)")]
    case .described(let description, let headers, let content, let links):
      var object: [String: JSONValue] = ["description": .string(description)]
      if !headers.isEmpty { object["headers"] = .object(headers.mapValues(\.json)) }
      if !content.isEmpty { object["content"] = .object(content.mapValues { ["schema": $0.json] }) }
      if let links { object["links"] = links }
      return .object(object)
    }
  }
}

/// A response header.
enum OpenAPIHeader: Sendable {
  /// One of the document's `components/headers`.
  case component(String)
  case schema(OpenAPISchema)

  /// The resource's version.
  static let etag = OpenAPIHeader.component("ETag")
  /// A string header, such as `Location`.
  static let string = OpenAPIHeader.schema(.string)

  var json: JSONValue {
    switch self {
    case .component(let name): ["$ref": .string("#/components/headers/\(name)")]
    case .schema(let schema): ["schema": schema.json]
    }
  }
}

extension Dictionary where Key == Int, Value == OpenAPIResponse {
  /// These responses, and a problem for each status in `problems`.
  func problems(_ problems: Int...) -> [Int: OpenAPIResponse] {
    var responses = self
    for status in problems {
      precondition(responses.updateValue(.problem, forKey: status) == nil, "\(status) twice")
    }
    return responses
  }
}

extension JSONValue {
  /// A created resource's `links` to the operations that take its id, each under the
  /// operation's name capitalised (`"GetItem"`), as the document names them.
  static func linksByID(_ operations: [String], parameter: String = "id") -> JSONValue {
    .object(
      Dictionary(
        uniqueKeysWithValues: operations.map { operation in
          let link: JSONValue = [
            "operationId": .string(operation),
            "parameters": .object([parameter: "$response.body#/id"]),
          ]
          return (operation.prefix(1).uppercased() + operation.dropFirst(), link)
        }))
  }
}

extension OpenAPIResponse {
  /// 200 to a create sent again with the id of what it made: that thing, not a second copy
  /// (docs/SYNC.md).
  static func replayedCreate(_ schema: String) -> OpenAPIResponse {
    .json(
      "What an earlier create with the same id made (the create is not made twice)", schema,
      headers: ["ETag": .etag, "Location": .string])
  }
}
