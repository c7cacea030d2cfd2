import Foundation

/// Every string a person reads, by key, in one language, with CLDR plural forms.
///
/// The texts live in `Catalogue/<language>.<area>.json` (a flat object of keys; a value is a
/// text or an object of plural forms), not in code; code names a key and its arguments:
///
/// ```swift
/// MessageCatalogue.english.text("errors.list.unknown", ["name": name])
/// MessageCatalogue.english.text("cli.items.count", count: 3)
/// ```
///
/// A key missing from a language falls back to English; a key missing from English is shown as
/// itself, and the catalogue's tests fail on any key used in the sources that is not there.
public struct MessageCatalogue: Sendable {
  /// The language of the texts ("en").
  public let language: String
  /// The language's plural rules.
  public let pluralRules: PluralRules
  /// Every message, by key: this language's, over English's.
  public let messages: [String: Message]

  /// English, the catalogue every other language falls back to.
  public static let english: MessageCatalogue = {
    do { return try MessageCatalogue(loading: "en", fallback: nil) } catch {
      preconditionFailure("the English message catalogue does not read: \(error)")
    }
  }()

  /// The catalogue of a language tag ("de-CH" reads "de"), over English; English when the
  /// language has no files or they do not read.
  public static func named(_ tag: String) -> MessageCatalogue {
    let base = baseLanguage(of: tag)
    if base == "en" { return english }
    return (try? MessageCatalogue(loading: base, fallback: english)) ?? english
  }

  /// A language tag's base language, lowercased: "pt_BR" and "pt-BR" are "pt".
  public static func baseLanguage(of tag: String) -> String {
    let base = tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." })
      .first.map(String.init)
    return base.flatMap { $0.isEmpty || $0 == "c" || $0 == "posix" ? nil : $0 } ?? "en"
  }

  /// Reads a language's files.
  /// - Throws: ``CatalogueError`` naming the file and the entry that does not read.
  public init(loading language: String, fallback: MessageCatalogue?) throws {
    var messages = fallback?.messages ?? [:]
    var found = false
    for area in MessageArea.allCases {
      guard let bytes = CatalogueFiles.file(language: language, area: area) else { continue }
      found = true
      for (key, message) in try Self.parse(bytes, file: "\(language).\(area.rawValue).json") {
        messages[key] = message
      }
    }
    guard found else { throw CatalogueError("no catalogue files for '\(language)'") }
    self.language = language
    self.pluralRules = PluralRules(language: language)
    self.messages = messages
  }

  /// Parses one file: a flat JSON object whose values are texts or objects of plural forms.
  /// - Throws: ``CatalogueError`` naming the file and key.
  public static func parse(_ bytes: [UInt8], file: String) throws -> [String: Message] {
    guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any]
    else { throw CatalogueError("\(file) is not a JSON object") }
    var messages: [String: Message] = [:]
    for (key, value) in object {
      if let text = value as? String {
        messages[key] = .text(text)
      } else if let forms = value as? [String: String] {
        var plural: [PluralCategory: String] = [:]
        for (name, text) in forms {
          guard let category = PluralCategory(rawValue: name) else {
            throw CatalogueError("\(file): '\(key)' has a form '\(name)', not a CLDR category")
          }
          plural[category] = text
        }
        guard plural[.other] != nil else {
          throw CatalogueError("\(file): '\(key)' has plural forms but no 'other'")
        }
        messages[key] = .plural(plural)
      } else {
        throw CatalogueError("\(file): '\(key)' is neither a text nor an object of plural forms")
      }
    }
    return messages
  }

  /// The text of a key with its arguments put in; a plural message takes the form of `count`
  /// under the language's rules and shows it as `{count}`.
  public func text(_ key: String, _ arguments: [String: String] = [:], count: Int? = nil) -> String
  {
    guard let message = messages[key] else { return key }
    var arguments = arguments
    if let count, arguments["count"] == nil { arguments["count"] = String(count) }
    return Message.fill(message.form(count: count, rules: pluralRules), with: arguments)
  }

  /// The text of a message not yet worded.
  public func text(_ message: MessageText) -> String {
    text(message.key, message.arguments, count: message.count)
  }

  /// The JSON file the web app is served for this language: its `common` and `web` areas over
  /// English's.
  public func webFile() -> [UInt8] {
    var object: [String: Any] = [:]
    for (key, message) in messages
    where MessageArea(key: key).map(MessageArea.served.contains) == true {
      switch message {
      case .text(let text): object[key] = text
      case .plural(let forms):
        object[key] = Dictionary(uniqueKeysWithValues: forms.map { ($0.key.rawValue, $0.value) })
      }
    }
    let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    return data.map { [UInt8]($0) } ?? Array("{}".utf8)
  }
}

/// Why a catalogue file does not read.
public struct CatalogueError: Error, CustomStringConvertible {
  public let description: String
  /// An error that says what does not read, naming the file.
  public init(_ description: String) { self.description = description }
}

extension MessageCatalogue {
  /// A catalogue of the given messages in English, for tests of the format.
  public init(testing messages: [String: Message]) {
    self.language = "en"
    self.pluralRules = PluralRules(language: "en")
    self.messages = messages
  }
}
