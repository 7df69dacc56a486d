import CTesseract
import Foundation
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// The OCR libraries are found by their real names and checked for their versions on first use
/// (issue 35: leptonica ≥ 1.83 ships libleptonica.so.6, older ones liblept.so.5).
final class OCRLibrariesTests: XCTestCase {
    func testLoadedVersionsAreReadAndAtLeastTheMinimum() throws {
        try OCRLibraries.requireTesseract()
        let tesseract = try XCTUnwrap(LibraryVersion(parsing: String(cString: ingest_tesseract_version())))
        let leptonica = try XCTUnwrap(LibraryVersion(parsing: String(cString: ingest_leptonica_version())))
        XCTAssertGreaterThanOrEqual(tesseract, OCRLibraries.minimum.tesseract)
        XCTAssertGreaterThanOrEqual(leptonica, OCRLibraries.minimum.leptonica)
    }

    /// The leptonica whose functions Ingest calls is the one libtesseract itself uses: the
    /// `tesseract` program (same libtesseract) prints that one's version.
    func testLeptonicaIsTheOneTesseractUses() throws {
        try OCRLibraries.requireTesseract()
        guard let run = runTool("tesseract", ["--version"]) else {
            try missingTool("the tesseract command is not installed (apt-get install tesseract-ocr)")
        }
        let printed = String(decoding: run.stdout + run.stderr, as: UTF8.self)
        let ours = String(cString: ingest_leptonica_version())
        XCTAssertTrue(printed.contains(ours), "tesseract --version says \(printed), Ingest loaded \(ours)")
        XCTAssertTrue(printed.contains(String(cString: ingest_tesseract_version())), printed)
    }

    func testVersionsParseAsLibrariesPrintThem() {
        XCTAssertEqual(LibraryVersion(parsing: "leptonica-1.82.0")?.description, "1.82.0")
        XCTAssertEqual(LibraryVersion(parsing: "5.3.0")?.description, "5.3.0")
        XCTAssertEqual(LibraryVersion(parsing: "5.0.0-alpha-20201231")?.description, "5.0.0")
        XCTAssertEqual(LibraryVersion(parsing: "4.1")?.description, "4.1.0")
        XCTAssertNil(LibraryVersion(parsing: "leptonica"))
        XCTAssertTrue(LibraryVersion(parsing: "leptonica-1.73.0")! < OCRLibraries.minimum.leptonica)
        XCTAssertTrue(LibraryVersion(parsing: "4.1.1")! < OCRLibraries.minimum.tesseract)
        XCTAssertFalse(LibraryVersion(parsing: "1.100.0")! < LibraryVersion(1, 99, 0))
    }

    func testTooOldNamesThePackageToUpgrade() {
        XCTAssertEqual(OCRLibraries.package(of: "leptonica"), "liblept5")
        XCTAssertEqual(OCRLibraries.package(of: "libleptonica.so.6"), "libleptonica6")
        XCTAssertEqual(OCRLibraries.package(of: "libtesseract.so.5"), "libtesseract5")
    }
}
