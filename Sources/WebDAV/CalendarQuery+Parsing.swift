import Foundation

// Reading a calendar-query REPORT body: RFC 4791 section 9.7's filter grammar, checked.

extension CalendarQuery {
  /// Reads a `cal:calendar-query` element.
  static func read(_ root: XMLElement) throws(WebDAVError) -> CalendarQuery {
    let filters = root.children(.calDAV("filter"))
    guard filters.count == 1 else {
      throw invalidFilter(
        filters.isEmpty
          ? "The cal:calendar-query has no cal:filter."
          : "The cal:calendar-query has \(filters.count) cal:filter elements; it may have one.")
    }
    let compFilters = filters[0].children(.calDAV("comp-filter"))
    guard compFilters.count == 1 else {
      throw invalidFilter(
        "The cal:filter holds \(compFilters.count) cal:comp-filter elements; it must hold one, for VCALENDAR."
      )
    }
    let filter = try CompFilter.read(compFilters[0])
    guard filter.name == "VCALENDAR" else {
      throw invalidFilter(
        "The cal:filter's cal:comp-filter is for \(filter.name); the outermost one must be for VCALENDAR."
      )
    }
    let timezone = root.child(.calDAV("timezone"))?.text
    return CalendarQuery(
      props: try PropfindRequest.selection(in: root) ?? .prop([]), filter: filter,
      timezone: timezone)
  }

  static func invalidFilter(_ message: String) -> WebDAVError {
    WebDAVError(status: 403, precondition: .calDAV("valid-filter"), message: message)
  }

  /// The `name` attribute of a filter element, upper-cased (iCalendar names are
  /// case-insensitive).
  static func filterName(_ element: XMLElement) throws(WebDAVError) -> String {
    guard let name = element.attributes["name"]?.trimmingCharacters(in: .whitespaces),
      !name.isEmpty
    else {
      throw invalidFilter("A \(element.name.prefixedDescription) has no name attribute.")
    }
    return name.uppercased()
  }

  /// The element's `is-not-defined`, refused beside anything else (the DTD's choice).
  static func isNotDefined(_ element: XMLElement, name: String) throws(WebDAVError) -> Bool {
    guard element.child(.calDAV("is-not-defined")) != nil else { return false }
    if let other = element.children.first(where: { $0.name != .calDAV("is-not-defined") }) {
      throw invalidFilter(
        "The \(element.name.prefixedDescription) for \(name) has cal:is-not-defined and \(other.name.prefixedDescription); is-not-defined must stand alone."
      )
    }
    return true
  }

  /// At most one child of this name.
  static func single(_ name: XMLName, in element: XMLElement, for filterName: String)
    throws(WebDAVError) -> XMLElement?
  {
    let found = element.children(name)
    if found.count > 1 {
      throw invalidFilter(
        "The \(element.name.prefixedDescription) for \(filterName) has \(found.count) \(name.prefixedDescription) elements; it may have one."
      )
    }
    return found.first
  }
}

extension CalendarQuery.CompFilter {
  static func read(_ element: XMLElement) throws(WebDAVError) -> Self {
    let name = try CalendarQuery.filterName(element)
    if try CalendarQuery.isNotDefined(element, name: name) {
      return Self(name: name, isNotDefined: true)
    }
    var propFilters: [CalendarQuery.PropFilter] = []
    for child in element.children(.calDAV("prop-filter")) {
      propFilters.append(try .read(child))
    }
    var compFilters: [CalendarQuery.CompFilter] = []
    for child in element.children(.calDAV("comp-filter")) {
      compFilters.append(try .read(child))
    }
    return Self(
      name: name,
      timeRange: try CalendarQuery.single(.calDAV("time-range"), in: element, for: name).map {
        (range) throws(WebDAVError) in try .read(range)
      },
      propFilters: propFilters, compFilters: compFilters)
  }
}

extension CalendarQuery.PropFilter {
  static func read(_ element: XMLElement) throws(WebDAVError) -> Self {
    let name = try CalendarQuery.filterName(element)
    if try CalendarQuery.isNotDefined(element, name: name) {
      return Self(name: name, isNotDefined: true)
    }
    let range = try CalendarQuery.single(.calDAV("time-range"), in: element, for: name)
    let match = try CalendarQuery.single(.calDAV("text-match"), in: element, for: name)
    if range != nil && match != nil {
      throw CalendarQuery.invalidFilter(
        "The cal:prop-filter for \(name) has both cal:time-range and cal:text-match; it may have one of them."
      )
    }
    var paramFilters: [CalendarQuery.ParamFilter] = []
    for child in element.children(.calDAV("param-filter")) {
      paramFilters.append(try .read(child))
    }
    return Self(
      name: name,
      timeRange: try range.map { (range) throws(WebDAVError) in try .read(range) },
      textMatch: try match.map { (match) throws(WebDAVError) in try .read(match) },
      paramFilters: paramFilters)
  }
}

extension CalendarQuery.ParamFilter {
  static func read(_ element: XMLElement) throws(WebDAVError) -> Self {
    let name = try CalendarQuery.filterName(element)
    if try CalendarQuery.isNotDefined(element, name: name) {
      return Self(name: name, isNotDefined: true)
    }
    let match = try CalendarQuery.single(.calDAV("text-match"), in: element, for: name)
    return Self(
      name: name, textMatch: try match.map { (match) throws(WebDAVError) in try .read(match) })
  }
}

extension CalendarQuery.TextMatch {
  static func read(_ element: XMLElement) throws(WebDAVError) -> Self {
    let collation = element.attributes["collation"] ?? "i;ascii-casemap"
    guard supportedCollations.contains(collation) else {
      throw WebDAVError(
        status: 403, precondition: .calDAV("supported-collation"),
        preconditionContent: [XMLElement(.calDAV("supported-collation"), text: collation)],
        message:
          "The collation '\(collation)' is not supported; use \(supportedCollations.joined(separator: ", "))."
      )
    }
    let negate: Bool
    switch element.attributes["negate-condition"]?.lowercased() {
    case nil, "no": negate = false
    case "yes": negate = true
    case let other?:
      throw CalendarQuery.invalidFilter(
        "The cal:text-match's negate-condition is '\(other)'; it must be yes or no.")
    }
    return Self(text: element.text, collation: collation, negate: negate)
  }
}

extension CalendarQuery.TimeRange {
  static func read(_ element: XMLElement) throws(WebDAVError) -> Self {
    func instant(_ attribute: String) throws(WebDAVError) -> Date? {
      guard let text = element.attributes[attribute] else { return nil }
      guard let date = Self.utcDateTime(text.trimmingCharacters(in: .whitespaces)) else {
        throw CalendarQuery.invalidFilter(
          "The cal:time-range's \(attribute) is '\(text)'; it must be a UTC date-time such as 20260102T030405Z."
        )
      }
      return date
    }
    let range = Self(start: try instant("start"), end: try instant("end"))
    if range.start == nil && range.end == nil {
      throw CalendarQuery.invalidFilter("A cal:time-range has neither start nor end.")
    }
    if let start = range.start, let end = range.end, end <= start {
      throw CalendarQuery.invalidFilter("A cal:time-range ends before or when it starts.")
    }
    return range
  }

  /// An iCalendar UTC date-time, `20260102T030405Z` (RFC 5545 section 3.3.5, form 2).
  /// - Parameter text: The value.
  /// - Returns: The instant, or nil when the text is not of that form or not a real time.
  public static func utcDateTime(_ text: String) -> Date? {
    let bytes = Array(text.utf8)
    guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z")
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for byte in bytes[range] {
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
      let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
      (1...12).contains(month), hour < 24, minute < 60, second <= 60
    else { return nil }
    let leap = (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
    let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    guard (1...days).contains(day) else { return nil }
    // Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil).
    let y = month <= 2 ? year - 1 : year
    let era = (y >= 0 ? y : y - 399) / 400
    let yearOfEra = y - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    let daysSinceEpoch = era * 146_097 + dayOfEra - 719_468
    let seconds = daysSinceEpoch * 86_400 + hour * 3_600 + minute * 60 + second
    return Date(timeIntervalSince1970: TimeInterval(seconds))
  }

  /// Writes an instant as an iCalendar UTC date-time, `20260102T030405Z`.
  /// - Parameter date: The instant (fractions of a second are dropped).
  /// - Returns: The text.
  public static func utcDateTimeString(_ date: Date) -> String {
    let seconds = Int(date.timeIntervalSince1970.rounded(.down))
    let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    let secondOfDay = seconds - days * 86_400
    // civil_from_days
    let z = days + 719_468
    let era = (z >= 0 ? z : z - 146_096) / 146_097
    let dayOfEra = z - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let mp = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * mp + 2) / 5 + 1
    let month = mp < 10 ? mp + 3 : mp - 9
    let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    let yearText = String(repeating: "0", count: max(0, 4 - String(year).count)) + String(year)
    return
      "\(yearText)\(two(month))\(two(day))T\(two(secondOfDay / 3600))\(two(secondOfDay / 60 % 60))\(two(secondOfDay % 60))Z"
  }
}
