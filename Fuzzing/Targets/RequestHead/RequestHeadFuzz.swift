// Fuzzes the checks a request head must pass (`RequestHeadCheck`): a request line and header
// lines, split and folded the way libmicrohttpd 0.9.75 does it, so that the checks see what they
// see in the server. A folded line (one that begins with a space or tab) is appended to the
// previous field's name and the field reported as joined.
//
// Input: the request line, then header lines, separated by "\n" (a "\r" before it is dropped).
// Invariants: no crash; a head with a folded line is refused with 400; an accepted head has
// only token names, one Content-Length value, not both framings, no Expect but 100-continue.
import LibFuzzerDriver

@testable import HTTPServer

private struct Field {
  var name: [UInt8]
  var value: [UInt8]
  var joined = false
}

private func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

private func lowercased(_ bytes: [UInt8]) -> [UInt8] {
  bytes.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  var lines = Array(UnsafeBufferPointer(start: data, count: size))
    .split(separator: 0x0A, omittingEmptySubsequences: false)
    .map { line in Array(line.last == 0x0D ? line.dropLast() : line[...]) }
  let requestLine = lines.removeFirst()
  // libmicrohttpd: the method ends at the first space, the version starts after the last.
  if let first = requestLine.firstIndex(of: 0x20) {
    let last = requestLine.lastIndex(of: 0x20)!
    let method = Array(requestLine[..<first])
    let target = last > first ? Array(requestLine[(first + 1)..<last]) : []
    let refusal = method.withUnsafeBytes { method in
      target.withUnsafeBytes { RequestHeadCheck.refusal(method: method, target: $0) }
    }
    if refusal == nil {
      precondition(
        target.allSatisfy { $0 > 0x20 && $0 < 0x7F }, "a target with white space passed")
    }
  }

  var fields: [Field] = []
  var sawFold = false
  for line in lines {
    if line.isEmpty { break }  // the end of the head
    if isSpace(line[0]), !fields.isEmpty {
      sawFold = true
      fields[fields.count - 1].name += line.drop(while: isSpace)
      fields[fields.count - 1].joined = true
      continue
    }
    guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { return 0 }  // MHD's 400
    fields.append(
      Field(
        name: Array(line[..<colon]),
        value: Array(line[(colon + 1)...].drop(while: isSpace))))
  }

  var check = RequestHeadCheck()
  for field in fields {
    field.name.withUnsafeBytes { name in
      field.value.withUnsafeBytes { check.add(name: name, value: $0, joined: field.joined) }
    }
  }
  switch check.verdict {
  case .refused(let status, let detail):
    precondition([400, 417, 501].contains(status), "unexpected status \(status)")
    precondition(!detail.isEmpty, "a refusal without a reason")
    if sawFold { precondition(status == 400, "a folded head got \(status)") }
  case .accepted:
    precondition(!sawFold, "a folded head was accepted")
    let names = fields.map { lowercased($0.name) }
    precondition(
      fields.allSatisfy {
        !$0.name.isEmpty && $0.name.allSatisfy(RequestHeadCheck.isTokenCharacter)
      },
      "a name that is no token passed")
    let lengths = Set(
      fields.filter { lowercased($0.name) == Array("content-length".utf8) }.map(\.value))
    precondition(lengths.count <= 1, "disagreeing lengths passed")
    let encodings = names.filter { $0 == Array("transfer-encoding".utf8) }.count
    precondition(encodings == 0 || lengths.isEmpty, "both framings passed")
    for field in fields where lowercased(field.name) == Array("expect".utf8) {
      precondition(lowercased(field.value) == Array("100-continue".utf8), "an expectation passed")
    }
    precondition(check.hasBody == (encodings > 0 || (lengths.first.map { $0 != [0x30] } ?? false)))
  }
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_RequestHead_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
