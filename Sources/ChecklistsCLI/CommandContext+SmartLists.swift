import ChecklistsCore
import ChecklistsStore
import Foundation

extension CommandContext {
  /// The acting user's smart lists and search.
  func smartLists() throws -> SmartListService {
    let service = try service()
    return SmartListService(store: try wholeDatabase(service), user: service.owner, now: now)
  }

  /// The acting user's templates.
  func templates() throws -> TemplateService {
    let service = try service()
    return TemplateService(store: try wholeDatabase(service), user: service.owner, now: now)
  }

  /// The database the user's lists are in: the file's here, or the server's.
  private func wholeDatabase(_ service: ChecklistService) throws -> any ChecklistsDatabase {
    if case .hosted = backend {
      // On a server the lists' store is the server's whole database.
      guard let database = service.store as? any ChecklistsDatabase else {
        throw ChecklistsCLIError(description: words.text("cli.hosted.noSmartLists"))
      }
      return database
    }
    return try database()
  }
}
