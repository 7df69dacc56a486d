import Foundation
import IngestCore
import Synchronization

/// One page to recognise: its number in the document and how to get its image. The image is
/// made by the worker that recognises it, or a few pages ahead of the workers (`PageRunner.Ahead`,
/// at most `Ahead.pages` more in memory).
struct PageJob: Sendable {
    var number: Int
    /// Expected work (relative; 0: unknown): the heaviest pages are handed out first.
    var work: Double = 0
    var load: @Sendable () throws -> PageImage
}

/// What became of one page.
struct PageOutcome: Sendable {
    var number: Int
    var result: Result<RecognizedPage, IngestError>
}

/// Recognises pages on up to `ocr.workers` threads (0: the machine's cores), one engine each,
/// pages handed out heaviest first (`PageJob.work`; in page order among equals, and when no work
/// is known): in page order a document's longest page could start last and run alone while the
/// other cores wait — the federal register's seven scanned pages took 8.3 s on two cores that
/// way (bench/runtime/RESULTS.md). Within a run (`context.cores` set) the first thread is the
/// document's own core; every other thread reads a page only with a core it takes from the run's
/// budget and gives back after that page, so OCR fills cores that other documents leave idle and
/// makes way, a page later, for a document that starts on another slot. A thread without a core
/// waits for one (`CoreBudget.take(orUntil:)`), woken by a core given back or by the last page
/// handed out — at `--concurrency 1` it sleeps through the document and ends with it.
///
/// With `ahead`, the pages' images are made on a thread of their own, in page order, a few ahead
/// of the readers (`MadePages`), and the heaviest page made is handed out first: each page is
/// decoded once. Before (issue 38 item 4), a 75-dpi drawing of every page estimated its work
/// first — a scan's whole image decoded a second time for each page, ≈ 0.45 s of a 10-page
/// scan's 13 s of CPU — and each reader made its page's image while its recogniser waited.
enum PageRunner {
    static func run(_ jobs: [PageJob], context: ExtractionContext, ahead: Ahead? = nil) throws -> [PageOutcome] {
        guard !jobs.isEmpty else { return [] }
        let config = context.config
        let workers = max(1, min(config.effectiveOCRWorkers, jobs.count))
        // Engines in this process, or recognisers in others (`OCRProcesses`). A missing language
        // is the document's error, not every page's: found once, by the first page that needs
        // recognising — a document whose pages are all blank starts no engine at all.
        let pool: EnginePool? = context.ocrProcesses == nil
            ? EnginePool.shared(languages: config.ocr.languages, capacity: workers) : nil
        let engines = EngineStart { [languages = config.ocr.languages] in
            if let processes = context.ocrProcesses { try processes.ready(languages: languages) } else { try pool?.withEngine { _ in } }
        }
        let state = RunState(jobs)
        let scripts = ScriptAgreement()
        let made = ahead.flatMap { jobs.count >= 2 && workers >= 2 ? MadePages(jobs.count, ahead: $0) : nil }
        let making = made.map { made in
            // Poppler draws nested forms recursively: the stack of the threads that draw pages.
            ThreadTeam(1, stackSize: 16 << 20) { _ in
                made.make { i in
                    // Past the deadline its reader says so; nothing is drawn for it.
                    context.isPastDeadline
                        ? .failure(IngestError(.timeout, ["seconds": String(Int(config.limits.documentTimeLimitSeconds))], page: jobs[i].number))
                        : Result { try jobs[i].load() }
                }
            }
        }
        defer {
            made?.stop()
            making?.join()
        }
        // The next page to read and its image when made ahead.
        let next: @Sendable () -> (Int, Result<PageImage, any Error>?)? = {
            if let made { return made.take(handing: state).map { ($0.0, $0.1) } }
            return state.next().map { ($0, nil) }
        }
        // Once no page is left to hand out, the first thread without one does the tail work
        // while the others finish theirs (see `ExtractionContext.ocrTailWork`).
        let tail: @Sendable () -> Void = { if let work = context.ocrTailWork, let pages = state.claimTail() { work(pages) } }
        // Tesseract recurses deeply on some layouts.
        ThreadTeam.run(workers, stackSize: 16 << 20) { t in
            guard t > 0, let cores = context.cores else {
                while let (i, image) = next() {
                    state.store(i, recognize(jobs[i], image: image, pool: pool, engines: engines, scripts: scripts, context: context))
                }
                // Every page is handed out: a thread still waiting for a core ends.
                context.cores?.wakeWaiters()
                tail()
                return
            }
            while cores.take(orUntil: { state.isExhausted }) {
                defer { cores.giveBack() }
                guard let (i, image) = next() else { tail(); break }
                state.store(i, recognize(jobs[i], image: image, pool: pool, engines: engines, scripts: scripts, context: context))
                if state.isExhausted { cores.wakeWaiters(); tail() }   // on the core this thread still holds
            }
        }
        if let error = engines.error { throw error }
        return state.outcomes(jobs)
    }

    /// How pages are made ahead of their readers (`MadePages`).
    struct Ahead: Sendable {
        /// Pages made and not handed out yet, at most (each a page image in memory: 8 MB for a
        /// 300-dpi A4 page); at least one is made ahead whatever its size.
        var pages = 2
        /// Their pixels, at most.
        var pixels = 40_000_000
        /// A made page's expected work (relative): the heaviest page made is handed out first.
        var work: @Sendable (PageImage) -> Double
    }

    /// Indices of `jobs` in the order they are handed out when their work is known from the
    /// start: heaviest first, page order among equals (`RunState.next`).
    static func handingOrder(_ jobs: [PageJob]) -> [Int] {
        let state = RunState(jobs)
        return Array(sequence(state: state) { $0.next() })
    }

    /// Reads one page with an engine of `pool`, or with a recogniser of `context.ocrProcesses`
    /// when there is no pool; its script is detected first until `scripts` has settled it.
    /// `image`: the page's image when made ahead (or why it could not be), else the job makes it.
    static func recognize(_ job: PageJob, image: Result<PageImage, any Error>? = nil, pool: EnginePool?, engines: EngineStart,
                          scripts: ScriptAgreement = ScriptAgreement(), context: ExtractionContext) -> Result<RecognizedPage, IngestError> {
        let known = scripts.isSettled
        var detectedFirst = !known
        let result = recognize(job, image: image, pool: pool, engines: engines, scriptKnown: known, detectedFirst: &detectedFirst,
                               context: context)
        if case .success(let page) = result { scripts.note(page, detectedFirst: detectedFirst) }
        return result
    }

    /// Whether a page that `look` saw is read before its script is detected, as a page of a
    /// settled script is: one holding few marks (fewer than `PageInk.marksCounted`: a button's
    /// "Ok", a page number, a logo, a gradient, pdf.js's JBIG2 smiley). The detector classifies a
    /// sample of the page's marks after a layout pass over all its pixels — on the odd corpus's
    /// pages of few marks that pass cost as much as the read (tesseract, smiley at 300 dpi: 0.10 s
    /// against 0.13 s) and the few marks name no script with confidence; a page that reads weak
    /// still asks it (`OrientedRecognition.recognize`'s `fewMarks`), so a foreign or turned page
    /// costs one more read, not a wrong text.
    static func readsFirst(_ look: PageInk?) -> Bool {
        guard let look else { return false }
        return !look.isBlank && look.marks < PageInk.marksCounted
    }

    private static func recognize(_ job: PageJob, image made: Result<PageImage, any Error>?, pool: EnginePool?, engines: EngineStart,
                                  scriptKnown settled: Bool, detectedFirst: inout Bool,
                                  context: ExtractionContext) -> Result<RecognizedPage, IngestError> {
        // The page's image and Tesseract's buffers are freed when this returns: hand them back.
        defer { PageMemory.releaseFreedPages() }
        let limit = context.config.ocr.pageTimeLimitSeconds
        do {
            if context.isPastDeadline {
                throw IngestError(.timeout, ["seconds": String(Int(context.config.limits.documentTimeLimitSeconds))], page: job.number)
            }
            // Looked at before anything is started for it: a blank page costs its render only.
            var first: PageImage? = try made?.get() ?? job.load()
            let look = context.config.ocr.skipBlankPages ? first.flatMap { PageInk.measure($0) } : nil
            if look?.isBlank == true { return .success(RecognizedPage(leftOut: .blank)) }
            let fewMarks = readsFirst(look)
            // Few marks, none forming a line of writing nor a lone character (`LineMarks`): blank
            // as far as reading goes (a smiley, a gradient, an empty form), not recognised.
            if fewMarks, let image = first, !LineMarks.mayHoldWriting(image) { return .success(RecognizedPage(leftOut: .blank)) }
            detectedFirst = !(settled || fewMarks)
            // A page holding little is read on its drawn part, the read placed back (`InkCut`).
            let cut = first.flatMap { image in look.flatMap { InkCut($0, image: image) } }
            if let cut, let image = first.take() { first = cut.apply(image) }
            let load: () throws -> PageImage = { try cut.map { $0.apply(try job.load()) } ?? job.load() }
            let placed: (RecognizedPage) -> RecognizedPage = { cut?.place($0) ?? $0 }
            try engines.ensure()
            if let processes = context.ocrProcesses {
                var deadline = Date(timeIntervalSinceNow: limit)
                if let d = context.deadline, d < deadline { deadline = d }
                guard let image = first.take() else { throw IngestError(.internalError) }
                return .success(placed(try RemoteRecognition.recognize(job.number, image: image, processes: processes,
                                                                languages: context.config.ocr.languages,
                                                                deadline: deadline, limitSeconds: limit,
                                                                lowConfidenceBelow: context.config.ocr.lowConfidenceBelow,
                                                                detectScript: context.config.ocr.detectScript,
                                                                scriptKnown: settled, fewMarks: fewMarks)))
            }
            guard let pool else { throw IngestError(.internalError) }
            return .success(placed(try pool.withEngine { engine in
                var deadline = Date(timeIntervalSinceNow: limit)
                if let d = context.deadline, d < deadline { deadline = d }
                // The image already made goes to the engine; a second look (a weak page turned
                // upright) makes it again.
                return try OrientedRecognition.recognize({ try first.take() ?? load() }, engine: engine, deadline: deadline,
                                                         limitSeconds: limit, page: job.number,
                                                         lowConfidenceBelow: context.config.ocr.lowConfidenceBelow,
                                                         detectScript: context.config.ocr.detectScript,
                                                         scriptKnown: settled, fewMarks: fewMarks)
            }))
        } catch let e as IngestError {
            var e = e
            if e.page == nil { e.page = job.number }
            return .failure(e)
        } catch {
            return .failure(IngestError(.ocrEngineFailed, MessageCatalog.quoted("reason", String(describing: error)), page: job.number))
        }
    }

    /// Whether a document's script is settled: once `pagesToSettle` pages were found upright in a
    /// script the languages read, and read well, the others are read without the detector first
    /// (≈ 0.1 s a page, 5–15 % of a Latin page's CPU: a scanned course is one script); a page that
    /// then reads weak still asks it (`OrientedRecognition.readFirst`), so a turned or foreign page
    /// costs one more read, not a wrong text. A page found otherwise keeps the detection on for
    /// the rest of the document, and so does a page read without it that turned out turned or foreign.
    final class ScriptAgreement: Sendable {
        static let pagesToSettle = 2
        private let state = Mutex((agreeing: 0, disagreed: false))
        var isSettled: Bool { state.withLock { !$0.disagreed && $0.agreeing >= Self.pagesToSettle } }
        func note(_ page: RecognizedPage, detectedFirst: Bool) {
            guard page.leftOut != .blank else { return }
            state.withLock { s in
                if detectedFirst, page.readScript == true { s.agreeing += 1; return }
                if detectedFirst || page.leftOut != nil || page.script != nil || page.quarterTurns != 0 { s.disagreed = true }
            }
        }
    }

    /// The engines' start, made once by the first page that needs recognising; every later page
    /// waits for it, and its error is the document's (the language data missing, say).
    final class EngineStart: Sendable {
        /// Held while the engines start: a page that needs them waits for the first start.
        private let state = Mutex((done: false, failure: IngestError?.none))
        private let start: @Sendable () throws -> Void
        var error: IngestError? { state.withLock { $0.failure } }
        init(_ start: @escaping @Sendable () throws -> Void) { self.start = start }
        func ensure() throws(IngestError) {
            try state.withLock { (s) throws(IngestError) in
                if let failure = s.failure { throw failure }
                guard !s.done else { return }
                s.done = true
                do { try start() } catch { s.failure = IngestError.wrap(error); throw s.failure! }
            }
        }
    }

    final class RunState: Sendable {
        private struct State {
            var nextIndex = 0
            var handed: [Bool]
            /// Each job's expected work once known (the jobs' own, or the estimate's when it comes).
            var work: [Double]?
            var results: [Result<RecognizedPage, IngestError>?]
            var stored = 0
            var tailClaimed = false
        }
        private let state: Mutex<State>
        init(_ jobs: [PageJob]) {
            let known = jobs.contains { $0.work != 0 } ? jobs.map(\.work) : nil
            state = Mutex(State(handed: Array(repeating: false, count: jobs.count), work: known,
                                results: Array(repeating: nil, count: jobs.count)))
        }
        /// The jobs' expected work, in job order: the pages not handed out yet go heaviest first.
        func setWork(_ work: [Double]) { state.withLock { if work.count == $0.handed.count { $0.work = work } } }
        /// The index of the next job to read — the heaviest left once the work is known (page order
        /// among equals), else the first left — or nil once all are handed out.
        func next() -> Int? {
            state.withLock { s in
                guard s.nextIndex < s.results.count else { return nil }
                var pick: Int?
                for i in s.handed.indices where !s.handed[i] {
                    guard let work = s.work else { pick = i; break }
                    if let p = pick, work[p] >= work[i] { continue }
                    pick = i
                }
                guard let i = pick else { return nil }
                s.handed[i] = true
                s.nextIndex += 1
                return i
            }
        }
        /// The text of the pages recognised so far, in page order, the first time it is asked
        /// once every page is handed out and while one is still being read; nil otherwise.
        func claimTail() -> [String]? {
            state.withLock { s in
                guard !s.tailClaimed, s.nextIndex >= s.results.count, s.stored < s.nextIndex else { return nil }
                s.tailClaimed = true
                return s.results.compactMap { r -> String? in
                    guard case .success(let page)? = r else { return nil }
                    return page.paragraphs.map(\.text).joined(separator: "\n\n")
                }
            }
        }
        /// Hands out job `i` (chosen by `MadePages`).
        func hand(_ i: Int) {
            state.withLock { s in
                guard !s.handed[i] else { return }
                s.handed[i] = true
                s.nextIndex += 1
            }
        }
        /// Every page handed out (some may still be being read).
        var isExhausted: Bool { state.withLock { $0.nextIndex >= $0.results.count } }
        func store(_ i: Int, _ r: Result<RecognizedPage, IngestError>) { state.withLock { s in s.results[i] = r; s.stored += 1 } }
        func outcomes(_ jobs: [PageJob]) -> [PageOutcome] {
            state.withLock { s in
                zip(jobs, s.results).map { PageOutcome(number: $0.number, result: $1 ?? .failure(IngestError(.internalError))) }
            }
        }
    }
}

/// Pages' images made ahead of their readers by one thread, in page order (`make`), at most
/// `Ahead.pages` waiting (and `Ahead.pixels`, one page at least): a reader takes the heaviest made
/// (`Ahead.work`; page order among equals) or waits for the next. Each page is decoded once, its
/// drawing beside the recognition of the pages before it; with several waiting, a long page
/// still goes before lighter ones (the federal register's 3.6-s page 14 among 1.4–2.1-s pages).
final class MadePages: Sendable {
    private struct Waiting {
        var image: Result<PageImage, any Error>
        var work: Double
        var pixels: Int
    }
    private struct State {
        var waiting: [Int: Waiting] = [:]
        /// Pages made so far (the next to make is this index).
        var made = 0
        var stopped = false
        var pixels: Int { waiting.values.reduce(0) { $0 + $1.pixels } }
    }
    private let monitor = Monitor(State())
    private let count: Int
    private let ahead: PageRunner.Ahead

    init(_ count: Int, ahead: PageRunner.Ahead) {
        self.count = count
        self.ahead = ahead
    }

    /// Makes every page in turn with `load`, waiting for room; returns once all are made or
    /// `stop` is called.
    func make(_ load: (Int) -> Result<PageImage, any Error>) {
        for i in 0..<count {
            let go = monitor.wait(until: { s in
                s.stopped || s.waiting.isEmpty || (s.waiting.count < self.ahead.pages && s.pixels < self.ahead.pixels)
            }, then: { !$0.stopped })
            guard go else { return }
            let image = load(i)
            let pixels = (try? image.get()).map { $0.width * $0.height } ?? 0
            let work = (try? image.get()).map(ahead.work) ?? 0
            monitor.update { s in
                s.waiting[i] = Waiting(image: image, work: work, pixels: pixels)
                s.made = i + 1
            }
        }
    }

    /// The heaviest page made and not handed out (marked handed in `state` at once), waiting for
    /// one when none is; nil once every page is handed out, or the making stopped.
    func take(handing state: PageRunner.RunState) -> (Int, Result<PageImage, any Error>)? {
        monitor.wait(until: { s in !s.waiting.isEmpty || s.made >= self.count || s.stopped }, then: { s in
            guard let i = s.waiting.max(by: { a, b in a.value.work < b.value.work || (a.value.work == b.value.work && a.key > b.key) })?.key,
                  let page = s.waiting.removeValue(forKey: i) else { return nil }
            state.hand(i)
            return (i, page.image)
        })
    }

    /// Stops the making (the run is over): pages not made are not.
    func stop() { monitor.update { $0.stopped = true } }
}
