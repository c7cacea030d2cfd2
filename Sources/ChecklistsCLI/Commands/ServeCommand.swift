import ArgumentParsing
import ChecklistsServer
import ChecklistsStore
import Foundation
import HTTPServer

/// `checklists serve`: the web app and JSON API on one port until SIGINT or SIGTERM.
struct ServeCommand: RunnableCommand {
  static let configuration = CommandConfiguration(
    commandName: "serve",
    abstract: "Serve the web app and the JSON API (Ctrl-C stops it gracefully).",
    discussion: """
      Listens on 127.0.0.1:8080 unless --host or --port say otherwise. Open the printed URL in \
      a browser. Changes made anywhere (other browsers, the CLI on the same database) show in \
      every open page within a second. The API is described at /api/openapi.json.
      """,
    arguments: [
      .option("host", valueName: "address", help: "The address to listen on (default: 127.0.0.1)."),
      .option(
        "port", short: "p", valueName: "port", help: "The port (default: 8080; 0 picks one)."),
      .option(
        "threads", valueName: "count", help: "Threads answering requests (default: 2 per core)."),
    ])

  var configuration = ChecklistsServer.Configuration()

  init(_ values: ParsedValues) throws {
    if let host = values.string("host") { configuration.host = host }
    if let port = values.string("port") {
      guard let number = UInt16(port) else {
        throw UsageError("The port must be a number from 0 to 65535, not '\(port)'.")
      }
      configuration.port = number
    }
    if let threads = values.string("threads") {
      guard let count = Int(threads), (1...256).contains(count) else {
        throw UsageError("The thread count must be a number from 1 to 256, not '\(threads)'.")
      }
      configuration.threadCount = count
    }
  }

  func run(_ context: CommandContext) throws {
    let store = try context.database()
    let server = try ChecklistsServer(store: store, configuration: configuration, now: context.now)
    do {
      try server.start()
    } catch let error as HTTPServerError {
      throw ChecklistsCLIError(description: error.description)
    }
    if try !AccountService(store: store).hasAccounts() {
      context.print("No accounts: no sign-in on this machine (see 'checklists user add').")
    }
    context.print("Open \(server.url)/ in a browser. Press Ctrl-C to stop.")
    fflush(nil)  // Standard output may be a pipe (a service manager, a test): say it now.
    let signal = TerminationSignal.wait()
    context.print("Received \(signal == SIGINT ? "SIGINT" : "SIGTERM"); finishing requests…")
    fflush(nil)
    server.shutdown()
    // Every request has finished: close the database now rather than whenever the last
    // reference goes away.
    store.close()
    context.print("Database closed.")
  }
}
