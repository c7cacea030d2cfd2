import Foundation

/// A CalDAV `calendar-query` REPORT (RFC 4791 section 7.8): the properties to return and the
/// filter that chooses the calendar objects.
///
/// The filter grammar is RFC 4791 section 9.7: one ``CompFilter`` for `VCALENDAR`, holding
/// component filters for `VTODO` (and others), which hold property, parameter and text
/// filters. Matching a filter against a calendar object is the iCalendar layer's job
/// (`CalendarFilterEvaluator` in ChecklistsCalDAV); this type only says what was asked.
public struct CalendarQuery: Sendable, Hashable {
  /// The properties to return for each matching object (often `getetag` and `calendar-data`).
  public var props: PropfindRequest
  /// The filter: its name is `VCALENDAR`.
  public var filter: CompFilter
  /// The `CALDAV:timezone` element's text (a VCALENDAR with one VTIMEZONE) that floating
  /// times in time ranges are read in (RFC 4791 section 9.8); nil when the client sent none.
  public var timezone: String?

  /// Makes a query.
  /// - Parameters:
  ///   - props: The properties to return.
  ///   - filter: The top-level component filter.
  ///   - timezone: The `CALDAV:timezone` text, if any.
  public init(props: PropfindRequest, filter: CompFilter, timezone: String? = nil) {
    self.props = props
    self.filter = filter
    self.timezone = timezone
  }

  /// `CALDAV:comp-filter` (RFC 4791 section 9.7.1): a component by name that must be absent
  /// (``isNotDefined``), or present and, if given, overlap ``timeRange`` and pass every
  /// property filter and every nested component filter.
  public struct CompFilter: Sendable, Hashable {
    /// The component name as written, such as `VCALENDAR`, `VTODO`, `VALARM`.
    public var name: String
    /// True for `<is-not-defined/>`: matches when the component has no such child component.
    public var isNotDefined: Bool
    /// The time range the component must overlap (RFC 4791 section 9.9), if any.
    public var timeRange: TimeRange?
    /// Property filters that must all match.
    public var propFilters: [PropFilter]
    /// Nested component filters that must all match.
    public var compFilters: [CompFilter]

    /// Makes a component filter.
    /// - Parameters:
    ///   - name: The component name.
    ///   - isNotDefined: Whether the component must be absent.
    ///   - timeRange: The time range to overlap.
    ///   - propFilters: The property filters.
    ///   - compFilters: The nested component filters.
    public init(
      name: String, isNotDefined: Bool = false, timeRange: TimeRange? = nil,
      propFilters: [PropFilter] = [], compFilters: [CompFilter] = []
    ) {
      self.name = name
      self.isNotDefined = isNotDefined
      self.timeRange = timeRange
      self.propFilters = propFilters
      self.compFilters = compFilters
    }
  }

  /// `CALDAV:prop-filter` (RFC 4791 section 9.7.2): a property by name that must be absent
  /// (``isNotDefined``), or present and, if given, match the time range or the text match and
  /// pass every parameter filter. With several properties of the name, one matching is enough.
  public struct PropFilter: Sendable, Hashable {
    /// The property name as written, such as `STATUS`, `DUE`, `CATEGORIES`, `UID`.
    public var name: String
    /// True for `<is-not-defined/>`: matches when the component has no such property.
    public var isNotDefined: Bool
    /// The time range a date or date-time property's value must fall in, if any.
    public var timeRange: TimeRange?
    /// The text the property's value must (or, negated, must not) contain, if any.
    public var textMatch: TextMatch?
    /// Parameter filters that must all match.
    public var paramFilters: [ParamFilter]

    /// Makes a property filter.
    /// - Parameters:
    ///   - name: The property name.
    ///   - isNotDefined: Whether the property must be absent.
    ///   - timeRange: The time range its value must fall in.
    ///   - textMatch: The text its value must match.
    ///   - paramFilters: The parameter filters.
    public init(
      name: String, isNotDefined: Bool = false, timeRange: TimeRange? = nil,
      textMatch: TextMatch? = nil, paramFilters: [ParamFilter] = []
    ) {
      self.name = name
      self.isNotDefined = isNotDefined
      self.timeRange = timeRange
      self.textMatch = textMatch
      self.paramFilters = paramFilters
    }
  }

  /// `CALDAV:param-filter` (RFC 4791 section 9.7.3): a property parameter by name that must be
  /// absent, or present and, if given, match the text match.
  public struct ParamFilter: Sendable, Hashable {
    /// The parameter name as written, such as `TZID`, `VALUE`, `RELTYPE`.
    public var name: String
    /// True for `<is-not-defined/>`: matches when the property has no such parameter.
    public var isNotDefined: Bool
    /// The text the parameter's value must match, if any.
    public var textMatch: TextMatch?

    /// Makes a parameter filter.
    /// - Parameters:
    ///   - name: The parameter name.
    ///   - isNotDefined: Whether the parameter must be absent.
    ///   - textMatch: The text its value must match.
    public init(name: String, isNotDefined: Bool = false, textMatch: TextMatch? = nil) {
      self.name = name
      self.isNotDefined = isNotDefined
      self.textMatch = textMatch
    }
  }

  /// `CALDAV:text-match` (RFC 4791 section 9.7.5): a substring match under a collation,
  /// optionally negated.
  public struct TextMatch: Sendable, Hashable {
    /// The substring to look for (unescaped; iCalendar TEXT escapes are the evaluator's job).
    public var text: String
    /// The collation: one of ``TextMatch/supportedCollations``; `i;ascii-casemap` when the
    /// client named none.
    public var collation: String
    /// True for `negate-condition="yes"`: matches when the substring is absent.
    public var negate: Bool

    /// The collations a CalDAV server must support (RFC 4791 section 7.5.1) plus
    /// `i;unicode-casemap` (RFC 5051), which clients such as Evolution send.
    public static let supportedCollations = ["i;ascii-casemap", "i;octet", "i;unicode-casemap"]

    /// Makes a text match.
    /// - Parameters:
    ///   - text: The substring.
    ///   - collation: The collation name.
    ///   - negate: Whether the match is negated.
    public init(text: String, collation: String = "i;ascii-casemap", negate: Bool = false) {
      self.text = text
      self.collation = collation
      self.negate = negate
    }

    /// Whether a value matches: contains ``text`` under ``collation``, inverted by ``negate``.
    ///
    /// `i;octet` compares bytes; `i;ascii-casemap` folds only A-Z (RFC 4790 section 9.2);
    /// `i;unicode-casemap` folds full Unicode case after canonical decomposition (RFC 5051).
    /// - Parameter value: A property or parameter value, already unescaped.
    /// - Returns: True when the filter is satisfied.
    /// - Complexity: O(*n* × *m*) for value length *n* and text length *m*.
    public func matches(_ value: String) -> Bool {
      let found: Bool
      switch collation {
      case "i;octet":
        found = Self.contains(Array(value.utf8), Array(text.utf8))
      case "i;unicode-casemap":
        let fold = { (s: String) in
          Array(s.decomposedStringWithCanonicalMapping.lowercased().uppercased().utf8)
        }
        found = Self.contains(fold(value), fold(text))
      default:
        let fold = { (s: String) in
          s.utf8.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 0x20 : $0 }
        }
        found = Self.contains(fold(value), fold(text))
      }
      return found != negate
    }

    private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
      if needle.isEmpty { return true }
      if needle.count > haystack.count { return false }
      for start in 0...(haystack.count - needle.count)
      where haystack[start..<(start + needle.count)].elementsEqual(needle) {
        return true
      }
      return false
    }
  }

  /// `CALDAV:time-range` (RFC 4791 section 9.9): a half-open interval [start, end) of UTC
  /// instants; either end may be open (nil), but not both.
  public struct TimeRange: Sendable, Hashable {
    /// The start, inclusive; nil for the distant past.
    public var start: Date?
    /// The end, exclusive; nil for the distant future.
    public var end: Date?

    /// Makes a time range.
    /// - Parameters:
    ///   - start: The inclusive start, or nil.
    ///   - end: The exclusive end, or nil.
    public init(start: Date?, end: Date?) {
      self.start = start
      self.end = end
    }

    /// Whether an instant lies in [start, end).
    /// - Parameter date: The instant.
    /// - Returns: True when it lies within the range.
    public func contains(_ date: Date) -> Bool {
      (start.map { date >= $0 } ?? true) && (end.map { date < $0 } ?? true)
    }

    /// Whether the interval [from, to) overlaps this range, by RFC 4791 section 9.9's rule
    /// (start < to and end > from); an instant (from == to) overlaps when it lies in the range.
    /// - Parameters:
    ///   - from: The interval's start.
    ///   - to: The interval's end (equal to `from` for an instant).
    /// - Returns: True when they overlap.
    public func overlaps(from: Date, to: Date) -> Bool {
      if from == to { return contains(from) }
      return (start.map { $0 < to } ?? true) && (end.map { $0 > from } ?? true)
    }
  }
}
