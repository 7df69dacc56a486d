// libFuzzer target: pipeline.json loading (JSON parser, schema validation, decoding) and the
// `--set path=value` override parser. Built by scripts/fuzz.sh.
import Foundation
import FuzzSupport
import IngestCore

@main enum Main { static func main() { FuzzDriver.run { data, size in fuzzConfig(data ?? UnsafePointer(bitPattern: 1)!, size) } } }

func fuzzConfig(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    _ = try? ConfigLoader.load(data: bytes)
    if let value = try? JSONValue.parse(bytes) { _ = ConfigLoader.violations(of: value) }
    let text = String(decoding: bytes, as: UTF8.self)
    if let eq = text.firstIndex(of: "=") {
        let value = ConfigLoader.parseOverrideValue(String(text[text.index(after: eq)...]))
        _ = try? ConfigLoader.load(data: Data(ConfigLoader.defaultText.utf8), overrides: [(String(text[..<eq]), value)])
    }
    return 0
}
