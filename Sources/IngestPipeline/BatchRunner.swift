import Foundation
import IngestCore
import IngestDigest
import IngestStore

/// What a batch run reports at the end (also written as `summary.json`).
public struct RunSummary: Codable, Sendable {
    public struct Counts: Codable, Sendable, Equatable {
        public var total = 0, succeeded = 0, duplicates = 0, skipped = 0, failed = 0
    }
    public var pipelineVersion: String
    public var startedAt: String
    public var finishedAt: String
    public var outputDirectory: String
    public var library: String?
    public var counts: Counts
    public var documents: [DocumentOutcome]
}

/// Receives progress and outcomes while a batch runs (the CLI draws a bar or prints JSON Lines).
public protocol RunObserver: Sendable {
    func started(total: Int)
    func finished(_ outcome: DocumentOutcome, done: Int, total: Int)
}

/// `ingest convert`: plans the inputs, imports each unit on `concurrency` workers, writes one
/// `<name>.json` per document atomically, records it in the library, and writes `summary.json`.
/// Re-runnable: a source whose bytes and pipeline version are unchanged is skipped.
public struct BatchRunner: Sendable {
    public let pipeline: Pipeline
    public let outputDirectory: URL

    /// False: every unit is read again, even one whose sources and output are unchanged (the
    /// supervisor re-reads the documents a crashed worker was reading: some may have been written).
    public var skipsDone = true
    /// The library's path for the summary when the pipeline does not hold the library (a process
    /// that supervises the workers which open it).
    public var libraryPath: String?

    public init(pipeline: Pipeline, outputDirectory: URL) {
        self.pipeline = pipeline
        self.outputDirectory = outputDirectory.standardizedFileURL
    }

    public func run(units: [ImportUnit], planningFailures: [PlanningFailure] = [], observer: (any RunObserver)? = nil) -> RunSummary {
        // In this process the reading cannot fail as a whole.
        run(units: units, planningFailures: planningFailures, observer: observer) { units, finished in
            let collector = OutcomeCollector(count: units.count)
            perform(units, indices: Array(units.indices), concurrency: pipeline.config.effectiveConcurrency) { i, outcome in
                collector.set(i, outcome)
                finished(outcome)
            }
            return collector.outcomes
        }!
    }

    /// The run with the units read by `read` (the CLI reads them in a worker process): it calls
    /// `finished` for each outcome as it comes and returns them in unit order, or nil when the
    /// reading could not take place at all (then no summary is written).
    public func run(units: [ImportUnit], planningFailures: [PlanningFailure] = [], observer: (any RunObserver)? = nil,
                    read: ([ImportUnit], @escaping @Sendable (DocumentOutcome) -> Void) -> [DocumentOutcome]?) -> RunSummary? {
        let started = Timestamp.iso8601()
        let total = units.count + planningFailures.count
        observer?.started(total: total)
        let done = Counter()
        let planned = planningOutcomes(planningFailures)
        for outcome in planned { observer?.finished(outcome, done: done.next() + 1, total: total) }
        guard let outcomes = read(units, { outcome in observer?.finished(outcome, done: done.next() + 1, total: total) }) else {
            return nil
        }
        return summarize(planned + outcomes, startedAt: started)
    }

    /// The outcomes of inputs that could not be planned (each a failed document).
    public func planningOutcomes(_ failures: [PlanningFailure]) -> [DocumentOutcome] {
        failures.map { .failure(sources: [$0.path], $0.error, language: pipeline.language, source: $0.path) }
    }

    /// Imports `units[i]` for every i of `indices` on up to `concurrency` workers; `started` is
    /// called before a unit is read and `finished` with its outcome (from the worker threads).
    public func perform(_ units: [ImportUnit], indices: [Int], concurrency: Int,
                        started: (@Sendable (Int) -> Void)? = nil, finished: @escaping @Sendable (Int, DocumentOutcome) -> Void) {
        let workers = max(1, min(concurrency, indices.count))
        guard !indices.isEmpty else { return }
        let next = Counter()
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let k = next.next()
                guard k < indices.count else { return }
                let i = indices[k]
                started?(i)
                finished(i, process(units[i]))
            }
        }
    }

    /// Counts the outcomes (in input order) and writes `summary.json`.
    public func summarize(_ outcomes: [DocumentOutcome], startedAt started: String) -> RunSummary {
        var counts = RunSummary.Counts()
        counts.total = outcomes.count
        for o in outcomes {
            switch o.status {
            case .succeeded: counts.succeeded += 1
            case .duplicate: counts.duplicates += 1
            case .skipped: counts.skipped += 1
            case .failed: counts.failed += 1
            }
        }
        let summary = RunSummary(pipelineVersion: Pipeline.version, startedAt: started,
                                 finishedAt: Timestamp.iso8601(),
                                 outputDirectory: outputDirectory.path, library: pipeline.library?.path ?? libraryPath,
                                 counts: counts, documents: outcomes)
        if let data = try? StreamingJSONEncoder.encode(summary, pretty: true) {
            try? OutputWriter.write(data, to: outputDirectory.appendingPathComponent("summary.json"))
        }
        return summary
    }

    /// Imports one unit: skip check, extraction, document, library, output, hand-off.
    public func process(_ unit: ImportUnit) -> DocumentOutcome {
        var clock = Stopwatch()
        let names = unit.sources.map(\.name)
        // A file, said so: the one-argument form asks the file system whether it is a folder.
        let outputURL = outputDirectory.appendingPathComponent(unit.outputName + ".json", isDirectory: false)
        let relativeOutput = unit.outputName + ".json"
        // Re-runs are decided per source bytes AND output: the same bytes under another name are
        // a duplicate to report, not a document to skip.
        let target = outputDirectory.path + "\n" + relativeOutput
        func failed(_ e: IngestError, warnings: [Warning] = []) -> DocumentOutcome {
            .failure(sources: names, e, language: pipeline.language, source: e.arguments["source"], warnings: warnings,
                     milliseconds: clock.lap())
        }
        do {
            let reads = try pipeline.read(unit.sources)
            let readTime = clock.lap()
            let key = reads.count == 1 ? reads[0].sha256
                : SHA256Digest.hex(of: Data(reads.map(\.sha256).joined(separator: "\n").utf8))
            if skipsDone, let state = try pipeline.library?.sourceState(sha256: key, pipelineVersion: Pipeline.version, target: target),
               state.status != .failed,
               state.status == .duplicate || state.outputPath.map({ Self.isNonEmptyFile(outputDirectory.appendingPathComponent($0)) }) == true {
                return DocumentOutcome(status: .skipped, sources: names, output: state.outputPath, id: state.documentID,
                                       title: nil, readiness: nil, duplicateOf: nil, error: nil, warnings: [],
                                       milliseconds: clock.lap() + readTime)
            }
            var (results, extractTimings) = try pipeline.extract(reads)
            var timings = extractTimings
            timings["read"] = readTime
            var lap = Stopwatch()
            var document = DocumentBuilder(config: pipeline.config, language: pipeline.language).build(&results, timings: timings)
            document.timings["build"] = lap.lap()
            let warnings = document.sources.flatMap(\.warnings)

            // Claim the document in the library before writing anything: two workers (or a batch
            // and a watcher) importing the same content cannot both create it.
            let entry = LibraryEntry(id: document.id, title: document.title, titleKey: document.fingerprint.titleKey,
                                     fingerprint: document.fingerprint.value, basis: document.fingerprint.basis,
                                     sketch: document.fingerprint.sketch, sourceName: names.joined(separator: " + "),
                                     outputPath: relativeOutput)
            var claimed = false
            if let library = pipeline.library {
                // Same-title ids, as a set: a repetitive corpus has hundreds of near-duplicates per
                // document, and a linear search of the list per candidate made this quadratic.
                var listed = Set<String>()
                for same in try library.documents(withTitleKey: document.fingerprint.titleKey) where same.id != document.id {
                    document.possibleDuplicates.append(DuplicateRef(id: same.id, title: same.title, source: same.sourceName,
                                                                    reason: .sameTitle, similarity: 0))
                    listed.insert(same.id)
                }
                // Each id comes once from the library: only the same-title ones can repeat.
                let near = try library.nearDuplicateList(of: document.fingerprint.sketch,
                                                         threshold: pipeline.config.library.nearDuplicateThreshold,
                                                         excluding: document.id,
                                                         limit: pipeline.config.library.maxNearDuplicates)
                document.possibleDuplicates.reserveCapacity(document.possibleDuplicates.count + near.count)
                for n in near where listed.isEmpty || !listed.contains(n.id) {
                    document.possibleDuplicates.append(DuplicateRef(id: n.id, title: n.title, source: n.sourceName,
                                                                    reason: .nearDuplicate, similarity: (n.similarity * 1000).rounded() / 1000))
                }
                if let existing = try library.claim(entry) {
                    // The same content re-imported to the same output (output deleted, or an
                    // interrupted run) is written again; anything else is a duplicate.
                    if existing.outputPath != relativeOutput {
                        let ref = DuplicateRef(id: existing.id, title: existing.title, source: existing.sourceName,
                                               reason: .sameContent, similarity: 1)
                        try library.setSourceState(sha256: key, pipelineVersion: Pipeline.version, target: target,
                                                   state: SourceState(status: .duplicate, documentID: existing.id, outputPath: existing.outputPath))
                        return DocumentOutcome(status: .duplicate, sources: names, output: existing.outputPath, id: existing.id,
                                               title: existing.title, readiness: document.readiness.status, duplicateOf: ref,
                                               error: nil, warnings: warnings, milliseconds: clock.lap())
                    }
                } else {
                    claimed = true
                }
            }
            document.timings["library"] = lap.lap()

            do {
                try writeOutputs(&document, results: results, outputURL: outputURL, lap: &lap)
            } catch {
                if claimed { try? pipeline.library?.release(id: document.id) }
                throw error
            }
            if let library = pipeline.library {
                try library.record(entry, sources: [(key, Pipeline.version, target)], claimed: claimed)
            }
            return DocumentOutcome(status: .succeeded, sources: names, output: relativeOutput, id: document.id,
                                   title: document.title, readiness: document.readiness.status, duplicateOf: nil,
                                   error: nil, warnings: warnings, milliseconds: clock.lap())
        } catch {
            return failed(IngestError.wrap(error))
        }
    }

    /// Output: cover first, then hand-off, then the document, each atomically; the library records
    /// it as done only after all of them.
    func writeOutputs(_ document: inout ImportedDocument, results: [SourceResult], outputURL: URL, lap: inout Stopwatch) throws {
            if let cover = results.lazy.compactMap(\.extraction.cover).first {
                document.cover = try writeCover(cover, next: outputURL)
            }
            document.timings["write"] = lap.lap()
            // Hand-off before the document is written as done: a failed hand-off leaves nothing
            // behind, and a retry reuses the same idempotency key (the document id).
            try Sink(config: pipeline.config).handOff(document, outputURL: outputURL)
            let pretty = pipeline.config.output.pretty
            try OutputWriter.write(to: outputURL) { put in try StreamingJSONEncoder.encode(document, pretty: pretty, output: put) }
    }

    static func isNonEmptyFile(_ url: URL) -> Bool {
        var st = stat()
        return stat(url.path, &st) == 0 && st.st_size > 0
    }

    func writeCover(_ cover: CoverImage, next documentURL: URL) throws -> Cover {
        if cover.mimeType == "text/uri-list" {
            return Cover(origin: cover.origin, path: String(decoding: cover.data, as: UTF8.self), mimeType: "image/jpeg")
        }
        let ext: String
        switch cover.mimeType {
        case "image/png": ext = "png"
        case "image/webp": ext = "webp"
        case "image/gif": ext = "gif"
        default: ext = "jpg"
        }
        let url = documentURL.deletingPathExtension().appendingPathExtension("cover.\(ext)")
        try OutputWriter.write(cover.data, to: url)
        return Cover(origin: cover.origin, path: url.lastPathComponent, mimeType: cover.mimeType, byteSize: cover.data.count)
    }
}

/// A shared counter for work distribution.
final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func next() -> Int { lock.lock(); defer { value += 1; lock.unlock() }; return value }
}

/// Outcomes kept in input order whatever order workers finish in.
final class OutcomeCollector: @unchecked Sendable {
    private var slots: [DocumentOutcome?]
    private let lock = NSLock()
    init(count: Int) { slots = Array(repeating: nil, count: count) }
    func set(_ i: Int, _ o: DocumentOutcome) { lock.lock(); slots[i] = o; lock.unlock() }
    var outcomes: [DocumentOutcome] { lock.lock(); defer { lock.unlock() }; return slots.compactMap { $0 } }
}
