import Foundation
import IngestCore
import IngestPipeline

/// What a run reports at the end (also written as `summary.json`).
public struct RunSummary: Codable, Sendable {
    public struct Counts: Codable, Sendable, Equatable {
        /// `succeeded` counts documents ready (or short); a document that is *not ready* was
        /// written but is not a success: it is counted in `notReady`.
        public var total = 0, succeeded = 0, notReady = 0, duplicates = 0, skipped = 0, failed = 0
        public init() {}

        mutating func add(_ o: DocumentOutcome) {
            total += 1
            switch o.status {
            case .succeeded where o.readiness == .notReady: notReady += 1
            case .succeeded: succeeded += 1
            case .duplicate: duplicates += 1
            case .skipped where o.readiness == .notReady: notReady += 1
            case .skipped: skipped += 1
            case .failed: failed += 1
            }
        }
    }
    public var pipelineVersion: String
    public var startedAt: String
    public var finishedAt: String
    public var outputDirectory: String
    public var library: String?
    public var counts: Counts
    public var documents: [DocumentOutcome]

    public init(startedAt: String, outputDirectory: URL, library: String?, documents: [DocumentOutcome]) {
        pipelineVersion = Pipeline.version
        self.startedAt = startedAt
        finishedAt = Timestamp.iso8601()
        self.outputDirectory = outputDirectory.path
        self.library = library
        var counts = Counts()
        for o in documents { counts.add(o) }
        self.counts = counts
        self.documents = documents
    }

    /// Every document that needs attention (failed or not ready) makes the run's exit status 1.
    public var needsAttention: Bool { counts.failed > 0 || counts.notReady > 0 }

    /// Outcomes by kind (`pdf`, `docx`, `?` when unknown) and by status or error code, for the
    /// final table.
    public var table: [(kind: String, outcome: String, count: Int)] {
        var counts: [String: [String: Int]] = [:]
        for d in documents {
            let outcome: String
            switch d.status {
            case .failed: outcome = d.error?.code.rawValue ?? "failed"
            case .succeeded where d.readiness == .notReady, .skipped where d.readiness == .notReady: outcome = "notReady"
            default: outcome = d.status.rawValue
            }
            counts[d.kind ?? "?", default: [:]][outcome, default: 0] += 1
        }
        return counts.keys.sorted().flatMap { kind in
            counts[kind]!.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { (kind, $0.key, $0.value) }
        }
    }

    /// Writes `summary.json` atomically into the output folder.
    public func write() {
        let url = URL(fileURLWithPath: outputDirectory).appendingPathComponent("summary.json")
        if let data = try? StreamingJSONEncoder.encode(self, pretty: true) {
            try? OutputWriter.write(data, to: url)
        }
    }
}

/// Receives progress while a run goes (the CLI draws a bar or prints JSON Lines). Called from the
/// reading threads.
public protocol RunObserver: Sendable {
    func started(total: Int)
    /// Slot `slot` began stage `stage` of `unit`.
    func stage(_ stage: Stage, slot: Int, unit: ImportUnit)
    func finished(_ outcome: DocumentOutcome, done: Int, total: Int)
}

extension RunObserver {
    public func stage(_ stage: Stage, slot: Int, unit: ImportUnit) {}
}
