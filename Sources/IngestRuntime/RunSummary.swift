import Foundation
import IngestCore
import IngestPipeline

/// What a run reports at the end; `summary.json` holds it with every document's outcome.
public struct RunSummary: Sendable {
    public struct Counts: Codable, Sendable, Equatable {
        /// `succeeded` counts documents ready (or short); a document that is *not ready* was
        /// written but is not a success: it is counted in `notReady`; one with pages that could
        /// not be read in `partial`.
        public var total = 0, succeeded = 0, partial = 0, notReady = 0, duplicates = 0, skipped = 0, failed = 0
        public init() {}

        mutating func add(_ o: DocumentOutcome) {
            total += 1
            switch o.status {
            case .succeeded where o.readiness == .notReady: notReady += 1
            case .succeeded: succeeded += 1
            case .partial: partial += 1
            case .duplicate: duplicates += 1
            case .skipped where o.readiness == .notReady: notReady += 1
            case .skipped: skipped += 1
            case .failed: failed += 1
            }
        }
    }
    public struct TableRow: Sendable, Equatable {
        public var kind: String
        public var outcome: String
        public var count: Int
    }
    public var pipelineVersion: String
    public var startedAt: String
    public var finishedAt: String
    public var outputDirectory: String
    /// The library file (absolute) and the caches' folder of the run: where things are.
    public var library: String?
    public var cache: String?
    public var counts: Counts
    /// Outcomes by kind (`pdf`, `docx`, `?` when unknown) and status or error code.
    public var table: [TableRow]
    /// The documents a person must see (failed, not ready, duplicates) and the first few others,
    /// in input order; `summary.json` lists every one.
    public var documents: [DocumentOutcome]
    /// What the HTTP sink delivered and what is still pending or refused (nil for other sinks).
    public var delivery: DeliveryReport?

    public init(startedAt: String, outputDirectory: URL, library: String?, counts: Counts, table: [TableRow],
                documents: [DocumentOutcome]) {
        pipelineVersion = Pipeline.version
        self.startedAt = startedAt
        finishedAt = Timestamp.iso8601()
        self.outputDirectory = outputDirectory.path
        self.library = library
        self.counts = counts
        self.table = table
        self.documents = documents
    }

    /// Every document that needs attention (failed or not ready) makes the run's exit status 1.
    /// A delivery still pending or refused does too (`ingest deliver` sends what is pending).
    public var needsAttention: Bool {
        counts.failed > 0 || counts.partial > 0 || counts.notReady > 0 || delivery?.needsAttention == true
    }

    static func outcomeName(_ d: DocumentOutcome) -> String {
        switch d.status {
        case .failed: return d.error?.code.rawValue ?? "failed"
        case .succeeded where d.readiness == .notReady, .skipped where d.readiness == .notReady: return "notReady"
        default: return d.status.rawValue
        }
    }

    static func rows(_ byKind: [String: [String: Int]]) -> [TableRow] {
        byKind.keys.sorted().flatMap { kind in
            byKind[kind]!.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
                .map { TableRow(kind: kind, outcome: $0.key, count: $0.value) }
        }
    }

    /// Writes `summary.json` atomically into the output folder: this summary's fields, then
    /// `documents` with every outcome (given as their compact JSON, in input order).
    func write(documents: [Data]) {
        let url = URL(fileURLWithPath: outputDirectory).appendingPathComponent("summary.json")
        var head: [String: JSONValue] = [
            "pipelineVersion": .string(pipelineVersion), "startedAt": .string(startedAt), "finishedAt": .string(finishedAt),
            "outputDirectory": .string(outputDirectory),
            "counts": .object(["total": .int(counts.total), "succeeded": .int(counts.succeeded), "partial": .int(counts.partial),
                               "notReady": .int(counts.notReady), "duplicates": .int(counts.duplicates), "skipped": .int(counts.skipped), "failed": .int(counts.failed)]),
        ]
        if let library { head["library"] = .string(library) }
        if let cache { head["cache"] = .string(cache) }
        if let delivery, let data = try? StreamingJSONEncoder.encode(delivery, pretty: false), let value = try? JSONValue.parse(data) {
            head["delivery"] = value
        }
        guard var bytes = try? StreamingJSONEncoder.encode(JSONValue.object(head), pretty: true),
              let close = bytes.lastIndex(of: UInt8(ascii: "}")) else { return }
        bytes.removeSubrange(close...)
        while let last = bytes.last, last == 0x0A || last == 0x20 { bytes.removeLast() }
        bytes.append(contentsOf: Array(",\n  \"documents\" : [\n".utf8))
        for (i, d) in documents.enumerated() {
            bytes.append(contentsOf: Array("    ".utf8))
            bytes.append(d)
            bytes.append(contentsOf: Array((i + 1 < documents.count ? ",\n" : "\n").utf8))
        }
        bytes.append(contentsOf: Array("  ]\n}\n".utf8))
        try? OutputWriter.write(bytes, to: url)
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
