import CPoppler
import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// Issue 38: a page in a script no configured language reads is not handed on as what fra+eng
/// make of it. Pages typeset here with cairo in DejaVu Sans (which has Arabic and Cyrillic).
final class ScriptDetectionTests: XCTestCase {
    /// An A4 page at 300 dpi of `line` repeated on 20 lines, in 14-pt DejaVu Sans.
    static func page(_ line: String) -> PageImage {
        TextPage.pageImage(TextPage.canvas(width: 2480, height: 3508) { cr in
            cairo_select_font_face(cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            cairo_set_font_size(cr, 14 * 300 / 72)
            for i in 0..<20 {
                cairo_move_to(cr, 300, 400 + Double(i) * 90)
                cairo_show_text(cr, line)
            }
        })
    }

    func requireOSD() throws {
        try OCRLibraries.requireTesseract()
        guard TessData.isInstalled("osd", TessData.configuredPath) else {
            try missingTool("Tesseract's script detection data is not installed (apt-get install tesseract-ocr-osd)")
        }
    }

    func testTheScriptsModelsAreNamedWithTheirPackage() {
        XCTAssertEqual(ScriptModels.missing(script: "Arabic", confidence: 28, languages: "fra+eng"), "Arabic")
        XCTAssertNil(ScriptModels.missing(script: "Arabic", confidence: 28, languages: "fra+ara"))
        XCTAssertNil(ScriptModels.missing(script: "Latin", confidence: 200, languages: "fra+eng"))
        XCTAssertNil(ScriptModels.missing(script: "Han", confidence: 1.4, languages: "fra+eng"), "too weak to drop a page alone")
        XCTAssertEqual(ScriptModels.missing(script: "Han", confidence: .infinity, languages: "fra+eng"), "Han")
        XCTAssertNil(ScriptModels.missing(script: "Cyrillic", confidence: 50, languages: "eng+rus"))
        let w = ScriptModels.warning("Han", page: 3, context: ExtractionContext(language: .en))
        XCTAssertEqual(w.code, .ocrScriptNotInstalled)
        XCTAssertTrue(w.message.contains("tesseract-ocr-chi-sim") && w.message.contains("Han") && w.message.contains("Page 3"), w.message)
        let fr = ScriptModels.warning("Arabic", page: 1, context: ExtractionContext(language: .fr))
        XCTAssertTrue(fr.message.contains("tesseract-ocr-ara"), fr.message)
    }

    /// An Arabic page: script detection names it (its confidence decides whether OCR leaves it
    /// out at once or the dictionaries do, in the pipeline: JunkPagesTests).
    func testAnArabicPageIsNamed() throws {
        try requireOSD()
        let arabic = Self.page("هذا نص باللغة العربية لاختبار التعرف على الحروف")
        let page = try PageRunner.run([PageJob(number: 1) { arabic.sharedHandle() }], context: ExtractionContext(language: .en))[0].result.get()
        XCTAssertEqual(page.script, "Arabic")
    }

    /// A page left out for its script: no text, its record says why, the warning names the
    /// script and its package, and it is the page offered to vision.
    func testAPageLeftOutForItsScriptIsAssembledAsSuch() {
        let outcomes = [PageOutcome(number: 1, result: .success(RecognizedPage(wordConfidences: [30, 40], leftOut: .scriptNotInstalled, script: "Arabic")))]
        let assembly = PageAssembly(outcomes, context: ExtractionContext(language: .en))
        XCTAssertTrue(assembly.blocks.isEmpty)
        XCTAssertEqual(assembly.records.first?.leftOut, .scriptNotInstalled)
        XCTAssertEqual(assembly.records.first?.script, "Arabic")
        XCTAssertEqual(assembly.records.first?.ocrConfidence, 35)
        XCTAssertEqual(assembly.warnings.map(\.code), [.ocrScriptNotInstalled])
        XCTAssertTrue(assembly.warnings.first?.message.contains("tesseract-ocr-ara") == true)
        XCTAssertEqual(assembly.visionPages, [1])
        XCTAssertEqual(assembly.pagesOCRed, 0)
    }

    /// A French page is read, no script named.
    func testAFrenchPageIsReadAndNamesNoScript() throws {
        try requireOSD()
        let french = Self.page("La photosynthèse se déroule dans les chloroplastes des feuilles.")
        let page = try PageRunner.run([PageJob(number: 1) { french.sharedHandle() }], context: ExtractionContext())[0].result.get()
        XCTAssertNil(page.leftOut)
        XCTAssertNil(page.script)
        XCTAssertTrue(page.text.contains("chloroplastes"), page.text)
    }
}
