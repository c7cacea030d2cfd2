import ChecklistsCore
import Foundation

extension ShoppingService {
  /// The user's settings as they are now.
  public func settings() -> UserSettings {
    UserSettings(currency: currency)
  }

  /// Changes the catalogue's currency, which new prices are in, in one transaction.
  ///
  /// Prices keep their amounts. With `relabelPrices`, each price in another currency takes the
  /// new one ("2.50 EUR" becomes "2.50 GBP", rounded to the new currency's minor unit), as when
  /// the currency was set wrong at first; without, they stay as they are.
  /// - Returns: How many prices took the new currency.
  /// - Throws: `storage`.
  @discardableResult
  public func changeCurrency(to currency: Currency, relabelPrices: Bool) throws -> Int {
    let relabelled = try store.writeShopping { tx -> Int in
      let date = now()
      try tx.setCatalogueCurrency(ownerID: owner.id, currency: currency, at: date)
      var count = 0
      if relabelPrices {
        for var item in try tx.shoppingItems(ownerID: owner.id) {
          guard let price = item.price, price.currency != currency else { continue }
          let amount = Double(price.minorUnits) / pow(10, Double(price.currency.minorUnitDigits))
          item.price = Price(rounding: amount, currency: currency) ?? price
          item.revision += 1
          item.updatedAt = date
          try tx.updateShoppingItem(item)
          try tx.recordChanges(
            of: .id(item.id), ["price"], revision: item.revision, by: owner.id, at: date)
          try log(.catalogueItemUpdated, item: item, in: tx)
          count += 1
        }
      }
      // Open pages read the catalogue again: its currency is part of it.
      _ = try tx.appendChange(
        Change(
          ownerID: owner.id, collectionID: owner.id, kind: .catalogueUpdated, revision: 1,
          date: date))
      return count
    }
    chosenCurrency.value.withLock { $0 = currency }
    return relabelled
  }
}
