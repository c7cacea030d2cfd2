import Foundation
import FoundationXML

/// Reads a WebDAV request body into an ``XMLElement`` tree, refusing what could hurt the server.
///
/// FoundationXML's `XMLParser` (libxml2) does the parsing, with external entities off and
/// namespaces resolved. Before it runs, the bytes are checked: at most ``Limits/maxBytes``,
/// valid UTF-8 (a byte order mark is fine; no other encoding may be declared), and no
/// `<!DOCTYPE`, `<!ENTITY` or other markup declaration anywhere, so neither external entities
/// (XXE) nor entity expansion (billion laughs) can happen whatever libxml2 would allow, and no
/// processing instruction but the XML declaration (FoundationXML crashes on some). While it
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
  ///   elements, declares a DOCTYPE or entities, has a processing instruction, is not valid
  ///   UTF-8, or is not well-formed XML (with namespaces).
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
    switch try declaredEncoding(bytes, from: index) {
    case "us-ascii", "ascii": try checkASCII(bytes)
    default: try checkUTF8(bytes)
    }
    try checkNoDeclarations(bytes, from: index)
  }

  /// The encoding the XML declaration names, lower-cased (nil when it names none). Only UTF-8
  /// and its subset US-ASCII are accepted: in them `<!` is the bytes `<!`, so the DOCTYPE check
  /// holds, and the UTF-8 check below covers every byte. (ISO-8859-1 was accepted once; the
  /// fuzzer found that a byte order mark beside it makes FoundationXML trap.)
  private static func declaredEncoding(_ bytes: [UInt8], from start: Int) throws(WebDAVError)
    -> String?
  {
    guard has(bytes, "<?xml", at: start), let end = firstIndex(of: "?>", in: bytes, from: start)
    else { return nil }
    let declaration = String(decoding: bytes[start..<end], as: UTF8.self)
    guard let range = declaration.range(of: "encoding") else { return nil }
    let rest = declaration[range.upperBound...].drop { $0 == " " || $0 == "=" }
    guard let quote = rest.first, quote == "\"" || quote == "'" else { return nil }
    let name = rest.dropFirst().prefix { $0 != quote }.lowercased()
    let accepted = ["utf-8", "utf8", "us-ascii", "ascii"]
    if !accepted.contains(name) {
      throw .badRequest(
        "The XML body declares the encoding '\(name)'; only UTF-8 is accepted.")
    }
    return name
  }

  /// Refuses bytes that are not UTF-8. libxml2 would carry on reading them as Latin-1 and
  /// FoundationXML then traps on the names it is given (found by the WebDAVRequests fuzzer).
  private static func checkUTF8(_ bytes: [UInt8]) throws(WebDAVError) {
    if String(validating: bytes, as: UTF8.self) != nil { return }
    // Find the first bad byte, for the message.
    var iterator = bytes.makeIterator()
    var parser = Unicode.UTF8.ForwardParser()
    var offset = 0
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar): offset += scalar.count
      case .emptyInput: return
      case .error:
        let (line, column) = position(of: offset, in: bytes)
        let byte = String(bytes[offset], radix: 16, uppercase: true)
        throw .badRequest(
          "The XML body is not valid UTF-8: byte 0x\(byte) at line \(line), column \(column) is not part of a character."
        )
      }
    }
  }

  private static func checkASCII(_ bytes: [UInt8]) throws(WebDAVError) {
    if let offset = bytes.firstIndex(where: { $0 >= 0x80 }) {
      let (line, column) = position(of: offset, in: bytes)
      throw .badRequest(
        "The XML body declares US-ASCII but has the byte 0x\(String(bytes[offset], radix: 16, uppercase: true)) at line \(line), column \(column)."
      )
    }
  }

  /// Refuses any `<!` other than a comment or a CDATA section (DOCTYPE, ENTITY, ELEMENT,
  /// ATTLIST, NOTATION) and any processing instruction but the XML declaration. Outside
  /// comments and CDATA, `<` can only start markup in well-formed XML, so this finds every
  /// declaration.
  private static func checkNoDeclarations(_ bytes: [UInt8], from start: Int) throws(WebDAVError) {
    var index = start
    while let at = bytes[index...].firstIndex(of: UInt8(ascii: "<")) {
      if has(bytes, "<!--", at: at) {
        guard let end = firstIndex(of: "-->", in: bytes, from: at + 4) else {
          throw .badRequest("The XML body has a comment that is never closed with '-->'.")
        }
        index = end + 3
      } else if has(bytes, "<![CDATA[", at: at) {
        guard let end = firstIndex(of: "]]>", in: bytes, from: at + 9) else {
          throw .badRequest("The XML body has a CDATA section that is never closed with ']]>'.")
        }
        index = end + 3
      } else if has(bytes, "<?", at: at) {
        // Only the XML declaration: FoundationXML crashes on a processing instruction without
        // data (`<?x?>`, found by the WebDAVRequests fuzzer), and WebDAV bodies have none.
        let isDeclaration =
          at == start && has(bytes, "<?xml", at: at) && at + 5 < bytes.count
          && [0x20, 0x09, 0x0A, 0x0D].contains(bytes[at + 5])
        guard isDeclaration else {
          let target = String(
            decoding: bytes[(at + 2)...].prefix { $0 > 0x20 && $0 != UInt8(ascii: "?") }
              .prefix(20),
            as: UTF8.self)
          let (line, column) = position(of: at, in: bytes)
          throw .badRequest(
            "The XML body has a processing instruction <?\(target)?> at line \(line), column \(column); only the XML declaration is accepted, at the start."
          )
        }
        guard let end = firstIndex(of: "?>", in: bytes, from: at + 2) else {
          throw .badRequest("The XML body's XML declaration is never closed with '?>'.")
        }
        // Only names, values and blanks: markup inside means libxml2 reads it another way.
        if bytes[(at + 5)..<end].contains(where: { [0x3C, 0x3E, 0x26].contains($0) }) {
          throw .badRequest(
            "The XML body's XML declaration has '<', '>' or '&' in it; write it as <?xml version=\"1.0\" encoding=\"utf-8\"?>."
          )
        }
        index = end + 2
      } else if has(bytes, "<!", at: at) {
        let word = String(
          decoding: bytes[(at + 2)...].prefix { $0 >= 0x41 && $0 <= 0x7A }.prefix(12),
          as: UTF8.self)
        let (line, column) = position(of: at, in: bytes)
        throw .badRequest(
          "The XML body has a <!\(word) declaration at line \(line), column \(column): DOCTYPE and entity declarations are not accepted."
        )
      } else {
        index = at + 1
      }
    }
  }

  /// Whether the ASCII text `literal` is at `offset`.
  private static func has(_ bytes: [UInt8], _ literal: StaticString, at offset: Int) -> Bool {
    let count = literal.utf8CodeUnitCount
    guard offset + count <= bytes.count else { return false }
    let start = literal.utf8Start
    for index in 0..<count where bytes[offset + index] != start[index] { return false }
    return true
  }

  /// Where the ASCII text `literal` first occurs at or after `from`.
  private static func firstIndex(of literal: StaticString, in bytes: [UInt8], from: Int) -> Int? {
    var index = from
    let first = literal.utf8Start[0]
    while index < bytes.count, let at = bytes[index...].firstIndex(of: first) {
      if has(bytes, literal, at: at) { return at }
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
      let position =
        parser.lineNumber > 0
        ? " (line \(parser.lineNumber), column \(parser.columnNumber))" : ""
      throw .badRequest("The XML body ends before its root element is closed\(position).")
    }
    return root
  }

  /// The parser's error in words, with where it happened.
  private static func describe(_ error: Error, line: Int, column: Int) -> String {
    let code = (error as NSError).code
    let what: String
    switch code {
    case 4: what = "the body is empty"
    case 5:  // libxml2's XML_ERR_DOCUMENT_END, for both
      what = "an element is not closed, or there is content after the root element"
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
    guard refusal == nil, firstError == nil, var element = stack.popLast() else { return }
    // Indentation between child elements is not content (WebDAV bodies have no mixed content).
    if !element.children.isEmpty && element.text.allSatisfy(\.isWhitespace) { element.text = "" }
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

  func parser(_ parser: XMLParser, foundCDATA cdataBlock: Data) {
    guard !stack.isEmpty else { return }
    stack[stack.count - 1].text += String(decoding: cdataBlock, as: UTF8.self)
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
    // With every DTD refused, an entity libxml2 cannot resolve is one that is not defined.
    refuse(
      parser,
      "The XML body uses the entity '&\(name);', which is not defined: only &lt; &gt; &amp; &quot; &apos; and character references are"
    )
    return nil
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
    if firstError == nil {
      firstError = parseError
      errorLine = parser.lineNumber
      errorColumn = parser.columnNumber
    }
    // FoundationXML leaks about 80 bytes for every error libxml2 reports, and libxml2 goes on
    // past namespace errors: a body with thousands of undeclared prefixes leaked megabytes.
    // Stop at the first.
    parser.abortParsing()
  }
}
