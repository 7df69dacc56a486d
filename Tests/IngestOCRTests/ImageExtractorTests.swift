import Foundation
import IngestCore
@testable import IngestOCR
import IngestTestSupport
import XCTest

final class ImageExtractorTests: XCTestCase {
    func input(_ urls: [URL], _ kind: SourceKind = .png) -> SourceInput {
        SourceInput(files: urls, kind: kind, byteSize: 0, name: urls[0].lastPathComponent)
    }

    func text(_ e: Extraction) -> String { e.blocks.map(\.text).joined(separator: "\n\n") }

    func testCleanRenderedFrenchPageMeetsCERTarget() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = try dir.write("fr.png", TextPage.png(TextPage.french))
        let e = try ImageExtractor().extract(input([url]), context: ExtractionContext())
        let cer = characterErrorRate(text(e), TextPage.french)
        XCTAssertLessThanOrEqual(cer, 0.02, "CER \(cer): \(text(e))")
        XCTAssertEqual(e.pagesOCRed, 1)
        XCTAssertTrue(e.blocks.allSatisfy { $0.provenance == .ocr && $0.page == 1 })
        XCTAssertGreaterThan(e.meanOCRConfidence ?? 0, 80)
        XCTAssertNil(e.thinTextReason)
    }
}
