import Foundation

/// One timed step's figures, or why it could not be measured.
enum CalDAVOutcome {
  /// `seconds`: the median wall time of one repetition; `clientCPU` and `serverCPU`: CPU
  /// seconds per repetition of the client (this process) and of the server process.
  case measured(seconds: Double, clientCPU: Double, serverCPU: Double)
  case failed(String)

  var seconds: Double? {
    if case .measured(let seconds, _, _) = self { return seconds }
    return nil
  }
}

/// The PUTs of one collection: each one's wall time, and the CPU both sides used for all.
struct CalDAVPuts {
  var durations: [Double] = []
  var clientCPU = 0.0
  var serverCPU = 0.0
  var failure: String?
  /// Set when the budget ran out first: how many of how many were PUT. The later steps then
  /// run on the smaller collection, which flatters the server (its cost grows with the size).
  var stopped: (done: Int, of: Int)?

  /// Server CPU seconds per PUT over the first 100 and over the last 100.
  var serverCPUFirst100: Double?
  var serverCPULast100: Double?

  var total: Double { durations.reduce(0, +) }
  var perSecond: Double? {
    failure == nil && !durations.isEmpty ? Double(durations.count) / total : nil
  }
  func mean(_ slice: ArraySlice<Double>) -> Double? {
    failure == nil && !slice.isEmpty ? slice.reduce(0, +) / Double(slice.count) : nil
  }
  var meanAll: Double? { mean(durations[...]) }
  var meanFirst100: Double? { mean(durations.prefix(100)) }
  var meanLast100: Double? { mean(durations.suffix(100)) }
}

/// Everything measured on one server at one collection size.
struct CalDAVRun {
  var size: Int
  var puts = CalDAVPuts()
  var listMultiget: CalDAVOutcome = .failed("not run")
  var listQuery: CalDAVOutcome = .failed("not run")
  var notCompleted: CalDAVOutcome = .failed("not run")
  var sync: CalDAVOutcome = .failed("not run")
}

/// The steps of `checklists-bench caldav` against one server and one fresh collection.
struct CalDAVScenario {
  let server: CalDAVServer
  let size: Int
  let repetitions: Int
  /// Wall seconds the PUTs of one collection may take before the run stops them.
  let putBudget: Double
  /// Distinguishes the UIDs of the sizes.
  let run: Int

  func measure() -> CalDAVRun {
    var result = CalDAVRun(size: size)
    let client = CalDAVHTTPClient(port: server.port, authorization: server.authorization)
    let collection: String
    do {
      collection = try makeCollection(client)
    } catch {
      result.puts.failure = "MKCALENDAR: \(error)"
      for step in [\CalDAVRun.listMultiget, \.listQuery, \.notCompleted, \.sync] {
        result[keyPath: step] = .failed("no collection")
      }
      return result
    }
    var uids = (0..<size).map { CalDAVWorkload.uid($0, run: run) }
    result.puts = putAll(client, collection: collection, uids: uids)
    uids = Array(uids.prefix(result.puts.durations.count))
    if let failure = result.puts.failure {
      let reason = "the PUTs failed (\(failure.prefix(60)))"
      for step in [\CalDAVRun.listMultiget, \.listQuery, \.notCompleted, \.sync] {
        result[keyPath: step] = .failed(reason)
      }
      return result
    }
    let count = uids.count
    result.listMultiget = repeated {
      try listByMultiget(client, collection: collection, expected: count)
    }
    result.listQuery = repeated {
      try query(client, collection: collection, body: CalDAVWorkload.queryAll, expected: count)
    }
    let open = (0..<count).filter { !CalDAVWorkload.isCompleted($0) }.count
    result.notCompleted = repeated {
      try query(
        client, collection: collection, body: CalDAVWorkload.queryNotCompleted, expected: open)
    }
    result.sync = syncAfterOneChange(client, collection: collection, uids: uids)
    return result
  }

  /// MKCALENDAR of a new calendar for VTODOs under the server's home; its path.
  private func makeCollection(_ client: CalDAVHTTPClient) throws -> String {
    let id = UUID().uuidString.lowercased()
    let path = server.home + id + "/"
    let body = Array(
      """
      <?xml version="1.0" encoding="utf-8"?>
      <c:mkcalendar xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:set><d:prop>
      <d:displayname>Bench \(size) \(id)</d:displayname>
      <c:supported-calendar-component-set><c:comp name="VTODO"/></c:supported-calendar-component-set>
      </d:prop></d:set></c:mkcalendar>
      """.utf8)
    let response = try client.send(
      "MKCALENDAR", path, headers: [("Content-Type", "application/xml; charset=utf-8")],
      body: body)
    if [403, 404, 405, 501].contains(response.status),
      let otherwise = server.makeCollectionOtherwise
    {
      FileHandle.standardError.write(
        Data(
          "    \(server.name): MKCALENDAR answered \(response.status); the list is made with the CLI\n"
            .utf8))
      return try otherwise("Bench \(size) \(id)")
    }
    guard response.status == 201 else {
      throw BenchmarkError(description: "\(response.status) \(response.text(limit: 200))")
    }
    if let location = response.header("Location"), let url = URL(string: location),
      !url.path.isEmpty
    {
      return url.path.hasSuffix("/") ? url.path : url.path + "/"
    }
    return path
  }

  private func putAll(_ client: CalDAVHTTPClient, collection: String, uids: [String]) -> CalDAVPuts
  {
    var puts = CalDAVPuts()
    puts.durations.reserveCapacity(uids.count)
    let clientBefore = processCPUTime()
    let serverBefore = server.cpuTime()
    let started = DispatchTime.now().uptimeNanoseconds
    var lastHundredFrom: Double?
    for (index, uid) in uids.enumerated() {
      if index == uids.count - 100 { lastHundredFrom = server.cpuTime() }
      let body = CalDAVWorkload.todo(index, uid: uid)
      let start = DispatchTime.now().uptimeNanoseconds
      do {
        let response = try client.send(
          "PUT", collection + uid + ".ics",
          headers: [("Content-Type", "text/calendar; charset=utf-8"), ("If-None-Match", "*")],
          body: body)
        guard response.status == 201 || response.status == 204 else {
          throw BenchmarkError(
            description: "PUT \(index + 1): \(response.status) \(response.text(limit: 200))")
        }
      } catch {
        puts.failure = "\(error)"
        break
      }
      let end = DispatchTime.now().uptimeNanoseconds
      puts.durations.append(Double(end - start) / 1e9)
      if index == 99 { puts.serverCPUFirst100 = (server.cpuTime() - serverBefore) / 100 }
      if index == uids.count - 1, let lastHundredFrom {
        puts.serverCPULast100 = (server.cpuTime() - lastHundredFrom) / 100
      }
      if (index + 1) % 1000 == 0 {
        FileHandle.standardError.write(
          Data(
            String(
              format: "    %@: %d PUTs in %.0f s, the last 1,000 %.1f ms each\n", server.name,
              index + 1, Double(end - started) / 1e9,
              puts.durations.suffix(1000).reduce(0, +)
            ).utf8))
      }
      if Double(end - started) / 1e9 > putBudget, index + 1 < uids.count {
        puts.stopped = (index + 1, uids.count)
        break
      }
    }
    puts.clientCPU = processCPUTime() - clientBefore
    puts.serverCPU = server.cpuTime() - serverBefore
    return puts
  }

  /// PROPFIND depth 1 for the ETags, then one calendar-multiget of every object: a syncing
  /// client's first download. Checks that every VTODO's data came.
  private func listByMultiget(_ client: CalDAVHTTPClient, collection: String, expected size: Int)
    throws
  {
    let listing = try client.send(
      "PROPFIND", collection,
      headers: [("Depth", "1"), ("Content-Type", "application/xml; charset=utf-8")],
      body: CalDAVWorkload.propfindETags)
    guard listing.status == 207 else {
      throw BenchmarkError(description: "PROPFIND: \(listing.status) \(listing.text(limit: 200))")
    }
    let hrefs = MultiStatusScan.texts(of: "href", in: listing.body).filter {
      $0.hasSuffix(".ics")
    }
    // The collection's own response may carry an ETag too.
    let etags = MultiStatusScan.texts(of: "getetag", in: listing.body).filter { !$0.isEmpty }
    guard hrefs.count == size, etags.count >= size else {
      throw BenchmarkError(
        description: "PROPFIND listed \(hrefs.count) objects, \(etags.count) ETags, not \(size)")
    }
    let data = try client.send(
      "REPORT", collection,
      headers: [("Depth", "1"), ("Content-Type", "application/xml; charset=utf-8")],
      body: CalDAVWorkload.multiget(hrefs))
    guard data.status == 207 else {
      throw BenchmarkError(description: "multiget: \(data.status) \(data.text(limit: 200))")
    }
    let todos = MultiStatusScan.occurrences(of: "BEGIN:VTODO", in: data.body)
    guard todos == size else {
      throw BenchmarkError(description: "multiget gave \(todos) VTODOs, not \(size)")
    }
  }

  private func query(
    _ client: CalDAVHTTPClient, collection: String, body: [UInt8], expected: Int
  ) throws {
    let response = try client.send(
      "REPORT", collection,
      headers: [("Depth", "1"), ("Content-Type", "application/xml; charset=utf-8")], body: body)
    guard response.status == 207 else {
      throw BenchmarkError(
        description: "calendar-query: \(response.status) \(response.text(limit: 200))")
    }
    let todos = MultiStatusScan.occurrences(of: "BEGIN:VTODO", in: response.body)
    guard todos == expected else {
      throw BenchmarkError(description: "calendar-query gave \(todos) VTODOs, not \(expected)")
    }
  }

  /// An initial sync-collection for a token, one PUT changing an object (untimed), then the
  /// timed sync-collection from that token, which must report the changed object.
  private func syncAfterOneChange(
    _ client: CalDAVHTTPClient, collection: String, uids: [String]
  ) -> CalDAVOutcome {
    do {
      var token = try sync(client, collection: collection, token: "").token
      var times: [Double] = []
      var clientCPU = 0.0
      var serverCPU = 0.0
      for repetition in 1...repetitions {
        let index = (repetition * 7) % uids.count
        let name = uids[index] + ".ics"
        let edit = try client.send(
          "PUT", collection + name, headers: [("Content-Type", "text/calendar; charset=utf-8")],
          body: CalDAVWorkload.todo(index, uid: uids[index], revision: repetition))
        guard edit.status == 204 || edit.status == 201 || edit.status == 200 else {
          throw BenchmarkError(description: "PUT of the change: \(edit.status) \(edit.text())")
        }
        let clientBefore = processCPUTime()
        let serverBefore = server.cpuTime()
        let start = DispatchTime.now().uptimeNanoseconds
        let (next, hrefs) = try sync(client, collection: collection, token: token)
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        clientCPU += processCPUTime() - clientBefore
        serverCPU += server.cpuTime() - serverBefore
        guard hrefs.contains(where: { $0.hasSuffix(name) }), hrefs.count <= 2 else {
          throw BenchmarkError(
            description: "sync-collection after one change listed \(hrefs.count) hrefs"
              + (hrefs.contains(where: { $0.hasSuffix(name) }) ? "" : ", not the changed one"))
        }
        token = next
      }
      let count = Double(times.count)
      return .measured(
        seconds: times.sorted()[times.count / 2], clientCPU: clientCPU / count,
        serverCPU: serverCPU / count)
    } catch {
      return .failed("\(error)")
    }
  }

  private func sync(_ client: CalDAVHTTPClient, collection: String, token: String) throws -> (
    token: String, hrefs: [String]
  ) {
    let response = try client.send(
      "REPORT", collection, headers: [("Content-Type", "application/xml; charset=utf-8")],
      body: CalDAVWorkload.syncCollection(token: token))
    guard response.status == 207 else {
      throw BenchmarkError(
        description: "sync-collection: \(response.status) \(response.text(limit: 200))")
    }
    guard let next = MultiStatusScan.texts(of: "sync-token", in: response.body).last,
      !next.isEmpty
    else { throw BenchmarkError(description: "sync-collection answered no sync-token") }
    let hrefs = MultiStatusScan.texts(of: "href", in: response.body).filter {
      $0.hasSuffix(".ics")
    }
    return (next, hrefs)
  }

  /// Runs `body` `repetitions` times (once when the first takes over 30 s): the median wall
  /// time and the mean CPU time of both sides, or the first failure.
  private func repeated(_ body: () throws -> Void) -> CalDAVOutcome {
    var times: [Double] = []
    var clientCPU = 0.0
    var serverCPU = 0.0
    do {
      for _ in 0..<repetitions {
        let clientBefore = processCPUTime()
        let serverBefore = server.cpuTime()
        times.append(try seconds(body))
        clientCPU += processCPUTime() - clientBefore
        serverCPU += server.cpuTime() - serverBefore
        if times[0] > 30 { break }
      }
    } catch {
      return .failed("\(error)")
    }
    let count = Double(times.count)
    return .measured(
      seconds: times.sorted()[times.count / 2], clientCPU: clientCPU / count,
      serverCPU: serverCPU / count)
  }
}
