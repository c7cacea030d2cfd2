/// The arguments a process was started with, read as the bytes the kernel passed.
///
/// `CommandLine.arguments` repairs invalid UTF-8 with U+FFFD, so a byte a person never meant
/// to type would be stored as "�". Reading `argv` directly lets a tool refuse such an argument
/// instead, as an HTTP API answers 400 to a body that is not UTF-8.
public enum CommandLineArguments {
  /// This process's arguments after the program name (`argv[1...]`), as raw bytes.
  public static func current() -> [[UInt8]] {
    (1..<Int(CommandLine.argc)).map { index in
      guard let argument = CommandLine.unsafeArgv[index] else { return [] }
      var length = 0
      while argument[length] != 0 { length += 1 }
      return UnsafeBufferPointer(start: argument, count: length).map { UInt8(bitPattern: $0) }
    }
  }

  /// Decodes raw arguments as UTF-8, refusing the first one that is not.
  ///
  /// - Parameter arguments: The arguments after the program name, as bytes.
  /// - Returns: The arguments as strings, unchanged.
  /// - Throws: ``UsageError`` naming the argument by position (from 1, after the program name)
  ///   and showing it with the offending bytes escaped, such as `'\xFF x'`.
  public static func decode(_ arguments: [[UInt8]]) throws(UsageError) -> [String] {
    var strings: [String] = []
    strings.reserveCapacity(arguments.count)
    for (offset, bytes) in arguments.enumerated() {
      guard let string = String(validating: bytes, as: UTF8.self) else {
        throw UsageError(
          "Argument \(offset + 1) ('\(escaped(bytes))') is not valid UTF-8; "
            + "the command line takes text in UTF-8 only.")
      }
      strings.append(string)
    }
    return strings
  }

  /// Bytes shown so a terminal prints them safely: valid UTF-8 as it is, a byte that is not
  /// part of valid UTF-8 or is a control character as `\xFF`, a backslash as `\\`.
  ///
  /// - Parameter bytes: An argument as the process received it.
  /// - Returns: Printable text that tells apart every different argument.
  public static func escaped(_ bytes: [UInt8]) -> String {
    var text = ""
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var position = 0
    func hex(_ byte: UInt8) -> String {
      let digits = String(byte, radix: 16, uppercase: true)
      return "\\x" + (digits.count == 1 ? "0" + digits : digits)
    }
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        let scalar = Unicode.UTF8.decode(encoded)
        if scalar == "\\" {
          text += "\\\\"
        } else if scalar.properties.generalCategory == .control {
          text += encoded.map(hex).joined()
        } else {
          text.unicodeScalars.append(scalar)
        }
        position += encoded.count
      case .error(let length):
        text += bytes[position..<position + length].map(hex).joined()
        position += length
      case .emptyInput:
        return text
      }
    }
  }
}
