import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

/// The verdict lines of a run on the terminal, each with its reason: why a document is not ready
/// (its readiness message, which a re-run that skips it says too), of what and where a duplicate
/// is, what failed and why.
enum Verdicts {
    static func lines(_ s: RunSummary, language: MessageLanguage) -> [String] {
        // Every document is named in a small run; in a large one only those that need attention.
        let listAll = s.counts.total <= 30
        var lines: [String] = []
        for d in s.documents {
            let name = d.sources.joined(separator: " + ")
            func say(_ code: ErrorCode, _ arguments: [String: String]) -> String {
                MessageCatalog.message(code, language, arguments.merging(["name": name]) { a, _ in a })
            }
            switch d.status {
            case .failed:
                lines.append("  ✗ " + say(.cliVerdictFailed, ["reason": d.error?.message ?? "", "code": d.error?.code.rawValue ?? ""]))
            case .partial:
                lines.append("  ◐ " + say(.cliVerdictPartial, ["output": d.output ?? "", "reason": d.error?.message ?? ""]))
            // A duplicate skipped on a re-run is named again in a small run, with what it repeats.
            case .duplicate, .skipped where d.duplicateOf != nil && listAll:
                let of = d.duplicateOf
                // A near-duplicate says how similar it is (an exact one is the same text).
                if let of, of.kind == .near {
                    lines.append("  = " + say(.cliVerdictNearDuplicate, ["title": of.title, "source": of.source,
                                                                        "percent": String(Int((of.similarity * 100).rounded(.down)))]))
                } else {
                    lines.append("  = " + say(.cliVerdictDuplicate, ["title": of?.title ?? "", "source": of?.source ?? ""]))
                }
            case .succeeded where d.readiness == .notReady, .skipped where d.readiness == .notReady:
                let reason = d.readinessMessage ?? MessageCatalog.message(.cliReadinessNotReady, language)
                lines.append("  ! " + say(.cliVerdictNotReady, ["reason": reason, "output": d.output ?? ""]))
            case .succeeded: if listAll { lines.append("  ✓ \(name) → \(d.output ?? "")") }
            case .skipped: continue
            }
        }
        return lines
    }
}
