// Fuzzes the reading of If-Match and If-None-Match: tag lists, revisions and both comparisons.
import Foundation
import HTTPServer
import LibFuzzerDriver

@testable import ChecklistsServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let header = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
  for tag in EntityTag.list(header, weakTagsMatch: true).prefix(64) { _ = tag?.revision }
  _ = EntityTag.list(header, weakTagsMatch: false)
  let request = HTTPRequest(
    method: "PATCH", path: "/api/v1/checklists/x",
    headers: ["If-Match": header, "If-None-Match": header])
  _ = try? request.expectedRevision(current: { 12 })
  _ = request.isNotModified(.revision(12))
  _ = request.isNotModified(.sequence(3))
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_EntityTag_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
