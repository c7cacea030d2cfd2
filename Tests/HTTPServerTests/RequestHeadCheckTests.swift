import Testing

@testable import HTTPServer

/// The head checks on their own, fed fields as libmicrohttpd 0.9.75 reports them.
@Suite struct RequestHeadCheckTests {
  private func verdict(_ fields: [(String, String, joined: Bool)]) -> RequestHeadCheck.Verdict {
    var check = RequestHeadCheck()
    for (name, value, joined) in fields {
      Array(name.utf8).withUnsafeBytes { name in
        Array(value.utf8).withUnsafeBytes { value in
          check.add(name: name, value: value, joined: joined)
        }
      }
    }
    return check.verdict
  }

  private func status(_ verdict: RequestHeadCheck.Verdict) -> Int? {
    if case .refused(let status, _) = verdict { return status }
    return nil
  }

  @Test func ordinaryFieldsAreAccepted() {
    #expect(
      verdict([
        ("Host", "t", false), ("Content-Length", "5", false), ("Expect", "100-Continue", false),
        ("X-!#$%&'*+-.^_`|~", "", false),
      ]) == .accepted)
  }

  @Test func aJoinedFieldIsAFoldWhateverItsName() {
    #expect(status(verdict([("X-Ac", "b", true)])) == 400)
    #expect(status(verdict([("Content-Length", "5", true)])) == 400)
  }

  @Test(arguments: ["X-AContent-Length: 5", "Bad Name", "Name ", "X\tA", "", "X:A", "Ä"])
  func aNameThatIsNoTokenIsRefused(name: String) {
    #expect(status(verdict([(name, "b", false)])) == 400)
  }

  @Test(arguments: ["Content-Length5", "transfer-encodingchunked"])
  func aFramingNameWithItsValueGluedOnIsAFold(name: String) {
    guard case .refused(400, let detail) = verdict([(name, "", false)]) else {
      Issue.record("accepted \(name)")
      return
    }
    #expect(detail.contains("folded"))
  }

  @Test func framingAsBefore() {
    #expect(
      status(verdict([("Content-Length", "5", false), ("content-length", "5", false)])) == nil)
    #expect(
      status(verdict([("Content-Length", "5", false), ("Content-Length", "05", false)])) == 400)
    #expect(
      status(verdict([("Transfer-Encoding", "chunked", false), ("Content-Length", "5", false)]))
        == 400)
    #expect(status(verdict([("Transfer-Encoding", "gzip", false)])) == 501)
    #expect(status(verdict([("Transfer-Encoding", "CHUNKED", false)])) == nil)
  }

  @Test(arguments: ["101-continue", "100-continue, x", "", "100-continue "])
  func anExpectationOtherThanContinueGets417(value: String) {
    #expect(status(verdict([("Expect", value, false)])) == 417)
  }

  @Test func requestLine() {
    func refusal(_ method: String, _ target: String) -> RequestHeadCheck.Verdict? {
      Array(method.utf8).withUnsafeBytes { method in
        Array(target.utf8).withUnsafeBytes { target in
          RequestHeadCheck.refusal(method: method, target: target)
        }
      }
    }
    #expect(refusal("GET", "/a?b=c%20d") == nil)
    #expect(refusal("GET", "/a\tb") != nil)
    #expect(refusal("GET", "/a b") != nil)
    #expect(refusal("GET", "/a\u{7F}") != nil)
    #expect(refusal("GET\t/a", "/") != nil)
    #expect(refusal("", "/") != nil)
  }
}

/// Field values and trailer fields.
@Suite struct RequestHeadCheckValueTests {
  private func status(trailers: Bool = false, _ name: String, _ value: String, ends: Bool = true)
    -> Int?
  {
    var check = RequestHeadCheck(trailers: trailers)
    Array(name.utf8).withUnsafeBytes { name in
      Array(value.utf8).withUnsafeBytes { value in
        check.add(name: name, value: value, joined: false, endsAtLineEnd: ends)
      }
    }
    if case .refused(let status, _) = check.verdict { return status }
    return nil
  }

  @Test(arguments: ["a\rContent-Length: 5", "a\nb", "a\u{0}b", "\r"])
  func aValueWithCRLFOrNULIsRefused(value: String) {
    #expect(status("X-A", value) == 400)
    #expect(status(trailers: true, "X-A", value) == 400)
  }

  @Test func aValueCutShortByANULIsRefused() {
    #expect(status("Content-Length", "0", ends: false) == 400)
    #expect(status("Content-Length", "0") == nil)
  }

  @Test func aTrailerMayNotFrameTheMessage() {
    #expect(status(trailers: true, "Content-Length", "5") == 400)
    #expect(status(trailers: true, "transfer-encoding", "chunked") == 400)
    #expect(status(trailers: true, "X-Checksum", "abc") == nil)
    #expect(status(trailers: true, "Expect", "x") == nil)
  }
}
