import Foundation
import Synchronization
import IngestCore
import IngestPipeline
import IngestRuntime

/// Progress of a run. On a terminal: one line on standard error, redrawn at most 10 times a
/// second — done/total, rate, time left, and what each worker is doing (`1 OCR scan.pdf`), in the
/// run's language. With `--jsonl`: one JSON event per document on standard output instead.
/// Otherwise quiet.
final class ProgressDisplay: RunObserver, Sendable {
    let bar: Bool
    let jsonl: Bool
    let language: MessageLanguage
    private let start = DispatchTime.now().uptimeNanoseconds
    private struct State {
        var lastDraw: UInt64 = 0
        var current: [(stage: Stage, name: String)?]
        var done = 0, total = 0
        var drawn = false
    }
    private let state: Mutex<State>

    init(bar: Bool, jsonl: Bool, slots: Int, language: MessageLanguage = .current) {
        self.bar = bar; self.jsonl = jsonl; self.language = language
        state = Mutex(State(current: Array(repeating: nil, count: max(1, slots))))
    }

    func started(total: Int) {
        state.withLock { $0.total = total }
        if jsonl { Self.emit(["event": .string("start"), "total": .int(total)]) }
    }

    func stage(_ stage: Stage, slot: Int, unit: ImportUnit) {
        guard bar else { return }
        state.withLock { s in
            if slot < s.current.count { s.current[slot] = (stage, unit.displayName) }
            draw(&s, force: false)
        }
    }

    func finished(_ outcome: DocumentOutcome, done: Int, total: Int) {
        state.withLock { s in
            s.done = done
            if jsonl {
                Self.emit(Self.documentEvent(outcome).merging(["done": .int(done), "total": .int(total)]) { a, _ in a })
            }
            if bar {
                if done == total { clear(&s) } else { draw(&s, force: false) }
            }
        }
    }

    /// Removes the bar (before a message or the final report).
    func clear() { state.withLock { clear(&$0) } }

    private func clear(_ s: inout State) {
        guard s.drawn else { return }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: Self.width) + "\r").utf8))
        s.drawn = false
    }

    static let width = 110

    private func draw(_ s: inout State, force: Bool) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard force || now - s.lastDraw > 100_000_000 else { return }
        s.lastDraw = now
        let line = Self.line(done: s.done, total: s.total, seconds: Double(now - start) / 1e9,
                             current: s.current, language: language)
        FileHandle.standardError.write(Data(("\r" + line).utf8))
        s.drawn = true
    }

    /// The progress line, padded or cut to `width`: `[██····] 3/10 · 1.2/s · 4 s left · 1 OCR scan.pdf`.
    static func line(done: Int, total: Int, seconds: Double, current: [(stage: Stage, name: String)?],
                     language: MessageLanguage) -> String {
        let filled = total == 0 ? 20 : 20 * done / total
        var line = "[" + String(repeating: "█", count: filled) + String(repeating: "·", count: 20 - filled) + "] \(done)/\(total)"
        if done > 0 && seconds > 0.5 {
            let rate = Double(done) / seconds
            // A decimal comma in French.
            let figure = String(format: "%.1f", rate)
            line += " · " + (language == .fr ? figure.replacingOccurrences(of: ".", with: ",") : figure) + "/s"
            if rate > 0 {
                line += " · " + MessageCatalog.message(.terminalTimeLeft, language,
                                                        ["duration": duration(Double(total - done) / rate)])
            }
        }
        for (slot, c) in current.enumerated() {
            guard let c else { continue }
            let name = c.name.count > 24 ? "…" + c.name.suffix(23) : c.name
            line += " · \(slot + 1) " + MessageCatalog.message(.terminalStage(c.stage.rawValue), language) + " \(name)"
        }
        return line.count > width ? String(line.prefix(width)) : line.padding(toLength: width, withPad: " ", startingAt: 0)
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
