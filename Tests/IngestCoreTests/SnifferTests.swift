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
