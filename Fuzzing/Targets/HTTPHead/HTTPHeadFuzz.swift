// Fuzzes what the server does with a request head after libmicrohttpd has split it: percent
// decoding of the path and query, and header lookup by case-insensitive name.
//
// Input: a first line `target` (path, optionally `?query`), then `name: value` header lines.
import Foundation
import LibFuzzerDriver

@testable import HTTPServer

/// The parts of `bytes` between `separator`s, at most `limit` + 1 of them.
private func split(_ bytes: [UInt8], _ separator: Unicode.Scalar, limit: Int = .max) -> [[UInt8]] {
  bytes.split(
    separator: UInt8(ascii: separator), maxSplits: limit, omittingEmptySubsequences: false
  ).map { Array($0) }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let lines = split(Array(UnsafeBufferPointer(start: data, count: size)), "\n")
  let target = split(lines[0], "?", limit: 1)
  let rawPath = target[0]
  _ = PercentDecoding.bytes(rawPath, plusIsSpace: false)
  let path = try? PercentDecoding.string(rawPath, plusIsSpace: false)
  if let path { precondition(!path.utf8.contains(0), "a decoded path holds NUL") }
  var query: [(name: String, value: String)] = []
  if target.count == 2 {
    for pair in split(target[1], "&") {
      let nameAndValue = split(pair, "=", limit: 1)
      guard let name = try? PercentDecoding.string(nameAndValue[0], plusIsSpace: true),
        let value = try? PercentDecoding.string(
          nameAndValue.count == 2 ? nameAndValue[1] : [], plusIsSpace: true)
      else { continue }
      query.append((name, value))
    }
  }
  var headers = HTTPHeaders()
  for line in lines.dropFirst() {
    let field = split(line, ":", limit: 1)
    headers.add(
      String(decoding: field[0], as: UTF8.self),
      String(decoding: field.count == 2 ? field[1] : [], as: UTF8.self))
  }
  let request = HTTPRequest(
    method: "GET", path: path ?? "/", rawPath: String(decoding: rawPath, as: UTF8.self),
    query: query, headers: headers)
  for (name, _) in request.query.prefix(32) { _ = request.queryValue(name) }
  for (name, value) in headers.prefix(32) {
    if name.utf8.allSatisfy({ $0 < 0x80 }) {
      precondition(headers.contains(name.uppercased()), "a header name differs from its upper case")
    }
    _ = headers.values(for: name)
    var copy = headers
    copy[name] = value
    copy.remove(name.lowercased())
  }
  _ = request.bodyText
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_HTTPHead_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
