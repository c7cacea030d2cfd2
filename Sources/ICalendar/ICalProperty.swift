/// One property (content line) of an iCalendar component, such as `DUE;TZID=Europe/Berlin:...`
/// (RFC 5545 §3.1), with its value exactly as written.
public struct ICalProperty: Hashable, Sendable {
  /// The property's name, upper-cased: `DUE`, `X-APPLE-SORT-ORDER`.
  public var name: String
  /// The parameters in the order written.
  public var parameters: [ICalParameter]
  /// The value as written in the file: still escaped for TEXT (see ``ICalText``), a date-time
  /// in its compact form (see ``ICalDateTime``).
  public var value: String

  /// Creates a property.
  ///
  /// - Parameters:
  ///   - name: The name; upper-cased here.
  ///   - parameters: Its parameters, in order.
  ///   - value: The value as it is to be written (TEXT already escaped).
  public init(name: String, parameters: [ICalParameter] = [], value: String) {
    self.name = name.uppercased()
    self.parameters = parameters
    self.value = value
  }

  /// Creates a TEXT property, escaping `text` (RFC 5545 §3.3.11).
  public init(name: String, parameters: [ICalParameter] = [], text: String) {
    self.init(name: name, parameters: parameters, value: ICalText.escape(text))
  }

  /// The value of the first parameter called `name` (any case), its values joined by commas;
  /// nil when there is none.
  public func parameter(_ name: String) -> String? {
    let name = name.uppercased()
    return parameters.first { $0.name == name }?.value
  }

  /// The value read as TEXT: escapes undone.
  public var text: String { ICalText.unescape(value) }

  /// The value read as a comma-separated list of TEXT values (`CATEGORIES`), escapes undone.
  public var textList: [String] { ICalText.splitList(value).map(ICalText.unescape) }

  /// Sets (or, with nil, removes) the parameter called `name`, keeping the others in place.
  public mutating func setParameter(_ name: String, _ value: String?) {
    let name = name.uppercased()
    if let value {
      if let index = parameters.firstIndex(where: { $0.name == name }) {
        parameters[index].values = [value]
      } else {
        parameters.append(ICalParameter(name: name, value: value))
      }
    } else {
      parameters.removeAll { $0.name == name }
    }
  }
}
