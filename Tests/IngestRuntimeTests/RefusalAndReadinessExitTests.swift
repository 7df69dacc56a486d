import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// What a user sees, through the real executable: each refusal's message word for word as SPEC
/// states it (in `summary.json`, the place a user or a script reads it), and the exit code of a
/// run where one document is not ready (a blank photo beside a good one: 1, not 0).
final class RefusalAndReadinessExitTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("refusals") }
    override func tearDown() { dir.remove() }

    func convert(_ input: URL, _ extra: [String] = []) throws -> (IngestBinary.Result, [String: JSONValue]) {
        let out = dir.url.appendingPathComponent("out-\(UUID().uuidString)")
        let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library",
                                      dir.url.appendingPathComponent("library.sqlite").path, "--lang", "fr", "--quiet"] + extra,
                                     environment: ["INGEST_CONFIG": ""], currentDirectory: dir.url)
        let summary = try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json")))
        var bySource: [String: JSONValue] = [:]
        for document in summary["documents"]?.arrayValue ?? [] {
            if let name = document["sources"]?.arrayValue?.first?.stringValue { bySource[name] = document }
        }
        return (r, bySource)
    }

    /// SPEC §2 and §4, verbatim.
    static let legacyDoc = "Les anciens .doc ne sont pas lus : exporte-les en .docx depuis Word."
    static let notYouTube = "Ce lien n'est pas une vidéo YouTube."

    func testRefusalsReachTheUserWordForWord() throws {
        let word97 = OLE2Fixture.make(["WordDocument", "1Table"])
        try dir.write("in/ancien.doc", word97)
        // Damaged: the header's directory sector is past the end of the file (the directory
        // sector is still there, unreachable); the file is kept whole otherwise.
        var damaged = [UInt8](word97)
        damaged.replaceSubrange(0x30..<0x34, with: [0x40, 0, 0, 0])
        try dir.write("in/abime.doc", Data(damaged))
        // Cut after its header and FAT: nothing of Word left in it but its name.
        try dir.write("in/coupe.doc", word97.prefix(1024))
        // A Word 97 file whose directory is unreadable but whose file information block remains.
        var fibOnly = [UInt8](word97.prefix(1024)) + [UInt8](repeating: 0, count: 512)
        fibOnly.replaceSubrange(0x30..<0x34, with: [0x40, 0, 0, 0])
        var fib = [UInt8](repeating: 0, count: 512)
        fib.replaceSubrange(0..<4, with: [0xEC, 0xA5, 0xC1, 0x00])
        try dir.write("in/ancien-word97.doc", Data(fibOnly + fib))
        try dir.write("in/lien.url", "[InternetShortcut]\nURL=https://vimeo.com/123456\n")
        let (r, documents) = try convert(dir.url.appendingPathComponent("in"))
        XCTAssertEqual(r.status, 1, r.stderr)
        for name in ["ancien.doc", "abime.doc", "coupe.doc", "ancien-word97.doc"] {
            XCTAssertEqual(documents[name]?["error"]?["code"]?.stringValue, "sniff.legacyDoc", name)
            XCTAssertEqual(documents[name]?["error"]?["message"]?.stringValue, Self.legacyDoc, name)
        }
        XCTAssertEqual(documents["lien.url"]?["error"]?["message"]?.stringValue, Self.notYouTube)
    }

    /// A compound file that is no Word file and says so (a spreadsheet's directory) keeps the
    /// unknown-kind refusal, which names the kinds that are read (SPEC §2).
    func testOtherCompoundFilesAreUnknownWithTheKindsThatAreRead() throws {
        try dir.write("in/tableur.xls", OLE2Fixture.make(["Workbook"]))
        let (r, documents) = try convert(dir.url.appendingPathComponent("in"))
        XCTAssertEqual(r.status, 1)
        let message = documents["tableur.xls"]?["error"]?["message"]?.stringValue ?? ""
        XCTAssertEqual(documents["tableur.xls"]?["error"]?["code"]?.stringValue, "sniff.unknownKind")
        XCTAssertEqual(message, MessageCatalog.message(.unknownKind, .fr, [:]))
        for kind in ["PDF", "PNG", "JPEG", ".docx", "MP3", "YouTube", ".txt"] { XCTAssertTrue(message.contains(kind), message) }
    }

    /// A blank photo beside a good one: the good one is read, the blank one is not ready and
    /// says why, and the run exits 1 (README: 0 only when every document is ready).
    func testBlankPhotoBesideAGoodOneExitsOne() throws {
        try Corpus.require()
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("in"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Corpus.url("scans/ocrmypdf-linn.png"), to: dir.url.appendingPathComponent("in/cours.png"))
        try dir.write("in/tableau.png", Data(TinyPNG.gray(width: 800, height: 600, value: 255)))
        let (r, documents) = try convert(dir.url.appendingPathComponent("in"))
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertEqual(documents["cours.png"]?["readiness"]?.stringValue, "ready")
        XCTAssertEqual(documents["tableau.png"]?["readiness"]?.stringValue, "notReady")
        // Everything ready: 0.
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("in/tableau.png"))
        let (again, _) = try convert(dir.url.appendingPathComponent("in"))
        XCTAssertEqual(again.status, 0, again.stderr)
        // Numbered photos read one by one (--separate-photos): the blank page is its own
        // document, not ready, and the run exits 1 again.
        try FileManager.default.moveItem(at: dir.url.appendingPathComponent("in/cours.png"), to: dir.url.appendingPathComponent("in/IMG_1.png"))
        // Another blank page than tableau.png's (the same bytes would be that document again, a duplicate).
        try dir.write("in/IMG_2.png", Data(TinyPNG.gray(width: 800, height: 640, value: 255)))
        let (separate, pages) = try convert(dir.url.appendingPathComponent("in"), ["--separate-photos"])
        XCTAssertEqual(separate.status, 1, separate.stderr)
        XCTAssertEqual(pages["IMG_2.png"]?["readiness"]?.stringValue, "notReady")
    }
}

/// A grayscale PNG without zlib: stored deflate blocks, CRC-32 and Adler-32 by hand.
enum TinyPNG {
    static func gray(width: Int, height: Int, value: UInt8) -> [UInt8] {
        var raw: [UInt8] = []
        raw.reserveCapacity((width + 1) * height)
        for _ in 0..<height { raw.append(0); raw += [UInt8](repeating: value, count: width) }
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        while i < raw.count {
            let n = min(65_535, raw.count - i)
            z.append(i + n == raw.count ? 1 : 0)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[i..<(i + n)]
            i += n
        }
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in raw { a = (a + UInt32(byte)) % 65_521; b = (b + a) % 65_521 }
        z += be32(b << 16 | a)
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        png += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [8, 0, 0, 0, 0])
        png += chunk("IDAT", z)
        png += chunk("IEND", [])
        return png
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in body {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return be32(UInt32(data.count)) + body + be32(~crc)
    }
}
