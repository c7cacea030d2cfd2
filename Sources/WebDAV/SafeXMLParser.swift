import Foundation
import FoundationXML

/// Reads a WebDAV request body into an ``XMLElement`` tree, refusing what could hurt the server.
///
/// FoundationXML's `XMLParser` (libxml2) does the parsing, with external entities off and
/// namespaces resolved. Before it runs, the bytes are checked: at most ``Limits/maxBytes``,
/// UTF-8 (a byte order mark is fine) or a declared ASCII-compatible encoding, and no
/// `<!DOCTYPE`, `<!ENTITY` or other markup declaration anywhere, so neither external entities
/// (XXE) nor entity expansion (billion laughs) can happen whatever libxml2 would allow. While it
/// runs, nesting deeper than ``Limits/maxDepth`` or more than ``Limits/maxElements`` elements
/// stop it. Every refusal is a ``WebDAVError`` with status 400 and a message naming the problem
/// and, where the parser knows it, the line and column.
public enum SafeXMLParser {
  /// How large a body may be.
  public struct Limits: Sendable, Hashable {
    /// The most bytes a body may have.
    public var maxBytes: Int
    /// The deepest nesting of elements; the root is at depth 1.
    public var maxDepth: Int
    /// The most elements a body may have.
    public var maxElements: Int

    /// Makes limits. The defaults hold any request a CalDAV client sends (a multiget of
    /// several thousand hrefs is about 400 KB and 5,000 elements) with room to spare.
    /// - Parameters:
    ///   - maxBytes: The most bytes; 1 MiB unless given.
    ///   - maxDepth: The deepest nesting; 64 unless given.
    ///   - maxElements: The most elements; 20,000 unless given.
    public init(maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxElements: Int = 20_000) {
      self.maxBytes = maxBytes
      self.maxDepth = maxDepth
      self.maxElements = maxElements
    }
  }

  /// Parses a body.
  /// - Parameters:
  ///   - bytes: The body as received.
  ///   - limits: The limits to enforce.
  /// - Returns: The root element.
  /// - Throws: ``WebDAVError`` (400) when the body is empty, too large, too deep, has too many
  ///   elements, declares a DOCTYPE or entities, is not in UTF-8, or is not well-formed XML.
  /// - Complexity: O(*n*) in the body's length.
  public static func parse(_ bytes: [UInt8], limits: Limits = Limits()) throws(WebDAVError)
    -> XMLElement
  {
    try check(bytes, limits: limits)
    return try read(Data(bytes), limits: limits)
  }

  /// Parses a body held as `Data`.
  /// - Parameters:
  ///   - data: The body as received.
  ///   - limits: The limits to enforce.
  /// - Returns: The root element.
  /// - Throws: ``WebDAVError`` (400), as ``parse(_:limits:)-([UInt8],_)`` does.
  public static func parse(_ data: Data, limits: Limits = Limits()) throws(WebDAVError)
    -> XMLElement
  {
    try check([UInt8](data), limits: limits)
    return try read(data, limits: limits)
  }

  // MARK: - Before libxml2 sees the bytes

  /// The byte-level checks: size, encoding, and no markup declarations.
  private static func check(_ bytes: [UInt8], limits: Limits) throws(WebDAVError) {
    if bytes.count > limits.maxBytes {
      throw .badRequest(
        "The XML body is \(bytes.count) bytes; at most \(limits.maxBytes) are accepted.")
    }
    var index = 0
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    guard index < bytes.count else { throw .badRequest("The XML body is empty.") }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes[index] == 0
    {
      throw .badRequest("The XML body is in UTF-16 or UTF-32; send it in UTF-8.")
    }
    guard bytes[index] == UInt8(ascii: "<") else {
      throw .badRequest(
        "The body is not XML: it starts with '\(String(decoding: bytes[index...].prefix(20), as: UTF8.self))'."
      )
    }
    try checkEncodingDeclaration(bytes[index...])
    try checkNoDeclarations(bytes, from: index)
  }

  /// Accepts only encodings in which `<!` is the bytes `<!` (so the DOCTYPE check holds).
  private static func checkEncodingDeclaration(_ bytes: ArraySlice<UInt8>) throws(WebDAVError) {
    guard bytes.starts(with: Array("<?xml".utf8)),
      let end = firstIndex(of: Array("?>".utf8), in: bytes, from: bytes.startIndex)
    else { return }
    let declaration = String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self)
    guard let range = declaration.range(of: "encoding") else { return }
    let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return }
    let name = rest.dropFirst().prefix { $0 != quote }.lowercased()
    let accepted = ["utf-8", "utf8", "us-ascii", "ascii", "iso-8859-1", "latin1"]
    if !accepted.contains(name) {
      throw .badRequest(
        "The XML body declares the encoding '\(name)'; only UTF-8 (or US-ASCII, ISO-8859-1) is accepted."
      )
    }
  }

  /// Refuses any `<!` other than a comment or a CDATA section: DOCTYPE, ENTITY, ELEMENT,
  /// ATTLIST, NOTATION. Outside comments, CDATA and processing instructions, `<` can only start
  /// markup in well-formed XML, so this finds every declaration and refuses nothing valid.
  private static func checkNoDeclarations(_ bytes: [UInt8], from start: Int) throws(WebDAVError) {
    var index = start
    let lt = UInt8(ascii: "<")
    while let at = bytes[index...].firstIndex(of: lt) {
      let rest = bytes[at...]
      if rest.starts(with: Array("<!--".utf8)) {
        guard let end = firstIndex(of: Array("-->".utf8), in: bytes[...], from: at + 4) else {
          throw .badRequest("The XML body has a comment that is never closed with '-->'.")
        }
        index = end + 3
      } else if rest.starts(with: Array("<![CDATA[".utf8)) {
        guard let end = firstIndex(of: Array("]]>".utf8), in: bytes[...], from: at + 9) else {
          throw .badRequest("The XML body has a CDATA section that is never closed with ']]>'.")
        }
        index = end + 3
      } else if rest.starts(with: Array("<?".utf8)) {
        guard let end = firstIndex(of: Array("?>".utf8), in: bytes[...], from: at + 2) else {
          throw .badRequest(
            "The XML body has a processing instruction that is never closed with '?>'.")
        }
        index = end + 2
      } else if rest.starts(with: Array("<!".utf8)) {
        let word = String(
          decoding: rest.dropFirst(2).prefix { $0 >= 0x41 && $0 <= 0x7A }.prefix(12), as: UTF8.self)
        let (line, column) = position(of: at, in: bytes)
        throw .badRequest(
          "The XML body has a <!\(word) declaration at line \(line), column \(column): DOCTYPE and entity declarations are not accepted."
        )
      } else {
        index = at + 1
      }
    }
  }

  private static func firstIndex(of needle: [UInt8], in bytes: ArraySlice<UInt8>, from: Int)
    -> Int?
  {
    guard needle.count <= bytes.endIndex - from else { return nil }
    var index = from
    while index + needle.count <= bytes.endIndex {
      guard let at = bytes[index...].firstIndex(of: needle[0]),
        at + needle.count <= bytes.endIndex
      else { return nil }
      if bytes[at..<(at + needle.count)].elementsEqual(needle) { return at }
      index = at + 1
    }
    return nil
  }

  private static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    let before = bytes[..<offset]
    let line = before.lazy.filter { $0 == 0x0A }.count + 1
    let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
    return (line, offset - lineStart + 1)
  }

  // MARK: - libxml2

  private static func read(_ data: Data, limits: Limits) throws(WebDAVError) -> XMLElement {
    let parser = XMLParser(data: data)
    let builder = TreeBuilder(limits: limits)
    parser.delegate = builder
    parser.shouldProcessNamespaces = true
    parser.shouldReportNamespacePrefixes = true
    parser.shouldResolveExternalEntities = false
    let finished = parser.parse()
    if let refusal = builder.refusal { throw refusal }
    if let error = builder.firstError ?? parser.parserError {
      throw .badRequest(describe(error, line: builder.errorLine, column: builder.errorColumn))
    }
    guard finished, let root = builder.root else {
      throw .badRequest(
        "The XML body ends before its root element is closed (line \(parser.lineNumber), column \(parser.columnNumber))."
      )
    }
    return root
  }

  /// The parser's error in words, with where it happened.
  private static func describe(_ error: Error, line: Int, column: Int) -> String {
    let code = (error as NSError).code
    let what: String
    switch code {
    case 4: what = "the body is empty"
    case 5: what = "the body ends too soon"
    case 9: what = "it has a character XML does not allow"
    case 6, 7, 8: what = "it has a character reference that is not a valid character"
    case 26: what = "it uses an entity that is not defined (only &lt; &gt; &amp; &quot; &apos;)"
    case 31, 32, 79, 81: what = "its encoding is not UTF-8 or its bytes are not valid UTF-8"
    case 38: what = "an attribute value contains '<'"
    case 39, 40, 41: what = "an attribute is not written as name=\"value\""
    case 42: what = "an element has the same attribute twice"
    case 68: what = "a name is missing where one is required"
    case 73: what = "a tag is not closed with '>'"
    case 76: what = "a closing tag does not match the element it closes"
    case 77: what = "an element is never closed"
    case 85: what = "its elements are not balanced"
    case 86: what = "there is content after the root element"
    case 200, 201: what = "it uses a namespace prefix that is not declared"
    default:
      let name = XMLParser.ErrorCode(rawValue: code).map { String(describing: $0) }
      what = "the XML parser reports error \(code)\(name.map { " (\($0))" } ?? "")"
    }
    return "The XML body is not well-formed: \(what) (line \(line), column \(column))."
  }
}

/// Builds the element tree from the parser's events and enforces the depth and element limits.
private final class TreeBuilder: NSObject, XMLParserDelegate {
  let limits: SafeXMLParser.Limits
  var stack: [XMLElement] = []
  var root: XMLElement?
  var elementCount = 0
  /// Prefix -> namespace URI bindings in scope, innermost last, for attributes in namespaces.
  var prefixes: [(prefix: String, uri: String)] = []
  var refusal: WebDAVError?
  var firstError: Error?
  var errorLine = 0
  var errorColumn = 0

  init(limits: SafeXMLParser.Limits) { self.limits = limits }

  private func refuse(_ parser: XMLParser, _ message: String) {
    if refusal == nil {
      refusal = .badRequest(
        "\(message) (line \(parser.lineNumber), column \(parser.columnNumber)).")
    }
    parser.abortParsing()
  }

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?, attributes attributeDict: [String: String]
  ) {
    guard refusal == nil, firstError == nil else { return }
    if root != nil {
      return refuse(parser, "The XML body has content after its root element")
    }
    elementCount += 1
    if elementCount > limits.maxElements {
      return refuse(
        parser, "The XML body has more than \(limits.maxElements) elements, the most accepted")
    }
    if stack.count >= limits.maxDepth {
      return refuse(
        parser, "The XML body nests elements more than \(limits.maxDepth) deep, the most accepted")
    }
    var attributes: [String: String] = [:]
    for (key, value) in attributeDict {
      attributes[attributeName(key)] = value
    }
    stack.append(
      XMLElement(XMLName(namespaceURI ?? "", elementName), attributes: attributes))
  }

  /// `p:name` with `p` bound to a namespace becomes `{namespace}name`; `xml:` keeps its prefix.
  private func attributeName(_ qualified: String) -> String {
    guard let colon = qualified.firstIndex(of: ":") else { return qualified }
    let prefix = String(qualified[..<colon])
    let local = qualified[qualified.index(after: colon)...]
    if prefix == "xml" { return "{http://www.w3.org/XML/1998/namespace}\(local)" }
    guard let uri = prefixes.last(where: { $0.prefix == prefix })?.uri else { return qualified }
    return "{\(uri)}\(local)"
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?,
    qualifiedName qName: String?
  ) {
    guard refusal == nil, firstError == nil, let element = stack.popLast() else { return }
    if stack.isEmpty {
      root = element
    } else {
      stack[stack.count - 1].children.append(element)
    }
  }

  func parser(_ parser: XMLParser, didStartMappingPrefix prefix: String, toURI namespaceURI: String)
  {
    prefixes.append((prefix, namespaceURI))
  }

  func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
    if let index = prefixes.lastIndex(where: { $0.prefix == prefix }) {
      prefixes.remove(at: index)
    }
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1].text += string
  }

  func parser(_ parser: XMLParser, foundCDATA CDATABlock: Data) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1].text += String(decoding: CDATABlock, as: UTF8.self)
  }

  // A second line of defence: the byte check already refused every declaration.
  func parser(
    _ parser: XMLParser, foundInternalEntityDeclarationWithName name: String, value: String?
  ) {
    refuse(parser, "The XML body declares the entity '\(name)'; entity declarations are refused")
  }

  func parser(
    _ parser: XMLParser, foundExternalEntityDeclarationWithName name: String, publicID: String?,
    systemID: String?
  ) {
    refuse(parser, "The XML body declares the external entity '\(name)'; it is refused")
  }

  func parser(_ parser: XMLParser, resolveExternalEntityName name: String, systemID: String?)
    -> Data?
  {
    refuse(parser, "The XML body refers to the external entity '\(name)'; it is refused")
    return nil
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
    if firstError == nil {
      firstError = parseError
      errorLine = parser.lineNumber
      errorColumn = parser.columnNumber
    }
  }
}
