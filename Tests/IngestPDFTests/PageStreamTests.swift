import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import Synchronization
import XCTest

final class PageStreamTests: XCTestCase {
    /// Within a run, pages beyond the calling thread's are read only on cores the run's budget
    /// lends: with one core (the document's own) every page is read on the calling thread; with
    /// more, lent cores are all given back. Either way the pages are those one thread reads.
    func testPagesBeyondTheCallersRunOnlyOnCoresTheBudgetLends() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let data = PDFTestFiles.make(pages: 120) { p in
            (0..<30).map { PDFTestFiles.text("Page \(p + 1), ligne \($0) : du texte ordinaire.", x: 60, y: 780 - Double($0) * 14) }
                .joined(separator: "\n")
        }
        let url = try tmp.write("cent-vingt.pdf", data)
        let extractor = PDFExtractor()
        let alone = try PopplerDocumentRef(url: url, password: nil)
        let expected = (0..<120).map { extractor.read(alone.page(at: $0)!).lines }
        for capacity in [1, 2, 3] {
            let cores = LocalCoreBudget(capacity: capacity)
            cores.take()   // the document's own core
            let caller = pthread_self()
            let readers = ThreadsSeen()
            let stream = PageStream(url: url, password: nil, context: ExtractionContext(cores: cores))
            let outcome = try stream.read(nil, pageCount: 120) { page in
                readers.saw(pthread_equal(pthread_self(), caller) != 0)
                return extractor.read(page)
            }
            XCTAssertEqual(outcome.pages.map { $0?.lines }, expected, "capacity \(capacity)")
            if capacity == 1 {
                XCTAssertEqual(readers.elsewhere, 0, "no core lent: every page on the calling thread")
            }
            XCTAssertLessThanOrEqual(cores.peak, capacity)
            XCTAssertEqual(cores.held, 1, "capacity \(capacity): every lent core given back")
        }
    }
}

extension PageStreamTests {
    /// `meanwhile` runs once, on the calling thread, while a lent core already reads pages: it
    /// waits for a page read elsewhere, which comes only if the other thread started first.
    func testMeanwhileRunsOnTheCallingThreadWhileAnotherReadsPages() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let data = PDFTestFiles.make(pages: 40) { PDFTestFiles.text("Page \($0 + 1) : du texte ordinaire.", x: 60, y: 700) }
        let url = try tmp.write("quarante.pdf", data)
        let extractor = PDFExtractor()
        let alone = try PopplerDocumentRef(url: url, password: nil)
        let expected = (0..<40).map { extractor.read(alone.page(at: $0)!).lines }
        let cores = LocalCoreBudget(capacity: 2)
        cores.take()   // the document's own core
        let caller = pthread_self()
        let readElsewhere = DispatchSemaphore(value: 0)
        let stream = PageStream(url: url, password: nil, context: ExtractionContext(cores: cores))
        var calls = 0, onCaller = false, sawOtherThread = false
        let outcome = try stream.read(nil, pageCount: 40, meanwhile: {
            calls += 1
            onCaller = pthread_equal(pthread_self(), caller) != 0
            sawOtherThread = readElsewhere.wait(timeout: .now() + 60) == .success
            return nil
        }) { page in
            if pthread_equal(pthread_self(), caller) == 0 { readElsewhere.signal() }
            return extractor.read(page)
        }
        XCTAssertEqual(calls, 1)
        XCTAssertTrue(onCaller)
        XCTAssertTrue(sawOtherThread, "no page read by the other thread while the calling thread was busy")
        XCTAssertEqual(outcome.pages.map { $0?.lines }, expected)
        XCTAssertEqual(cores.held, 1)
    }

    /// The document `meanwhile` returns (the facts' copy) is the one the calling thread reads
    /// its pages through: no copy of its own is opened.
    func testTheCallingThreadReadsThroughTheCopyMeanwhileReturns() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let data = PDFTestFiles.make(pages: 12) { PDFTestFiles.text("Page \($0 + 1) : du texte ordinaire.", x: 60, y: 700) }
        let url = try tmp.write("douze.pdf", data)
        let extractor = PDFExtractor()
        let facts = try PopplerDocumentRef(url: url, password: nil)
        let expected = (0..<12).map { extractor.read(facts.page(at: $0)!).lines }
        let caller = pthread_self()
        let through = Mutex((adopted: 0, other: 0))
        let factsHandle = Int(bitPattern: UnsafeRawPointer(facts.handle))
        // A run of one core, the document's: no other thread gets one, the calling thread reads every page.
        let cores = LocalCoreBudget(capacity: 1)
        cores.take()
        let stream = PageStream(url: url, password: nil, context: ExtractionContext(cores: cores))
        let outcome = try stream.read(nil, pageCount: 12, meanwhile: { facts }) { page in
            if pthread_equal(pthread_self(), caller) != 0 {
                let adopted = Int(bitPattern: UnsafeRawPointer(page.document.handle)) == factsHandle
                through.withLock { if adopted { $0.adopted += 1 } else { $0.other += 1 } }
            }
            return extractor.read(page)
        }
        XCTAssertEqual(outcome.pages.map { $0?.lines }, expected)
        let seen = through.withLock { $0 }
        XCTAssertEqual(seen.adopted, 12)
        XCTAssertEqual(seen.other, 0)
    }
}

extension PageStreamTests {
    /// With another thread reading pages, the calling thread's copy (the facts' copy `meanwhile`
    /// returns) is closed by the outcome's `closing` threads, not by the calling thread before it
    /// returns the pages: once they are joined, no copy is left open.
    func testTheCallingThreadsCopyIsClosedBesideTheRest() throws {
        guard IdleCores.count >= 2 else { throw XCTSkip("one core: no other thread reads pages or closes copies") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let data = PDFTestFiles.make(pages: 24) { PDFTestFiles.text("Page \($0 + 1) : du texte ordinaire.", x: 60, y: 700) }
        let url = try tmp.write("vingt-quatre.pdf", data)
        let extractor = PDFExtractor()
        let cores = LocalCoreBudget(capacity: 2)
        cores.take()   // the document's own core
        let stream = PageStream(url: url, password: nil, context: ExtractionContext(cores: cores))
        weak var facts: PopplerDocumentRef?
        var outcome = try stream.read(nil, pageCount: 24, meanwhile: {
            let copy = try? PopplerDocumentRef(url: url, password: nil)
            facts = copy
            return copy
        }) { extractor.read($0) }
        XCTAssertEqual(outcome.pages.compactMap { $0 }.count, 24)
        let closing = try XCTUnwrap(outcome.closing.take(), "another thread closes the copies")
        closing.join()
        XCTAssertNil(facts, "the calling thread's copy is closed once `closing` is joined")
        XCTAssertEqual(cores.held, 1)
    }
}

/// Counts the pages read on the calling thread and elsewhere.
private final class ThreadsSeen: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var onCaller = 0
    private(set) var elsewhere = 0
    func saw(_ caller: Bool) { lock.lock(); if caller { onCaller += 1 } else { elsewhere += 1 }; lock.unlock() }
}
