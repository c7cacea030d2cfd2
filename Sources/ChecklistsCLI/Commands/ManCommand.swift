import ArgumentParsing
import Foundation

/// `checklists man`: the manual page, in roff, generated from the command declarations.
struct ManCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "man",
    abstract: "Print the manual page (roff, section 1) of every command and option.",
    discussion: """
      Read it with 'checklists man | man -l -', or install it: \
      'checklists man > ~/.local/share/man/man1/checklists.1'.
      """)

  init(_ values: ParsedValues) throws {}

  static var placement: CommandPlacement { .here }

  func run(_ context: CommandContext) throws {
    context.write(Data(ManPage.page(for: ChecklistsCommand.self).utf8))
  }
}
