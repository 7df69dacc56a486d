import Foundation
import IngestCore
@testable import IngestOCR
import IngestPDF
import IngestTestSupport
import XCTest

/// `samples/`' photos and scan as the pipeline reads them (issue 36 item 3): each heading of the
/// page (bold, at 100–140 % of the body: checked on the images) a heading, the rest paragraphs,
/// none cut mid-sentence, none with a heading glued to it.
final class OCRHeadingsSamplesTests: XCTestCase {
    func sample(_ name: String) -> URL { Corpus.repositoryRoot.appendingPathComponent("samples/\(name)") }

    /// Headings (text, level) and paragraphs of an extraction, checked as above.
    func check(_ e: Extraction, headings expected: [(String, Int)], file: StaticString = #filePath, line: UInt = #line) {
        let headings = e.blocks.filter { $0.kind == .heading }
        XCTAssertEqual(headings.map(\.text), expected.map(\.0), "\(e.blocks.map { ($0.kind, $0.text) })", file: file, line: line)
        XCTAssertEqual(headings.map(\.level), expected.map(\.1), file: file, line: line)
        for p in e.blocks where p.kind == .paragraph {
            XCTAssertTrue(p.text.last.map { ".?!".contains($0) } == true, "ends mid-sentence: \(p.text)", file: file, line: line)
            let first = p.text.split(separator: "\n").first.map(String.init) ?? ""
            XCTAssertFalse(expected.contains { first == $0.0 }, "heading glued: \(p.text)", file: file, line: line)
        }
    }

    /// A printed page photographed turned a quarter (recognised upright after orientation detection).
    func testThePhotoOfAPrintedPage() throws {
        let e = try ImageExtractor().extract(imageInput([sample("IMG_20241015_101512.jpg")], .jpeg), context: ExtractionContext())
        check(e, headings: [("Cell Structure", 1), ("Parts of an animal cell", 2), ("Plant cells", 2), ("How big is a cell?", 2)])
        XCTAssertTrue(e.blocks.contains { $0.kind == .paragraph && $0.text.hasPrefix("Nucleus: contains")
            && $0.text.hasSuffix("and controls\nthe activities of the cell.") })
    }

    /// Three photos of one board: one document, a title on the first and headings on the others.
    func testThreePhotosOfABoard() throws {
        let urls = (1...3).map { sample("tableau-\($0).jpg") }
        let e = try ImageExtractor().extract(imageInput(urls, .jpeg), context: ExtractionContext())
        check(e, headings: [("Le système solaire", 1), ("Les planètes telluriques", 2), ("Les planètes géantes", 2), ("À retenir", 2)])
        let text = e.blocks.map(\.text).joined(separator: "\n")
        XCTAssertTrue(text.contains("les plus proches du\nSoleil. Elles"), text)
        XCTAssertTrue(text.contains("pour nous\nparvenir."), text)
    }

    /// A 200-dpi scan of a LibreOffice sheet: a bold title and five Heading 2 (bold, 115 %).
    func testTheScannedRevisionSheet() throws {
        let input = SourceInput(files: [sample("fiche-fonctions-affines.pdf")], kind: .pdf, byteSize: 0, name: "fiche-fonctions-affines.pdf")
        let layer = try PDFExtractor().extract(input, context: ExtractionContext())
        let e = try ScanRecognizer().complete(layer, of: input, context: ExtractionContext())
        let title = e.blocks.first { $0.kind == .heading }
        XCTAssertTrue(title?.text.hasPrefix("Fiche de révision :") == true && title?.text.hasSuffix("les fonctions affines") == true, "\(String(describing: title))")
        check(e, headings: [(title?.text ?? "", 1), ("1. Définition", 2), ("2. Cas particuliers", 2), ("3. Sens de variation", 2),
                            ("4. Calculer a à partir de deux points", 2), ("5. Exercice", 2)])
    }
}
