import CProcess
import Foundation
import Glibc
import IngestCore

/// One message between the supervising process and a worker: a type byte and a payload.
struct Frame: Sendable {
    enum Kind: UInt8, Sendable {
        /// supervisor → worker: the worker's configuration (`WorkerHello`).
        case hello = 0x48           // H
        /// supervisor → worker: read one unit (`WorkerRequest`).
        case read = 0x52            // R
        /// worker → supervisor: ready for documents.
        case ready = 0x59           // Y
        /// worker → supervisor: cannot work at all (configuration, library); `IngestError` as JSON.
        case fatal = 0x46           // F
        /// worker → supervisor: the document entered a stage (its raw name).
        case stage = 0x53           // S
        /// worker → supervisor: a line for the `jsonl` sink, written by the supervisor when the document is done.
        case line = 0x4C            // L
        /// worker → supervisor: the document's outcome (JSON).
        case done = 0x44            // D
        /// worker → supervisor: may one more OCR page be read at once? (see `CoreBudget`)
        case coreWanted = 0x43      // C
        /// supervisor → worker: the answer to `coreWanted`, one byte: 1 a core is lent, 0 none is free.
        case coreGiven = 0x47       // G
        /// worker → supervisor: a lent core is given back.
        case coreBack = 0x42        // B
    }
    var kind: Kind
    var payload: Data
}

/// A private, framed channel over a Unix socket (the worker's fd 3), so standard output stays the
/// user's. Frames are `[kind: 1 byte][length: 4 bytes, little-endian][payload]`; nothing is escaped,
/// so a document of megabytes for the `jsonl` sink crosses as it is.
final class WorkerChannel: @unchecked Sendable {
    let fd: Int32
    private var buffer = [UInt8]()
    private var start = 0
    /// One receive buffer for the channel's life (a new 64 KB array per receive cost more than the
    /// message it carried).
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// Frames are sent whole even from several threads (a worker's OCR threads ask for cores
    /// while its main thread reports stages).
    private let sendLock = NSLock()

    init(fd: Int32) { self.fd = fd }
    deinit { close(fd) }

    /// A connected pair: (supervisor end, worker end), both close-on-exec.
    static func pair() throws -> (Int32, Int32) {
        var fds: [Int32] = [0, 0]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &fds) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
        }
        return (fds[0], fds[1])
    }

    /// Sends one frame; false when the other side is gone.
    @discardableResult
    func send(_ kind: Frame.Kind, _ payload: Data = Data()) -> Bool {
        // Header and payload in one write: the other side wakes once per frame, not twice.
        var frame = [UInt8](repeating: 0, count: 5)
        frame.reserveCapacity(5 + payload.count)
        frame[0] = kind.rawValue
        let n = UInt32(payload.count)
        for i in 0..<4 { frame[1 + i] = UInt8((n >> (8 * UInt32(i))) & 0xFF) }
        frame.append(contentsOf: payload)
        sendLock.lock(); defer { sendLock.unlock() }
        return frame.withUnsafeBytes { writeAll($0) }
    }

    private func writeAll(_ raw: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < raw.count {
            // MSG_NOSIGNAL: a worker that died gives EPIPE here, never SIGPIPE.
            let n = Glibc.send(fd, raw.baseAddress! + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
            if n < 0 { if errno == EINTR { continue }; return false }
            offset += n
        }
        return true
    }

    enum Received { case frame(Frame), timedOut, closed }

    /// The next frame, waiting at most `timeout` seconds (nil: as long as it takes).
    func receive(timeout: Double?) -> Received {
        let until = timeout.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) }
        while true {
            if let frame = takeFrame() { return .frame(frame) }
            var wait: Int32 = -1
            if let until {
                let now = DispatchTime.now().uptimeNanoseconds
                if now >= until { return .timedOut }
                wait = Int32(min(Double(Int32.max), (Double(until - now) / 1e6).rounded(.up)))
            }
            var p = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let r = poll(&p, 1, wait)
            if r < 0 { if errno == EINTR { continue }; return .closed }
            if r == 0 { continue }   // the loop checks the time again
            let n = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress!, 65536, 0) }
            if n < 0 { if errno == EINTR || errno == EAGAIN { continue }; return .closed }
            if n == 0 { return .closed }
            if start > 0 && start == buffer.count { buffer.removeAll(keepingCapacity: true); start = 0 }
            buffer.append(contentsOf: chunk[0..<n])
        }
    }

    private func takeFrame() -> Frame? {
        let available = buffer.count - start
        guard available >= 5 else { return nil }
        var length = 0
        for i in 0..<4 { length |= Int(buffer[start + 1 + i]) << (8 * i) }
        guard available >= 5 + length else { return nil }
        let kind = Frame.Kind(rawValue: buffer[start]) ?? .fatal
        let payload = Data(buffer[(start + 5)..<(start + 5 + length)])
        start += 5 + length
        if start > 1 << 20 { buffer.removeSubrange(0..<start); start = 0 }
        return Frame(kind: kind, payload: payload)
    }
}

/// A worker's side of the run's core budget: each question crosses the channel to the supervisor,
/// which holds the budget of every worker (`SubprocessReader`) and takes back what a dead worker
/// held. Asked only while a unit is read, when nothing else reads the channel in the worker.
final class ChannelCoreBudget: CoreBudget, @unchecked Sendable {
    private let channel: WorkerChannel
    private let lock = NSLock()
    init(channel: WorkerChannel) { self.channel = channel }

    func tryTake() -> Bool {
        lock.lock(); defer { lock.unlock() }
        guard channel.send(.coreWanted) else { return false }
        while true {
            switch channel.receive(timeout: nil) {
            case .frame(let f) where f.kind == .coreGiven: return f.payload.first == 1
            case .frame: continue   // nothing else is sent while a unit is read
            case .timedOut, .closed: return false
            }
        }
    }

    func giveBack() { channel.send(.coreBack) }
}
