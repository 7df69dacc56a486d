import Foundation
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

    public init(reader: any DocumentReader, outputDirectory: URL, libraryPath: String?, language: MessageLanguage) {
        self.reader = reader
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

        let collector = OutcomeCollector(count: units.count)
        let next = Counter()
        let fatal = FatalBox()
        let slots = max(1, min(reader.slots, units.count))
        if !units.isEmpty {
            DispatchQueue.concurrentPerform(iterations: slots) { slot in
                while fatal.error == nil {
                    let i = next.next()
                    guard i < units.count else { return }
                    let unit = units[i]
                    let slotEvents = ReadEvents(stage: { observer?.stage($0, slot: slot, unit: unit) }, line: events.line)
                    do {
                        let outcome = try reader.read(unit, slot: slot, skipsDone: true, events: slotEvents)
                        collector.set(i, outcome)
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
        let summary = RunSummary(startedAt: started, outputDirectory: outputDirectory, library: libraryPath,
                                 documents: planned + collector.outcomes)
        summary.write()
        return summary
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

/// The first error that stops a run.
final class FatalBox: @unchecked Sendable {
    private var stored: IngestError?
    private let lock = NSLock()
    var error: IngestError? { lock.lock(); defer { lock.unlock() }; return stored }
    func set(_ e: IngestError) { lock.lock(); if stored == nil { stored = e }; lock.unlock() }
}
