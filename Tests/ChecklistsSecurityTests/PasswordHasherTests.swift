import ChecklistsSecurity
import Foundation
import Testing

@Suite("Passwords are hashed with argon2id")
struct PasswordHasherTests {
  let hasher = PasswordHasher(strength: .minimum)

  @Test("The right password verifies; a wrong one, a near miss and an empty one do not")
  func verify() throws {
    let hash = try hasher.hash("correct horse battery staple")
    #expect(hash.hasPrefix("$argon2id$v=19$"))
    #expect(!hash.contains("correct horse"))
    #expect(hasher.verify("correct horse battery staple", against: hash))
    #expect(!hasher.verify("correct horse battery stapl", against: hash))
    #expect(!hasher.verify("Correct horse battery staple", against: hash))
    #expect(!hasher.verify("", against: hash))
    #expect(!hasher.verify("correct horse battery staple", against: "not a hash"))
  }

  @Test("The same password hashes differently each time (a fresh salt)")
  func salted() throws {
    let first = try hasher.hash("pässwörd ✓")
    let second = try hasher.hash("pässwörd ✓")
    #expect(first != second)
    #expect(hasher.verify("pässwörd ✓", against: first))
    #expect(hasher.verify("pässwörd ✓", against: second))
  }

  @Test("A hash made with weaker settings asks to be replaced")
  func rehash() throws {
    let weak = try hasher.hash("secret")
    #expect(!hasher.needsRehash(weak))
    #expect(PasswordHasher(strength: .interactive).needsRehash(weak))
  }
}

@Suite("Secret tokens")
struct SecretTokenTests {
  @Test("Tokens are 256 random bits in base64url, different every time, with their prefix")
  func generate() {
    let tokens = (0..<100).map { _ in SecretToken.generate(prefix: "ckl_") }
    #expect(Set(tokens.map(\.value)).count == 100)
    for token in tokens {
      #expect(token.value.hasPrefix("ckl_"))
      let body = token.value.dropFirst(4)
      #expect(body.count == 43)
      #expect(body.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }
  }

  @Test("The stored digest is stable, differs per token, and does not contain the token")
  func digest() {
    let token = SecretToken.generate()
    #expect(token.digest == SecretToken(value: token.value).digest)
    #expect(token.digest.count == 64)
    #expect(token.digest != SecretToken.generate().digest)
    #expect(!token.digest.contains(token.value))
    #expect("\(token)" == "SecretToken(…)")
  }
}
