import Foundation
import Testing

@Suite("Two processes on one database")
struct ConcurrentProcessTests {
  @Test("Two CLIs adding and checking at once lose nothing and never report a locked database")
  func twoWriters() async throws {
    let cli = CLI()
    try cli.ok("list", "add", "Shared")
    let perProcess = 30
    let results = try await withThrowingTaskGroup(of: [CLI.Result].self) { group in
      for writer in ["A", "B"] {
        group.addTask {
          try (1...perProcess).flatMap { n in
            [
              try cli.run("add", "Shared", "\(writer) \(n)"),
              try cli.run("toggle", "Shared", "\(writer) \(n)"),
            ]
          }
        }
      }
      return try await group.reduce(into: []) { $0 += $1 }
    }
    for result in results {
      #expect(result.code == 0, "\(result.error)")
      #expect(!result.error.contains("locked"))
    }
    let json = try JSONSerialization.jsonObject(
      with: Data(try cli.ok("items", "Shared", "--json").utf8))
    let items = try #require((json as? [String: Any])?["items"] as? [[String: Any]])
    #expect(items.count == 2 * perProcess)
    #expect(items.allSatisfy { $0["checked"] as? Bool == true })
    #expect(try cli.ok("lists").contains("Shared  All Done!"))
  }
}
