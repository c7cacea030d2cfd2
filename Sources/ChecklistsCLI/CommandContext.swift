import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import Foundation

/// What a command runs with: whose lists (a database file here, or a user's services on the
/// server that runs the command for `checklists login`), the clock, the time zone, the locale,
/// and where its words and files go.
final class CommandContext {
  /// Where the lists are.
  enum Backend {
    /// A database file on this machine or a PostgreSQL database (a URL or libpq connection
    /// string), and the user named by `--user` or `CHECKLISTS_USER`.
    ///
    /// Only the default location (`createsFolder`) gets its folder made on first use: a path
    /// a person typed (`--database`, `CHECKLISTS_DB`) with a folder that does not exist is
    /// more likely a typo than a wish for new folders.
    case local(databasePath: String, createsFolder: Bool = true)
    /// A signed-in user's services on the server running the command.
    case hosted(UserServices, AccountService)
  }

  /// The process environment (on a server: none of it, the client's settings come with the
  /// command).
  let environment: [String: String]
  /// Where the lists are.
  let backend: Backend
  /// The current time.
  let now: @Sendable () -> Date
  /// The zone dates are read and shown in.
  let timeZone: TimeZone
  /// The locale prices are read and shown in (see ``LocaleSetting``).
  let locale: Locale
  /// The user named by `--user` or `CHECKLISTS_USER`, whose lists commands act on once
  /// accounts exist; on a server, the signed-in user.
  let userName: String?
  /// The terminal and the disk, or what stands for them.
  let io: any CommandIO
  private var openedStore: (any ChecklistsDatabase)?
  private var openedService: ChecklistService?
  private var openedShopping: ShoppingService?

  init(
    environment: [String: String], backend: Backend, io: any CommandIO,
    now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current,
    locale: Locale? = nil, userName: String? = nil
  ) {
    self.environment = environment
    self.backend = backend
    self.io = io
    self.now = now
    self.timeZone = timeZone
    self.locale = locale ?? LocaleSetting.resolve(environment: environment)
    if case .hosted(let services, _) = backend {
      self.userName = services.checklists.owner.name
    } else {
      self.userName = userName
    }
  }

  /// The database, opened (and on first use created and migrated) once per command: the
  /// SQLite file, or the PostgreSQL database a URL or connection string names.
  /// - Throws: On a server, which keeps its database to itself; for a named database file
  ///   whose folder does not exist; ``ChecklistsCore/ChecklistsError`` (`storage`) when the
  ///   database cannot be opened.
  func database() throws -> any ChecklistsDatabase {
    if let openedStore { return openedStore }
    guard case .local(let path, let createsFolder) = backend else {
      throw ChecklistsCLIError(description: words.text("cli.database.noneOnServer"))
    }
    let isServer = SQLChecklistStore.isPostgreSQL(path)
    // A mistyped URL is refused by `open` without naming it (it may hold a password).
    if !createsFolder, !isServer, SQLChecklistStore.mistypedURLScheme(path) == nil {
      try Self.checkFolder(of: path)
    }
    let store = try SQLChecklistStore.open(path)
    openedStore = store
    return store
  }

  /// Checks that the folder a named database file goes in exists, since it is not created,
  /// and that the file, if there is one, is a regular file: SQLite would call a folder
  /// "unable to open", a FIFO or a device a "disk I/O error", and make a journal beside it.
  private static func checkFolder(of path: String) throws {
    var file = stat()
    if stat(path, &file) == 0, file.st_mode & S_IFMT != S_IFREG {
      throw ChecklistsCLIError(
        description: words.text(
          "cli.database.notRegular", ["path": path, "kind": ProcessCommandIO.kind(file.st_mode)]))
    }
    var folder = (path as NSString).deletingLastPathComponent
    if folder.isEmpty { folder = "." }
    var status = stat()
    guard stat(folder, &status) == 0 else {
      let code = errno
      if code == ENOENT {
        throw ChecklistsCLIError(
          description: words.text("cli.database.noFolder", ["folder": folder, "path": path]))
      }
      throw ChecklistsCLIError(
        description: words.text(
          "cli.database.folderFailed",
          ["folder": folder, "path": path, "reason": String(cString: strerror(code))]))
    }
    guard status.st_mode & S_IFMT == S_IFDIR else {
      throw ChecklistsCLIError(
        description: words.text("cli.database.notAFolder", ["folder": folder, "path": path]))
    }
  }

  /// The acting user's lists, opening (and on first use creating) the database.
  ///
  /// Without accounts that is the single local user. With accounts it is `--user`, else
  /// `$CHECKLISTS_USER`, else the only account: whoever can open the file may act as anyone
  /// (see SECURITY.md), so no password is asked. On a server, the signed-in user.
  /// - Throws: `invalidInput` when there are several accounts and none is named, `notFound`
  ///   for an unknown name.
  func service() throws -> ChecklistService {
    if case .hosted(let services, _) = backend { return services.checklists }
    if let openedService { return openedService }
    let store = try database()
    let accounts = AccountService(store: store, now: now)
    let users = try accounts.users()
    let service: ChecklistService
    if users.isEmpty {
      if let userName {
        throw ChecklistsError.invalid(words.text("cli.user.noAccounts", ["user": userName]))
      }
      service = try ChecklistService.openLocal(store: store, now: now)
    } else if let userName {
      service = ChecklistService(store: store, owner: try accounts.existingUser(userName), now: now)
    } else if users.count == 1 {
      service = ChecklistService(store: store, owner: users[0], now: now)
    } else {
      throw ChecklistsError.invalid(words.text("cli.user.whose", count: users.count))
    }
    openedService = service
    return service
  }

  /// The local user's catalogue and shopping lists, made on first use with an empty
  /// catalogue and the list "Shopping List"; new items get their category from the grocery
  /// table in the locale's language.
  ///
  /// A new catalogue is in the currency of `CHECKLISTS_CURRENCY`, else of the locale, else
  /// euros; an existing one keeps its own.
  /// - Throws: `invalidInput` when `CHECKLISTS_CURRENCY` is not a currency code.
  func shopping() throws -> ShoppingService {
    if case .hosted(let services, _) = backend { return services.shopping }
    if let openedShopping { return openedShopping }
    let owner = try service().owner
    let currency = try CurrencySetting.resolve(environment: environment, locale: locale)
    let shopping = try ShoppingService.open(
      store: database(), owner: owner, currency: currency, now: now
    ).speaking(locale.identifier)
    openedShopping = shopping
    return shopping
  }

  /// Reads prices as typed in this locale; a bare amount is in the catalogue's currency.
  func priceParser(for shopping: ShoppingService) -> PriceParser {
    PriceParser(locale: locale, defaultCurrency: shopping.currency)
  }

  /// Reads dates as typed here and now.
  var dateParser: FriendlyDateParser { FriendlyDateParser(now: now(), timeZone: timeZone) }

  /// Shows dates in the local zone.
  var dateDisplay: DateDisplay { DateDisplay(timeZone: timeZone) }

  // MARK: - Terminal

  /// Writes a line to standard output.
  func print(_ text: String = "") {
    io.write(Data((text + "\n").utf8), error: false)
  }

  /// Writes bytes to standard output as they are.
  func write(_ data: Data) {
    io.write(data, error: false)
  }

  /// Writes a line to standard error.
  func printError(_ text: String) {
    io.write(Data((text + "\n").utf8), error: true)
  }

  /// Whether standard output is a terminal rather than a pipe or a file.
  var outputIsTerminal: Bool { io.outputIsTerminal }

  /// Asks a yes/no question; anything but "y" or "yes" (or end of input) is no.
  func confirm(_ question: String) throws -> Bool {
    try io.confirm(question)
  }

  /// Reads a password: from a prompt with echo off when standard input is a terminal (twice
  /// when `confirming`), else the first line of standard input. Never from the command line.
  /// - Throws: `invalidInput` when the two entries differ or nothing could be read.
  func readPassword(prompt: String, confirming: Bool) throws -> String {
    try io.readPassword(prompt: prompt, confirming: confirming)
  }

  /// Reads a file named on the command line; `-` is standard input.
  func readFile(_ path: String) throws -> Data {
    try io.readFile(path)
  }

  /// Writes a file named on the command line, atomically.
  func writeFile(_ data: Data, to path: String) throws {
    try io.writeFile(data, to: path)
  }
}
