import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestOffice
import XCTest

/// Records what the scanner reports, as readable strings. The name table is lent to the scanner
/// while it runs, so ids are recorded and turned into names afterwards (`resolved`).
struct Recorder: XMLHandler {
    let names: XMLNameTable
    var events: [String] = []
    var ids: [[Int32]] = []
    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        var s = "<{0}"
        var row = [name]
        for i in 0..<a.count { row.append(a.name(at: i)); s += " {\(i + 1)}=\(a.value(at: i))" }
        events.append(s); ids.append(row)
    }
    mutating func endElement(_ name: Int32) throws { events.append("</{0}"); ids.append([name]) }
    var resolved: [String] {
        zip(events, ids + Array(repeating: [], count: max(0, events.count - ids.count))).map { e, row in
            var s = e
            for (k, id) in row.enumerated() {
                s = s.replacingOccurrences(of: "{\(k)}", with: k == 0 ? "\(names.localName(id))@\(names.namespaceOf(id))" : names.localName(id))
            }
            return s
        }
    }
    mutating func characters(_ text: UnsafeRawBufferPointer) throws {
        let s = String(decoding: text, as: UTF8.self)
        if let last = events.last, last.hasPrefix("\"") { events[events.count - 1] = String(last.dropLast()) + s + "\"" }
        else { events.append("\"" + s + "\""); ids.append([]) }
    }
}

final class XMLScannerTests: XCTestCase {
    func scan(_ xml: String, chunk: Int = .max) throws -> [String] {
        let names = XMLNameTable()
        let scanner = XMLScanner(part: "test.xml", names: names)
        var r = Recorder(names: names)
        let bytes = Array(xml.utf8)
        var i = 0
        while i < bytes.count {
            let end = min(bytes.count, i + chunk)
            try bytes[i..<end].withUnsafeBytes { try scanner.feed($0, &r) }
            i = end
        }
        try scanner.finish(&r)
        return r.resolved
    }

    func testNamespacesAreResolvedByURINotPrefix() throws {
        let names = XMLNameTable()
        let p = names.name("urn:w", "p")
        struct Collect: XMLHandler {
            let p: Int32; var count = 0
            mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws { if name == p { count += 1 } }
            mutating func endElement(_ name: Int32) throws {}
            mutating func characters(_ text: UnsafeRawBufferPointer) throws {}
        }
        var h = Collect(p: p)
        let xml = #"<w:doc xmlns:w="urn:w"><w:p/><x:p xmlns:x="urn:w"/><p xmlns="urn:w"/><w:p xmlns:w="urn:other"/></w:doc>"#
        try XMLScanner(part: "t", names: names).scan(Array(xml.utf8), &h)
        XCTAssertEqual(h.count, 3, "three prefixes bound to urn:w, one w: rebound elsewhere")
    }

    func testEntitiesCDATACommentsAndChunking() throws {
        let xml = #"<?xml version="1.0"?><!-- c --><a k="1 &amp; 2">x &lt;y&gt; &#233;&#x20AC; <![CDATA[<raw>]]>z</a>"#
        let whole = try scan(xml)
        XCTAssertEqual(whole, ["<a@0 k=1 & 2", "\"x <y> é€ <raw>z\"", "</a@0"])
        for size in [1, 2, 3, 7] { XCTAssertEqual(try scan(xml, chunk: size), whole, "chunk \(size)") }
    }

    func testMalformedIsNamed() {
        for bad in ["<a><b></a></b>", "<a>", "<a x=1/>", "<a>&nope;</a>", "<a>&#xD800;</a>", "", "<a></a><b/>"] {
            XCTAssertThrowsError(try scan(bad), bad) { e in
                XCTAssertEqual((e as? IngestError)?.code, .officeXMLMalformed, "\(bad): \(e)")
            }
        }
    }

    func testBillionLaughsIsRefusedWithoutExpanding() {
        var dtd = #"<!DOCTYPE lolz [<!ENTITY lol "lol">"#
        for i in 1...9 { dtd += "<!ENTITY lol\(i) \"" + String(repeating: "&lol\(i == 1 ? "" : String(i - 1));", count: 10) + "\">" }
        dtd += "]>"
        let xml = dtd + "<w:document><w:body><w:p><w:r><w:t>&lol9;</w:t></w:r></w:p></w:body></w:document>"
        XCTAssertThrowsError(try scan(xml)) { e in XCTAssertEqual((e as? IngestError)?.code, .officeEntityExpansion) }
        XCTAssertThrowsError(try scan(xml, chunk: 5)) { e in XCTAssertEqual((e as? IngestError)?.code, .officeEntityExpansion) }
    }

    func testNeverCrashesOnRandomAndMutatedInput() {
        var rng = SeededGenerator(seed: 0xC0FFEE)
        let valid = Array(#"<?xml version="1.0"?><w:document xmlns:w="urn:w"><w:body><w:p w:rsid="00A1"><w:r><w:t xml:space="preserve">Un &amp; deux &#x41;</w:t></w:r></w:p><![CDATA[x]]><!-- c --></w:body></w:document>"#.utf8)
        let alphabet = Array("<>/=\"'&;#x:![]?- abcw".utf8)
        for i in 0..<2000 {
            var bytes: [UInt8]
            switch i % 3 {
            case 0: bytes = [UInt8](rng.bytes(Int.random(in: 0...300, using: &rng)))
            case 1: bytes = (0..<Int.random(in: 0...300, using: &rng)).map { _ in alphabet.randomElement(using: &rng)! }
            default:
                bytes = valid
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = alphabet.randomElement(using: &rng)!
                }
            }
            let names = XMLNameTable()
            var r = Recorder(names: names)
            let scanner = XMLScanner(part: "r", names: names)
            do {
                let chunk = Int.random(in: 1...64, using: &rng)
                var k = 0
                while k < bytes.count {
                    try bytes[k..<min(bytes.count, k + chunk)].withUnsafeBytes { try scanner.feed($0, &r) }
                    k += chunk
                }
                try scanner.finish(&r)
            } catch let e as IngestError {
                XCTAssertTrue([.officeXMLMalformed, .officeEntityExpansion].contains(e.code), "case \(i): \(e)")
            } catch { XCTFail("case \(i): \(error)") }
        }
    }

    // MARK: Fed in small chunks (FuzzXML found a part fed a byte at a time taking seconds)

    /// Scans `bytes` fed in chunks of `chunk` bytes: the outcome (events or error code) and the
    /// bytes the scan loop went through.
    func outcome(_ bytes: [UInt8], chunk: Int) -> (result: String, scanned: Int) {
        let names = XMLNameTable()
        let scanner = XMLScanner(part: "fuzz", names: names, maxTokenBytes: 1 << 20)
        var r = Recorder(names: names)
        do {
            var k = 0
            while k < bytes.count {
                try bytes[k..<min(bytes.count, k + chunk)].withUnsafeBytes { try scanner.feed($0, &r) }
                k += chunk
            }
            try scanner.finish(&r)
            return (r.resolved.joined(separator: "\n"), scanner.scannedBytes)
        } catch let e as IngestError {
            return ("error " + e.code.rawValue, scanner.scannedBytes)
        } catch { return ("unexpected \(error)", scanner.scannedBytes) }
    }

    func testPartFedByteByByteIsScannedInLinearWork() throws {
        // The fuzzer's input (Tests/IngestOfficeTests/Fuzz): its first byte asked for 1-byte chunks.
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/xml-fed-byte-by-byte.bin")
        let found = Array(try Data(contentsOf: url))
        // Tokens that stay pending over many chunks: a long comment, a start tag whose quoted
        // values hold `>`, text cut inside a reference.
        let long = Array(("<r><!--" + String(repeating: "a-b>", count: 20_000) + "--><t v=\"" + String(repeating: ">", count: 30_000)
            + "\">x &amp" + String(repeating: "&", count: 20_000) + "</t></r>").utf8)
        for bytes in [found, long] {
            let whole = outcome(bytes, chunk: .max)
            for chunk in [1, 3, 64] {
                let fed = outcome(bytes, chunk: chunk)
                XCTAssertEqual(fed.result, whole.result, "chunk \(chunk)")
                // Once per byte would be about bytes² / 2; a bounded number of passes is linear.
                XCTAssertLessThanOrEqual(fed.scanned, 8 * bytes.count, "chunk \(chunk): \(fed.scanned) bytes scanned for \(bytes.count)")
            }
        }
    }

    func testSmallChunksAgreeWithWholeScanOnSeededParts() {
        var rng = SeededGenerator(seed: 0x5CA1AB1E)
        let pieces = ["<a>", "</a>", "<b x=\"1>2\">", "</b>", "text ", "&amp;", "&#x41;", "<!-- c>d -->", "<![CDATA[q>]]>", "<?p ?>", "&"]
        for i in 0..<300 {
            var xml = "<root>"
            for _ in 0..<Int.random(in: 0...60, using: &rng) { xml += pieces.randomElement(using: &rng)! }
            xml += "</root>"
            let bytes = Array(xml.utf8)
            let whole = outcome(bytes, chunk: .max)
            let chunk = Int.random(in: 1...9, using: &rng)
            XCTAssertEqual(outcome(bytes, chunk: chunk).result, whole.result, "case \(i), chunk \(chunk): \(xml)")
        }
    }
}
