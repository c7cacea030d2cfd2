import Foundation
import FoundationNetworking
import Synchronization

/// Delivers encrypted, VAPID-signed pushes to push services (RFC 8030 §5), one POST each.
///
/// It uses URLSession (libcurl underneath: HTTP/1.1 and HTTP/2, TLS verified against the
/// system's certificates), refuses redirects (a push service answers, it does not send the
/// server elsewhere), and checks each endpoint against ``PushEndpoint`` before posting.
/// ``send(_:to:ttl:urgency:)`` blocks its caller up to the timeout: call it off request threads.
public final class PushSender: Sendable {
  /// How soon a push matters, the `Urgency` header (RFC 8030 §5.3).
  public enum Urgency: String, Sendable {
    case veryLow = "very-low"
    case low, normal, high
  }

  /// What became of a push.
  public enum Delivery: Equatable, Sendable {
    /// The push service took it (2xx).
    case delivered(status: Int)
    /// The subscription is gone (404 or 410): forget it.
    case gone(status: Int)
    /// Anything else: another status, a refused endpoint, no answer in time.
    case failed(String)
  }

  /// Where a push goes: a subscription's endpoint and keys.
  public struct Recipient: Sendable {
    /// The endpoint, as the subscription gave it.
    public var endpoint: String
    /// The browser's key (`p256dh`).
    public var key: P256PublicKey
    /// The browser's auth secret (16 bytes).
    public var authSecret: [UInt8]

    /// Reads a subscription's base64url keys.
    /// - Throws: ``WebPushError`` (`invalidInput`) naming the key that is wrong.
    public init(endpoint: String, p256dh: String, auth: String) throws {
      self.endpoint = endpoint
      do {
        key = try P256PublicKey(base64URL: p256dh)
      } catch let error as WebPushError {
        throw WebPushError.invalid("keys.p256dh: \(error.message)")
      }
      guard let secret = Base64URL.decode(auth), secret.count == 16 else {
        throw WebPushError.invalid("keys.auth: the auth secret is 16 bytes of base64url.")
      }
      authSecret = secret
    }
  }

  private let key: P256KeyPair
  private let subject: String
  private let endpoints: PushEndpoint
  private let timeout: TimeInterval
  private let now: @Sendable () -> Date
  private let session: URLSession

  /// A sender signing with the server's VAPID key.
  ///
  /// - Parameters:
  ///   - key: The VAPID key pair, the one browsers subscribed with.
  ///   - subject: The VAPID `sub` claim: `mailto:…` or the server's public `https:` URL.
  ///   - endpoints: The endpoints it may post to.
  ///   - timeout: The longest a push may take, connection included.
  ///   - now: The clock, for the token's expiry.
  public init(
    key: P256KeyPair, subject: String, endpoints: PushEndpoint, timeout: TimeInterval = 10,
    now: @escaping @Sendable () -> Date = Date.init
  ) {
    self.key = key
    self.subject = subject
    self.endpoints = endpoints
    self.timeout = timeout
    self.now = now
    let configuration = URLSessionConfiguration.ephemeral
    configuration.timeoutIntervalForRequest = timeout
    configuration.timeoutIntervalForResource = timeout
    configuration.httpCookieAcceptPolicy = .never
    configuration.httpShouldSetCookies = false
    configuration.urlCache = nil
    session = URLSession(
      configuration: configuration, delegate: RedirectRefusal(), delegateQueue: nil)
  }

  deinit { session.invalidateAndCancel() }

  /// Encrypts `payload` for the recipient and posts it, waiting at most the timeout.
  ///
  /// - Parameters:
  ///   - payload: The message (JSON for the web app's service worker).
  ///   - recipient: The subscription.
  ///   - ttl: How long the push service may keep it for an offline browser, in seconds.
  ///   - urgency: How soon it matters.
  /// - Returns: What the push service said.
  public func send(_ payload: [UInt8], to recipient: Recipient, ttl: Int, urgency: Urgency)
    -> Delivery
  {
    let request: URLRequest
    do {
      request = try makeRequest(payload, to: recipient, ttl: ttl, urgency: urgency)
    } catch {
      return .failed("\(error)")
    }
    let result = Mutex<Delivery?>(nil)
    let done = DispatchSemaphore(value: 0)
    let task = session.dataTask(with: request) { data, response, error in
      let delivery: Delivery
      if let response = response as? HTTPURLResponse {
        let status = response.statusCode
        if (200..<300).contains(status) {
          delivery = .delivered(status: status)
        } else if status == 404 || status == 410 {
          delivery = .gone(status: status)
        } else {
          let body = data.map { String(decoding: $0.prefix(200), as: UTF8.self) } ?? ""
          delivery = .failed("HTTP \(status)\(body.isEmpty ? "" : ": \(body)")")
        }
      } else {
        delivery = .failed(error.map { Self.describe($0) } ?? "no response")
      }
      result.withLock { $0 = delivery }
      done.signal()
    }
    task.resume()
    // URLSession enforces the timeout; this bound is for a session that never calls back.
    if done.wait(timeout: .now() + timeout + 5) == .timedOut {
      task.cancel()
      return .failed("no answer within \(Int(timeout)) s")
    }
    return result.withLock { $0 } ?? .failed("no answer")
  }

  /// The POST for a push: encrypted body, `TTL`, `Urgency`, `Content-Encoding: aes128gcm` and
  /// the VAPID `Authorization`.
  /// - Throws: ``WebPushError`` when the endpoint is not allowed or the keys are unusable.
  public func makeRequest(_ payload: [UInt8], to recipient: Recipient, ttl: Int, urgency: Urgency)
    throws -> URLRequest
  {
    let url = try endpoints.check(recipient.endpoint)
    let body = try PushMessageEncryption.encrypt(
      payload, to: recipient.key, authSecret: recipient.authSecret)
    let authorization = try VAPID.authorization(
      endpoint: url, subject: subject, key: key,
      expiration: now().addingTimeInterval(12 * 3600))
    var request = URLRequest(url: url, timeoutInterval: timeout)
    request.httpMethod = "POST"
    request.httpBody = Data(body)
    request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
    request.setValue("aes128gcm", forHTTPHeaderField: "Content-Encoding")
    request.setValue(String(max(0, ttl)), forHTTPHeaderField: "TTL")
    request.setValue(urgency.rawValue, forHTTPHeaderField: "Urgency")
    request.setValue(authorization, forHTTPHeaderField: "Authorization")
    return request
  }

  private static func describe(_ error: any Error) -> String {
    let error = error as NSError
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      let reason = underlying.userInfo[NSLocalizedDescriptionKey] as? String
    {
      return reason
    }
    if let reason = error.userInfo[NSLocalizedDescriptionKey] as? String { return reason }
    return "\(error.domain) \(error.code)"
  }
}

/// Answers every redirect with "no": the push is not followed to another address.
private final class RedirectRefusal: NSObject, URLSessionTaskDelegate, Sendable {
  func urlSession(
    _ session: URLSession, task: URLSessionTask,
    willPerformHTTPRedirection response: HTTPURLResponse, newRequest request: URLRequest,
    completionHandler: @escaping (URLRequest?) -> Void
  ) {
    completionHandler(nil)
  }
}
