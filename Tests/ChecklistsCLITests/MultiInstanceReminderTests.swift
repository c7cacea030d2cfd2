import Foundation
import Testing

/// A reminder across two instances, in a suite of its own: it waits for a real minute to begin,
/// so its two engines run side by side rather than in the serialized suite's line.
@Suite("Reminders across instances")
struct MultiInstanceReminderTests {
  @Test(
    "A reminder due once is fired once across two instances, and each one's page hears it once",
    .timeLimit(.minutes(2)), arguments: MultiInstanceTests.engines)
  func reminderOnce(_ database: InstanceDatabase) throws {
    let (_, _, a, b) = try MultiInstanceTests.twoInstances(database)
    let streams = [try InstanceEventStream(port: a.port), try InstanceEventStream(port: b.port)]
    // Due at the start of a minute a few seconds ahead, after both instances' first check.
    let seconds = Date().addingTimeInterval(3).timeIntervalSinceReferenceDate
    let due = Date(timeIntervalSinceReferenceDate: ((seconds / 60).rounded(.down) + 1) * 60)
    let lists = try InstanceHTTP.request(port: a.port, "GET", "/api/v1/checklists")
    let listID = try #require(
      lists.body.firstRange(of: #/"id":"([0-9A-Fa-f-]{36})"/#).map { String(lists.body[$0]) }
        .flatMap { $0.split(separator: "\"").last.map(String.init) })
    let formatter = ISO8601DateFormatter()
    let added = try InstanceHTTP.request(
      port: a.port, "POST", "/api/v1/checklists/\(listID)/items",
      body:
        #"{"text": "Call the vet", "dueDate": "\#(formatter.string(from: due))", "remind": true}"#
    )
    #expect(added.status == 201, "\(added.body)")

    let line = "Reminder: Call the vet"
    let deadline = due.timeIntervalSinceNow + 20
    let heard = streams.allSatisfy { stream in
      stream.wait(seconds: max(1, deadline)) { $0.contains("event: reminder") }
    }
    #expect(heard, "Not every instance's page heard the reminder: \(streams.map(\.text))")
    #expect(a.waitForOutput(containing: line, seconds: 2) || b.text.contains(line))
    // Every instance checks ten times a second: a second firing would show by now.
    usleep(1_500_000)
    #expect(
      a.occurrences(of: line) + b.occurrences(of: line) == 1,
      "A logged:\n\(a.text)\nB logged:\n\(b.text)")
    #expect(streams.map { $0.count("reminder") } == [1, 1])
    #expect(a.stop() == 0)
    #expect(b.stop() == 0)
  }
}
