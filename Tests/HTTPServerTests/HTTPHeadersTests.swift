import HTTPServer
import Testing

@Suite struct HTTPHeadersTests {
  @Test func lookupIgnoresASCIICase() {
    let headers: HTTPHeaders = ["Content-Type": "text/plain", "X-Trace": "1"]
    #expect(headers["content-type"] == "text/plain")
    #expect(headers["CONTENT-TYPE"] == "text/plain")
    #expect(headers["x-trace"] == "1")
    #expect(headers["Content-Typ"] == nil)
    #expect(headers.contains("X-TRACE"))
  }

  @Test func orderAndRepeatedNamesAreKept() {
    var headers = HTTPHeaders()
    headers.add("Set-Cookie", "a=1")
    headers.add("Vary", "Accept")
    headers.add("set-cookie", "b=2")
    #expect(headers.map(\.name) == ["Set-Cookie", "Vary", "set-cookie"])
    #expect(headers["Set-Cookie"] == "a=1")
    #expect(headers.values(for: "SET-COOKIE") == ["a=1", "b=2"])
    #expect(headers.count == 3)
  }

  @Test func settingReplacesEveryFieldOfThatNameInPlace() {
    var headers = HTTPHeaders()
    headers.add("A", "1")
    headers.add("B", "2")
    headers.add("a", "3")
    headers["A"] = "new"
    #expect(headers.map(\.name) == ["A", "B"])
    #expect(headers.map(\.value) == ["new", "2"])
    headers["C"] = "appended"
    #expect(headers.map(\.name) == ["A", "B", "C"])
    headers["b"] = nil
    #expect(headers.map(\.name) == ["A", "C"])
    headers.remove("c")
    #expect(headers.map(\.name) == ["A"])
  }

  @Test(arguments: [("Straße", "STRASSE"), ("É", "é")])
  func onlyASCIILettersFold(name: String, other: String) {
    let headers: HTTPHeaders = [name: "x"]
    #expect(headers[other] == nil)
  }

  @Test func emptyHeaders() {
    let headers: HTTPHeaders = [:]
    #expect(headers.isEmpty)
    #expect(headers["anything"] == nil)
    #expect(headers.description == "")
  }
}
