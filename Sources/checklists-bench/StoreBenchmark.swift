import ChecklistsCore
import ChecklistsInterop
import ChecklistsSQLStore
import ChecklistsStore
import Foundation

/// Toggling in a short and a long list in the same run, and importing a large plist.
func runStoreBenchmark(_ options: Options) throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("checklists-bench-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }

  print(
    "checklists-bench: SQLite store on \(folder.path), \(ProcessInfo.processInfo.activeProcessorCount) cores"
  )

  // MARK: - Toggle: 10 items against \(options.largeListSize) items, interleaved in one run.

  let store = try SQLChecklistStore(sqlitePath: folder.appendingPathComponent("toggle.sqlite").path)
  let service = try ChecklistService.openLocal(store: store)
  try service.importChecklists(
    [portableList("Small", size: 10), portableList("Large", size: options.largeListSize)],
    mode: .merge)
  func itemIDs(of name: String, count: Int, seed: UInt64) throws -> [UUID] {
    var generator = SplitMix64(state: seed)
    let items = try service.checklistWithItems(id: service.findList(name).id).1
    return (0..<count).map { _ in items.randomElement(using: &generator)!.id }
  }
  let small = try itemIDs(of: "Small", count: options.toggles, seed: 1)
  let large = try itemIDs(of: "Large", count: options.toggles, seed: 2)
  for id in small.prefix(200) + large.prefix(200) { try service.toggle(itemID: id) }  // warm up
  var smallTimes: [Double] = []
  var largeTimes: [Double] = []
  for index in 0..<options.toggles {
    // Alternate which goes first so drift (page cache, checkpoints) lands on both alike.
    let pair = index.isMultiple(of: 2) ? [(small, 0), (large, 1)] : [(large, 1), (small, 0)]
    for (ids, which) in pair {
      let time = try seconds { try service.toggle(itemID: ids[index]) }
      if which == 0 { smallTimes.append(time) } else { largeTimes.append(time) }
    }
  }
  smallTimes.sort()
  largeTimes.sort()
  let smallMedian = percentile(smallTimes, 0.5)
  let largeMedian = percentile(largeTimes, 0.5)
  let ratio = largeMedian / smallMedian
  print("toggle one item (\(options.toggles) toggles each, one transaction per toggle)")
  print(
    "  list of 10 items:      median \(micros(smallMedian))   p99 \(micros(percentile(smallTimes, 0.99)))"
  )
  print(
    "  list of \(options.largeListSize) items:  median \(micros(largeMedian))   p99 \(micros(percentile(largeTimes, 0.99)))"
  )
  print(
    String(
      format: "  ratio large/small:     %.2fx (goal: at most 1.2x) %@", ratio,
      ratio <= 1.2 ? "met" : "NOT met"))

  // MARK: - Import a large Checklists.plist.

  let plistURL = folder.appendingPathComponent("Checklists.plist")
  let plist = try IOSChecklistsPlist.encode(
    [portableList("Imported", size: options.largeListSize)], now: Date())
  try plist.write(to: plistURL)
  let importStore = try SQLChecklistStore(
    sqlitePath: folder.appendingPathComponent("import.sqlite").path)
  let importService = try ChecklistService.openLocal(store: importStore)
  var decoded: [PortableChecklist] = []
  let readTime = try seconds { decoded = try ChecklistsFile.read(Data(contentsOf: plistURL)) }
  var report = ImportReport()
  let storeTime = try seconds { report = try importService.importChecklists(decoded, mode: .merge) }
  precondition(report.itemsAdded == options.largeListSize, "the import lost items")
  let total = readTime + storeTime
  print(
    "import a \(options.largeListSize)-item Checklists.plist (\(plist.count / 1024) KiB, binary)")
  print(
    String(
      format:
        "  total %.2f s = read and decode %.2f s + store %.2f s (one transaction); %.0f items/s",
      total, readTime, storeTime, Double(options.largeListSize) / total))

}
