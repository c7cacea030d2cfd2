import ArgumentParsing
import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation

/// The names shells complete for `.custom` arguments, read from the local database file.
enum NameCompletion {
  /// The user's checklists.
  static let lists = "lists"
  /// The items of the checklist named by the command's `<list>`.
  static let items = "items"
  /// The user's shopping lists.
  static let shoppingLists = "shopping-lists"
  /// Checklists, or shopping lists when `--shopping` was typed.
  static let anyLists = "lists-or-shopping-lists"

  /// The names `request` asks for, in the order the lists and items have.
  ///
  /// Only an SQLite file that exists is read, and only once it has its user (and, for
  /// shopping lists, its catalogue): completing never creates them. Signed in to a server
  /// without `--db`, or with a PostgreSQL database, there are none.
  /// - Throws: Whatever opening or reading the database throws; the caller prints nothing.
  static func names(
    for request: CompletionRequest, environment: [String: String]
  ) throws -> [String] {
    guard case .custom(var kind) = request.argument.completion else { return [] }
    let values = request.values
    let explicit =
      try ChecklistsCommand.database(values) ?? DatabaseLocation.fromEnvironment(environment)
    if explicit == nil, try RemoteLogin.load(environment: environment) != nil { return [] }
    let path = DatabaseLocation.resolve(explicit: explicit, environment: environment)
    var isFolder: ObjCBool = false
    guard !SQLChecklistStore.isPostgreSQL(path),
      SQLChecklistStore.mistypedURLScheme(path) == nil,
      FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue
    else { return [] }
    let userName = try values[ChecklistsCommand.userOption] ?? environment["CHECKLISTS_USER"]
    let context = CommandContext(
      environment: environment, backend: .local(databasePath: path, createsFolder: false),
      io: SilentCommandIO(), userName: userName)
    let store = try context.database()
    // Without accounts, the local user is made on first use: a write completion never does.
    if try AccountService(store: store).users().isEmpty,
      try store.read({ try $0.user(named: User.localName) }) == nil
    {
      return []
    }
    if kind == anyLists {
      let shopping = values.declares(CommonArguments.shopping) && values[CommonArguments.shopping]
      kind = shopping ? shoppingLists : lists
    }
    switch kind {
    case lists:
      return try context.service().checklists().map(\.name)
    case items:
      guard values.declares(CommonArguments.list) else { return [] }
      let list = try values[CommonArguments.list]
      let service = try context.service()
      return try service.checklistWithItems(id: service.findList(list).id).1.map(\.text)
    case shoppingLists:
      let owner = try context.service().owner
      guard try store.readShopping({ try $0.catalogueCurrency(ownerID: owner.id) }) != nil
      else { return [] }
      return try context.shopping().lists().map(\.name)
    default:
      return []
    }
  }
}
