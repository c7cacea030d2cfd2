/// One iCalendar component (`VCALENDAR`, `VTODO`, `VALARM`, `VTIMEZONE`, ...): its properties
/// and the components inside it, in the order written (RFC 5545 §3.4, §3.6).
public struct ICalComponent: Hashable, Sendable {
  /// The component's name, upper-cased.
  public var name: String
  /// Its properties, in the order written; unknown and `X-` ones too.
  public var properties: [ICalProperty]
  /// The components inside it, in the order written.
  public var components: [ICalComponent]

  /// Creates a component.
  ///
  /// - Parameters:
  ///   - name: The name; upper-cased here.
  ///   - properties: Its properties, in order.
  ///   - components: The components inside it, in order.
  public init(name: String, properties: [ICalProperty] = [], components: [ICalComponent] = []) {
    self.name = name.uppercased()
    self.properties = properties
    self.components = components
  }

  /// The first property called `name` (any case), or nil.
  public func property(_ name: String) -> ICalProperty? {
    let name = name.uppercased()
    return properties.first { $0.name == name }
  }

  /// Every property called `name` (any case), in order.
  public func properties(named name: String) -> [ICalProperty] {
    let name = name.uppercased()
    return properties.filter { $0.name == name }
  }

  /// Every component inside this one called `name` (any case), in order.
  public func components(named name: String) -> [ICalComponent] {
    let name = name.uppercased()
    return components.filter { $0.name == name }
  }

  /// Replaces the properties called `name` by `replacement`: the first one's place takes the
  /// new ones, the other old ones go; with none before, the new ones are appended.
  ///
  /// - Parameters:
  ///   - name: The properties to replace (any case).
  ///   - replacement: What takes their place; empty removes them.
  public mutating func replaceProperties(named name: String, with replacement: [ICalProperty]) {
    let name = name.uppercased()
    guard let first = properties.firstIndex(where: { $0.name == name }) else {
      properties.append(contentsOf: replacement)
      return
    }
    var result = Array(properties[..<first])
    result.append(contentsOf: replacement)
    result.append(contentsOf: properties[(first + 1)...].filter { $0.name != name })
    properties = result
  }
}
