import ChecklistsMessages
import Foundation

extension User {
  /// The most characters a login name may have.
  public static let maximumNameLength = 32

  /// A login name made valid: trimmed and lower-cased; 1 to 32 letters a–z, digits, ".", "-"
  /// or "_", starting with a letter or digit. "local" is kept for the single-user mode.
  /// - Throws: ``ChecklistsError`` with code `invalidInput` saying what is wrong.
  public static func validatedName(_ raw: String) throws -> String {
    let name = raw.trimmingCharacters(in: .whitespaces).lowercased()
    guard !name.isEmpty else {
      throw ChecklistsError.invalid(MessageText("errors.account.userNameCannot"))
    }
    guard name.count <= maximumNameLength else {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.account.userNameCan",
          [
            "maximumNameLength": "\(maximumNameLength)", "name": name,
            "nameCount": String(name.count),
          ])
      )
    }
    let allowed = name.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)
    }
    guard allowed, let first = name.unicodeScalars.first, !"._-".unicodeScalars.contains(first)
    else {
      throw ChecklistsError.invalid(
        MessageText("errors.account.validUserName", ["raw": raw]))
    }
    guard name != localName else {
      throw ChecklistsError.invalid(
        MessageText("errors.account.reservedSingleUser", ["localName": localName]))
    }
    return name
  }
}

/// What a password must be.
public enum PasswordRules {
  /// The fewest characters a password may have.
  public static let minimumLength = 8
  /// The most, so hashing stays cheap to refuse.
  public static let maximumLength = 1024

  /// Checks a new password.
  /// - Parameter userName: The account's name, which the password must not be.
  /// - Throws: ``ChecklistsError`` with code `invalidInput`; the message never repeats the
  ///   password.
  public static func validate(_ password: String, userName: String) throws {
    guard password.count >= minimumLength else {
      throw ChecklistsError.invalid(
        MessageText(
          "errors.account.passwordNeedsLeast",
          ["minimumLength": "\(minimumLength)", "passwordCount": String(password.count)]))
    }
    guard password.count <= maximumLength else {
      throw ChecklistsError.invalid(
        MessageText("errors.account.passwordCanHave", ["maximumLength": "\(maximumLength)"]))
    }
    guard password.lowercased() != userName.lowercased() else {
      throw ChecklistsError.invalid(MessageText("errors.account.passwordCannotUser"))
    }
  }
}
