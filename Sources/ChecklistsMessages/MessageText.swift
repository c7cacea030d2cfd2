/// A message not yet worded: a catalogue key and its arguments, put into words in the reader's
/// language where it is shown (an error made by the rules is worded by the CLI or the server).
public struct MessageText: Hashable, Sendable, CustomStringConvertible {
  /// The catalogue key ("errors.list.unknown").
  public var key: String
  /// The named arguments the text puts in.
  public var arguments: [String: String]
  /// The number that chooses the plural form, if the message has plural forms.
  public var count: Int?

  /// A message by key with its arguments.
  public init(_ key: String, _ arguments: [String: String] = [:], count: Int? = nil) {
    self.key = key
    self.arguments = arguments
    self.count = count
  }

  /// The message in English.
  public var description: String { MessageCatalogue.english.text(self) }
}
