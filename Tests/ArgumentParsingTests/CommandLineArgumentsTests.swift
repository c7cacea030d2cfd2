import ArgumentParsing
import Testing

@Suite("Raw command-line arguments: UTF-8 or a usage error")
struct CommandLineArgumentsTests {
  @Test("Valid UTF-8 decodes unchanged, empty arguments included")
  func valid() throws {
    let arguments = ["add", "", "Crème brûlée", "🍮", "a\tb"]
    #expect(try CommandLineArguments.decode(arguments.map { Array($0.utf8) }) == arguments)
  }

  @Test("The first argument that is not UTF-8 is named by position and shown escaped")
  func invalid() {
    let error = #expect(throws: UsageError.self) {
      try CommandLineArguments.decode([Array("add".utf8), [0xFF, 0x20, 0x78], [0xFE]])
    }
    #expect(
      error?.message
        == "Argument 2 ('\\xFF x') is not valid UTF-8; the command line takes text in UTF-8 only.")
    #expect(error?.commandPath == [])
  }

  @Test(
    "Escaping keeps valid text and shows bad bytes, control characters and backslashes",
    arguments: [
      ([0x61, 0xFF, 0x62], "a\\xFFb"),
      ([0xE2, 0x82], "\\xE2\\x82"),
      ([0xE2, 0x82, 0xAC], "€"),
      ([0x00, 0x0A, 0x7F], "\\x00\\x0A\\x7F"),
      ([0xC2, 0x85], "\\xC2\\x85"),
      ([0x5C, 0x78, 0x46, 0x46], "\\\\xFF"),
    ] as [([UInt8], String)])
  func escaping(bytes: [UInt8], shown: String) {
    #expect(CommandLineArguments.escaped(bytes) == shown)
  }

  @Test("This test process's own arguments read back as CommandLine.arguments has them")
  func current() {
    let expected = CommandLine.arguments.dropFirst().map { Array($0.utf8) }
    #expect(CommandLineArguments.current() == Array(expected))
  }
}
