import Foundation
import Testing

@testable import WebDAV

/// What a hostile body costs to parse next to a plain one of the same size, in CPU seconds.
/// Timings flake under load, so this suite asserts nothing and runs only when asked, alone:
/// `CHECKLISTS_MEASURE_XML_COST=1 swift test --skip-build --filter NamespaceCostMeasurement`
/// (add `-c release` to `swift build` and `swift test` for release timings). The limits that keep
/// the cost down are tested, without clocks, in `NamespaceLimitTests`.
@Suite(
  .serialized,
  .enabled(if: ProcessInfo.processInfo.environment["CHECKLISTS_MEASURE_XML_COST"] == "1"))
struct NamespaceCostMeasurement {
  /// The CPU time (user and system) this process has used, in seconds.
  static func cpuSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double {
      Double(time.tv_sec) + Double(time.tv_usec) / 1_000_000
    }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
  }

  /// Parses `body` `rounds` times; prints its size, the CPU time of one parse and the outcome.
  static func measure(_ label: String, _ body: String, rounds: Int = 20) {
    let bytes = Array(body.utf8)
    var outcome = "parsed"
    let start = cpuSeconds()
    for _ in 0..<rounds {
      do {
        _ = try SafeXMLParser.parse(bytes, limits: .init(maxBytes: 1 << 21))
      } catch {
        outcome = "refused: \(error.message.prefix(70))"
      }
    }
    let each = (cpuSeconds() - start) / Double(rounds)
    print(
      "\(label): \(bytes.count / 1024) KB, \(String(format: "%.4f", each)) s CPU each, \(outcome)")
  }

  @Test func hostileBodiesAgainstPlainOnes() {
    let size = NamespaceBodies.plain(hrefs: 8_000).utf8.count
    Self.measure("plain multiget of 8,000 hrefs", NamespaceBodies.plain(hrefs: 8_000))
    Self.measure("plain PROPFIND of 19,990 properties", NamespaceBodies.propfind(size: size))
    Self.measure(
      "Apple's multiget of 8,000 hrefs, DAV: declared on each",
      NamespaceBodies.appleMultiget(hrefs: 8_000))
    Self.measure(
      "40,000 namespace declarations on the root", NamespaceBodies.declarations(40_000),
      rounds: 1)
    Self.measure("50,000 attributes on the root", NamespaceBodies.attributes(50_000), rounds: 1)
    Self.measure(
      "the most in force and attributes the limits allow",
      NamespaceBodies.worstWithinLimits(size: size))
    Self.measure(
      "the most declarations the limits allow", NamespaceBodies.mostDeclarations(size: size))
  }
}

/// The bodies of the namespace and attribute tests.
enum NamespaceBodies {
  /// A multiget naming `hrefs` objects: what a client syncing a large list sends.
  static func plain(hrefs: Int) -> String {
    var body =
      "<c:calendar-multiget xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\">"
      + "<d:prop><d:getetag/><c:calendar-data/></d:prop>"
    for index in 0..<hrefs {
      body +=
        "<d:href>/dav/calendars/alice/8c1f0a52-3e0b-4d7e-9d55-0a6a9a3b6c\(index)/"
        + "item-\(index).ics</d:href>"
    }
    return body + "</c:calendar-multiget>"
  }

  /// A PROPFIND of as many properties as fit in `size` bytes, within the element limit.
  static func propfind(size: Int) -> String {
    var body =
      "<d:propfind xmlns:d=\"DAV:\" xmlns:c=\"urn:ietf:params:xml:ns:caldav\"><d:prop>"
    var index = 0
    while body.utf8.count < size - 100 && index < 19_990 {
      body += "<c:calendar-property-number-\(index)/>"
      index += 1
    }
    return body + "</d:prop></d:propfind>"
  }

  /// A multiget in Apple's style: `DAV:` declared again on each href.
  static func appleMultiget(hrefs: Int) -> String {
    var body =
      "<B:calendar-multiget xmlns:B=\"urn:ietf:params:xml:ns:caldav\">"
      + "<A:prop xmlns:A=\"DAV:\"><A:getetag/><B:calendar-data/></A:prop>"
    for index in 0..<hrefs {
      body +=
        "<A:href xmlns:A=\"DAV:\">/dav/calendars/alice/8c1f0a52-3e0b-4d7e-9d55-0a6/item-\(index).ics</A:href>"
    }
    return body + "</B:calendar-multiget>"
  }

  /// A PROPFIND whose root declares `count` namespaces (40,000 are 857 KB).
  static func declarations(_ count: Int) -> String {
    var body = "<d:propfind xmlns:d=\"DAV:\""
    for index in 0..<count { body += " xmlns:p\(index)=\"u\(index)\"" }
    return body + "><d:allprop/></d:propfind>"
  }

  /// A PROPFIND whose root has `count` attributes.
  static func attributes(_ count: Int) -> String {
    var body = "<d:propfind xmlns:d=\"DAV:\""
    for index in 0..<count { body += " a\(index)=\"1\"" }
    return body + "><d:allprop/></d:propfind>"
  }

  /// As many namespaces in force as the limits allow (32 on each of nested elements), then as
  /// many attributes as they allow, each in the outermost namespace (the last libxml2 finds),
  /// then hrefs in it up to `size` bytes.
  static func worstWithinLimits(size: Int) -> String {
    let limits = SafeXMLParser.Limits()
    let perElement = limits.maxNamespaceDeclarationsPerElement
    let levels = limits.maxNamespacesInScope / perElement
    var body = ""
    var number = 0
    for level in 0..<levels {
      body += "<l\(level)"
      for _ in 0..<perElement {
        body += " xmlns:n\(number)=\"urn:example:n\(number)\""
        number += 1
      }
      body += ">"
    }
    for _ in 0..<(limits.maxAttributes / limits.maxAttributesPerElement) {
      body += "<n0:e"
      for index in 0..<limits.maxAttributesPerElement { body += " n0:a\(index)=\"1\"" }
      body += "/>"
    }
    var index = 0
    while body.utf8.count < size - 100 {
      body += "<n0:href>/dav/calendars/alice/item-\(index).ics</n0:href>"
      index += 1
    }
    for level in (0..<levels).reversed() { body += "</l\(level)>" }
    return body
  }

  /// As many declarations as the limits allow in a body, the most on each element, then hrefs
  /// up to `size` bytes.
  static func mostDeclarations(size: Int) -> String {
    let limits = SafeXMLParser.Limits()
    var body = "<d:multiget xmlns:d=\"DAV:\">"
    let perElement = limits.maxNamespaceDeclarationsPerElement
    for element in 0..<((limits.maxNamespaceDeclarations - 1) / perElement) {
      body += "<d:prop"
      for index in 0..<perElement { body += " xmlns:p\(index)=\"u\(element)-\(index)\"" }
      body += "/>"
    }
    var index = 0
    while body.utf8.count < size - 100 {
      body += "<d:href>/dav/calendars/alice/item-\(index).ics</d:href>"
      index += 1
    }
    return body + "</d:multiget>"
  }
}
