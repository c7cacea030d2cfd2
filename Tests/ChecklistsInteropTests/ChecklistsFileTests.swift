import ChecklistsCore
import ChecklistsInterop
import Foundation
import Testing

@Suite struct ChecklistsFileFormatTests {
  @Test(arguments: [
    ("bplist00…", ChecklistsFileFormat?.some(.iosPlist)),
    ("<?xml version=\"1.0\"?><plist/>", .iosPlist),
    ("\u{FEFF}\n  <plist version=\"1.0\">", .iosPlist),
    ("<!DOCTYPE plist PUBLIC>", .iosPlist),
    ("{\"format\": \"checklists-backup\"}", .json),
    (" \n\t{}", .json),
    ("[1, 2]", nil),
    ("hello", nil),
    ("", nil),
    ("<html>", nil),
  ])
  func detectsFormatFromTheFirstBytes(text: String, format: ChecklistsFileFormat?) {
    #expect(ChecklistsFileFormat.detect(Data(text.utf8)) == format)
  }

  @Test func detectsTheFixtures() throws {
    #expect(ChecklistsFileFormat.detect(try Fixtures.binaryPlist()) == .iosPlist)
    #expect(ChecklistsFileFormat.detect(try Fixtures.xmlPlist()) == .iosPlist)
    #expect(ChecklistsFileFormat.detect(Data([0x89, 0x50, 0x4E, 0x47])) == nil)
  }

  @Test func rawValuesAreTheCommandLineNames() {
    #expect(ChecklistsFileFormat.allCases.map(\.rawValue) == ["ios-plist", "json"])
    #expect(ChecklistsFileFormat(rawValue: "ios-plist") == .iosPlist)
  }
}

@Suite struct ChecklistsFileTests {
  let now = Date(timeIntervalSinceReferenceDate: 790_000_000)

  @Test(arguments: ["Checklists.plist", "Checklists-xml.plist"])
  func readsTheAppsFile(name: String) throws {
    #expect(try ChecklistsFile.read(Fixtures.data(name)) == Fixtures.expectedLists)
  }

  @Test func readsABackupOfTheAppsFile() throws {
    let backup = try ChecklistsBackup.encode(Fixtures.expectedLists, exportedAt: now)
    #expect(try ChecklistsFile.read(backup) == Fixtures.expectedListsKnown)
  }

  @Test(arguments: ChecklistsFileFormat.allCases)
  func writeThenReadRoundTrips(format: ChecklistsFileFormat) throws {
    let data = try ChecklistsFile.write(Fixtures.expectedLists, as: format, now: now)
    #expect(ChecklistsFileFormat.detect(data) == format)
    // A backup says every due date, none included; the app's file only those with Remind Me.
    let expected = format == .json ? Fixtures.expectedListsKnown : Fixtures.expectedLists
    #expect(try ChecklistsFile.read(data) == expected)
  }

  @Test(arguments: [
    (Data(), "The file is empty."),
    (
      Data("just some notes".utf8),
      "not a Checklists.plist from the iPhone app nor a Checklists JSON backup"
    ),
    (Data([0xFF, 0xD8, 0xFF, 0xE0]), "JPEG image"),
    (Data("[{\"name\": \"A\"}]".utf8), "it is a JSON file"),
    (Data("{\"name\": \"A\"}".utf8), "not a Checklists backup"),
  ])
  func refusesOtherFiles(data: Data, fragment: String) {
    expectUnreadable([fragment]) { try ChecklistsFile.read(data) }
  }
}
