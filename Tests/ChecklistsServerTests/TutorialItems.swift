import ChecklistsCore
import ChecklistsSQLStore
import ChecklistsStore
import ChecklistsTestSupport
import Foundation

extension TestServer {
  /// Puts the original app's five tutorial items in the local user's catalogue, on the
  /// server's file; see ``ShoppingService/addTutorialItems()``.
  @discardableResult
  func addTutorialItems() throws -> [ShoppingItem] {
    try ShoppingService.open(
      store: SQLChecklistStore(sqlitePath: databasePath), owner: service.owner,
      currency: .euro, now: clock.now
    ).addTutorialItems()
  }
}
