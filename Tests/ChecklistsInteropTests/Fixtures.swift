import ChecklistsCore
import Foundation
import Testing

/// The sample files in `shared/fixtures/seed-apps` and the iPhone app's own record types.
enum Fixtures {
  /// The folder holding the sample files.
  ///
  /// `CHECKLISTS_FIXTURES` wins when set; otherwise the folder is found by walking up from this
  /// source file (with and without resolving symlinks, since the test target may be linked into
  /// another package) to a folder that has `shared/fixtures/seed-apps` in it or beside it.
  static func folder() throws -> URL {
    if let path = ProcessInfo.processInfo.environment["CHECKLISTS_FIXTURES"] {
      return URL(fileURLWithPath: path, isDirectory: true)
    }
    let file = URL(fileURLWithPath: #filePath)
    for start in [file, file.resolvingSymlinksInPath()] {
      var folder = start.deletingLastPathComponent()
      while folder.path != "/" {
        for candidate in ["shared/fixtures/seed-apps", "../shared/fixtures/seed-apps"] {
          let url = folder.appendingPathComponent(candidate, isDirectory: true).standardized
          if FileManager.default.fileExists(atPath: url.path) { return url }
        }
        folder = folder.deletingLastPathComponent()
      }
    }
    throw FixtureNotFound(searchedFrom: file.path)
  }

  /// The contents of one sample file.
  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: folder().appendingPathComponent(name))
  }

  /// The binary `Checklists.plist`.
  static func binaryPlist() throws -> Data { try data("Checklists.plist") }

  /// The same data as an XML property list.
  static func xmlPlist() throws -> Data { try data("Checklists-xml.plist") }

  struct FixtureNotFound: Error, CustomStringConvertible {
    var searchedFrom: String
    var description: String {
      "shared/fixtures/seed-apps not found above \(searchedFrom); set CHECKLISTS_FIXTURES."
    }
  }

  /// A UTC date from an ISO 8601 timestamp without fraction.
  static func date(_ text: String) -> Date {
    let formatter = ISO8601DateFormatter()
    return formatter.date(from: text)!
  }

  /// The four lists the sample files hold, as the importer must read them.
  /// ``expectedLists`` as a file that says every due date (a JSON backup) reads them.
  static var expectedListsKnown: [PortableChecklist] {
    expectedLists.map { list in
      var list = list
      for index in list.items.indices { list.items[index].dueDateIsKnown = true }
      return list
    }
  }

  static let expectedLists: [PortableChecklist] = {
    let jan1 = date("2026-01-01T00:00:00Z")
    func item(_ text: String, _ checked: Bool, _ due: Date = jan1, remind: Bool = false)
      -> PortableItem
    {
      // The app shows a due date only with Remind Me: without, the file's date is not kept.
      PortableItem(
        text: text, isChecked: checked, dueDate: remind ? due : nil, shouldRemind: remind,
        dueDateIsKnown: remind)
    }
    return [
      PortableChecklist(
        name: "Birthdays", icon: .birthdays,
        items: [
          item("Buy a cake", false, date("2026-01-03T00:00:00Z"), remind: true),
          item("Send invitations", true),
        ]),
      PortableChecklist(name: "Cool Apps", icon: .folder, items: []),
      PortableChecklist(
        name: "Groceries", icon: .groceries,
        items: [item("Milk", false), item("Eggs", true), item("Bread", true)]),
      PortableChecklist(
        name: "To Do", icon: .chores,
        items: [
          item("Walk the dog", false), item("Brush my teeth", true),
          item("Learn iOS development", false), item("Soccer practice", false),
          item("Eat ice cream", true),
        ]),
    ]
  }()
}

/// The iPhone app's `Checklist`, exactly as it declares it: every property required.
struct AppChecklist: Codable, Equatable {
  var name: String
  var iconName: String
  var items: [AppChecklistItem]
}

/// The iPhone app's `ChecklistItem`, exactly as it declares it: every property required.
struct AppChecklistItem: Codable, Equatable {
  var text: String
  var checked: Bool
  var dueDate: Date
  var shouldRemind: Bool
  var itemID: Int
}

/// Builds property lists the way the app writes them, and damaged variants of them.
enum PlistMaker {
  /// Encodes app records with `PropertyListEncoder`, as the app saves them.
  static func encode(
    _ lists: [AppChecklist], format: PropertyListSerialization.PropertyListFormat = .binary
  ) throws -> Data {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = format
    return try encoder.encode(lists)
  }

  /// Serializes any property list tree.
  static func serialize(
    _ tree: Any, format: PropertyListSerialization.PropertyListFormat = .binary
  ) throws -> Data {
    try PropertyListSerialization.data(fromPropertyList: tree, format: format, options: 0)
  }

  /// The binary fixture as a tree, changed by `edit`, serialized again.
  static func fixtureEdited(
    format: PropertyListSerialization.PropertyListFormat = .binary,
    _ edit: (inout [[String: Any]]) -> Void
  ) throws -> Data {
    let parsed = try PropertyListSerialization.propertyList(
      from: Fixtures.binaryPlist(), options: [], format: nil)
    var lists = try #require(parsed as? [[String: Any]])
    edit(&lists)
    return try serialize(lists, format: format)
  }

  /// Changes item `item` of list `list` (both zero-based) in a parsed fixture.
  static func editItem(
    _ lists: inout [[String: Any]], list: Int, item: Int, _ edit: (inout [String: Any]) -> Void
  ) {
    var items = lists[list]["items"] as! [[String: Any]]
    edit(&items[item])
    lists[list]["items"] = items
  }
}

/// Asserts that `body` throws a ``ChecklistsError`` with code `unreadableFile` whose message
/// contains every one of `fragments`, and returns the message.
@discardableResult
func expectUnreadable(
  _ fragments: [String], sourceLocation: SourceLocation = #_sourceLocation,
  _ body: () throws -> Any
) -> String? {
  do {
    let value = try body()
    Issue.record(
      "Expected an unreadableFile error, decoded \(value)", sourceLocation: sourceLocation)
    return nil
  } catch let error as ChecklistsError {
    #expect(error.code == .unreadableFile, "\(error)", sourceLocation: sourceLocation)
    for fragment in fragments {
      #expect(error.message.contains(fragment), "\(error.message)", sourceLocation: sourceLocation)
    }
    for raw in ["DecodingError", "Error Domain", "CodingKeys", "NSCocoaErrorDomain"] {
      #expect(!error.message.contains(raw), "\(error.message)", sourceLocation: sourceLocation)
    }
    return error.message
  } catch {
    Issue.record("Expected ChecklistsError, got \(error)", sourceLocation: sourceLocation)
    return nil
  }
}
