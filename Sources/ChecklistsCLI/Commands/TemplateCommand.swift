import ArgumentParsing
import ChecklistsCore
import ChecklistsInterop
import ChecklistsStore
import Foundation

/// `checklists template …`: save lists as templates and start new lists from them.
struct TemplateCommand: CommandGroup {
  static let configuration = CommandConfiguration(
    commandName: "template",
    abstract: "Save a list as a template, and start new lists from templates.",
    discussion: """
      A template keeps a list's name, icon and items; a list started from it has every item \
      unchecked, and due dates moved by as many days as lie between the day the template \
      was saved and the day the list starts. Templates are yours alone: sharing a list \
      does not share them.
      """,
    subcommands: [
      TemplateSaveCommand.self, TemplateListCommand.self, TemplateStartCommand.self,
      TemplateDeleteCommand.self,
    ])

  /// The template a command line names: its number in 'template list', its name (ignoring
  /// case), or the start of a name only one has.
  /// - Throws: `notFound` naming the templates there are.
  static func find(_ reference: String, in templates: TemplateService) throws
    -> ChecklistTemplate
  {
    let all = try templates.templates()
    if let number = Int(reference), number >= 1, number <= all.count { return all[number - 1] }
    let key = NameKey.lookup(reference)
    if let exact = all.first(where: { NameKey.lookup($0.name) == key }) { return exact }
    let started = all.filter { NameKey.lookup($0.name).hasPrefix(key) }
    if started.count == 1 { return started[0] }
    let names = all.map { "'\($0.name)'" }.joined(separator: ", ")
    let message =
      all.isEmpty
      ? "cli.template.unknown.none"
      : started.count > 1 ? "cli.template.unknown.ambiguous" : "cli.template.unknown.others"
    throw ChecklistsError(.notFound, words.text(message, ["name": reference, "names": names]))
  }
}

/// `checklists template save <list> [--name N]`.
struct TemplateSaveCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "save",
    abstract: "Save a list as a template.",
    arguments: [
      CommonArguments.list, name, jsonFlag,
    ])

  static let name = Option(
    "name", valueName: "name", help: "The template's name (default: the list's).")

  var list: String
  var name: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    list = try values[CommonArguments.list]
    name = try values[Self.name]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let list = try context.service().findList(list)
    let template = try context.templates().saveTemplate(
      fromList: list.id, name: name, timeZone: context.timeZone
    ).template
    if json {
      context.print(try JSONOutput.encode(TemplateJSON(template, withItems: true)))
      return
    }
    let count = template.items.count
    context.print(
      words.text(
        "cli.template.saved", ["list": list.name, "template": template.name], count: count))
  }
}

/// `checklists template list`.
struct TemplateListCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "list", abstract: "Show your templates.", arguments: [jsonFlag])

  var json: Bool

  init(_ values: ParsedValues) throws { json = values[Self.jsonFlag] }

  func run(_ context: CommandContext) throws {
    let templates = try context.templates().templates()
    if json {
      struct Body: Encodable { var templates: [TemplateJSON] }
      context.print(
        try JSONOutput.encode(Body(templates: templates.map { TemplateJSON($0, withItems: false) }))
      )
      return
    }
    guard !templates.isEmpty else {
      context.print(words.text("cli.template.list.empty"))
      return
    }
    let rows = templates.enumerated().map { index, template in
      ["\(index + 1)", template.name, "\(template.items.count)"]
    }
    let header = [
      ChecklistText.numberHeading, words.text("cli.template.list.heading.template"),
      words.text("cli.template.list.heading.items"),
    ]
    context.print(ChecklistText.table(header: header, rows: rows))
  }
}

/// `checklists template start <template> [--name N] [--on DATE]`.
struct TemplateStartCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "start",
    abstract: "Start a new list from a template.",
    arguments: [
      template, name, on, jsonFlag,
    ])

  /// `<template>`, by name or number.
  static let template = Positional("template", help: "The template, by name or number.")
  static let name = Option(
    "name", valueName: "name",
    help: "The new list's name (default: the template's, numbered if taken).")
  static let on = Option(
    "on", valueName: "date",
    help: "The day the list starts, which due dates follow (default: today).")

  var template: String
  var name: String?
  var on: String?
  var json: Bool

  init(_ values: ParsedValues) throws {
    template = try values[Self.template]
    name = try values[Self.name]
    on = try values[Self.on]
    json = values[Self.jsonFlag]
  }

  func run(_ context: CommandContext) throws {
    let start = try on.map { try context.dateParser.parse($0) }
    let templates = try context.templates()
    let template = try TemplateCommand.find(template, in: templates)
    let (list, items, _) = try templates.startList(
      fromTemplate: template.id, name: name, on: start, timeZone: context.timeZone)
    if json {
      let now = context.now()
      context.print(
        try JSONOutput.encode(
          JSONOutput.ListWithItems(
            checklist: ChecklistJSON(list), items: items.map { ChecklistItemJSON($0, now: now) })))
      return
    }
    context.print(
      words.text(
        "cli.template.started", ["list": list.name, "template": template.name],
        count: items.count))
  }
}

/// `checklists template delete <template>`.
struct TemplateDeleteCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "delete",
    abstract: "Delete a template (lists started from it stay).",
    arguments: [TemplateStartCommand.template])

  var template: String

  init(_ values: ParsedValues) throws {
    template = try values[TemplateStartCommand.template]
  }

  func run(_ context: CommandContext) throws {
    let templates = try context.templates()
    let template = try TemplateCommand.find(template, in: templates)
    try templates.deleteTemplate(id: template.id)
    context.print(words.text("cli.template.deleted", ["template": template.name]))
  }
}
