/// Renders the usage line and `--help` text of one command, laid out as swift-argument-parser
/// does: sections of two-space-indented labels with their help starting at column 26, wrapped
/// to 80 columns.
struct HelpFormatter {
  /// The full width of help text.
  static let screenWidth = 80
  /// The column where the help of each label starts.
  static let labelColumnWidth = 26

  /// The command's names from the root down, such as `["checklists", "list", "add"]`.
  let path: [String]
  /// The command being described.
  let configuration: CommandConfiguration
  /// The global options and flags declared by the command's ancestors.
  let inheritedGlobals: [ArgumentDefinition]

  private var isRoot: Bool { path.count == 1 }

  /// `checklists add <list> <text> [--due <date>] [--remind]`, or
  /// `checklists list <subcommand>` for a command that groups subcommands.
  var usageLine: String {
    if configuration.hasSubcommands {
      return (path + ["<subcommand>"]).joined(separator: " ")
    }
    let arguments = configuration.arguments + configuration.globalArguments
    return (path + arguments.map(\.usageLabel)).joined(separator: " ")
  }

  /// The complete help text, without a trailing newline.
  var helpText: String {
    var blocks: [String] = []
    if !configuration.abstract.isEmpty {
      blocks.append("OVERVIEW: \(configuration.abstract)".wrapped(to: Self.screenWidth))
    }
    if !configuration.discussion.isEmpty {
      blocks.append(configuration.discussion.wrapped(to: Self.screenWidth))
    }
    blocks.append("USAGE: \(usageLine)")
    blocks.append(contentsOf: sections.compactMap(render))
    return blocks.joined(separator: "\n\n")
  }

  // MARK: - Sections

  private typealias Section = (title: String, rows: [(label: String, help: String)])

  private var sections: [Section] {
    let own = configuration.arguments + configuration.globalArguments
    var options = own.filter { !$0.isPositional }.map { ($0.helpLabel, $0.help) }
    if isRoot, configuration.version != nil {
      options.append(("--version", "Show the version."))
    }
    options.append(("-h, --help", "Show help information."))
    return [
      ("ARGUMENTS", own.filter(\.isPositional).map { ($0.helpLabel, $0.help) }),
      ("OPTIONS", options),
      ("GLOBAL OPTIONS", inheritedGlobals.map { ($0.helpLabel, $0.help) }),
      (
        "SUBCOMMANDS",
        configuration.visibleSubcommands.map {
          ($0.configuration.commandName, $0.configuration.abstract)
        }
      ),
    ]
  }

  /// Where to read about the subcommands: `See 'checklists help list <subcommand>' ...`.
  private var subcommandFootnote: String {
    let command = ([path[0], "help"] + path.dropFirst() + ["<subcommand>"])
      .joined(separator: " ")
    return "  See '\(command)' for detailed help."
  }

  private func render(_ section: Section) -> String? {
    guard !section.rows.isEmpty else { return nil }
    var text = "\(section.title):\n" + section.rows.map(Self.renderRow).joined(separator: "\n")
    if section.title == "SUBCOMMANDS" {
      text += "\n\n" + subcommandFootnote
    }
    return text
  }

  /// One label with its help beside it, or below it when the label reaches the help column.
  private static func renderRow(label: String, help: String) -> String {
    let paddedLabel = "  " + label
    guard !help.isEmpty else { return paddedLabel }
    let wrappedHelp = help.wrapped(to: screenWidth, indent: labelColumnWidth)
    if paddedLabel.count < labelColumnWidth {
      return paddedLabel + wrappedHelp.dropFirst(paddedLabel.count)
    }
    return paddedLabel + "\n" + wrappedHelp
  }
}
