import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

/// Progress of a run. On a terminal: one line on standard error, redrawn at most 10 times a
/// second — done/total, rate, time left, and what each worker is doing (`1 ocr scan.pdf`).
/// With `--jsonl`: one JSON event per document on standard output instead. Otherwise quiet.
final class ProgressDisplay: RunObserver, @unchecked Sendable {
    let bar: Bool
    let jsonl: Bool
    private let lock = NSLock()
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDraw: UInt64 = 0
    private var current: [(stage: Stage, name: String)?]
    private var done = 0, total = 0
    private var drawn = false

    init(bar: Bool, jsonl: Bool, slots: Int) {
        self.bar = bar; self.jsonl = jsonl
        current = Array(repeating: nil, count: max(1, slots))
    }

    func started(total: Int) {
        lock.lock(); self.total = total; lock.unlock()
        if jsonl { Self.emit(["event": .string("start"), "total": .int(total)]) }
    }

    func stage(_ stage: Stage, slot: Int, unit: ImportUnit) {
        guard bar else { return }
        lock.lock(); defer { lock.unlock() }
        if slot < current.count { current[slot] = (stage, unit.displayName) }
        draw(force: false)
    }

    func finished(_ outcome: DocumentOutcome, done: Int, total: Int) {
        lock.lock(); defer { lock.unlock() }
        self.done = done
        if jsonl {
            Self.emit(Self.documentEvent(outcome).merging(["done": .int(done), "total": .int(total)]) { a, _ in a })
        }
        if bar {
            if done == total { clearLocked() } else { draw(force: false) }
        }
    }

    /// Removes the bar (before a message or the final report).
    func clear() { lock.lock(); clearLocked(); lock.unlock() }

    private func clearLocked() {
        guard drawn else { return }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: Self.width) + "\r").utf8))
        drawn = false
    }

    static let width = 110

    private func draw(force: Bool) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard force || now - lastDraw > 100_000_000 else { return }
        lastDraw = now
        let seconds = Double(now - start) / 1e9
        let rate = seconds > 0 ? Double(done) / seconds : 0
        let filled = total == 0 ? 20 : 20 * done / total
        var line = "\r[" + String(repeating: "█", count: filled) + String(repeating: "·", count: 20 - filled) + "] \(done)/\(total)"
        if done > 0 && seconds > 0.5 {
            line += String(format: " · %.1f/s", rate)
            if rate > 0 { line += " · " + Self.duration(Double(total - done) / rate) + " left" }
        }
        for (slot, c) in current.enumerated() {
            guard let c else { continue }
            let name = c.name.count > 24 ? "…" + c.name.suffix(23) : c.name
            line += " · \(slot + 1) \(c.stage.rawValue) \(name)"
        }
        let visible = line.count > Self.width ? String(line.prefix(Self.width)) : line.padding(toLength: Self.width, withPad: " ", startingAt: 0)
        FileHandle.standardError.write(Data(visible.utf8))
        drawn = true
    }

    static func duration(_ s: Double) -> String {
        if s < 60 { return "\(Int(s.rounded())) s" }
        if s < 3600 { return "\(Int(s / 60)) min \(Int(s.truncatingRemainder(dividingBy: 60))) s" }
        return "\(Int(s / 3600)) h \(Int((s / 60).truncatingRemainder(dividingBy: 60))) min"
    }

    /// A document's outcome as a `--jsonl` event (convert and watch print the same fields).
    static func documentEvent(_ outcome: DocumentOutcome) -> [String: JSONValue] {
        var event: [String: JSONValue] = ["event": .string("document"), "status": .string(outcome.status.rawValue),
                                          "sources": .array(outcome.sources.map(JSONValue.string)),
                                          "milliseconds": .double((outcome.milliseconds * 10).rounded() / 10)]
        if let o = outcome.output { event["output"] = .string(o) }
        if let id = outcome.id { event["id"] = .string(id) }
        if let k = outcome.kind { event["kind"] = .string(k) }
        if let r = outcome.readiness { event["readiness"] = .string(r.rawValue) }
        if let e = outcome.error { event["code"] = .string(e.code.rawValue); event["message"] = .string(e.message) }
        if let d = outcome.duplicateOf { event["duplicateOf"] = .string(d.id) }
        return event
    }

    /// One `--jsonl` event line on standard output, keys sorted, written by the project's own
    /// encoder (Foundation's JSONSerialization cost a watcher draining 1,000 files a fifth of its time).
    static func emit(_ object: [String: JSONValue]) {
        if let data = try? StreamingJSONEncoder.encode(JSONValue.object(object), pretty: false) {
            StandardOutput.shared.writeLine(data)
        }
    }
}
