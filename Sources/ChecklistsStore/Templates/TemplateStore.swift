import ChecklistsCore
import Foundation

/// Where templates are kept, in the same transactions as the lists they are saved from and
/// start. The rules live once, in ``TemplateService``.
public protocol TemplateStore: Sendable {
  /// Runs `body` as one transaction.
  /// - Throws: What `body` throws, or ``ChecklistsCore/ChecklistsError`` with code `storage`.
  func writeTemplates<T: Sendable>(_ body: (any TemplateStoreWriter) throws -> T) throws -> T
}

/// The primitives templates use, valid only inside ``TemplateStore/writeTemplates(_:)``.
public protocol TemplateStoreWriter: ChecklistStoreWriter {
  /// The user's templates, oldest first.
  func templates(ownerID: UUID) throws -> [ChecklistTemplate]
  /// The template with this id, whoever's.
  func template(id: UUID) throws -> ChecklistTemplate?
  /// Adds a template.
  func insertTemplate(_ template: ChecklistTemplate) throws
  /// Removes a template.
  func deleteTemplate(id: UUID) throws
}
