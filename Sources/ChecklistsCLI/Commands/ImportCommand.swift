import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import Foundation

/// `checklists import <file> [--replace]`.
struct ImportCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "import",
    abstract: "Import lists from the iPhone app's Checklists.plist or a JSON backup.",
    discussion: """
      The format is recognised from the file: the iPhone app's Checklists.plist (binary or \
      XML, and the older keyed-archive edition) or a backup made by 'checklists export'. \
      Lists are matched by name, ignoring case, so importing the same file twice adds nothing. \
      By default an existing list is merged: items with the same text take the file's \
      checkmark, due date and reminder, and the others are added at the end. With --replace an \
      existing list's items become exactly the file's. Lists not in the file are left alone. \
      Nothing is written unless the whole file is valid.
      """,
    arguments: [
      .positional("file", help: "The file to import ('-' reads standard input)."),
      .flag("replace", help: "Replace the items of lists that already exist instead of merging."),
    ])

  var file: String
  var mode: ImportMode

  init(_ values: ParsedValues) throws {
    file = try values.require("file")
    mode = values.flag("replace") ? .replace : .merge
  }

  func run(_ context: CommandContext) throws {
    let data = try FileArgument.read(file)
    let lists: [PortableChecklist]
    do {
      lists = try ChecklistsFile.read(data)
    } catch let error as ChecklistsError {
      throw ChecklistsError(
        error.code, "Cannot import \(FileArgument.name(file)): \(error.message)")
    }
    let report = try context.service().importChecklists(lists, mode: mode)
    context.print(report.summary(mode: mode))
  }
}

/// Reads and writes the files named on the command line, with messages that name them.
enum FileArgument {
  static func name(_ path: String) -> String {
    path == "-" ? "standard input" : "'\(path)'"
  }

  static func read(_ path: String) throws -> Data {
    if path == "-" { return FileHandle.standardInput.readDataToEndOfFile() }
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
      throw ChecklistsCLIError(description: "There is no file '\(path)'.")
    }
    if isDirectory.boolValue {
      throw ChecklistsCLIError(description: "'\(path)' is a folder, not a file.")
    }
    guard let data = FileManager.default.contents(atPath: path) else {
      throw ChecklistsCLIError(description: "Cannot read '\(path)': permission denied.")
    }
    return data
  }

  /// Writes atomically: a reader never sees half a file, and a failure leaves the old one.
  static func write(_ data: Data, to path: String) throws {
    do {
      try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    } catch {
      throw ChecklistsCLIError(
        description: "Cannot write '\(path)': \((error as NSError).localizedDescription)")
    }
  }
}
