/// The checks a request head must pass before the server believes anything in it: the request
/// line, every field's name, folded lines, the fields that frame the body (RFC 9112 section 6),
/// `Expect`, and the bytes of each value; or, for the trailer fields after a chunked body, names,
/// folds, values and that no trailer claims to frame the body.
///
/// libmicrohttpd 0.9.75 splits the head itself and hands over name–value pairs; it joins a
/// folded line (obs-fold, RFC 9112 section 5.2) to the *name* of the field before it
/// (`X-A: b` + ` Content-Length: 5` becomes a field named `X-AContent-Length: 5`), where a proxy
/// that follows the RFC joins it to the value. Such a request means something else to each of
/// them, so any sign of a fold refuses it: a name that is not a token, or a field that
/// libmicrohttpd reports as joined (see `cmhd_field_was_joined`).
///
/// A value may not hold a CR, LF or NUL (RFC 9112 section 5): libmicrohttpd 0.9.75 keeps a
/// bare CR in the value, where another server may end the line there or read a space, and stops
/// a value at a NUL without a word (see `cmhd_value_ends_at_line_end`).
///
/// Fields are fed one at a time, in the order the client sent them, without copying them
/// except for the first `Content-Length`.
struct RequestHeadCheck {
  /// What the server does with the request.
  enum Verdict: Equatable {
    /// The head is acceptable.
    case accepted
    /// The request is refused with this status and sentence, and its connection closed.
    case refused(status: Int, detail: String)
  }

  /// The first `Content-Length` value as sent, or nil.
  private(set) var contentLength: [UInt8]?
  private var lengthCount = 0
  private var lengthsDiffer = false
  private var encodingCount = 0
  private var chunkedOnly = true
  private var folded = false
  private var badName = false
  private var unmetExpectation = false
  private var badValue = false
  private var framingTrailer = false
  private let checksTrailers: Bool

  /// Creates a check for a request head, or with `trailers` for the trailer section of a
  /// chunked body.
  init(trailers: Bool = false) {
    checksTrailers = trailers
  }

  /// Whether a body follows the head: a `Transfer-Encoding`, or a `Content-Length` other
  /// than `0`.
  var hasBody: Bool {
    encodingCount > 0 || (contentLength != nil && contentLength! != [UInt8(ascii: "0")])
  }

  /// Takes one header field.
  ///
  /// - Parameters:
  ///   - name: The field's name as libmicrohttpd reports it.
  ///   - value: Its value, without the spaces around it.
  ///   - joined: Whether libmicrohttpd built the field from more than one line.
  ///   - endsAtLineEnd: Whether the value ended where its line did, rather than at a NUL.
  mutating func add(
    name: UnsafeRawBufferPointer, value: UnsafeRawBufferPointer, joined: Bool,
    endsAtLineEnd: Bool = true
  ) {
    if joined { folded = true }
    if !endsAtLineEnd || value.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0 }) {
      badValue = true
    }
    guard !name.isEmpty, name.allSatisfy(Self.isTokenCharacter) else {
      // A folded line joined to a name brings its space or colon along.
      badName = true
      return
    }
    if checksTrailers {
      // A trailer may not frame the message (RFC 9110 section 6.5.1); one that tries says a
      // proxy may have read the body differently.
      if Self.startsWithFramingName(name) || Self.equalsIgnoringCase(name, "Content-Length")
        || Self.equalsIgnoringCase(name, "Transfer-Encoding")
      {
        framingTrailer = true
      }
      return
    }
    if Self.equalsIgnoringCase(name, "Content-Length") {
      if let first = contentLength {
        if !first.elementsEqual(value) { lengthsDiffer = true }
      } else {
        contentLength = Array(value)
      }
      lengthCount += 1
    } else if Self.equalsIgnoringCase(name, "Transfer-Encoding") {
      encodingCount += 1
      if !Self.equalsIgnoringCase(value, "chunked") { chunkedOnly = false }
    } else if Self.startsWithFramingName(name) {
      // `Content-Length5` or `Transfer-Encodingchunked`: a framing field whose folded value
      // libmicrohttpd glued to its name.
      folded = true
    } else if Self.equalsIgnoringCase(name, "Expect") {
      if !Self.equalsIgnoringCase(value, "100-continue") { unmetExpectation = true }
    }
  }

  /// The verdict on the fields added so far, the most basic fault first.
  var verdict: Verdict {
    let section = checksTrailers ? "trailer" : "header"
    if folded {
      return .refused(
        status: 400,
        detail: "The request has a \(section) field folded over several lines (a line that "
          + "begins with a space or tab); send each \(section) field on one line.")
    }
    if badName {
      return .refused(
        status: 400,
        detail: "The request has a \(section) field whose name is not a token (it contains a "
          + "space, a colon or a control character, or is empty).")
    }
    if badValue {
      return .refused(
        status: 400,
        detail: "The request has a \(section) field whose value contains a carriage return, a line "
          + "feed or a NUL byte.")
    }
    if framingTrailer {
      return .refused(
        status: 400,
        detail: "The request has a Content-Length or Transfer-Encoding trailer field after its "
          + "chunked body.")
    }
    if encodingCount > 0 {
      if encodingCount > 1 || !chunkedOnly {
        return .refused(
          status: 501,
          detail: "The request's Transfer-Encoding is not supported: send the body with "
            + "Content-Length, or with Transfer-Encoding: chunked alone.")
      }
      if lengthCount > 0 {
        return .refused(
          status: 400,
          detail: "The request has both Transfer-Encoding and Content-Length, so its body "
            + "length is unclear; send only one.")
      }
    }
    if lengthsDiffer {
      return .refused(
        status: 400,
        detail: "The request has Content-Length fields that disagree, so its body length is "
          + "unclear.")
    }
    if unmetExpectation {
      return .refused(status: 417, detail: "The server meets no Expect but 100-continue.")
    }
    return .accepted
  }

  /// Checks the request line's method and target as libmicrohttpd split them.
  ///
  /// - Returns: The refusal, or nil when both are acceptable.
  static func refusal(method: UnsafeRawBufferPointer, target: UnsafeRawBufferPointer)
    -> Verdict?
  {
    guard !method.isEmpty, method.allSatisfy(isTokenCharacter) else {
      return .refused(status: 400, detail: "The request method is not a token.")
    }
    // libmicrohttpd takes the last space as the one before the version, so a target may
    // hold spaces and tabs that no other server would read the same way.
    guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else {
      return .refused(
        status: 400,
        detail: "The request target contains a space, a tab or a control character; "
          + "percent-encode it.")
    }
    return nil
  }

  // MARK: - Bytes

  /// Whether `byte` may appear in a token (RFC 9110 section 5.6.2).
  static func isTokenCharacter(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    default:
      return "!#$%&'*+-.^_`|~".utf8.contains(byte)
    }
  }

  private static func startsWithFramingName(_ name: UnsafeRawBufferPointer) -> Bool {
    for framing in ["Content-Length", "Transfer-Encoding"] where name.count > framing.utf8.count {
      if equalsIgnoringCase(UnsafeRawBufferPointer(rebasing: name[..<framing.utf8.count]), framing)
      {
        return true
      }
    }
    return false
  }

  private static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ text: String)
    -> Bool
  {
    equalsIgnoringCase(bytes, text.utf8)
  }

  private static func equalsIgnoringCase<Text: Collection<UInt8>>(
    _ bytes: UnsafeRawBufferPointer, _ text: Text
  ) -> Bool {
    guard bytes.count == text.count else { return false }
    for (a, b) in zip(bytes, text) where a != b {
      guard a | 0x20 == b | 0x20, (a | 0x20) >= 0x61, (a | 0x20) <= 0x7A else { return false }
    }
    return true
  }
}
