import Testing

@testable import WebPush

@Suite struct WebPushModuleTests {
  @Test func moduleLinks() {
    _ = WebPush.self
  }
}
