import Foundation
import IngestCore
import Synchronization

/// Reads every page of a document in page order of the result, on more than one thread when the
/// machine has idle cores. A poppler document is not thread-safe, so each extra thread opens its
/// own copy of the file; threads claim the next unread page from a shared counter, and each page
/// handle (with poppler's text analysis cached on it) is released before the next is claimed.
/// Per-page results do not depend on the thread that read them, so the output is the same.
///
/// Within a run (`context.cores` set) the calling thread is the document's own core, and an extra
/// thread reads pages only with a core it takes from the run's budget, `pagesPerLoan` pages at a
/// time, as OCR pages do (`PageRunner`): `--concurrency 1` reads a PDF on one core, and a document
/// that starts on another slot gets its core back within a few milliseconds. A thread without a
/// core waits for one (`CoreBudget.take(orUntil:)`) and ends, without one, once every page is
/// handed out. Without a run, idle cores are counted in this process (`IdleCores`).
///
/// Poppler keeps every page object (and its resources) it has loaded until the document is
/// closed, so a long book read through one document grows by the whole book. Documents of
/// `parallelMinimumPages` pages or more are therefore read through copies that each thread
/// reopens every `reopenEvery` pages: memory stays bounded by a few hundred pages per thread
/// whatever the length. A copy that reads page n first walks the page tree over pages 1…n
/// (poppler's `Catalog::cachePageTree` loads each of them), so short runs cost a walk each:
/// reopened every 64 pages, a 311-page manual had its tree walked 3.1 times (≈ 6 % of the CPU,
/// bench/pdf/RESULTS.md); every 256 pages, 1.8 times, for ≈ 0.3 MB more at the peak.
struct PageStream {
    /// Documents shorter than this are read on the calling thread, through the caller's document
    /// (opening a copy costs more than it saves).
    static let parallelMinimumPages = 8
    /// Pages read through one copy before it is closed and reopened.
    static let reopenEvery = 256
    /// Pages an extra thread reads with one core lent by the run's budget before giving it back
    /// (a few milliseconds of work: one budget round trip, a message to the supervisor in a worker
    /// process, per this many pages).
    static let pagesPerLoan = 16

    let url: URL
    let password: String?
    let context: ExtractionContext
    /// The file's bytes the copies are opened from (nil: each opens the file itself).
    var bytes: PDFFileBytes? = nil

    /// What the page walk produced: one entry per page (nil = poppler could not load it) and the
    /// number of poppler log lines the pages emitted.
    struct Outcome {
        var pages: [PDFExtractor.PageData?]
        var logLines: Int
        /// The walk's copies still being closed, on the threads that read with them (`join()`
        /// once the serial rest is under way): nil when there were none.
        var closing: ThreadTeam? = nil
    }

    /// `document` is used for short documents (below `parallelMinimumPages`); long ones are read
    /// through copies, and it may be nil. `meanwhile` runs on the calling thread once the other
    /// threads are started, before it reads pages itself (work of the document that would
    /// otherwise leave them idle); the document it returns is the calling thread's first copy
    /// (the facts' copy, whose page tree that work has read: a copy opened instead read it again,
    /// 0.2 G instructions on a 311-page manual).
    func read(_ document: PopplerDocumentRef?, pageCount: Int, meanwhile: () -> PopplerDocumentRef? = { nil },
              page read: @escaping @Sendable (PopplerPageRef) -> PDFExtractor.PageData) throws -> Outcome {
        let long = pageCount >= Self.parallelMinimumPages
        let lent = context.cores
        // With a run's budget, threads are started for every other core of the machine and read
        // only on the cores it lends; without one, only as many as this process leaves idle.
        let reserved = long && lent == nil ? IdleCores.reserve(upTo: IdleCores.count - 1) : 0
        defer { IdleCores.release(reserved) }
        let extra = long && lent != nil ? IdleCores.count - 1 : reserved
        let shared = SharedPages(count: pageCount)
        let (url, password, context, bytes) = (self.url, self.password, self.context, self.bytes)
        // Closing a copy frees every page poppler loaded through it (≈ 10 ms for 150 pages of a
        // manual): the extra threads say when they have read their last page, then close their
        // copies, and the calling thread's copy is closed by a thread of its own, while the
        // calling thread goes on with the document's serial rest (gnuplot.pdf: that thread
        // closed its copy, then waited for the other's, before its running headers).
        let reading = Monitor(extra)
        // Poppler recurses on nested forms: the extra threads get the main thread's stack.
        let extras = ThreadTeam(extra, stackSize: 8 << 20) { _ in
            let copies = Copies(url: url, password: password, bytes: bytes)
            withExtendedLifetime(copies) {
                if let lent {
                    Self.work(copies: copies, shared: shared, context: context, cores: lent, read: read)
                } else {
                    Self.work(copies: copies, shared: shared, context: context, read: read)
                }
                reading.update { $0 -= 1 }
            }
        }
        var first = meanwhile()
        var closer: ThreadTeam?
        if let document, pageCount < Self.parallelMinimumPages {
            Self.work(document, shared: shared, context: context, read: read)
        } else {
            // (Taken: no reference to the facts' copy is left here, the copies alone hold it.)
            var mine = Optional(Copies(url: url, password: password, bytes: bytes, first: first.take()))
            Self.work(copies: mine!, shared: shared, context: context, read: read)
            if extra > 0 {
                // Handed over whole (taken: no reference is left here to be the last one released
                // as this scope ends, which closed it on this thread all the same).
                let handover = Monitor(mine.take())
                closer = ThreadTeam(1, stackSize: 1 << 20) { _ in
                    handover.update { $0 = nil }
                    extras.join()
                    // What the copies freed is returned to the system (as `extract` did after the walk).
                    PDFMemory.releaseFreedPages()
                }
            }
        }
        // Every page is handed out (or reading failed): a thread still waiting for a core ends.
        lent?.wakeWaiters()
        reading.wait(until: { $0 == 0 }) { _ in }
        if closer == nil { extras.join() }
        // The rule finder's pixel memory is not kept past the walk (a batch of short documents
        // holds no 8 MB per thread between them).
        RenderBuffers.release()
        if let error = shared.error {
            closer?.join()
            throw error
        }
        return Outcome(pages: shared.pages, logLines: shared.logLines, closing: closer)
    }

    /// A thread's own copy of the document, reopened every `reopenEvery` pages.
    final class Copies {
        let url: URL
        let password: String?
        let bytes: PDFFileBytes?
        private var current: PopplerDocumentRef?
        private var pagesRead = 0

        /// `first`: an open copy of the same file to read through before any is opened.
        init(url: URL, password: String?, bytes: PDFFileBytes?, first: PopplerDocumentRef? = nil) {
            self.url = url; self.password = password; self.bytes = bytes; current = first
        }

        /// The copy to read the next page from; nil when the file can no longer be opened (its
        /// pages are then reported unreadable, as poppler's own page failures are).
        func next() -> PopplerDocumentRef? {
            if current == nil || pagesRead >= PageStream.reopenEvery {
                current = nil                       // closed before the next copy is opened
                current = try? PopplerDocumentRef(url: url, password: password, bytes: bytes)
                pagesRead = 0
            }
            pagesRead += 1
            return current
        }
    }

    private static func work(copies: Copies, shared: SharedPages, context: ExtractionContext,
                             read: @Sendable (PopplerPageRef) -> PDFExtractor.PageData) {
        while let index = shared.claim() {
            guard readPage(index, copies: copies, shared: shared, context: context, read: read) else { return }
        }
    }

    /// An extra thread within a run: pages are read only on a core lent by `cores`.
    private static func work(copies: Copies, shared: SharedPages, context: ExtractionContext, cores: any CoreBudget,
                             read: @Sendable (PopplerPageRef) -> PDFExtractor.PageData) {
        // Woken by a core given back, or by the calling thread once no page is left (`read`).
        while cores.take(orUntil: { shared.isExhausted }) {
            defer { cores.giveBack() }
            for _ in 0..<pagesPerLoan {
                guard let index = shared.claim(),
                      readPage(index, copies: copies, shared: shared, context: context, read: read) else { return }
            }
        }
    }

    /// Reads page `index` through the thread's copy; false when the run's deadline has passed.
    private static func readPage(_ index: Int, copies: Copies, shared: SharedPages, context: ExtractionContext,
                                 read: @Sendable (PopplerPageRef) -> PDFExtractor.PageData) -> Bool {
        do { try context.checkDeadline() } catch { shared.fail(error); return false }
        let (data, log) = PopplerLog.capture { () -> PDFExtractor.PageData? in
            guard let page = copies.next()?.page(at: index) else { return nil }
            return read(page)
        }
        shared.store(index, data, logLines: log.count)
        return true
    }

    private static func work(_ document: PopplerDocumentRef, shared: SharedPages, context: ExtractionContext,
                             read: @Sendable (PopplerPageRef) -> PDFExtractor.PageData) {
        while let index = shared.claim() {
            do { try context.checkDeadline() } catch { shared.fail(error); return }
            let (data, log) = PopplerLog.capture { () -> PDFExtractor.PageData? in
                guard let page = document.page(at: index) else { return nil }
                return read(page)
            }
            shared.store(index, data, logLines: log.count)
        }
    }
}

/// The page counter and results shared by the threads of one `PageStream`.
private final class SharedPages: Sendable {
    private struct State {
        var next = 0
        var pages: [PDFExtractor.PageData?]
        var logLines = 0
        var error: Error?
    }
    private let state: Mutex<State>
    private let count: Int

    init(count: Int) {
        self.count = count
        state = Mutex(State(pages: Array(repeating: nil, count: count)))
    }

    var pages: [PDFExtractor.PageData?] { state.withLock { $0.pages } }
    var logLines: Int { state.withLock { $0.logLines } }
    var error: Error? { state.withLock { $0.error } }

    /// Every page handed out (some may still be being read), or a thread failed.
    var isExhausted: Bool { state.withLock { $0.error != nil || $0.next >= count } }

    /// The next page to read, or nil when all are taken or a thread failed.
    func claim() -> Int? {
        state.withLock { s in
            guard s.error == nil, s.next < count else { return nil }
            s.next += 1
            return s.next - 1
        }
    }

    func store(_ index: Int, _ data: PDFExtractor.PageData?, logLines lines: Int) {
        state.withLock { s in
            s.pages[index] = data
            s.logLines += lines
        }
    }

    func fail(_ e: Error) { state.withLock { s in if s.error == nil { s.error = e } } }
}

/// Cores not already busy reading PDF pages in this process, for extractions outside a run (no
/// `context.cores`). Every extraction holds one core implicitly; extra page threads are granted
/// only from what is left, so a batch running one document per core never oversubscribes, and a
/// lone large document uses the idle cores.
enum IdleCores {
    static let count = max(1, ProcessInfo.processInfo.activeProcessorCount)
    private static let state = Mutex((busy: 0, extractions: 0))

    /// Marks one extraction running for the duration of `body`.
    static func running<T>(_ body: () throws -> T) rethrows -> T {
        state.withLock { $0.extractions += 1 }
        defer { state.withLock { $0.extractions -= 1 } }
        return try body()
    }

    /// Up to `wanted` extra threads, as many as there are idle cores.
    static func reserve(upTo wanted: Int) -> Int {
        state.withLock { s in
            let granted = max(0, min(wanted, count - s.extractions - s.busy))
            s.busy += granted
            return granted
        }
    }

    static func release(_ n: Int) {
        guard n > 0 else { return }
        state.withLock { $0.busy -= n }
    }

    /// One more core for work beside the calling thread's: lent by the run's budget (`context.cores`),
    /// or idle in this process without a run (the caller within `running`); nil when none is free.
    /// The closure gives it back.
    static func borrow(_ context: ExtractionContext) -> (@Sendable () -> Void)? {
        if let cores = context.cores {
            guard cores.tryTake() else { return nil }
            return { @Sendable in cores.giveBack() }
        }
        guard reserve(upTo: 1) == 1 else { return nil }
        return { @Sendable in release(1) }
    }
}

