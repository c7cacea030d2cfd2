import Foundation
import ICalendar

/// Shopping-list lines as VTODOs, so that any reminders app shows a useful line.
///
/// `SUMMARY` is the name with the quantity ("Milk (2 l)"); `X-CHECKLISTS-QUANTITY` and
/// `X-CHECKLISTS-PRICE` carry quantity and price for Checklists; `CATEGORIES` the aisle;
/// completion is "in the cart"; `DESCRIPTION` starts with "Quantity: 2 l" and "Price: 1.99 EUR"
/// lines for clients that show notes, then a blank line and the line's own notes. Like
/// ``TodoMapping``, writing starts from what the client last PUT and keeps everything else.
public enum ShoppingLineMapping {
  static let quantityProperty = "X-CHECKLISTS-QUANTITY"
  static let priceProperty = "X-CHECKLISTS-PRICE"

  /// Reads a PUT body for a shopping list.
  ///
  /// A `SUMMARY` ending in "(...)" gives the quantity when the VTODO carries
  /// `X-CHECKLISTS-QUANTITY` (so a client's edit of "Milk (2 l)" to "Milk (3 l)" is read);
  /// without it the whole SUMMARY is the name.
  ///
  /// - Throws: ``CalendarDataError`` as ``TodoMapping/read(_:)`` does.
  public static func read(_ ics: String) throws(CalendarDataError) -> ShoppingLineFields {
    let resource = try TodoResource(parsing: ics)
    try resource.checkValues()
    return fields(of: resource, todo: try TodoMapping.fields(of: resource))
  }

  /// The resource to serve for a shopping line.
  ///
  /// - Parameters:
  ///   - fields: The line as Checklists has it now.
  ///   - stored: The text last PUT for it, or nil for a line made elsewhere.
  ///   - now: The time for DTSTAMP and COMPLETED.
  /// - Returns: iCalendar text with only the properties whose meaning changed rewritten.
  public static func write(_ fields: ShoppingLineFields, stored: String?, now: Date) -> String {
    var resource: TodoResource
    var todoBefore: TodoFields
    var before: ShoppingLineFields
    if let stored, let parsed = try? TodoResource(parsing: stored),
      let todo = try? TodoMapping.fields(of: parsed)
    {
      resource = parsed
      todoBefore = todo
      before = self.fields(of: parsed, todo: todo)
    } else {
      resource = TodoResource(freshWithUID: fields.uid, now: now)
      if !fields.inCart {
        resource.todo.properties.append(ICalProperty(name: "STATUS", value: "NEEDS-ACTION"))
      }
      todoBefore = TodoFields(uid: fields.uid)
      before = ShoppingLineFields(uid: fields.uid, name: "")
    }
    // The X- properties as stored: a client may have edited the SUMMARY's quantity, which
    // reads as the new quantity, and then these and the DESCRIPTION must follow it.
    let storedQuantity = resource.todo.property(quantityProperty)?.text
    let storedPrice = resource.todo.property(priceProperty)?.text
    var todoAfter = todoBefore
    todoAfter.uid = fields.uid
    if fields.name != before.name || fields.quantity != before.quantity {
      todoAfter.summary = summary(fields)
    }
    if fields.notes != before.notes || fields.quantity != storedQuantity
      || fields.price != storedPrice
    {
      todoAfter.notes = description(fields)
    }
    if fields.category != before.category {
      todoAfter.categories = fields.category.map { [$0] } ?? []
    }
    if fields.inCart != before.inCart {
      todoAfter.isCompleted = fields.inCart
      todoAfter.completedAt = nil
    }
    var writer = TodoWriter(resource: resource, before: todoBefore, now: now)
    writer.apply(todoAfter)
    resource = writer.resource
    if fields.quantity != storedQuantity {
      resource.todo.replaceProperties(
        named: quantityProperty,
        with: fields.quantity.map { [ICalProperty(name: quantityProperty, text: $0)] } ?? [])
    }
    if fields.price != storedPrice {
      resource.todo.replaceProperties(
        named: priceProperty,
        with: fields.price.map { [ICalProperty(name: priceProperty, text: $0)] } ?? [])
    }
    resource.addRequiredProperties(now: now)
    return resource.text
  }

  // MARK: - Parts

  static func fields(of resource: TodoResource, todo: TodoFields) -> ShoppingLineFields {
    let vtodo = resource.todo
    var quantity = vtodo.property(quantityProperty)?.text
    var name = todo.summary
    if quantity != nil, let (base, inside) = splitQuantity(todo.summary) {
      name = base
      quantity = inside
    }
    let price = vtodo.property(priceProperty)?.text
    return ShoppingLineFields(
      uid: todo.uid, name: name, quantity: quantity, price: price,
      category: todo.categories.first, inCart: todo.isCompleted,
      notes: ownNotes(todo.notes, quantity: vtodo.property(quantityProperty)?.text, price: price))
  }

  /// "Milk (2 l)" as ("Milk", "2 l").
  static func splitQuantity(_ summary: String) -> (String, String)? {
    guard summary.hasSuffix(")"), let open = summary.lastIndex(of: "(") else { return nil }
    let base = summary[..<open].trimmingCharacters(in: .whitespaces)
    let inside = summary[summary.index(after: open)..<summary.index(before: summary.endIndex)]
      .trimmingCharacters(in: .whitespaces)
    guard !base.isEmpty, !inside.isEmpty else { return nil }
    return (base, inside)
  }

  static func summary(_ fields: ShoppingLineFields) -> String {
    fields.quantity.map { "\(fields.name) (\($0))" } ?? fields.name
  }

  static func description(_ fields: ShoppingLineFields) -> String {
    var lines: [String] = []
    if let quantity = fields.quantity { lines.append("Quantity: \(quantity)") }
    if let price = fields.price { lines.append("Price: \(price)") }
    if lines.isEmpty { return fields.notes }
    return lines.joined(separator: "\n") + (fields.notes.isEmpty ? "" : "\n\n" + fields.notes)
  }

  /// The notes without the quantity and price lines ``description(_:)`` puts first.
  static func ownNotes(_ description: String, quantity: String?, price: String?) -> String {
    var lines = description.components(separatedBy: "\n")
    var stripped = false
    if let quantity, lines.first == "Quantity: \(quantity)" {
      lines.removeFirst()
      stripped = true
    }
    if let price, lines.first == "Price: \(price)" {
      lines.removeFirst()
      stripped = true
    }
    if stripped, lines.first == "" { lines.removeFirst() }
    return lines.joined(separator: "\n")
  }
}
