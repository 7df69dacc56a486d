import CTesseract
import Foundation
@testable import IngestOCR
import XCTest

/// An engine of LSTM-only languages starts without the legacy engine's universal ambiguities
/// (universal_ambigs.c), and reads a page word for word as one that built them.
final class UniversalAmbigsTests: XCTestCase {
    /// Debian's fra and eng (tessdata_fast: the LSTM network, no classifier templates) are
    /// LSTM-only; osd (the legacy classifier's templates) is not, nor a file that is not there.
    func testLSTMOnlyLanguagesAreKnownByTheirComponents() throws {
        try OCRLibraries.requireTesseract()
        XCTAssertTrue(UniversalAmbigs.unused(by: "fra+eng", dataPath: nil))
        XCTAssertFalse(UniversalAmbigs.unused(by: "osd", dataPath: nil))
        XCTAssertFalse(UniversalAmbigs.unused(by: "fra+osd", dataPath: nil))
        XCTAssertFalse(UniversalAmbigs.unused(by: "xyz", dataPath: nil))
    }

    /// A handle started with or without the tables, its thread's CPU time for the start, and the
    /// words (text and confidence) it reads on `image`.
    static func start(skipping: Bool, image: PageImage) throws -> (seconds: Double, words: [String]) {
        let h = try XCTUnwrap(TessBaseAPICreate())
        defer { TessBaseAPIEnd(h); TessBaseAPIDelete(h) }
        var names = [strdup("debug_file")], values = [strdup("/dev/null")]
        defer { names.forEach { free($0) }; values.forEach { free($0) } }
        var t0 = timespec(), t1 = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0)
        let rc = UniversalAmbigs.withSkipped(skipping) { TessBaseAPIInit4(h, nil, "fra+eng", OEM_DEFAULT, nil, 0, &names, &values, 1, 0) }
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t1)
        XCTAssertEqual(rc, 0)
        TessBaseAPISetImage2(h, image.raw)
        XCTAssertEqual(TessBaseAPIRecognize(h, nil), 0)
        var words: [String] = []
        if let it = TessBaseAPIGetIterator(h) {
            defer { TessResultIteratorDelete(it) }
            repeat {
                guard let p = TessResultIteratorGetUTF8Text(it, RIL_WORD) else { continue }
                words.append("\(String(cString: p)) \(TessResultIteratorConfidence(it, RIL_WORD))")
                TessDeleteText(p)
            } while TessResultIteratorNext(it, RIL_WORD) != 0
        }
        return (Double(t1.tv_sec - t0.tv_sec) + Double(t1.tv_nsec - t0.tv_nsec) / 1e9, words)
    }

    func testEngineStartsWithoutTheTablesAndReadsTheSame() throws {
        try OCRLibraries.requireTesseract()
        let before = ingest_tesseract_universal_ambigs_skipped()
        _ = try TesseractEngine(languages: "fra+eng")
        XCTAssertGreaterThanOrEqual(ingest_tesseract_universal_ambigs_skipped() - before, 2, "fra and eng start without them")

        let page = TextSizeTests.page(pointSize: 11)
        let built = try Self.start(skipping: false, image: page)
        let skipped = try Self.start(skipping: true, image: page)
        XCTAssertGreaterThan(built.words.count, 50)
        XCTAssertEqual(skipped.words, built.words)
        // ≈ 0.2 s against 0.01 s of CPU on this machine: a third leaves room for a loaded one.
        XCTAssertLessThan(skipped.seconds * 3, built.seconds, "start \(skipped.seconds) s skipping, \(built.seconds) s building")
    }
}
