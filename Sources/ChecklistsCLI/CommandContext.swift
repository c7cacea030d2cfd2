import ChecklistsCore
import ChecklistsStore
import Foundation

/// What a command runs with: where the database is, the clock, the time zone, the locale, and
/// the terminal's input and output.
final class CommandContext {
  /// The process environment.
  let environment: [String: String]
  /// The database file.
  let databasePath: String
  /// The current time.
  let now: @Sendable () -> Date
  /// The zone dates are read and shown in.
  let timeZone: TimeZone
  /// The locale prices are read and shown in (see ``LocaleSetting``).
  let locale: Locale
  /// The user named by `--user` or `CHECKLISTS_USER`, whose lists commands act on once
  /// accounts exist.
  let userName: String?
  private var openedStore: SQLiteChecklistStore?
  private var openedService: ChecklistService?
  private var openedShopping: ShoppingService?

  init(
    environment: [String: String], databasePath: String,
    now: @escaping @Sendable () -> Date = Date.init, timeZone: TimeZone = .current,
    locale: Locale? = nil, userName: String? = nil
  ) {
    self.userName = userName
    self.environment = environment
    self.databasePath = databasePath
    self.now = now
    self.timeZone = timeZone
    self.locale = locale ?? LocaleSetting.resolve(environment: environment)
  }

  /// The database, opened (and on first use created) once per command.
  func database() throws -> SQLiteChecklistStore {
    try store()
  }

  private func store() throws -> SQLiteChecklistStore {
    if let openedStore { return openedStore }
    let store = try SQLiteChecklistStore(path: databasePath)
    openedStore = store
    return store
  }

  /// The acting user's lists, opening (and on first use creating) the database.
  ///
  /// Without accounts that is the single local user. With accounts it is `--user`, else
  /// `$CHECKLISTS_USER`, else the only account: whoever can open the file may act as anyone
  /// (see SECURITY.md), so no password is asked.
  /// - Throws: `invalidInput` when there are several accounts and none is named, `notFound`
  ///   for an unknown name.
  func service() throws -> ChecklistService {
    if let openedService { return openedService }
    let store = try store()
    let accounts = AccountService(store: store, now: now)
    let users = try accounts.users()
    let service: ChecklistService
    if users.isEmpty {
      if let userName {
        throw ChecklistsError.invalid(
          "There are no accounts, so --user '\(userName)' names no one; "
            + "add one with 'checklists user add \(userName)'.")
      }
      service = try ChecklistService.openLocal(store: store, now: now)
    } else if let userName {
      service = ChecklistService(store: store, owner: try accounts.existingUser(userName), now: now)
    } else if users.count == 1 {
      service = ChecklistService(store: store, owner: users[0], now: now)
    } else {
      throw ChecklistsError.invalid(
        "There are \(users.count) users; say whose lists with --user <name> or CHECKLISTS_USER.")
    }
    openedService = service
    return service
  }

  /// The local user's catalogue and shopping lists, seeded on first use with the original
  /// app's five items and the list "Shopping List".
  ///
  /// A new catalogue is in the currency of `CHECKLISTS_CURRENCY`, else of the locale, else
  /// euros; an existing one keeps its own.
  /// - Throws: `invalidInput` when `CHECKLISTS_CURRENCY` is not a currency code.
  func shopping() throws -> ShoppingService {
    if let openedShopping { return openedShopping }
    let owner = try service().owner
    let currency = try CurrencySetting.resolve(environment: environment, locale: locale)
    let shopping = try ShoppingService.open(
      store: store(), owner: owner, currency: currency, now: now)
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
    Swift.print(text)
  }

  /// Writes bytes to standard output as they are.
  func write(_ data: Data) {
    fflush(nil)
    FileHandle.standardOutput.write(data)
  }

  /// Writes a line to standard error.
  func printError(_ text: String) {
    fflush(nil)
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Whether standard output is a terminal rather than a pipe or a file.
  var outputIsTerminal: Bool { isatty(STDOUT_FILENO) != 0 }

  /// Asks a yes/no question on the terminal; anything but "y" or "yes" (or end of input) is no.
  func confirm(_ question: String) -> Bool {
    Swift.print(question + " [y/N] ", terminator: "")
    fflush(nil)
    guard let answer = readLine() else {
      Swift.print()
      return false
    }
    return ["y", "yes"].contains(answer.trimmingCharacters(in: .whitespaces).lowercased())
  }
}
