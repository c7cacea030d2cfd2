// Fuzzes the reading of JSON request bodies: the JSON value parser, the object check and every
// typed field accessor the routes use.
import ChecklistsInterop
import Foundation
import HTTPServer
import LibFuzzerDriver

@testable import ChecklistsServer

// The body of a new item and of an item's changes: text, a checkmark, dates, booleans, an id.
private let schema = JSONSchema.object(
  properties: RequestSchemas.newItem.properties.merging(RequestSchemas.move.properties) { a, _ in
    a
  })
private let fields = schema.allowedPropertyNames ?? []

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let request = HTTPRequest(
    method: "POST", path: "/api/v1/checklists",
    headers: ["Content-Type": "application/json; charset=utf-8"],
    body: Array(UnsafeBufferPointer(start: data, count: size)))
  guard let body = try? RequestBody(request, schema: schema) else { return 0 }
  for name in fields {
    _ = body.has(name)
    _ = try? body.string(name)
    _ = try? body.requiredString(name)
    _ = try? body.nullableString(name)
    _ = try? body.bool(name)
    _ = try? body.integer(name)
    _ = try? body.date(name)
  }
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_RequestBody_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
