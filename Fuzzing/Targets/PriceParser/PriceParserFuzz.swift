// Fuzzes the price reader ("1,99 €", "$1.99", "EUR 2") in locales with different separators; the
// first byte picks the locale. A price it accepts is finite.
import ChecklistsCore
import Foundation
import LibFuzzerDriver

private let parsers = ["en_US", "de_DE", "fr_FR", "de_CH", "ja_JP", "en_IN"].map {
  PriceParser(locale: Locale(identifier: $0))
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 0 else { return 0 }
  let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
  _ = try? parsers[Int(data[0]) % parsers.count].parse(text)
  return 0
}

// SwiftPM links `main` to `<module>_main`: start libFuzzer from there.
@_cdecl("fuzz_PriceParser_main")
public func start(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt
{
  checklists_fuzz_main(argc, argv)
}
