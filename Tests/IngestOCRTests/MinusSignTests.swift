import Foundation
@testable import IngestOCR
import IngestTestSupport
import XCTest

/// A minus sign read as a dash (`MinusSign`, session 22).
final class MinusSignTests: XCTestCase {
    func page(_ paragraphs: [String]) -> RecognizedPage { .of(paragraphs: paragraphs) }

    func testADashGluedBeforeANumberIsAMinus() {
        var p = page(["Le zéro absolu, —273,15 °C, est la température la plus basse ; l’azote bout à —196 °C.",
                      "B 6,18 9,90 x 10-2 —1,0", "— 12 élèves, dit-il ; pages 10 –12 ; en 1914—1918 ; le mot—clé."])
        p.rewrite(MinusSign.readings(of: p))
        XCTAssertEqual(p.paragraphs.map(\.text), ["Le zéro absolu, −273,15 °C, est la température la plus basse ; l’azote bout à −196 °C.\n",
                                                  "B 6,18 9,90 x 10-2 −1,0\n", "— 12 élèves, dit-il ; pages 10 –12 ; en 1914—1918 ; le mot—clé.\n"])
    }

    /// The fidelity chemistry lesson (−273,15 °C, −196 °C, −1,0 in its table) set by pdflatex,
    /// drawn at 300 dpi in gray: Tesseract reads each minus `—`; written back, nothing else changed.
    func testTheLessonsMinusSigns() throws {
        try OCRLibraries.requireTesseract()
        let dir = try TemporaryDirectory("ingest-minus-sign"); defer { dir.remove() }
        let source = Corpus.repositoryRoot.appendingPathComponent("Tests/IngestFidelityTests/Fidelity/cours-chimie.tex")
        guard runTool("pdflatex", ["-interaction=nonstopmode", "-halt-on-error", "-output-directory", dir.url.path, source.path])?.status == 0 else {
            try missingTool("pdflatex sets the page (scripts/install.sh --tests installs the texlive packages)")
        }
        let engine = try TesseractEngine(languages: "fra+eng")
        var changes: [String] = []
        for number in 1...2 {
            let gray = dir.url.appendingPathComponent("page-\(number)")
            guard runTool("pdftoppm", ["-r", "300", "-gray", "-png", "-singlefile", "-f", "\(number)", "-l", "\(number)",
                                       dir.url.appendingPathComponent("cours-chimie.pdf").path, gray.path])?.status == 0 else {
                try missingTool("pdftoppm draws the page (apt-get install poppler-utils)")
            }
            let page = try engine.recognize(try NumberInkTests.pix(gray.appendingPathExtension("png")), deadline: .distantFuture, limitSeconds: 120, page: 1)
            let found = MinusSign.readings(of: page)
            changes += found.keys.sorted().map { "\(page.words[$0].text) → \(found[$0]!)" }
        }
        XCTAssertEqual(changes, ["—273,15 → −273,15", "—196 → −196", "—1,0 → −1,0"])
    }
}
