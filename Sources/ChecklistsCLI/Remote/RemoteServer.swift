import ChecklistsCore
import Foundation
import HTTPServer
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// A Checklists server seen from the command line: JSON requests over HTTP(S), one at a time,
/// waited for (the command line is synchronous).
struct RemoteServer {
  /// An answer.
  struct Response: Sendable {
    var status: Int
    var body: Data
    /// Where a redirect pointed.
    var location: String? = nil

    /// The `detail` of a problem+json answer, else a sentence with the status.
    var problem: String {
      struct Problem: Decodable { var detail: String }
      if let problem = try? JSONDecoder().decode(Problem.self, from: body) {
        return problem.detail
      }
      return words.text("cli.remote.noReason", ["status": String(status)])
    }
  }

  /// The address, such as `https://lists.example.org`, without a trailing slash.
  let address: String
  /// The API token sent as `Authorization: Bearer`, once signed in.
  let token: String?

  /// A server not signed in to yet.
  init(address: String) {
    self.address = address
    token = nil
  }

  /// The server a login is for, sending its token.
  init(_ login: RemoteLogin) {
    address = login.server
    token = login.token
  }

  /// Reads an address typed after `checklists login`.
  /// - Throws: `invalidInput` for something that is not an http(s) address, and for plain
  ///   http to another machine: the password and the token would cross the network readable.
  static func address(_ typed: String) throws -> String {
    var text = typed.trimmingCharacters(in: .whitespaces)
    while text.hasSuffix("/") { text.removeLast() }
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      ["http", "https"].contains(scheme), let host = url.host, !host.isEmpty,
      url.query == nil, url.user == nil
    else {
      throw ChecklistsError.invalid(words.text("cli.remote.badAddress", ["address": typed]))
    }
    if scheme == "http" && !HostName.isLoopback(host.lowercased()) {
      throw ChecklistsError.invalid(words.text("cli.remote.plainHTTP"))
    }
    return text
  }

  /// Sends a request and waits for the answer.
  /// - Throws: `ChecklistsCLIError` when the server cannot be reached.
  func send(_ method: String, _ path: String, json: Data? = nil) throws -> Response {
    guard let url = URL(string: address + path) else {
      throw ChecklistsCLIError(
        description: words.text("cli.remote.notAnAddress", ["address": address + path]))
    }
    var request = URLRequest(url: url, timeoutInterval: 120)
    request.httpMethod = method
    request.setValue("application/json", forHTTPHeaderField: "Accept")
    if let json {
      request.httpBody = json
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    }
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    request.setValue("checklists/\(ChecklistsCommand.version)", forHTTPHeaderField: "User-Agent")
    let answer = Answer()
    let done = DispatchSemaphore(value: 0)
    Self.session.dataTask(with: request) { data, response, error in
      answer.value.withLock {
        if let response = response as? HTTPURLResponse {
          $0 = .success(
            Response(
              status: response.statusCode, body: data ?? Data(),
              location: response.value(forHTTPHeaderField: "Location")))
        } else {
          $0 = .failure(error ?? URLError(.badServerResponse))
        }
      }
      done.signal()
    }.resume()
    done.wait()
    switch answer.value.withLock({ $0 }) {
    case .success(let response)? where (300...399).contains(response.status):
      // Never followed: the token (or the password) would go wherever the answer pointed,
      // perhaps over plain http or to another host.
      let status = String(response.status)
      throw ChecklistsCLIError(
        description: response.location.map {
          words.text(
            "cli.remote.redirectTo", ["server": address, "status": status, "location": $0])
        } ?? words.text("cli.remote.redirect", ["server": address, "status": status]))
    case .success(let response)?: return response
    case .failure(let error)?:
      throw ChecklistsCLIError(
        description: words.text(
          "cli.remote.unreachableBecause",
          ["server": address, "reason": (error as NSError).localizedDescription]))
    case nil:
      throw ChecklistsCLIError(
        description: words.text("cli.remote.unreachable", ["server": address]))
    }
  }

  /// Where the answer waits for the thread that asked.
  private final class Answer: Sendable {
    let value = Mutex<Result<Response, any Error>?>(nil)
  }

  /// Refuses every redirect, so the answer is the redirect itself.
  private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
    func urlSession(
      _ session: URLSession, task: URLSessionTask,
      willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
      completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
      completionHandler(nil)
    }
  }

  /// No cookies, no cache, no redirects: every request stands on its token, sent only to the
  /// address signed in to.
  private static let session: URLSession = {
    // The folders Foundation would make for it point at nothing: see
    // CommandLineTool.keepFoundationFoldersOutOfHome(), which `checklists` calls at start.
    let configuration = URLSessionConfiguration.ephemeral
    configuration.httpCookieAcceptPolicy = .never
    configuration.httpShouldSetCookies = false
    configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
    configuration.urlCache = nil
    configuration.httpCookieStorage = nil
    configuration.urlCredentialStorage = nil
    return URLSession(
      configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
  }()
}
