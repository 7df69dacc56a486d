import Foundation
import Synchronization
import IngestCore
import IngestPipeline

/// `ingest convert`'s loop over the runtime: every unit read once on the reader's slots, outcomes
/// reported as they come, `summary.json` written at the end. Re-running the same command after a
/// crash or a `kill -9` finishes the work: done units are skipped (the library says so and the
/// output exists), temporary files of killed writers are removed, nothing is written twice.
public struct BatchRun: Sendable {
    public let reader: any DocumentReader
    public let outputDirectory: URL
    public let libraryPath: String?
    public let language: MessageLanguage
    /// Whether units the library records as done are skipped (`convert`); `qa` reads everything.
    public let skipsDone: Bool
    /// The HTTP or JSON Lines sink's deliveries (nil for the other sinks): the pending deliveries
    /// of this output folder — this run's and any an earlier run left — are sent while the
    /// documents are read, on the deliverer's own thread, and what remains pending is reported
    /// in the summary. When the JSON Lines reader goes away the run stops taking units.
    public let delivery: Deliverer?
    /// The caches' folder of the run, named in the summary (where things are).
    public var cacheDirectory: String?

    public init(reader: any DocumentReader, outputDirectory: URL, libraryPath: String?, language: MessageLanguage,
                skipsDone: Bool = true, delivery: Deliverer? = nil) {
        self.reader = reader
        self.skipsDone = skipsDone
        self.delivery = delivery
        self.outputDirectory = outputDirectory.standardizedFileURL
        self.libraryPath = libraryPath
        self.language = language
    }

    /// Reads `units` (and reports `planningFailures` as failed documents); returns the summary,
    /// already written. Throws when no document could be read at all (see `DocumentReader`).
    public func run(units: [ImportUnit], planningFailures: [PlanningFailure] = [], observer: (any RunObserver)? = nil,
                    events: ReadEvents = ReadEvents()) throws(IngestError) -> RunSummary {
        let started = Timestamp.iso8601()
        OutputWriter.removeAbandoned(in: outputDirectory)
        let total = units.count + planningFailures.count
        observer?.started(total: total)
        let done = Counter()
        let planned = planningFailures.map {
            DocumentOutcome.failure(sources: [$0.path], $0.error, language: language, source: $0.path)
        }
        for outcome in planned { observer?.finished(outcome, done: done.next() + 1, total: total) }

        let count = units.count
        let collector = OutcomeStore(count: count)
        for outcome in planned { collector.count(outcome) }
        let pending = UnitBox(units)
        let next = Counter()
        let fatal = FatalBox()
        let slots = max(1, min(reader.slots, count))
        // What an earlier run left pending goes first (a killed run, an endpoint that was down).
        delivery?.notify()
        if count > 0 {
            // One thread per slot, each on a stack as deep as the main thread's: a document read
            // in this process (no worker) recurses in poppler and Tesseract on it.
            ThreadTeam.run(slots, stackSize: 8 << 20) { slot in
                // A consumer that went away gets nothing more: units not yet taken wait for the
                // next run (what is read but not delivered stays pending in the library).
                while fatal.error == nil && delivery?.consumerGone != true {
                    let i = next.next()
                    guard i < count else { return }
                    let unit = pending.take(i)
                    let slotEvents = ReadEvents(stage: { observer?.stage($0, slot: slot, unit: unit) }, line: events.line)
                    do {
                        let outcome = try reader.read(unit, slot: slot, skipsDone: skipsDone, events: slotEvents)
                        collector.set(i, outcome)
                        if outcome.status == .succeeded && outcome.readiness != .notReady { delivery?.notify() }
                        observer?.finished(outcome, done: done.next() + 1, total: total)
                    } catch {
                        fatal.set(IngestError.wrap(error))
                        return
                    }
                }
            }
        }
        reader.close()
        // Again at the end: a writer killed just before this run started (its worker not yet gone
        // then) leaves nothing behind either.
        OutputWriter.removeAbandoned(in: outputDirectory)
        if let error = fatal.error { throw error }
        var report: DeliveryReport?
        do { report = try delivery?.finish(withheld: collector.counts.notReady) } catch { throw IngestError.wrap(error) }
        if report?.consumerGone == true { report?.notRead = count - collector.encoded.count }
        var summary = RunSummary(startedAt: started, outputDirectory: outputDirectory, library: libraryPath,
                                 counts: collector.counts, table: collector.table, documents: planned + collector.kept)
        summary.delivery = report
        summary.cache = cacheDirectory
        summary.write(documents: planned.compactMap { try? StreamingJSONEncoder.encode($0, pretty: false) } + collector.encoded)
        return summary
    }
}

/// A shared counter for work distribution.
final class Counter: Sendable {
    private let value = Mutex(0)
    func next() -> Int { value.withLock { v in defer { v += 1 }; return v } }
}

/// The units of a run, each given up once it is taken: a run of 10,000 files does not keep every
/// file's URL until the end.
final class UnitBox: Sendable {
    private let units: Mutex<[ImportUnit]>
    init(_ units: [ImportUnit]) { self.units = Mutex(units) }
    func take(_ i: Int) -> ImportUnit {
        units.withLock { units in
            let unit = units[i]
            units[i] = ImportUnit(sources: [], outputName: "")
            return unit
        }
    }
}

/// Outcomes as the summary needs them, in input order whatever order workers finish in: each as
/// its compact JSON (a few hundred bytes, written into summary.json at the end), counted as it
/// comes; only those a person must see (failed, not ready, duplicates) and the first few are kept
/// whole for the report. Memory stays flat per document over a long run.
final class OutcomeStore: Sendable {
    static let keptSuccesses = 30
    private struct State {
        var slots: [Data?]
        var keptByIndex: [Int: DocumentOutcome] = [:]
        var successesKept = 0
        var counts = RunSummary.Counts()
        var byKind: [String: [String: Int]] = [:]

        mutating func count(_ o: DocumentOutcome) {
            counts.add(o)
            byKind[o.kind ?? "?", default: [:]][RunSummary.outcomeName(o), default: 0] += 1
        }
    }
    private let state: Mutex<State>
    init(count: Int) { state = Mutex(State(slots: Array(repeating: nil, count: count))) }

    func count(_ o: DocumentOutcome) { state.withLock { $0.count(o) } }

    func set(_ i: Int, _ o: DocumentOutcome) {
        var o = o
        let data = o.encoded ?? (try? StreamingJSONEncoder.encode(o, pretty: false))
        o.encoded = nil
        let attention = o.status == .failed || o.status == .duplicate || o.readiness == .notReady
        state.withLock { s in
            s.count(o)
            s.slots[i] = data
            if attention || s.successesKept < Self.keptSuccesses {
                s.keptByIndex[i] = o
                if !attention { s.successesKept += 1 }
            }
        }
    }

    var counts: RunSummary.Counts { state.withLock { $0.counts } }
    var encoded: [Data] { state.withLock { $0.slots.compactMap { $0 } } }
    var kept: [DocumentOutcome] { state.withLock { s in s.keptByIndex.keys.sorted().map { s.keptByIndex[$0]! } } }
    var table: [RunSummary.TableRow] { state.withLock { RunSummary.rows($0.byKind) } }
}

/// The first error that stops a run.
final class FatalBox: Sendable {
    private let stored = Mutex<IngestError?>(nil)
    var error: IngestError? { stored.withLock { $0 } }
    func set(_ e: IngestError) { stored.withLock { if $0 == nil { $0 = e } } }
}
