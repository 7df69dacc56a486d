import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// A running `ingest watch --jsonl` whose events are read as they come. Every wait is on the
/// stream itself (a condition signalled by each line and by the end of the output), never a
/// sleep: the deadline only bounds a watcher that says nothing.
final class WatchEventStream: @unchecked Sendable {
    let process = Process()
    let stderr = Pipe()
    private let condition = NSCondition()
    private var lines: [JSONValue] = []
    private var buffer = Data()
    private var ended = false

    init(binary: URL, arguments: [String]) throws {
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(["INGEST_CONFIG": ""]) { _, b in b }
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = stderr
        stderr.fileHandleForReading.readabilityHandler = { h in _ = h.availableData }
        pipe.fileHandleForReading.readabilityHandler = { [weak self] h in
            let data = h.availableData
            guard let self else { return }
            self.condition.lock(); defer { self.condition.unlock() }
            if data.isEmpty {
                self.ended = true
                h.readabilityHandler = nil
            }
            self.buffer.append(data)
            while let nl = self.buffer.firstIndex(of: 0x0A) {
                if let v = try? JSONValue.parse(Data(self.buffer[self.buffer.startIndex..<nl])) { self.lines.append(v) }
                self.buffer.removeSubrange(self.buffer.startIndex...nl)
            }
            self.condition.broadcast()
        }
        try process.run()
    }

    var events: [JSONValue] { condition.lock(); defer { condition.unlock() }; return lines }

    /// Waits until `holds` is true of the events so far (checked at each new line), the output
    /// ends, or `seconds` pass. Returns whether it holds.
    @discardableResult
    func wait(_ seconds: Double, _ holds: ([JSONValue]) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock(); defer { condition.unlock() }
        while !holds(lines) {
            if ended || !condition.wait(until: deadline) { return holds(lines) }
        }
        return true
    }

    /// Sends `signal`, reaps the watcher and reads its output to the end (what it wrote before
    /// it died is still in the pipe).
    func stop(_ signal: Int32) {
        kill(process.processIdentifier, signal)
        process.waitUntilExit()
        _ = wait(10) { _ in false }
    }
}
