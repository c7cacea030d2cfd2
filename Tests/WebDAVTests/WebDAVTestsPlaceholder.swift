import Testing

@Test func webDAVBuilds() {}
