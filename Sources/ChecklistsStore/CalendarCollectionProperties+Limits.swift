// How much a CalDAV client may keep in a collection's properties. Without a bound, 30 PROPPATCHes
// of 900 KB each grew the database by 105 MB and every PROPFIND of the home (allprop) answered
// 27 MB, and any editor of a shared list could do it to the owner.
extension CalendarCollectionProperties {
  /// The most bytes one property may have, as the XML kept for it (the colour's text, for the
  /// colour): 16 KiB. Clients keep a colour (9 bytes), an order, a description and a few `X-`
  /// properties of a few dozen bytes each; the largest a client sends is `calendar-timezone`, a
  /// `VTIMEZONE` of 0.5–3 KB, which fits several times over.
  public static let maxPropertyBytes = 16 * 1024
  /// The most dead properties (those the server does not model) a collection may keep: 64.
  /// Apple's clients set about five.
  public static let maxDeadProperties = 64
  /// The most bytes a collection's dead properties and colour may have in all: 64 KiB, so a
  /// home of a hundred lists answers a PROPFIND of every property in a few megabytes at most.
  public static let maxTotalBytes = 64 * 1024

  /// The colour's name in Clark notation, as ``CalendarPropertyLimitError/properties`` names it.
  public static let colorProperty = "{http://apple.com/ns/ical/}calendar-color"

  /// The bytes the limits count: each dead property's XML and the colour's text.
  public var storedBytes: Int {
    deadProperties.values.reduce(color?.utf8.count ?? 0) { $0 + $1.utf8.count }
  }

  /// Refuses properties past the limits, for a change from `previous` that set the colour and
  /// the dead properties named in `set`. The number and the total are refused only when the
  /// change makes them larger, so a collection kept from before these limits can always shrink.
  /// - Parameters:
  ///   - previous: The properties before the change.
  ///   - set: The dead properties the change sets, by Clark name.
  ///   - setsColor: Whether the change sets the colour.
  /// - Throws: ``CalendarPropertyLimitError`` naming the limit and the properties.
  public func checkLimits(
    after previous: CalendarCollectionProperties, set: Set<String>, setsColor: Bool
  ) throws(CalendarPropertyLimitError) {
    var setNames = set.sorted()
    if setsColor { setNames.insert(Self.colorProperty, at: 0) }
    if setsColor, let color, color.utf8.count > Self.maxPropertyBytes {
      throw .init(
        limit: .propertyBytes, properties: [Self.colorProperty],
        message: "calendar-color has \(color.utf8.count) bytes; a property may have at most "
          + "\(Self.maxPropertyBytes).")
    }
    for name in set.sorted() {
      guard let value = deadProperties[name], value.utf8.count > Self.maxPropertyBytes else {
        continue
      }
      throw .init(
        limit: .propertyBytes, properties: [name],
        message: "The property \(name) has \(value.utf8.count) bytes as XML; a property may "
          + "have at most \(Self.maxPropertyBytes).")
    }
    if deadProperties.count > Self.maxDeadProperties
      && deadProperties.count > previous.deadProperties.count
    {
      throw .init(
        limit: .propertyCount, properties: setNames,
        message: "A calendar may keep at most \(Self.maxDeadProperties) properties besides its "
          + "name, colour and order; this change would make \(deadProperties.count).")
    }
    let total = storedBytes
    if total > Self.maxTotalBytes && total > previous.storedBytes {
      throw .init(
        limit: .totalBytes, properties: setNames,
        message: "A calendar's properties may have at most \(Self.maxTotalBytes) bytes in all; "
          + "this change would make \(total).")
    }
  }
}

/// A change to a collection's properties past one of the limits of
/// ``CalendarCollectionProperties``: WebDAV's 507 Insufficient Storage. Nothing of the change
/// is kept.
public struct CalendarPropertyLimitError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which limit the change would pass.
  public enum Limit: String, Hashable, Sendable {
    /// ``CalendarCollectionProperties/maxPropertyBytes``.
    case propertyBytes
    /// ``CalendarCollectionProperties/maxDeadProperties``.
    case propertyCount
    /// ``CalendarCollectionProperties/maxTotalBytes``.
    case totalBytes
  }

  /// The limit.
  public var limit: Limit
  /// The properties the change set that pass it, by Clark name (`{namespace}name`).
  public var properties: [String]
  /// What was refused and the limit, in a sentence.
  public var message: String

  /// Creates the error.
  public init(limit: Limit, properties: [String], message: String) {
    self.limit = limit
    self.properties = properties
    self.message = message
  }

  /// The message.
  public var description: String { message }
}
