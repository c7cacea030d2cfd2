/// Builds the value model from the content lines libical read and accepted: BEGIN and END
/// nest components, every other line is a property kept as written.
enum ComponentBuilder {
  static func build(_ numbered: NumberedLines) throws(ICalendarError) -> ICalComponent {
    guard let first = numbered.lines.first else {
      throw ICalendarError("The iCalendar text is empty; it must start with BEGIN:VCALENDAR.")
    }
    guard first.text.uppercased() == "BEGIN:VCALENDAR" else {
      throw ICalendarError(
        "Line \(first.number): iCalendar text must start with BEGIN:VCALENDAR, not '\(NumberedLines.excerpt(first.text))'."
      )
    }
    var stack: [(component: ICalComponent, line: Int)] = []
    var result: ICalComponent?
    for line in numbered.lines {
      guard result == nil else {
        throw ICalendarError(
          "Line \(line.number): text after END:VCALENDAR ('\(NumberedLines.excerpt(line.text))'); a calendar resource is one VCALENDAR."
        )
      }
      if let control = line.text.unicodeScalars.first(where: ContentLine.isForbiddenControl) {
        let code = String(control.value, radix: 16, uppercase: true)
        throw ICalendarError(
          "Line \(line.number): the line holds the control character U+\(String(repeating: "0", count: 4 - code.count) + code); iCalendar allows only tabs (a bare carriage return is not a line end)."
        )
      }
      guard let content = ContentLine(line.text) else {
        throw ICalendarError(
          "Line \(line.number): '\(NumberedLines.excerpt(line.text))' is not a content line NAME;PARAM=VALUE:VALUE."
        )
      }
      switch content.name {
      case "BEGIN":
        let name = content.value.uppercased()
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(ContentLine.isNameScalar) else {
          throw ICalendarError("Line \(line.number): BEGIN needs a component name.")
        }
        stack.append((ICalComponent(name: name), line.number))
      case "END":
        let name = content.value.uppercased()
        guard let (component, _) = stack.popLast() else {
          throw ICalendarError("Line \(line.number): END:\(name) without a BEGIN.")
        }
        guard component.name == name else {
          throw ICalendarError(
            "Line \(line.number): END:\(name) closes BEGIN:\(component.name); components must nest."
          )
        }
        if stack.isEmpty {
          result = component
        } else {
          stack[stack.count - 1].component.components.append(component)
        }
      default:
        guard !stack.isEmpty else {
          throw ICalendarError("Line \(line.number): a property outside any component.")
        }
        stack[stack.count - 1].component.properties.append(
          ICalProperty(name: content.name, parameters: content.parameters, value: content.value))
      }
    }
    if let open = stack.last {
      throw ICalendarError(
        "The iCalendar text ends inside \(open.component.name): BEGIN:\(open.component.name) on line \(open.line) has no END:\(open.component.name)."
      )
    }
    guard let result else {
      throw ICalendarError("The iCalendar text has no END:VCALENDAR.")
    }
    return result
  }
}
