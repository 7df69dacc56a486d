import Foundation
import IngestCore
@testable import IngestOCR
import IngestPDF
import IngestTestSupport
import XCTest

/// The order OCR pages are handed out in: heaviest first, by an estimate made before any page is
/// read, so the longest page does not start last and run alone.
final class PageRunnerTests: XCTestCase {
    func job(_ number: Int, _ work: Double) -> PageJob {
        PageJob(number: number, work: work) { throw IngestError(.internalError) }
    }

    /// Two pages detected upright in a script read here settle a document's script; a page
    /// detected otherwise, or a page read without detection that turned out turned or foreign,
    /// puts the detection back for the rest; blank pages say nothing.
    func testTwoAgreeingPagesSettleTheScript() {
        let upright = RecognizedPage(paragraphs: [RecognizedParagraph(text: "Texte", confidence: 90)], readScript: true)
        let agreement = PageRunner.ScriptAgreement()
        agreement.note(RecognizedPage(leftOut: .blank), detectedFirst: true)
        agreement.note(upright, detectedFirst: true)
        XCTAssertFalse(agreement.isSettled)
        agreement.note(upright, detectedFirst: true)
        XCTAssertTrue(agreement.isSettled)
        agreement.note(RecognizedPage(paragraphs: upright.paragraphs), detectedFirst: false)
        XCTAssertTrue(agreement.isSettled, "a page read well without the detector keeps it settled")
        agreement.note(RecognizedPage(quarterTurns: 2), detectedFirst: false)
        XCTAssertFalse(agreement.isSettled, "a turned page puts the detection back")

        let foreign = PageRunner.ScriptAgreement()
        foreign.note(RecognizedPage(leftOut: .scriptNotInstalled, script: "Arabic"), detectedFirst: true)
        foreign.note(upright, detectedFirst: true)
        foreign.note(upright, detectedFirst: true)
        XCTAssertFalse(foreign.isSettled, "a document with a foreign page keeps detecting")
        let weak = PageRunner.ScriptAgreement()
        weak.note(RecognizedPage(paragraphs: upright.paragraphs), detectedFirst: true)
        weak.note(upright, detectedFirst: true)
        weak.note(upright, detectedFirst: true)
        XCTAssertFalse(weak.isSettled, "a page detected but not found upright and well read keeps it on")
    }

    /// The estimate comes while the first pages are read: until then pages go in page order, then
    /// the ones left heaviest first.
    func testAnEstimateThatComesLateOrdersThePagesLeft() {
        let state = PageRunner.RunState((1...5).map { job($0, 0) })
        XCTAssertEqual(state.next(), 0)
        XCTAssertEqual(state.next(), 1)
        state.setWork([1, 1, 5, 9, 5])
        XCTAssertEqual(state.next(), 3)
        XCTAssertEqual(state.next(), 2)
        XCTAssertEqual(state.next(), 4)
        XCTAssertNil(state.next())
        XCTAssertTrue(state.isExhausted)
    }

    func testPagesAreHandedOutHeaviestFirstAndInPageOrderAmongEquals() {
        XCTAssertEqual(PageRunner.handingOrder([job(8, 5), job(9, 9), job(10, 1), job(11, 9)]), [1, 3, 0, 2])
        XCTAssertEqual(PageRunner.handingOrder((1...5).map { job($0, 0) }), [0, 1, 2, 3, 4], "no estimate: page order")
        var rng = SeededGenerator(seed: 0x0C2)
        for _ in 0..<200 {
            let jobs = (1...Int.random(in: 1...12, using: &rng)).map { job($0, Double(Int.random(in: 0...4, using: &rng))) }
            let order = PageRunner.handingOrder(jobs)
            XCTAssertEqual(order.sorted(), Array(jobs.indices), "every page once")
            for (a, b) in zip(order, order.dropFirst()) {
                XCTAssertTrue(jobs[a].work > jobs[b].work || (jobs[a].work == jobs[b].work && a < b))
            }
        }
    }

    /// More writing, more dark runs: a page of several lines is expected to take longer than a
    /// page of one word; no estimate when it could change nothing (one OCR thread, two pages).
    func testExpectedWorkFollowsTheAmountOfWriting() throws {
        let dir = try TemporaryDirectory(); defer { dir.remove() }
        let url = dir.url.appendingPathComponent("scan.pdf")
        let texts = ["Un", "La respiration cellulaire produit l'énergie de la cellule à partir du glucose et de l'oxygène.",
                     "La photosynthèse"]
        try ScanRecognizerTests.imagePDF(texts.map { ImageFixtures.textPix($0, widthInches: 6, heightInches: 2) }, at: url)
        let renderer = try PDFPageImages(url: url)
        let work = ScanRecognizer.expectedWork(of: [1, 2, 3], workers: 2) { renderer }
        XCTAssertEqual(work.count, 3)
        XCTAssertGreaterThan(work[2] ?? 0, work[3] ?? 0, "\(work)")
        XCTAssertGreaterThan(work[3] ?? 0, work[1] ?? 0, "\(work)")
        XCTAssertEqual(ScanRecognizer.expectedWork(of: [1, 2, 3], workers: 1) { renderer }, [:])
        XCTAssertEqual(ScanRecognizer.expectedWork(of: [1, 2], workers: 2) { renderer }, [:])
    }

    /// A document nobody here wrote: the federal register's seven scanned pages (8–14) take
    /// 1.4–2.1 s each to read, and page 14 3.6 s. The estimate puts page 14 first.
    func testTheFederalRegistersLongestScannedPageIsReadFirst() throws {
        try Corpus.require()
        let renderer = try PDFPageImages(url: Corpus.url("pdf/pdfplumber-federal-register-2020-17221.pdf"))
        let pages = Array(8...14)
        let work = ScanRecognizer.expectedWork(of: pages, workers: 2) { renderer }
        let jobs = pages.map { job($0, work[$0] ?? 0) }
        XCTAssertEqual(jobs[PageRunner.handingOrder(jobs)[0]].number, 14, "\(work.sorted { $0.key < $1.key })")
    }
}
