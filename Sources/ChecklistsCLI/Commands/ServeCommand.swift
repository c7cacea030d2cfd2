import ArgumentParsing
import ChecklistsCore
import ChecklistsSQLStore
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

      Several instances may serve one database (--database postgres://…, or one SQLite file on \
      one machine): they share sessions, tokens and sign-in throttling, see each other's \
      changes, and fire each reminder once. While the database is not answering, requests get \
      503 with Retry-After and the server carries on when it is back.

      With --tls-cert and --tls-key (PEM files: the certificate chain and its unencrypted key) \
      it serves HTTPS instead; or put it behind a reverse proxy that does TLS \
      (docs/DEPLOYMENT.md) and say so with --behind-https-proxy.

      With no accounts it only listens on this machine and asks no one to sign in. To open it \
      to a network, add users first ('checklists user add'); then everyone signs in.

      The owner of a list can make an invite link to it ('checklists share invite', or the \
      Share sheet). Whoever opens the link signs in, or makes an account there: turn that off \
      with --sign-up off, and accounts are made only with 'checklists user add'.

      It answers requests for localhost and for IP addresses at its port. Reached by any other \
      name (a DNS name, or through a proxy), name it with --public-url, once per address; \
      CHECKLISTS_PUBLIC_URL holds the same list, space- or comma-separated, when the option is \
      not given. Requests for other names get 421 Misdirected Request, so that no web site can \
      reach the server through a DNS name of its own (DNS rebinding).

      Reminders also go to the browsers that turned on notifications, through their push \
      services (Web Push, docs/PUSH.md): endpoints must be https:// unless an origin is \
      allowed with --push-allow-insecure-origin (for tests that play the push service).
      """,
    arguments: [
      host, port, threads, tlsCertificate, tlsKey, behindHTTPSProxy, publicURL,
      maxConnectionsPerAddress, metricsToken, pushContact, signUp, pushAllowInsecureOrigin,
    ])

  static let host = Option(
    "host", valueName: "address", help: "The address to listen on (default: 127.0.0.1).")
  static let port = Option(
    "port", short: "p", valueName: "port", help: "The port (default: 8080; 0 picks one).")
  static let threads = Option(
    "threads", valueName: "count", help: "Threads answering requests (default: 2 per core).")
  static let tlsCertificate = Option(
    "tls-cert", valueName: "file",
    help: "Serve HTTPS with this PEM certificate chain (needs --tls-key).")
  static let tlsKey = Option(
    "tls-key", valueName: "file",
    help: "The PEM private key of --tls-cert, not passphrase-protected.")
  static let behindHTTPSProxy = Flag(
    "behind-https-proxy",
    help: "Browsers reach this server through an HTTPS proxy: mark cookies Secure.")
  static let publicURL = Option(
    "public-url", valueName: "url",
    help: "An address people use, such as https://checklists.example.com (repeatable)."
  ).repeating
  static let maxConnectionsPerAddress = Option(
    "max-connections-per-address", valueName: "count",
    help: "Connections one client address may hold (default: 64; 0: no limit, the default "
      + "behind a proxy).")
  static let metricsToken = Option(
    "metrics-token", valueName: "token",
    help: "Serve /metrics to 'Authorization: Bearer <token>' (default: "
      + "$CHECKLISTS_METRICS_TOKEN; without either, /metrics is off).")
  static let pushContact = Option(
    "push-contact", valueName: "url",
    help: "Where push services can reach the operator, mailto:… or https://… (default: the "
      + "first --public-url).")
  static let signUp = Option(
    "sign-up", valueName: "mode",
    help: "invitation (default): whoever opens a working invite link may make an account; "
      + "off: only 'checklists user add' makes accounts.")
  static let pushAllowInsecureOrigin = Option(
    "push-allow-insecure-origin", valueName: "origin",
    help: "Also send pushes to this plain-HTTP origin, such as http://127.0.0.1:8090: for "
      + "tests only (repeatable)."
  ).repeating

  var configuration = ChecklistsServer.Configuration()
  /// The PEM files to serve HTTPS with, read when the command runs.
  var tlsFiles: (certificate: String, key: String)?
  /// The `--public-url` values; without any, `CHECKLISTS_PUBLIC_URL` is read when it runs.
  var publicURLs: [PublicURL] = []

  init(_ values: ParsedValues) throws {
    if let host = try values[Self.host] { configuration.host = host }
    if let port = try values[Self.port] {
      guard let number = UInt16(port) else {
        throw UsageError(words.text("cli.serve.badPort", ["value": port]))
      }
      configuration.port = number
    }
    if let threads = try values[Self.threads] {
      guard let count = Int(threads), (1...256).contains(count) else {
        throw UsageError(words.text("cli.serve.badThreads", ["value": threads]))
      }
      configuration.threadCount = count
    }
    configuration.secureCookies = values[Self.behindHTTPSProxy]
    if let text = try values[Self.maxConnectionsPerAddress] {
      guard let count = Int(text), (0...100_000).contains(count) else {
        throw UsageError(words.text("cli.serve.badMaxConnections", ["value": text]))
      }
      configuration.maxConnectionsPerAddress = count
    }
    publicURLs = try values[Self.publicURL].map { text in
      do {
        return try PublicURL(text)
      } catch let error as PublicURLError {
        throw UsageError(
          words.text("cli.serve.badPublicURL", ["problem": words.text(error.message)]))
      }
    }
    switch try (values[Self.tlsCertificate], values[Self.tlsKey]) {
    case (let certificate?, let key?): tlsFiles = (certificate, key)
    case (nil, nil): break
    case (_?, nil): throw UsageError(words.text("cli.serve.certWithoutKey"))
    case (nil, _?): throw UsageError(words.text("cli.serve.keyWithoutCert"))
    }
    if let token = try values[Self.metricsToken] {
      guard !token.isEmpty, !token.contains(where: \.isWhitespace) else {
        throw UsageError(words.text("cli.serve.badMetricsToken"))
      }
      configuration.metricsToken = token
    }
    if let contact = try values[Self.pushContact] {
      let lowered = contact.lowercased()
      guard lowered.hasPrefix("mailto:") || lowered.hasPrefix("https://"),
        !contact.contains(where: \.isWhitespace), contact.count > 8
      else {
        throw UsageError(words.text("cli.serve.badPushContact", ["value": contact]))
      }
      configuration.pushContact = contact
    }
    if let mode = try values[Self.signUp] {
      guard let signUp = ChecklistsServer.SignUp(rawValue: mode.lowercased()) else {
        throw UsageError(words.text("cli.serve.badSignUp", ["value": mode]))
      }
      configuration.signUp = signUp
    }
    configuration.pushAllowedInsecureOrigins = try values[Self.pushAllowInsecureOrigin]
    for origin in configuration.pushAllowedInsecureOrigins {
      guard let url = URL(string: origin), url.scheme == "http", url.host != nil,
        url.path.isEmpty || url.path == "/"
      else {
        throw UsageError(words.text("cli.serve.badInsecureOrigin", ["value": origin]))
      }
    }
  }

  static var placement: CommandPlacement { .here }

  func run(_ context: CommandContext) throws {
    var configuration = configuration
    configuration.publicURLs = publicURLs
    if publicURLs.isEmpty, let listed = context.environment[PublicURL.environmentVariable] {
      do {
        configuration.publicURLs = try PublicURL.list(listed)
      } catch let error as PublicURLError {
        throw ChecklistsCLIError(
          description: words.text(
            "cli.serve.badPublicURLVariable",
            ["variable": PublicURL.environmentVariable, "problem": words.text(error.message)]))
      }
    }
    if let tlsFiles {
      configuration.tls = HTTPServerConfiguration.TLS(
        certificateChain: try context.readFile(tlsFiles.certificate),
        privateKey: try context.readFile(tlsFiles.key))
    }
    configuration.commandRunner = { command, services, accounts in
      CommandLineTool.runHosted(command, services: services, accounts: accounts)
    }
    if configuration.metricsToken == nil,
      let token = context.environment["CHECKLISTS_METRICS_TOKEN"], !token.isEmpty
    {
      configuration.metricsToken = token
    }
    let store = try context.database()
    // Which database, for whoever reads the log of several instances; never a password.
    let engine = (store as? SQLChecklistStore)?.engine.rawValue ?? "SQL"
    context.print(words.text("cli.serve.database", ["engine": engine, "path": store.path]))
    let server = try ChecklistsServer(store: store, configuration: configuration, now: context.now)
    do {
      try server.start()
    } catch let error as HTTPServerError {
      guard let tlsFiles, [.tlsFailed, .tlsUnavailable].contains(error.code) else {
        throw ChecklistsCLIError(description: error.description)
      }
      throw ChecklistsCLIError(
        description: words.text(
          "cli.serve.tlsFailed",
          [
            "problem": error.description, "certificate": FileArgument.name(tlsFiles.certificate),
            "key": FileArgument.name(tlsFiles.key),
          ]))
    }
    if try !AccountService(store: store).hasAccounts() {
      context.print(words.text("cli.serve.noAccounts"))
    }
    context.print(words.text("cli.serve.open", ["url": server.url]))
    fflush(nil)  // Standard output may be a pipe (a service manager, a test): say it now.
    let signal = TerminationSignal.wait()
    context.print(
      words.text("cli.serve.stopping", ["signal": signal == SIGINT ? "SIGINT" : "SIGTERM"]))
    fflush(nil)
    server.shutdown()
    // Every request has finished: close the database now rather than whenever the last
    // reference goes away.
    store.close()
    context.print(words.text("cli.serve.closed"))
  }
}
