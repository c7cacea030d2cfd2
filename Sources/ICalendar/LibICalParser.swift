import CLibICal

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What libical made of a text: its unfolded content lines and what it could not read.
struct LibICalParser {
  /// One thing libical refused: an `X-LIC-ERROR` property or an invalid component.
  struct Problem {
    /// libical's message, such as "Can't parse as DATE-TIME value in DTSTAMP property.
    /// Removing entire property: 2025".
    var message: String
    /// The component it was found in, such as "VTODO".
    var component: String

    /// libical refuses two things RFC 5545 allows: an empty value (TEXT may be empty; a
    /// reader of a typed value checks it itself) and a property name it does not know (an
    /// `iana-token` or lower-case `x-name`, kept verbatim; a name with invalid characters
    /// is still refused by the content-line check).
    var isAllowedByRFC5545: Bool {
      message.hasPrefix("No value for ") || message.hasPrefix("Parse error in property name")
    }
  }

  /// The content lines, unfolded by libical, blank lines left out.
  var lines: [String]
  /// What libical could not read, in document order.
  var problems: [Problem]

  /// Runs libical's parser over `text` line by line, as `icalparser_parse` does, keeping each
  /// line, then walks the components it built for errors and frees them.
  static func parse(_ text: String) -> LibICalParser {
    withLibICal {
      var source = Array(text.utf8CString)
      return source.withUnsafeMutableBufferPointer { buffer in
        var cursor: UnsafeMutablePointer<CChar>? = buffer.baseAddress
        return withUnsafeMutablePointer(to: &cursor) { cursorPointer in
          run(generatorData: UnsafeMutableRawPointer(cursorPointer))
        }
      }
    }
  }

  private static func run(generatorData: UnsafeMutableRawPointer) -> LibICalParser {
    guard let parser = icalparser_new() else {
      return LibICalParser(
        lines: [], problems: [Problem(message: "libical could not start a parser.", component: "")])
    }
    defer { icalparser_free(parser) }
    icalparser_set_gen_data(parser, generatorData)
    // icalparser_parse makes malformed data non-fatal while it runs; so do we (under the lock).
    let saved = icalerror_get_error_state(ICAL_MALFORMEDDATA_ERROR)
    icalerror_set_error_state(ICAL_MALFORMEDDATA_ERROR, ICAL_ERROR_NONFATAL)
    defer { icalerror_set_error_state(ICAL_MALFORMEDDATA_ERROR, saved) }

    var lines: [String] = []
    var roots: [OpaquePointer] = []
    var depth = 0
    while true {
      let line = icalparser_get_line(parser, icalparser_string_line_generator)
      var feed = true
      if let line {
        let isEmpty = line.pointee == 0
        if !isEmpty { lines.append(String(cString: line)) }
        // Outside every component only BEGIN may come; libical would print a warning to
        // stderr for a stray END. Such a line is left to the structure check, which names it.
        if strncasecmp(line, "BEGIN:", 6) == 0 {
          depth += 1
        } else if depth == 0 {
          feed = isEmpty
        } else if strncasecmp(line, "END:", 4) == 0 {
          depth -= 1
        }
      }
      if feed, let root = icalparser_add_line(parser, line) { roots.append(root) }
      guard let line else { break }
      icalmemory_free_buffer(line)
    }
    defer { for root in roots { icalcomponent_free(root) } }

    var problems: [Problem] = []
    for root in roots { collectProblems(in: root, into: &problems) }
    if roots.count > 1 {
      problems.append(
        Problem(
          message:
            "The text holds \(roots.count) top-level components; a calendar resource is one VCALENDAR.",
          component: ""))
    }
    return LibICalParser(lines: lines, problems: problems)
  }

  private static func collectProblems(in component: OpaquePointer, into problems: inout [Problem]) {
    let kind = icalcomponent_isa(component)
    let name = icalcomponent_kind_to_string(kind).map { String(cString: $0) } ?? ""
    if kind == ICAL_XLICINVALID_COMPONENT {
      problems.append(Problem(message: "libical could not read a component.", component: name))
    }
    var property = icalcomponent_get_first_property(component, ICAL_XLICERROR_PROPERTY)
    while let current = property {
      let message = icalproperty_get_xlicerror(current).map { String(cString: $0) } ?? ""
      problems.append(Problem(message: message, component: name))
      property = icalcomponent_get_next_property(component, ICAL_XLICERROR_PROPERTY)
    }
    var child = icalcomponent_get_first_component(component, ICAL_ANY_COMPONENT)
    while let current = child {
      collectProblems(in: current, into: &problems)
      child = icalcomponent_get_next_component(component, ICAL_ANY_COMPONENT)
    }
  }
}
