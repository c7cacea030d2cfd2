import Testing

@Test func checklistsCalDAVBuilds() {}
