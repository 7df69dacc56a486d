import Foundation
import IngestTestSupport
import XCTest

/// Tesseract, leptonica, libheif and TagLib are opened with dlopen on first use (CLazyLoad):
/// the built `ingest` does not list them in DT_NEEDED, so a text file or a PDF with a text
/// layer never maps them (nor the ≈45 libraries they pull in), and a scan or a WMA does.
final class LazyLibrariesTests: XCTestCase {
    static let lazyLibraries = ["libtesseract", "liblept", "libheif", "libtag", "libhunspell-1.7"]
    var dir: TemporaryDirectory!

    override func setUpWithError() throws { dir = try TemporaryDirectory("lazy") }
    override func tearDown() { dir.remove() }

    /// The shared objects the dynamic loader mapped while converting `input` (from LD_DEBUG=files).
    func librariesLoaded(converting input: URL) throws -> Set<String> {
        let r = try IngestBinary.run(["convert", input.path, "--out", dir.url.appendingPathComponent("out").path,
                                      "--library", dir.url.appendingPathComponent("l.db").path, "--lang", "en"],
                                     environment: ["INGEST_CONFIG": "", "LD_DEBUG": "files"])
        // 1: read, but not ready (a page photo or a recording's tags may give little text).
        XCTAssertTrue([0, 1].contains(r.status), r.stderr.suffix(2000).description)
        // Lines look like "  1234:\tfile=libtag.so.1 [0];  dynamically loaded by …".
        var names = Set<String>()
        for line in r.stderr.split(separator: "\n") {
            guard let range = line.range(of: "file=") else { continue }
            names.insert(String(line[range.upperBound...].prefix { $0 != " " && $0 != "\t" && $0 != ";" }))
        }
        XCTAssertTrue(names.contains { $0.hasPrefix("libc.so") }, "LD_DEBUG=files gave no list: \(r.stderr.prefix(500))")
        return names
    }

    func lazy(_ names: Set<String>) -> [String] {
        names.filter { n in Self.lazyLibraries.contains { n.hasPrefix($0 + ".so") } }.sorted()
    }

    func testBinaryDoesNotNeedThem() throws {
        guard let url = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/readelf")
        p.arguments = ["-d", url.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        try p.run()
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(p.terminationStatus, 0)
        let needed = out.split(separator: "\n").filter { $0.contains("(NEEDED)") }
        XCTAssertTrue(needed.contains { $0.contains("[libc.so.6]") }, out)
        for line in needed {
            for lib in Self.lazyLibraries { XCTAssertFalse(line.contains("[\(lib).so"), String(line)) }
        }
    }

    func testTextAndTextLayerPDFLoadNone() throws {
        try Corpus.require()
        XCTAssertEqual(lazy(try librariesLoaded(converting: Corpus.repositoryRoot.appendingPathComponent("samples/the-water-cycle.txt"))), [])
        XCTAssertEqual(lazy(try librariesLoaded(converting: Corpus.url("pdf/pdfplumber-2023-06-20-PV.pdf"))), [])
    }

    func testScanLoadsTesseractOnly() throws {
        try Corpus.require()
        XCTAssertEqual(lazy(try librariesLoaded(converting: Corpus.url("scans/ocr17-XIX-000002.png"))),
                       ["liblept.so.5", "libtesseract.so.5"])
    }

    func testWMALoadsTagLibOnly() throws {
        try Corpus.require()
        XCTAssertEqual(lazy(try librariesLoaded(converting: Corpus.url("audio/mutagen-issue_29.wma"))), ["libtag.so.1"])
    }
}
