import ChecklistsCore
import ChecklistsMessages
import Foundation

extension CalendarService {
  /// Creates or replaces a line of a shopping list from a PUT VTODO, in one transaction.
  ///
  /// A new line puts the catalogue item of that name on the list, making the item when the
  /// catalogue has none (as "add to list" does); an existing line's name, unit, price and
  /// category change its catalogue item (so every list that has it shows the change), its
  /// quantity and completion change the entry. Every PUT bumps the entry's revision.
  /// - Parameters: As ``putTodo(inList:named:todo:ical:ifMatch:ifNoneMatch:changesMoreThanCompletion:)``.
  /// - Returns: Whether the object is new, and the object as stored.
  /// - Throws: As ``putTodo(inList:named:todo:ical:ifMatch:ifNoneMatch:changesMoreThanCompletion:)``; `forbidden` for a
  ///   checker who changes anything but the cart, or for changing the name, unit, price or
  ///   category of a catalogue item of someone else's; `conflict` when a new object names an
  ///   item the list already has under another name.
  /// - Complexity: O(log *n*), whatever the list's size.
  public func putShoppingLine(
    inList listID: UUID, named name: String, line: CalendarShoppingLine, ical: String,
    ifMatch: String? = nil, ifNoneMatch: Bool = false,
    changesMoreThanCompletion: ((CalendarObjectEntry) -> Bool)? = nil
  ) throws -> (created: Bool, entry: CalendarObjectEntry) {
    let itemName = try ShoppingItem.validatedName(line.name)
    let quantity = try ShoppingEntry.validatedQuantity(line.quantity)
    let unit = try ShoppingItem.validatedDetail(
      line.unit, field: MessageCatalogue.english.text("errors.field.unit"))
    let category = try ShoppingItem.validatedDetail(
      line.category, field: MessageCatalogue.english.text("errors.field.category"))
    return try store.writeCalendar { tx in
      let list = try list(listID, for: .read, in: tx)
      guard case .shoppingList(let shoppingList) = list else {
        throw ChecklistsError.invalid(
          MessageText(
            "errors.shopping.checklistObjectsItems", ["id": listID.uuidString.lowercased()]))
      }
      let existing = try resolve(name, in: list, tx: tx)
      try checkPreconditions(existing, name: name, ifMatch: ifMatch, ifNoneMatch: ifNoneMatch)
      try checkCompletionOnly(existing, in: list, changesMoreThanCompletion, tx: tx)
      try claimUID(line.uid, forName: name, in: list, tx: tx)
      var itemID: UUID
      var created = false
      if let existing {
        itemID = existing.itemID
        let before = existing.entry.line!
        try updateCatalogueItem(
          before.item, name: itemName, unit: unit, price: line.price, category: category,
          list: shoppingList, in: tx)
        _ = try shopping.updateEntry(
          itemID: itemID, onList: listID,
          quantity: quantity != before.entry.quantity ? quantity : nil, isInCart: line.isInCart,
          expectedRevision: nil, in: tx)
        if let entry = try tx.entry(listID: listID, itemID: itemID),
          entry.revision == before.entry.revision
        {
          // Nothing of the entry changed: still a new version of the object.
          try bumpEntry(entry, listID: listID, in: tx)
        }
      } else {
        _ = try shopping.accessibleList(listID, for: .edit, in: tx)
        if let same = try tx.shoppingItem(ownerID: shoppingList.ownerID, named: itemName),
          try tx.entry(listID: listID, itemID: same.id) != nil
        {
          let other =
            try tx.calendarObject(listID: listID, itemID: same.id)?.name
            ?? Self.implicitName(same.id)
          throw ChecklistsError(
            .conflict,
            MessageText(
              "errors.shopping.alreadyShoppingList",
              ["sameName": same.name, "shoppingListName": shoppingList.name, "other": "\(other)"]))
        }
        let put = try shopping.put(named: itemName, onList: listID, quantity: quantity, in: tx)
        itemID = put.item.id
        created = true
        // The catalogue's name stands: "milk" puts Milk on the list, as the web app does.
        try updateCatalogueItem(
          put.item, name: put.item.name, unit: unit, price: line.price, category: category,
          list: shoppingList, in: tx)
        if line.isInCart {
          _ = try shopping.updateEntry(
            itemID: itemID, onList: listID, quantity: nil, isInCart: true, expectedRevision: nil,
            in: tx)
        }
      }
      let row = CalendarObjectRecord(
        listID: listID, name: existing?.row?.name ?? name, uid: line.uid, itemID: itemID,
        ical: ical)
      try tx.saveCalendarObject(row)
      guard let entry = try liveEntry(itemID, row: row, in: list, tx: tx) else {
        throw ChecklistsError(
          .storage, MessageText("errors.shopping.shoppingLineStored", ["itemName": "\(itemName)"]))
      }
      return (created, entry)
    }
  }

  /// Changes a catalogue item's name, unit, price or category where the PUT differs (nil
  /// leaves unit, price and category as they are).
  /// - Throws: `forbidden` for a checker, or for an item of someone else's catalogue.
  func updateCatalogueItem(
    _ item: ShoppingItem, name: String, unit: String?, price: Price?, category: String?,
    list: ShoppingList, in tx: any CalendarStoreWriter
  ) throws {
    let rename = name != item.name
    let newUnit = unit.flatMap { $0 != item.unit ? $0 : nil }
    let newPrice = price.flatMap { $0 != item.price ? $0 : nil }
    let newCategory = category.flatMap { $0 != item.category ? $0 : nil }
    guard rename || newUnit != nil || newPrice != nil || newCategory != nil else { return }
    _ = try shopping.accessibleList(list.id, for: .edit, in: tx)
    guard item.ownerID == owner.id else {
      throw ChecklistsError(
        .forbidden,
        MessageText(
          "errors.shopping.catalogueOwnerYou", ["itemName": item.name, "listName": list.name]))
    }
    _ = try shopping.updateItem(
      id: item.id, name: rename ? name : nil, price: newPrice.map { .some($0) },
      unit: newUnit.map { .some($0) }, category: newCategory.map { .some($0) },
      expectedRevision: nil, in: tx)
  }

  /// A new revision of an entry that did not change, logged like any entry change.
  func bumpEntry(_ entry: ShoppingEntry, listID: UUID, in tx: any CalendarStoreWriter) throws {
    var list = try shopping.accessibleList(listID, for: .check, in: tx)
    try shopping.bump(&list, .entryUpdated, itemID: entry.itemID, in: tx)
    var entry = entry
    entry.revision = list.revision
    try tx.saveEntry(entry)
  }
}
