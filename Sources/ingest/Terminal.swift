import Foundation
import IngestPipeline

/// Writes to standard error (messages, progress); standard output is kept for results.
enum Terminal {
    static let stderrIsTTY = isatty(2) == 1

    static func error(_ s: String) {
        FileHandle.standardError.write(Data((s + "\n").utf8))
    }
    static func out(_ s: String) {
        FileHandle.standardOutput.write(Data((s + "\n").utf8))
    }
}

/// Draws a one-line progress bar on a terminal's standard error; prints nothing otherwise.
/// With `--jsonl`, emits one JSON event per document on standard output instead.
final class ProgressDisplay: RunObserver, @unchecked Sendable {
    let bar: Bool
    let jsonl: Bool
    private let lock = NSLock()
    private let start = Date()

    init(bar: Bool, jsonl: Bool) { self.bar = bar; self.jsonl = jsonl }

    func started(total: Int) {
        if jsonl { emit(["event": "start", "total": total]) }
    }

    func finished(_ outcome: DocumentOutcome, done: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        if jsonl {
            var event: [String: Any] = ["event": "document", "status": outcome.status.rawValue,
                                        "sources": outcome.sources, "done": done, "total": total,
                                        "milliseconds": (outcome.milliseconds * 10).rounded() / 10]
            if let o = outcome.output { event["output"] = o }
            if let id = outcome.id { event["id"] = id }
            if let r = outcome.readiness { event["readiness"] = r.rawValue }
            if let e = outcome.error { event["code"] = e.code.rawValue; event["message"] = e.message }
            if let d = outcome.duplicateOf { event["duplicateOf"] = d.id }
            emit(event)
        }
        if bar {
            let width = 30
            let filled = total == 0 ? width : width * done / total
            let name = outcome.sources.first.map { $0.count > 40 ? "…" + $0.suffix(39) : $0 } ?? ""
            let line = "\r[" + String(repeating: "█", count: filled) + String(repeating: "·", count: width - filled)
                + "] \(done)/\(total) \(name)"
            FileHandle.standardError.write(Data((line.padding(toLength: 100, withPad: " ", startingAt: 0)).utf8))
            if done == total { FileHandle.standardError.write(Data("\r".utf8) + Data(String(repeating: " ", count: 100).utf8) + Data("\r".utf8)) }
        }
    }

    func emit(_ object: [String: Any]) {
        if let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
            FileHandle.standardOutput.write(data + Data([0x0A]))
        }
    }
}
