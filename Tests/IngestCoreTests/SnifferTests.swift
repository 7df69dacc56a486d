import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

final class SnifferTests: XCTestCase {
    func kind(_ bytes: [UInt8], _ name: String? = nil) -> SourceKind {
        Sniffer.sniff(prefix: Data(bytes), fileName: name).kind
    }

    /// One test per signature row: each signature, followed by filler, gives its kind.
    func testEverySignatureRow() {
        for row in Sniffer.signatures {
            var bytes = [UInt8](repeating: 0x20, count: row.offset) + row.bytes + [UInt8](repeating: 0, count: 64)
            if row.kind == .ogg { bytes += Array("vorbis".utf8) }
            XCTAssertEqual(kind(bytes), row.kind, "\(row.bytes)")
        }
    }

    func testFormatsWithoutAFixedPrefixSignature() {
        XCTAssertEqual(kind(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVEfmt ".utf8)), .wav)
        XCTAssertEqual(kind(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)), .webp)
        XCTAssertEqual(kind(Array("FORM\u{0}\u{0}\u{0}\u{0}AIFFCOMM".utf8)), .aiff)
        XCTAssertEqual(kind([0, 0, 0, 0x18] + Array("ftypM4A \u{0}\u{0}".utf8)), .m4a)
        XCTAssertEqual(kind([0, 0, 0, 0x18] + Array("ftypheic\u{0}\u{0}".utf8)), .heic)
        XCTAssertEqual(kind(Array("OggS".utf8) + [UInt8](repeating: 0, count: 24) + Array("OpusHead".utf8)), .opus)
        XCTAssertEqual(kind([0xFF, 0xFB, 0x90, 0x64] + [UInt8](repeating: 0, count: 100)), .mp3)
    }

    func testPDFMagicAnywhereInTheFirstKilobyte() {
        XCTAssertEqual(kind(Array("%PDF-1.7\n".utf8)), .pdf)
        XCTAssertEqual(kind([UInt8](repeating: 0x0A, count: 1000) + Array("%PDF-1.4".utf8)), .pdf)
        XCTAssertNotEqual(kind([UInt8](repeating: 0x41, count: 1100) + Array("%PDF-1.4".utf8)), .pdf)
    }

    func testTextKinds() {
        XCTAssertEqual(kind(Array("WEBVTT\n\n00:01.000 --> 00:02.000\nhi".utf8)), .subtitles)
        XCTAssertEqual(kind(Array("1\n00:00:01,000 --> 00:00:02,000\nhi\n".utf8)), .subtitles)
        XCTAssertEqual(kind(Array("[InternetShortcut]\nURL=https://youtu.be/dQw4w9WgXcQ\n".utf8)), .youtubeLink)
        XCTAssertEqual(kind(Array("https://www.youtube.com/watch?v=dQw4w9WgXcQ\n".utf8)), .youtubeLink)
        XCTAssertEqual(kind(Array("<!DOCTYPE html><html><script>var ytInitialPlayerResponse = {}</script>".utf8)), .youtubeInfo)
        XCTAssertEqual(kind(Array("<!DOCTYPE html><html><body>hello</body></html>".utf8)), .html)
        // yt-dlp's .info.json: `formats` first, `webpage_url` and `extractor` far past the first 2 KB.
        let format = #"{"format_id": "139", "ext": "m4a", "url": "https://rr1---sn.googlevideo.com/videoplayback?expire=1"}"#
        let info = #"{"id": "k3Rm9XwQp2E", "title": "La digestion", "formats": ["# + Array(repeating: format, count: 60).joined(separator: ", ")
            + #"], "webpage_url": "https://www.youtube.com/watch?v=k3Rm9XwQp2E", "extractor": "youtube"}"#
        XCTAssertEqual(kind(Array(info.utf8)), .youtubeInfo)
        XCTAssertEqual(kind(Array(#"{"formats": "a list", "notes": "plain JSON is not a video"}"#.utf8)), .text)
        XCTAssertEqual(kind(Array("# Cours\n\nLa cellule est l'unité du vivant.".utf8)), .text)
        XCTAssertEqual(kind([0xFF, 0xFE] + Array("H\u{0}i\u{0}".utf8)), .text)   // UTF-16 BOM is not an MPEG sync
        XCTAssertEqual(kind(Array("Caf\u{E9} cr\u{E8}me".unicodeScalars.map { UInt8($0.value) })), .text)  // Latin-1
    }

    func testBinaryAndEmptyAreUnknown() {
        XCTAssertEqual(kind([]), .unknown)
        XCTAssertEqual(kind([0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x0E, 0x0F]), .unknown)
    }

    func testExtensionMismatchIsReported() {
        let r = Sniffer.sniff(prefix: Data("%PDF-1.4".utf8), fileName: "cours.docx")
        XCTAssertEqual(r.kind, .pdf)
        XCTAssertEqual(r.mismatchedExtension, "docx")
        XCTAssertNil(Sniffer.sniff(prefix: Data("%PDF-1.4".utf8), fileName: "cours.PDF").mismatchedExtension)
        XCTAssertNil(Sniffer.sniff(prefix: Data("PK\u{03}\u{04}".utf8), fileName: "a.docx").mismatchedExtension)
    }

    /// ODF and EPUB: the first entry, stored, named `mimetype` — whatever the file is called.
    func testZipMimetypeEntryDecidesODFAndEPUB() {
        func zip(_ type: String, stored: Bool = true, first: Bool = true) -> [UInt8] {
            var w = ZipWriter()
            if !first { w.add("content.xml", "<x/>") }
            w.add("mimetype", Array(type.utf8), stored: stored, flags: 0)
            w.add("content.xml", "<x/>")
            return w.bytes()
        }
        XCTAssertEqual(kind(zip("application/vnd.oasis.opendocument.text"), "cours.zip"), .odt)
        XCTAssertEqual(kind(zip("application/vnd.oasis.opendocument.text-template")), .odt)
        XCTAssertEqual(kind(zip("application/vnd.oasis.opendocument.presentation"), "slides.pptx"), .odp)
        XCTAssertEqual(kind(zip("application/epub+zip"), "livre.odt"), .epub)
        XCTAssertEqual(Sniffer.sniff(prefix: Data(zip("application/epub+zip")), fileName: "livre.odt").mismatchedExtension, "odt")
        XCTAssertNil(Sniffer.sniff(prefix: Data(zip("application/epub+zip")), fileName: "livre.epub").mismatchedExtension)
        // Anything else stays a ZIP, told apart later from its content (content types, a mimetype elsewhere).
        XCTAssertEqual(kind(zip("application/vnd.oasis.opendocument.spreadsheet")), .zip)
        XCTAssertEqual(kind(zip("application/epub+zip", stored: false)), .zip)
        XCTAssertEqual(kind(zip("application/epub+zip", first: false)), .zip)
        XCTAssertEqual(kind(Array(zip("application/epub+zip").prefix(40))), .zip)
    }

    static func ole2(_ names: [String]) -> Data { OLE2Fixture.make(names) }

    func testOLE2TellsLegacyDocFromEncryptedOffice() {
        XCTAssertEqual(OLE2Directory.kind(Self.ole2(["WordDocument", "1Table"])), .legacyDoc)
        XCTAssertEqual(OLE2Directory.kind(Self.ole2(["EncryptionInfo", "EncryptedPackage"])), .encryptedOffice)
        XCTAssertEqual(OLE2Directory.kind(Self.ole2(["Workbook"])), .ole2)
        XCTAssertEqual(Sniffer.sniff(prefix: Self.ole2([])).kind, .ole2)
    }

    /// An OLE2 file whose directory cannot be followed (cut, damaged, or laid out in a way we do
    /// not read): `names` stay in the bytes of a directory sector the chain no longer reaches.
    static func damagedOLE2(_ names: [String], extra: [UInt8] = []) -> Data {
        var b = [UInt8](OLE2Fixture.make(names))
        b.replaceSubrange(0x30..<0x34, with: [0x40, 0x00, 0x00, 0x00])   // directory "at sector 64", past the end
        return Data(b + extra)
    }

    /// Old or damaged Word files are old `.doc` files (their own refusal, SPEC §2), whatever
    /// stops us from reading their directory; an unreadable compound file with nothing of Word in
    /// it stays unknown.
    func testDamagedOLE2IsToldByWhatItHolds() {
        XCTAssertEqual(OLE2Directory.entryNames(Self.damagedOLE2(["WordDocument"])), [])
        XCTAssertEqual(OLE2Directory.kind(Self.damagedOLE2(["WordDocument", "1Table"])), .legacyDoc)
        XCTAssertEqual(OLE2Directory.kind(Self.damagedOLE2(["EncryptionInfo", "EncryptedPackage"])), .encryptedOffice)
        // The directory sector wiped: a Word 97 file information block (wIdent 0xA5EC, nFib 0xC1)
        // at the start of a sector, or Word 6/95's (0xA5DC, 0x65), or Word's class name.
        var wiped = [UInt8](Self.damagedOLE2([]))
        for i in 1024..<1536 { wiped[i] = 0 }
        var fib97 = [UInt8](repeating: 0, count: 512); fib97.replaceSubrange(0..<4, with: [0xEC, 0xA5, 0xC1, 0x00])
        var fib95 = [UInt8](repeating: 0, count: 512); fib95.replaceSubrange(0..<4, with: [0xDC, 0xA5, 0x65, 0x00])
        let compObj = [UInt8](repeating: 0, count: 40) + Array("Microsoft Word 97-2003\u{0}MSWordDoc\u{0}Word.Document.8".utf8)
        XCTAssertEqual(OLE2Directory.kind(Data(wiped)), .ole2)
        XCTAssertEqual(OLE2Directory.kind(Data(wiped + fib97)), .legacyDoc)
        XCTAssertEqual(OLE2Directory.kind(Data(wiped + fib95)), .legacyDoc)
        XCTAssertEqual(OLE2Directory.kind(Data(wiped + compObj)), .legacyDoc)
        // The same bytes off a sector start are not a file information block.
        XCTAssertEqual(OLE2Directory.kind(Data(wiped + [0, 0] + fib97)), .ole2)
        // A readable directory of another compound file is not searched.
        XCTAssertEqual(OLE2Directory.kind(Data([UInt8](Self.ole2(["Workbook"])) + fib97)), .ole2)
        // Only the header: nothing to say.
        XCTAssertEqual(OLE2Directory.kind(Self.ole2(["WordDocument"]).prefix(512)), .ole2)
    }

    /// A `.doc` cut after its header says nothing of itself: the name decides, and only then.
    func testCutDocIsAnOldDoc() {
        let cut = Self.ole2(["WordDocument"]).prefix(1024)
        XCTAssertEqual(Sniffer.sniff(prefix: cut, fileName: "cours.doc").kind, .legacyDoc)
        XCTAssertEqual(Sniffer.sniff(prefix: cut, fileName: "COURS.DOT").kind, .legacyDoc)
        XCTAssertEqual(Sniffer.sniff(prefix: cut, fileName: "cours.bin").kind, .ole2)
        XCTAssertEqual(Sniffer.sniff(prefix: cut, fileName: "cours.xls").kind, .ole2)
        // A readable directory of another compound file named .doc is what it is.
        XCTAssertEqual(Sniffer.sniff(prefix: Self.ole2(["Workbook"]), fileName: "tableur.doc").kind, .ole2)
        XCTAssertEqual(Sniffer.sniff(prefix: Self.ole2(["EncryptedPackage"]), fileName: "x.doc").kind, .ole2)
    }

    /// The FAT sectors past the 109 the header lists are found through the DIFAT chain.
    func testDirectoryFoundThroughTheDIFATChain() {
        // Header, a DIFAT sector (sector 0) listing the FAT (sector 1), the directory in sectors 2
        // and 3 (reaching sector 3 takes the FAT); the header's own list of FAT sectors is empty.
        var b = [UInt8](repeating: 0, count: 512 * 5)
        b.replaceSubrange(0..<8, with: [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1])
        b[0x1E] = 9
        b.replaceSubrange(0x30..<0x34, with: [2, 0, 0, 0])                        // directory at sector 2
        b.replaceSubrange(0x44..<0x48, with: [0, 0, 0, 0])                        // first DIFAT sector: 0
        b.replaceSubrange(0x48..<0x4C, with: [1, 0, 0, 0])
        for k in 0..<109 { b.replaceSubrange((0x4C + 4 * k)..<(0x50 + 4 * k), with: [0xFF, 0xFF, 0xFF, 0xFF]) }
        let difat = 512
        for k in 0..<128 { b.replaceSubrange((difat + 4 * k)..<(difat + 4 * k + 4), with: [0xFF, 0xFF, 0xFF, 0xFF]) }
        b.replaceSubrange(difat..<(difat + 4), with: [1, 0, 0, 0])                 // FAT at sector 1
        b.replaceSubrange((difat + 508)..<(difat + 512), with: [0xFE, 0xFF, 0xFF, 0xFF])
        let fat = 1024
        b.replaceSubrange(fat..<(fat + 4), with: [0xFC, 0xFF, 0xFF, 0xFF])         // sector 0: DIFAT
        b.replaceSubrange((fat + 4)..<(fat + 8), with: [0xFD, 0xFF, 0xFF, 0xFF])   // sector 1: FAT
        b.replaceSubrange((fat + 8)..<(fat + 12), with: [3, 0, 0, 0])              // sector 2: then 3
        b.replaceSubrange((fat + 12)..<(fat + 16), with: [0xFE, 0xFF, 0xFF, 0xFF]) // sector 3: end of chain
        for (i, name) in ["Root Entry", "1Table", "SummaryInformation", "CompObj", "WordDocument"].enumerated() {
            let e = 1536 + 128 * i
            let units = Array(name.utf16) + [0]
            for (k, u) in units.enumerated() { b[e + 2 * k] = UInt8(u & 0xFF); b[e + 2 * k + 1] = UInt8(u >> 8) }
            b[e + 64] = UInt8(units.count * 2)
        }
        XCTAssertEqual(OLE2Directory.entryNames(Data(b)), ["Root Entry", "1Table", "SummaryInformation", "CompObj", "WordDocument"])
        XCTAssertEqual(OLE2Directory.kind(Data(b)), .legacyDoc)
    }

    /// Property: sniffing never crashes on random bytes (10,000 strings, seeded).
    func testNeverCrashesOnRandomBytes() {
        var rng = SeededGenerator(seed: 0x5A1F)
        for _ in 0..<10_000 {
            let data = rng.bytes(Int.random(in: 0...300, using: &rng))
            _ = Sniffer.sniff(prefix: data, fileName: "x.bin")
            _ = OLE2Directory.kind(data)
        }
        for _ in 0..<200 {
            var d = [UInt8](Self.ole2(["WordDocument"]))
            for _ in 0..<8 { d[Int.random(in: 0..<d.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
            _ = OLE2Directory.kind(Data(d))
        }
    }
}
