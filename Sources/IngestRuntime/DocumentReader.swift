import Foundation
import IngestCore
import IngestPipeline

/// What a reader tells while it reads one unit.
public struct ReadEvents: Sendable {
    /// The unit entered a stage (progress: the current stage per worker).
    public var stage: @Sendable (Stage) -> Void
    /// A line for the `jsonl` sink, given once the document is done (never for a document that
    /// crashed or failed half-way).
    public var line: @Sendable (Data) -> Void
    public init(stage: @escaping @Sendable (Stage) -> Void = { _ in },
                line: @escaping @Sendable (Data) -> Void = { StandardOutput.shared.writeLine($0) }) {
        self.stage = stage; self.line = line
    }
}

/// Reads units into documents: the one protocol `convert`, `watch` and `qa` run on. `slot` is
/// the caller's worker number (0..<slots): a caller never reads two units on one slot at once,
/// and different slots read in parallel.
public protocol DocumentReader: Sendable {
    /// How many units can be read at once.
    var slots: Int { get }
    /// Reads one unit; always returns its outcome (a crash, hang or memory blow-up included), and
    /// throws only when no document can be read at all (the worker cannot start, the library
    /// cannot be opened): the caller should stop.
    func read(_ unit: ImportUnit, slot: Int, skipsDone: Bool, events: ReadEvents) throws(IngestError) -> DocumentOutcome
    /// Ends the reader's workers (idempotent).
    func close()
}

/// Reads in this process (`workers.isolation: none`, a debugger, the library's users): no crash
/// isolation and only the cooperative time limit.
public final class InProcessReader: DocumentReader, Sendable {
    public let importer: DocumentImporter
    public let slots: Int
    /// The run's cores: one per document being read, the free ones lent to OCR pages.
    public let cores: LocalCoreBudget

    public init(importer: DocumentImporter, slots: Int) {
        self.importer = importer
        self.slots = max(1, slots)
        cores = LocalCoreBudget(capacity: self.slots)
    }

    public func read(_ unit: ImportUnit, slot: Int, skipsDone: Bool, events: ReadEvents) throws(IngestError) -> DocumentOutcome {
        var importer = self.importer
        importer.skipsDone = skipsDone
        cores.take()
        defer { cores.giveBack() }
        importer.pipeline.cores = cores
        // The jsonl sink's lines are written as the document is handed off (the order of the
        // steps already guarantees nothing is handed on for a failed document).
        importer.pipeline.lineOutput = events.line
        return importer.process(unit, stage: events.stage)
    }

    public func close() {}
}
