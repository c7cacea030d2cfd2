import Foundation
import PackagePlugin

/// Writes the list of a target's embedded files, so that nobody keeps it by hand: a file added to
/// the web app's `Web/` is embedded and served at the next build, and a file added to the
/// message catalogue's `Catalogue/` is read at the next build.
///
/// SwiftPM embeds each file of an `.embedInCode("Web")` folder as `PackageResources.<name>`,
/// with the folders dropped and every character but letters, digits and `_` made `_`; it keeps
/// no list of them nor their paths. This plugin reads the files SwiftPM embeds (the target's
/// resources) and writes `<Type>+Generated.swift`: every file's path under the folder
/// ("/app/router.js") beside its `PackageResources` constant.
///
/// The plugin writes the source itself and hands SwiftPM a `cp` of it: a tool built from this
/// package would be built with the fuzzers' `-sanitize=fuzzer` too (scripts/fuzz), and libFuzzer
/// brings a `main` of its own.
@main
struct EmbeddedFileList: BuildToolPlugin {
  /// For each target that uses the plugin: the folder that is embedded, as `resources:` names it
  /// in Package.swift, and the type the list extends.
  static let targets = [
    "ChecklistsWeb": (folder: "Web", type: "WebFiles"),
    "ChecklistsMessages": (folder: "Catalogue", type: "CatalogueFiles"),
  ]

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    guard let (folder, type) = Self.targets[module.name] else {
      throw EmbeddedFileListError("\(module.name): no folder is named for it in EmbeddedFileList")
    }
    // `directoryURL` needs tools version 6.1; the Path's description is its file path.
    let root =
      URL(fileURLWithPath: String(describing: module.directory), isDirectory: true)
      .appendingPathComponent(folder, isDirectory: true).standardizedFileURL.path + "/"
    var files: [(path: String, constant: String)] = []
    for file in module.sourceFiles where file.type == .resource {
      let full = file.url.standardizedFileURL.path
      guard full.hasPrefix(root) else { continue }
      files.append(
        ("/" + full.dropFirst(root.count), Self.constantName(file.url.lastPathComponent)))
    }
    files.sort { $0.path < $1.path }
    try Self.check(files, in: folder)

    let source = Self.source(for: files, in: folder, type: type)
    let work = context.pluginWorkDirectoryURL
    let staged = work.appendingPathComponent("\(type)+Generated.txt")
    let output = work.appendingPathComponent("\(type)+Generated.swift")
    // Written only when it changes, so that a build with no new file compiles nothing again.
    if (try? String(contentsOf: staged, encoding: .utf8)) != source {
      try source.write(to: staged, atomically: true, encoding: .utf8)
    }
    return [
      .buildCommand(
        displayName: "Listing the \(files.count) files of \(module.name)/\(folder)",
        executable: URL(fileURLWithPath: "/bin/cp"),
        arguments: [staged.path, output.path],
        inputFiles: [staged],
        outputFiles: [output])
    ]
  }

  /// SwiftPM's name for an embedded file: the file name as a C99 identifier (as
  /// `spm_mangledToC99ExtendedIdentifier` makes it for the names `check` lets through).
  static func constantName(_ fileName: String) -> String {
    let name = String(fileName.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "_" })
    return name.first?.isNumber == true ? "_" + name : name
  }

  /// Stops the build when a file's name would make SwiftPM's constants ambiguous.
  /// - Throws: ``EmbeddedFileListError`` naming the files.
  static func check(_ files: [(path: String, constant: String)], in folder: String) throws {
    var seen: [String: String] = [:]
    for file in files {
      let allowed = { (c: Character) in
        c.isASCII && (c.isLetter || c.isNumber || "._-/".contains(c))
      }
      guard file.path.allSatisfy(allowed) else {
        throw EmbeddedFileListError(
          "\(folder)\(file.path): an embedded file's path may hold only letters, digits, '.', '_' and '-'"
        )
      }
      if let other = seen[file.constant] {
        throw EmbeddedFileListError(
          "\(folder)\(other) and \(folder)\(file.path) are embedded under one name "
            + "(PackageResources.\(file.constant)): SwiftPM drops folders, so rename one")
      }
      seen[file.constant] = file.path
    }
  }

  /// The Swift source: one line per file, sorted by path.
  static func source(
    for files: [(path: String, constant: String)], in folder: String, type: String
  ) -> String {
    var lines = [
      "// Written by the EmbeddedFileList plugin (Plugins/EmbeddedFileList) from \(folder)/.",
      "",
      "extension \(type) {",
      "  /// Every file of `\(folder)/`: its path there and its bytes, sorted by path.",
      "  static let embedded: [(path: String, bytes: [UInt8])] = [",
    ]
    for file in files {
      // A path holds only the characters `check` allows: no escaping needed.
      lines.append("    (\"\(file.path)\", PackageResources.\(file.constant)),")
    }
    lines += ["  ]", "}", ""]
    return lines.joined(separator: "\n")
  }
}

/// Why a target's embedded files cannot be listed.
struct EmbeddedFileListError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
