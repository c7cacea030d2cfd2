import ChecklistsCore
import ChecklistsStore
import Foundation
import SQLDatabase

extension SQLChecklistStore {
  /// v19: a row of settings per user, starting with the currency, which moves there from the
  /// catalogue's row: the person chooses it now, where the server's locale used to.
  static func migrateToUserSettings(_ db: any SQLConnection) throws {
    let text = db.dialect.text
    let date = db.dialect.double
    try db.execute(
      """
      CREATE TABLE user_settings (
        user_id \(text) PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        -- An ISO 4217 code: the catalogue's currency, which new prices are in.
        currency \(text) NOT NULL CHECK (length(currency) = 3),
        updated_at \(date) NOT NULL);
      INSERT INTO user_settings (user_id, currency, updated_at)
        SELECT owner_id, currency, created_at FROM shopping_catalogues;
      ALTER TABLE shopping_catalogues DROP COLUMN currency;
      """)
  }
}

extension SQLChecklistStore.Transaction {
  func setCatalogueCurrency(ownerID: UUID, currency: Currency, at date: Date) throws {
    try db.run(
      "UPDATE user_settings SET currency = ?, updated_at = ? WHERE user_id = ?", currency.code,
      date, ownerID)
  }
}
