import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestZip
import XCTest

final class ZipArchiveTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("zip") }
    override func tearDown() { dir.remove() }

    func open(_ w: ZipWriter, limits: ZipLimits = ZipLimits()) throws -> ZipArchive {
        let url = try dir.write("a.zip", Data(w.bytes()))
        return try ZipArchive(url: url, limits: limits)
    }

    func readAll(_ a: ZipArchive, _ name: String) throws -> [UInt8] {
        try a.data(XCTUnwrap(a.entry(name)))
    }

    func assertCode(_ code: ErrorCode, _ body: () throws -> Void, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try body(), file: file, line: line) { error in
            XCTAssertEqual((error as? IngestError)?.code, code, "\(error)", file: file, line: line)
        }
    }

    func testStoredAndDeflatedEntriesWithCommentAndCRC() throws {
        var w = ZipWriter()
        let text = String(repeating: "Le cours de physique. ", count: 5000)
        w.add("stored.txt", "hello", stored: true)
        w.add("dir/deflated.txt", text)
        w.comment = Array("an archive comment, which the end-record search must step over".utf8)
        let a = try open(w)
        XCTAssertEqual(a.entries.map(\.name), ["stored.txt", "dir/deflated.txt"])
        XCTAssertEqual(try readAll(a, "stored.txt"), Array("hello".utf8))
        XCTAssertEqual(try readAll(a, "dir/deflated.txt"), Array(text.utf8))
        XCTAssertEqual(a.entry("DIR/Deflated.TXT")?.name, "dir/deflated.txt", "part names are case-insensitive")
    }

    func testEntryIsStreamedInChunks() throws {
        var w = ZipWriter()
        let big = [UInt8]((0..<600_000).map { UInt8(truncatingIfNeeded: $0 * 7 % 251) })
        w.add("big.bin", big)
        let a = try open(w)
        var chunks = 0, total = 0, maxChunk = 0
        try a.read(XCTUnwrap(a.entry("big.bin"))) { c in chunks += 1; total += c.count; maxChunk = max(maxChunk, c.count) }
        XCTAssertEqual(total, big.count)
        XCTAssertGreaterThan(chunks, 5)
        XCTAssertLessThanOrEqual(maxChunk, ZipArchive.chunkSize)
    }

    func testDataDescriptorSizesComeFromCentralDirectory() throws {
        var w = ZipWriter()
        w.dataDescriptors = true
        w.add("a.xml", "<a>descriptor</a>")
        let a = try open(w)
        XCTAssertTrue(a.entries[0].hasDataDescriptor)
        XCTAssertEqual(String(decoding: try readAll(a, "a.xml"), as: UTF8.self), "<a>descriptor</a>")
    }

    func testZip64Records() throws {
        var w = ZipWriter()
        w.zip64 = true
        w.add("one.txt", "first")
        w.add("two.txt", "second")
        let a = try open(w)
        XCTAssertEqual(a.entries.count, 2)
        XCTAssertEqual(a.entries[1].compressedSize, w.entries[1].data.count)
        XCTAssertEqual(String(decoding: try readAll(a, "two.txt"), as: UTF8.self), "second")
    }

    func testNamesAreCP437UnlessFlaggedUTF8() throws {
        var w = ZipWriter()
        w.add("x", "cp437")
        w.entries[0].name = [0x82, 0x74, 0x82]   // "éTé" in CP437, invalid as UTF-8
        w.entries[0].flags = 0
        w.add("été.txt", "utf8")
        let a = try open(w)
        XCTAssertEqual(a.entries[0].name, "\u{E9}t\u{E9}")
        XCTAssertEqual(a.entries[1].name, "été.txt")
    }

    func testWrongCRCIsNamed() throws {
        var w = ZipWriter()
        w.add("a.txt", "some text")
        w.entries[0].crc ^= 0xFFFF
        let a = try open(w)
        assertCode(.zipBadCRC) { _ = try self.readAll(a, "a.txt") }
    }

    func testEncryptedEntryAndUnknownMethodAreNamed() throws {
        var w = ZipWriter()
        w.add("secret.xml", "x")
        w.entries[0].flags |= 1
        w.add("lzma.xml", "y")
        w.entries[1].method = 14
        let a = try open(w)
        assertCode(.zipEncryptedEntry) { _ = try self.readAll(a, "secret.xml") }
        assertCode(.zipUnsupportedMethod) { _ = try self.readAll(a, "lzma.xml") }
    }

    func testTruncatedArchive() throws {
        var w = ZipWriter()
        w.add("word/document.xml", String(repeating: "<w:p>text</w:p>", count: 2000))
        let bytes = w.bytes()
        let url = try dir.write("cut.zip", Data(bytes.prefix(bytes.count / 2)))
        assertCode(.zipTruncated) { _ = try ZipArchive(url: url) }
    }

    func testCentralDirectoryPointingOutsideTheFile() throws {
        var w = ZipWriter()
        w.add("a.txt", "abc")
        var bytes = w.bytes()
        // The end record's "offset of central directory" field: 16 bytes into the 22-byte record.
        let eocd = bytes.count - 22
        bytes[eocd + 16] = 0xFF; bytes[eocd + 17] = 0xFF; bytes[eocd + 18] = 0xFF; bytes[eocd + 19] = 0x7F
        let url = try dir.write("out.zip", Data(bytes))
        assertCode(.zipOutOfBounds) { _ = try ZipArchive(url: url) }
        // An entry whose local header lies past the end.
        var w2 = ZipWriter()
        w2.add("a.txt", "abc")
        var b2 = w2.bytes()
        let cd = b2.count - 22 - (46 + 5)
        b2[cd + 42] = 0xFF; b2[cd + 43] = 0xFF; b2[cd + 44] = 0xFF; b2[cd + 45] = 0x00
        let url2 = try dir.write("out2.zip", Data(b2))
        assertCode(.zipOutOfBounds) { _ = try ZipArchive(url: url2) }
    }

    func testNotAZip() throws {
        let url = try dir.write("x.zip", "just some text, long enough to hold an end record maybe")
        assertCode(.zipNotZip) { _ = try ZipArchive(url: url) }
    }

    /// A 3 MiB file that inflates to 2 GiB of zeros (and declares 1,000 bytes): refused while
    /// inflating, long before the 2 GiB exist.
    func testZipBombByRatio() throws {
        var w = ZipWriter()
        let stream = ZipWriter.zerosStream(megabytes: 2048)
        w.entries.append(.init(name: Array("word/document.xml".utf8), data: stream, method: 8, crc: 0,
                               uncompressedSize: 1000, flags: 0x0800))
        let a = try open(w)
        assertCode(.zipBombRatio) { try a.read(a.entries[0]) { _ in } }
    }

    func testZipBombByTotalSize() throws {
        var w = ZipWriter()
        let stream = ZipWriter.zerosStream(megabytes: 64)
        for i in 0..<4 {
            w.entries.append(.init(name: Array("part\(i).xml".utf8), data: stream, method: 8, crc: 0,
                                   uncompressedSize: 64 << 20, flags: 0x0800))
        }
        let a = try open(w, limits: ZipLimits(maxUncompressedBytes: 100 << 20, maxRatio: 1e9))
        assertCode(.zipBombSize) { for e in a.entries { try? a.read(e) { _ in }; try a.read(e) { _ in } } }
    }

    func testEntryCountLimit() throws {
        var w = ZipWriter()
        for i in 0..<30 { w.add("f\(i)", "x", stored: true) }
        assertCode(.zipBombEntries) { _ = try self.open(w, limits: ZipLimits(maxEntries: 20)) }
    }

    /// The reader never crashes on random or mutated archives: it reads or throws IngestError.
    func testNeverCrashesOnRandomAndMutatedInput() throws {
        var rng = SeededGenerator(seed: 0x5EED_2105)
        var w = ZipWriter()
        w.add("word/document.xml", String(repeating: "<w:p><w:r><w:t>mot</w:t></w:r></w:p>", count: 50))
        w.add("[Content_Types].xml", "<Types/>", stored: true)
        let valid = w.bytes()
        for i in 0..<2000 {
            var bytes: [UInt8]
            if i % 4 == 0 {
                bytes = [UInt8](rng.bytes(Int.random(in: 0...600, using: &rng)))
                if i % 8 == 0 { bytes = Array("PK\u{03}\u{04}".utf8) + bytes + [0x50, 0x4B, 5, 6] + [UInt8](rng.bytes(18)) }
            } else {
                bytes = valid
                for _ in 0..<Int.random(in: 1...8, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
                if i % 5 == 0 { bytes = Array(bytes.prefix(Int.random(in: 0..<bytes.count, using: &rng))) }
            }
            let url = try dir.write("r.zip", Data(bytes))
            do {
                let a = try ZipArchive(url: url, limits: ZipLimits(maxUncompressedBytes: 1 << 24))
                for e in a.entries.prefix(50) { _ = try? a.data(e, maxBytes: 1 << 20) }
            } catch let e as IngestError {
                XCTAssertTrue(e.code.rawValue.hasPrefix("zip.") || e.code.rawValue.hasPrefix("file."), "seed case \(i): \(e)")
            }
        }
    }
}
