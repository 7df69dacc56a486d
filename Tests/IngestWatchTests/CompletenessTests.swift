import XCTest
import IngestTestSupport
@testable import IngestWatch

final class CompletenessTests: XCTestCase {
    typealias F = CompletenessFixtures

    private func verdict(_ bytes: [UInt8]) -> Completeness.Verdict { Completeness.check(data: Data(bytes)) }

    private func assertIncomplete(_ bytes: [UInt8], _ message: String, file: StaticString = #filePath, line: UInt = #line) {
        guard case .incomplete = verdict(bytes) else {
            return XCTFail("\(message): \(verdict(bytes))", file: file, line: line)
        }
    }

    func testWholeFilesAreComplete() {
        let whole: [(String, [UInt8])] = [
            ("zip", F.zip()), ("zip with comment", F.zip(comment: "écrit par un test")), ("zip64", F.zip(zip64: true)),
            ("pdf", F.pdf), ("pdf + CRLF and NULs", F.pdf + [0x0D, 0x0A, 0, 0]), ("jpeg", F.jpeg),
            ("jpeg + zero padding", F.jpeg + [0, 0, 0, 0]), ("png", F.png), ("png + zero padding", F.png + [0, 0]),
            ("mp4, moov last", F.mp4([F.mdat, F.moov])), ("mp4, moov first", F.mp4([F.moov, F.mdat])),
            ("m4a", F.mp4(brand: "M4A ", [F.moov, F.mdat])), ("heic", F.mp4(brand: "heic", [("meta", [1, 2, 3]), F.mdat])),
            ("empty zip", [0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18)),
        ]
        for (name, bytes) in whole { XCTAssertEqual(verdict(bytes), .complete, name) }
    }

    /// Every prefix that cuts into the end marker is not complete (MP4 with moov last: a prefix
    /// ending on a box boundary before moov lacks it).
    func testEveryCutOfTheEndIsIncomplete() {
        let files: [(String, [UInt8])] = [("zip", F.zip(comment: "c")), ("zip64", F.zip(zip64: true)), ("pdf", F.pdf),
                                          ("jpeg", F.jpeg), ("png", F.png), ("mp4", F.mp4([F.mdat, F.moov]))]
        for (name, bytes) in files {
            for length in 8..<bytes.count { assertIncomplete(Array(bytes[..<length]), "\(name) cut at \(length)") }
        }
    }

    func testBytesAfterTheEndMarker() {
        assertIncomplete(F.pdf + Array("\n3 0 obj << /Type /Page".utf8), "pdf with an update being appended")
        assertIncomplete(F.jpeg + [0x12, 0x34], "jpeg with trailing bytes (released by the gate's give-up)")
        assertIncomplete(F.jpeg + [UInt8](repeating: 0, count: 2000), "jpeg ending in a preallocated zero run")
        assertIncomplete(F.png + Array("junk".utf8), "png with trailing bytes")
    }

    func testMP4BoxesMustFitAndMoovMustBeThere() {
        assertIncomplete(F.mp4([F.mdat]), "no moov yet")
        assertIncomplete(F.mp4(brand: "heic", [F.mdat]), "heic without meta")
        var lying = F.mp4([F.moov, F.mdat])
        lying.replaceSubrange((lying.count - 308)..<(lying.count - 304), with: F.be32(100_000))
        assertIncomplete(lying, "mdat longer than the file")
        assertIncomplete(F.mp4([F.moov]) + F.be32(4) + Array("free".utf8), "a box shorter than its header")
        // 64-bit length, and a last box "to the end of the file".
        let large = F.be32(1) + Array("mdat".utf8) + [0, 0, 0, 0] + F.be32(16 + 40) + [UInt8](repeating: 7, count: 40)
        XCTAssertEqual(verdict(F.mp4([F.moov]) + large), .complete)
        XCTAssertEqual(verdict(F.mp4([F.moov]) + F.be32(0) + Array("mdat".utf8) + [1, 2, 3]), .complete)
        assertIncomplete(F.mp4([]) + F.be32(0) + Array("mdat".utf8) + [1, 2, 3], "mdat to the end, no moov")
    }

    func testACutArchiveHoldingAStoredArchiveIsIncomplete() throws {
        var outer = ZipWriter()
        outer.add("inner.zip", F.zip(), stored: true)
        outer.add("after.txt", String(repeating: "x", count: 500))
        let bytes = outer.bytes()
        XCTAssertEqual(verdict(bytes), .complete)
        let innerEnd = try XCTUnwrap(bytes.indices.last { i in
            i + 4 <= bytes.count && bytes[i..<i + 4].elementsEqual([0x50, 0x4B, 0x05, 0x06]) && i < bytes.count - 22
        })
        assertIncomplete(Array(bytes[..<(innerEnd + 22 + 40)]), "cut just after the inner archive's end record")
    }

    func testOtherContentIsNotApplicable() {
        XCTAssertEqual(verdict([]), .notApplicable)
        XCTAssertEqual(verdict(Array("Bonjour, ceci est un texte.".utf8)), .notApplicable)
        XCTAssertEqual(verdict([0x49, 0x44, 0x33, 4, 0, 0]), .notApplicable)  // MP3
    }

    func testFilesOnDiskAreJudgedByContentNotName() throws {
        let dir = try TemporaryDirectory("completeness")
        defer { dir.remove() }
        XCTAssertEqual(Completeness.check(try dir.write("vraiment-un-pdf.jpg", Data(F.pdf))), .complete)
        let cutJPEG = try dir.write("photo.pdf", Data(F.jpeg.dropLast(3)))
        guard case .incomplete(let reason) = Completeness.check(cutJPEG) else { return XCTFail("cut jpeg") }
        XCTAssertTrue(reason.hasPrefix("JPEG"), reason)
        XCTAssertEqual(Completeness.check(try dir.write("cours.docx", Data(F.zip()))), .complete)
        guard case .incomplete = Completeness.check(try dir.write("cut.docx", Data(F.zip().dropLast(30)))) else {
            return XCTFail("cut zip")
        }
        XCTAssertEqual(Completeness.check(try dir.write("image.png", Data(F.png))), .complete)
        XCTAssertEqual(Completeness.check(try dir.write("video.mp4", Data(F.mp4([F.mdat, F.moov])))), .complete)
        XCTAssertEqual(Completeness.check(dir.url.appendingPathComponent("absent.pdf")), .notApplicable)
        XCTAssertEqual(Completeness.check(dir.url), .notApplicable, "a folder")
    }

    /// Random bytes, random bytes behind each magic, and damaged fixtures: never a crash.
    func testNeverCrashesOnArbitraryBytes() throws {
        let seed: UInt64 = 0xC0FF_EE11
        var rng = SeededGenerator(seed: seed)
        let magics: [[UInt8]] = [[0x50, 0x4B, 0x03, 0x04], [0x50, 0x4B, 0x05, 0x06], [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A],
                                 [0xFF, 0xD8, 0xFF], [0, 0, 0, 8] + Array("ftyp".utf8), [0, 0, 0, 1] + Array("ftyp".utf8),
                                 Array("%PDF-".utf8)]
        let fixtures = [F.zip(), F.zip(zip64: true), F.pdf, F.jpeg, F.png, F.mp4([F.moov, F.mdat])]
        for round in 0..<3000 {
            var bytes: [UInt8]
            switch round % 3 {
            case 0: bytes = Array(rng.bytes(Int.random(in: 0..<200, using: &rng)))
            case 1: bytes = magics[round % magics.count] + Array(rng.bytes(Int.random(in: 0..<200, using: &rng)))
            default:
                bytes = fixtures[round % fixtures.count]
                for _ in 0..<Int.random(in: 1...6, using: &rng) {
                    bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng)
                }
                bytes = Array(bytes[..<Int.random(in: 0...bytes.count, using: &rng)])
            }
            _ = verdict(bytes)  // must return; the verdict itself is arbitrary here
        }
        // A few through the file reader too.
        let dir = try TemporaryDirectory("completeness-fuzz")
        defer { dir.remove() }
        for k in 0..<20 {
            let url = try dir.write("f\(k)", Data(magics[k % magics.count]) + rng.bytes(Int.random(in: 0..<100, using: &rng)))
            _ = Completeness.check(url)
        }
    }
}
