import Foundation

/// The watch on a child process while it does one piece of work (a worker's unit, a recogniser's
/// page): its time, and its resident size every `sampleInterval`, checked between the frames it
/// sends. A child past either limit is reported, not killed here: its parent ends it and says why
/// in its own terms (`run.timeout`/`run.memory` for a unit, `ocr.engine` for a page).
struct Watchdog {
    /// How often the resident size is sampled.
    static let sampleInterval = 0.05

    enum Event {
        case frame(Frame)
        /// The child closed its channel (it died, or exited).
        case closed
        case overTime
        case overMemory
    }

    let process: ChildProcess
    private let deadline: UInt64
    private let memoryLimitBytes: Int
    private var nextSample: UInt64

    /// Watches `process` for `seconds` from now, at most `memoryLimitBytes` resident.
    init(_ process: ChildProcess, seconds: Double, memoryLimitBytes: Int) {
        self.process = process
        let now = DispatchTime.now().uptimeNanoseconds
        deadline = now + UInt64(max(0, seconds) * 1e9)
        self.memoryLimitBytes = memoryLimitBytes
        nextSample = now + UInt64(Self.sampleInterval * 1e9)
    }

    /// The child's next frame, or the limit it went past first; waits on the channel, never longer
    /// than the next sample or the deadline.
    mutating func next() -> Event {
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline { return .overTime }
            if now >= nextSample {
                nextSample = now + UInt64(Self.sampleInterval * 1e9)
                if process.residentBytes > memoryLimitBytes { return .overMemory }
            }
            switch process.channel.receive(timeout: Double(min(deadline, nextSample) - now) / 1e9) {
            case .timedOut: continue
            case .frame(let f): return .frame(f)
            case .closed: return .closed
            }
        }
    }
}
