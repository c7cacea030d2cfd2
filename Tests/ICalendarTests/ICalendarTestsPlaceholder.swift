import Testing

@Test func iCalendarBuilds() {}
