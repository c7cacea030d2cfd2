import Foundation
import FoundationXML

/// Reads a WebDAV request body into an ``XMLElement`` tree, refusing what could hurt the server.
///
/// FoundationXML's `XMLParser` (libxml2) does the parsing, with external entities off and
/// namespaces resolved. Before it runs, the bytes are checked: at most ``Limits/maxBytes``,
/// valid UTF-8 (a byte order mark is fine; no other encoding may be declared), and no
/// `<!DOCTYPE`, `<!ENTITY` or other markup declaration anywhere, so neither external entities
/// (XXE) nor entity expansion (billion laughs) can happen whatever libxml2 would allow; no
/// processing instruction but the XML declaration (FoundationXML crashes on some); and no more
/// namespace declarations or attributes than the limits allow, on one element, in force at once
/// and in all. (libxml2 2.9 compares each declaration and attribute of an element with the
/// others, and looks each prefix up through every declaration in force: 40,000 declarations on
/// one element took 12 s where a plain body of the same size takes milliseconds.) While it
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
    /// The most namespace declarations (`xmlns`, `xmlns:p`) one element may have.
    public var maxNamespaceDeclarationsPerElement: Int
    /// The most namespace declarations in force at once: those of an element and of the
    /// elements it is inside. libxml2 looks every prefix up through all of them.
    public var maxNamespacesInScope: Int
    /// The most namespace declarations a body may have, on all its elements.
    public var maxNamespaceDeclarations: Int
    /// The most attributes one element may have, namespace declarations not counted.
    public var maxAttributesPerElement: Int
    /// The most attributes a body may have, namespace declarations not counted.
    public var maxAttributes: Int

    /// Makes limits. The defaults hold any request a CalDAV client sends with room to spare:
    /// a multiget of several thousand hrefs is about 400 KB and 5,000 elements; DAVx5 and
    /// Thunderbird declare two or three namespaces on the root, and Apple's clients one on
    /// each element that uses it (so a multiget declares `DAV:` once for each href, about
    /// 8,500 times in 1 MiB, but never more than three are in force at once); clients use a
    /// handful of attributes (`name`, `start`). Within them, the costliest body to parse
    /// costs about twice a plain multiget of the same size (docs/CALDAV.md).
    /// - Parameters:
    ///   - maxBytes: The most bytes; 1 MiB unless given.
    ///   - maxDepth: The deepest nesting; 64 unless given.
    ///   - maxElements: The most elements; 20,000 unless given.
    ///   - maxNamespaceDeclarationsPerElement: The most namespace declarations on one element;
    ///     32 unless given.
    ///   - maxNamespacesInScope: The most declarations in force at once; 128 unless given.
    ///   - maxNamespaceDeclarations: The most namespace declarations in all; 10,000 unless
    ///     given.
    ///   - maxAttributesPerElement: The most attributes on one element; 32 unless given.
    ///   - maxAttributes: The most attributes in all; 4,096 unless given.
    public init(
      maxBytes: Int = 1 << 20, maxDepth: Int = 64, maxElements: Int = 20_000,
      maxNamespaceDeclarationsPerElement: Int = 32, maxNamespacesInScope: Int = 128,
      maxNamespaceDeclarations: Int = 10_000, maxAttributesPerElement: Int = 32,
      maxAttributes: Int = 4_096
    ) {
      self.maxBytes = maxBytes
      self.maxDepth = maxDepth
      self.maxElements = maxElements
      self.maxNamespaceDeclarationsPerElement = maxNamespaceDeclarationsPerElement
      self.maxNamespacesInScope = maxNamespacesInScope
      self.maxNamespaceDeclarations = maxNamespaceDeclarations
      self.maxAttributesPerElement = maxAttributesPerElement
      self.maxAttributes = maxAttributes
    }

    /// The limits for XML this server wrote itself from a body it accepted, such as a stored
    /// dead property (at most 16 KiB): the writer declares every namespace once, on the root
    /// element, so the root may carry as many declarations as a body may have in all.
    public static let written = Limits(
      maxNamespaceDeclarationsPerElement: Limits().maxNamespaceDeclarations,
      maxNamespacesInScope: Limits().maxNamespaceDeclarations)
  }

  /// Parses a body.
  /// - Parameters:
  ///   - bytes: The body as received.
  ///   - limits: The limits to enforce.
  /// - Returns: The root element.
  /// - Throws: ``WebDAVError`` (400) when the body is empty, too large, too deep, has too many
  ///   elements, namespace declarations or attributes, declares a DOCTYPE or entities, has a processing instruction, is not valid
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

  /// The byte-level checks: size, encoding, no markup declarations, and the namespace
  /// declarations and attributes of every start tag counted.
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
    try checkMarkup(bytes, from: index, limits: limits)
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
  /// ATTLIST, NOTATION), any processing instruction but the XML declaration, and more namespace
  /// declarations or attributes than `limits` allow. Outside comments and CDATA, `<` can only
  /// start markup in well-formed XML, so this finds every declaration and every start tag.
  /// - Complexity: O(*n*) in the body's length.
  private static func checkMarkup(_ bytes: [UInt8], from start: Int, limits: Limits)
    throws(WebDAVError)
  {
    var index = start
    var counts = MarkupCounts()
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
      } else if has(bytes, "</", at: at) {
        counts.close()
        index = at + 2
      } else {
        index = try countAttributes(bytes, ofTagAt: at, limits: limits, counts: &counts)
      }
    }
  }

  /// The namespace declarations and attributes counted so far in a body.
  private struct MarkupCounts {
    /// Declarations in the whole body.
    var declarations = 0
    /// Attributes in the whole body.
    var attributes = 0
    /// Declarations of each element open at this point, outermost first.
    var openElements: [Int] = []
    /// Declarations in force at this point: those of the open elements.
    var inScope = 0

    /// An end tag: its element's declarations go out of scope.
    mutating func close() {
      if let declarations = openElements.popLast() { inScope -= declarations }
    }
  }

  /// Counts the namespace declarations and attributes of the start tag at `start` and refuses
  /// the first one past a limit, before libxml2 does any work on it.
  ///
  /// Attribute values are skipped whole, so a `>` or a quote of the other kind inside one is
  /// not mistaken for markup. Where the tag is not well-formed, counting stops: libxml2 stops at
  /// the same place with an error, having read no more attributes than those counted.
  /// - Returns: Where to go on looking for markup.
  /// - Complexity: O(*m*) in the tag's length.
  private static func countAttributes(
    _ bytes: [UInt8], ofTagAt start: Int, limits: Limits, counts: inout MarkupCounts
  ) throws(WebDAVError) -> Int {
    var index = start + 1
    while index < bytes.count, !isBlank(bytes[index]), !endsName(bytes[index]) { index += 1 }
    var declarations = 0
    var attributes = 0
    while true {
      while index < bytes.count, isBlank(bytes[index]) { index += 1 }
      let nameStart = index
      while index < bytes.count, !isBlank(bytes[index]), !endsName(bytes[index]) { index += 1 }
      let nameEnd = index
      while index < bytes.count, isBlank(bytes[index]) { index += 1 }
      // Not `name = "value"`: the end of the tag (`>`, `/>`) or an error libxml2 reports.
      guard nameEnd > nameStart, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        if !has(bytes, "/>", at: index) {
          counts.openElements.append(declarations)
          counts.inScope += declarations
        }
        return index
      }
      index += 1
      while index < bytes.count, isBlank(bytes[index]) { index += 1 }
      guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
        return index
      }
      guard let close = bytes[(index + 1)...].firstIndex(of: bytes[index]) else {
        return bytes.count
      }
      index = close + 1
      let isDeclaration =
        has(bytes, "xmlns", at: nameStart)
        && (nameEnd == nameStart + 5 || bytes[nameStart + 5] == UInt8(ascii: ":"))
      if isDeclaration {
        declarations += 1
        counts.declarations += 1
        if declarations > limits.maxNamespaceDeclarationsPerElement {
          throw refusal(
            "declares more than \(limits.maxNamespaceDeclarationsPerElement) namespaces on one element",
            in: bytes, at: nameStart)
        }
        if counts.inScope + declarations > limits.maxNamespacesInScope {
          throw refusal(
            "has more than \(limits.maxNamespacesInScope) namespace declarations in force at once (on an element and the elements around it)",
            in: bytes, at: nameStart)
        }
        if counts.declarations > limits.maxNamespaceDeclarations {
          throw refusal(
            "declares more than \(limits.maxNamespaceDeclarations) namespaces", in: bytes,
            at: nameStart)
        }
      } else {
        attributes += 1
        counts.attributes += 1
        if attributes > limits.maxAttributesPerElement {
          throw refusal(
            "has more than \(limits.maxAttributesPerElement) attributes on one element",
            in: bytes, at: nameStart)
        }
        if counts.attributes > limits.maxAttributes {
          throw refusal(
            "has more than \(limits.maxAttributes) attributes", in: bytes, at: nameStart)
        }
      }
    }
  }

  /// The refusal of a body past a limit: "The XML body <what>, the most accepted (line, column)."
  private static func refusal(_ what: String, in bytes: [UInt8], at offset: Int) -> WebDAVError {
    let (line, column) = position(of: offset, in: bytes)
    return .badRequest(
      "The XML body \(what), the most accepted (line \(line), column \(column)).")
  }

  /// XML's white space: space, tab, line feed, carriage return.
  private static func isBlank(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Whether a byte ends a name inside a tag: `=`, `>`, `/`, `<` or a quote.
  private static func endsName(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "="), UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "<"), 0x22, 0x27:
      true
    default: false
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
  /// The namespace URIs each prefix is bound to in scope, innermost last, for attributes in
  /// namespaces. By prefix, so that binding, unbinding and looking up are O(1) however many
  /// prefixes are in scope (a list searched from its end made 40,000 declarations quadratic).
  var prefixes: [String: [String]] = [:]
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
    guard let uri = prefixes[prefix]?.last else { return qualified }
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
    prefixes[prefix, default: []].append(namespaceURI)
  }

  func parser(_ parser: XMLParser, didEndMappingPrefix prefix: String) {
    guard var uris = prefixes.removeValue(forKey: prefix) else { return }
    _ = uris.popLast()
    if !uris.isEmpty { prefixes[prefix] = uris }
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
