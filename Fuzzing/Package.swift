// swift-tools-version: 6.0
// libFuzzer targets for every parser that reads outside input. A package of its own so that its
// executables (which have no `main`: libFuzzer brings one) never take part in the main build.
// Build and run them with scripts/fuzz; see docs/FUZZING.md.
import Foundation
import PackageDescription

// SwiftPM names a package dependency by the last component of its path: the checkout's folder.
let checklists = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().lastPathComponent.lowercased()

/// Each fuzz target: its name (the folder under Targets/ and its corpus under Corpus/) and the
/// library products of the main package it reads.
let fuzzTargets: [(name: String, products: [String])] = [
  ("AppPropertyList", ["ChecklistsInterop", "ChecklistsCore"]),
  ("KeyedArchive", ["ChecklistsInterop", "ChecklistsCore"]),
  ("IOSChecklistsPlist", ["ChecklistsInterop"]),
  ("ShoppingListItemsFile", ["ChecklistsInterop"]),
  ("ChecklistsFile", ["ChecklistsInterop"]),
  ("ChecklistsBackup", ["ChecklistsInterop"]),
  ("RequestBody", ["ChecklistsServer", "ChecklistsInterop", "HTTPServer"]),
  ("HTTPHead", ["HTTPServer"]),
  ("RequestHead", ["HTTPServer"]),
  ("ISOTimestamp", ["ChecklistsInterop"]),
  ("EntityTag", ["ChecklistsServer", "HTTPServer"]),
  ("FriendlyDateParser", ["ChecklistsCLI", "ChecklistsCore"]),
  ("PriceParser", ["ChecklistsCore"]),
  ("WebDAVRequests", ["WebDAV"]),
]

let package = Package(
  name: "ChecklistsFuzz",
  platforms: [.macOS(.v15)],
  dependencies: [.package(path: "..")],
  targets: [
    .target(name: "LibFuzzerDriver", path: "Support/LibFuzzerDriver")
  ]
    + fuzzTargets.map { target in
      .executableTarget(
        name: "fuzz-\(target.name)",
        dependencies: ["LibFuzzerDriver"]
          + target.products.map { .product(name: $0, package: checklists) },
        path: "Targets/\(target.name)"
      )
    }
)
