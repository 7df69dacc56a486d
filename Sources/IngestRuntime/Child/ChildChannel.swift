import CProcess
import Foundation
import Synchronization
import Glibc
import IngestCore

/// One message between a parent and its child (a supervisor and its worker, a worker and its recogniser): a type byte and a payload.
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
        /// worker → supervisor: may one more page be read at once? (see `CoreBudget`) Payload: empty,
        /// answered at once; one byte 1, answered when a core is free or the question withdrawn.
        case coreWanted = 0x43      // C
        /// supervisor → worker: the answer to `coreWanted`, one byte: 1 a core is lent, 0 none is.
        case coreGiven = 0x47       // G
        /// worker → supervisor: the waiting `coreWanted` is withdrawn (no page left); answered
        /// with `coreGiven` 0 unless a core was given already.
        case coreWithdrawn = 0x57   // W
        /// worker → supervisor: a lent core is given back.
        case coreBack = 0x42        // B
        /// worker → recogniser (`ingest _ocr`): read this page (see `RemoteRecognition` in IngestOCR).
        case recognize = 0x4F       // O
        /// recogniser → worker: the page read, or why not.
        case recognized = 0x50      // P
    }
    var kind: Kind
    var payload: Data
}

/// A private, framed channel over a Unix socket (the worker's fd 3), so standard output stays the
/// user's. Frames are `[kind: 1 byte][length: 4 bytes, little-endian][payload]`; nothing is escaped,
/// so a document of megabytes for the `jsonl` sink crosses as it is.
// @unchecked: the receive buffer (`buffer`, `start`, `chunk`, `largeFrameCut`) belongs to the one
// thread that reads the channel, by protocol rather than by type; sends share `sendLock`.
final class ChildChannel: @unchecked Sendable {
    let fd: Int32
    private var buffer = [UInt8]()
    private var start = 0
    /// One receive buffer for the channel's life (a new 64 KB array per receive cost more than the
    /// message it carried).
    private var chunk = [UInt8](repeating: 0, count: 65536)
    /// Frames are sent whole even from several threads (a worker's OCR threads ask for cores
    /// while its main thread reports stages).
    private let sendLock = NSLock()
    /// The other side closed in the middle of a large frame.
    private var largeFrameCut = false

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
        send(kind, parts: [payload])
    }

    /// Sends one frame whose payload is `parts` one after the other, without copying them (a page
    /// image crosses from its own memory).
    @discardableResult
    func send(_ kind: Frame.Kind, parts: [Data]) -> Bool {
        let total = parts.reduce(0) { $0 + $1.count }
        guard total <= Int(UInt32.max) else { return false }   // a frame says its length in 4 bytes
        var header = [UInt8](repeating: 0, count: 5)
        header[0] = kind.rawValue
        let n = UInt32(total)
        for i in 0..<4 { header[1 + i] = UInt8((n >> (8 * UInt32(i))) & 0xFF) }
        sendLock.lock(); defer { sendLock.unlock() }
        // Header and payload in one call: the other side wakes once per frame, not twice.
        return header.withUnsafeBytes { head in writeAll([head], parts[...]) }
    }

    /// Writes `buffers`, then each of `rest` (every `Data` reached through its own bytes).
    private func writeAll(_ buffers: [UnsafeRawBufferPointer], _ rest: ArraySlice<Data>) -> Bool {
        if let next = rest.first {
            return next.withUnsafeBytes { writeAll(buffers + [$0], rest.dropFirst()) }
        }
        var iov = buffers.filter { $0.count > 0 }.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
        var first = 0
        while first < iov.count {
            let n = iov[first...].withUnsafeMutableBufferPointer { v -> Int in
                var message = msghdr()
                message.msg_iov = v.baseAddress
                message.msg_iovlen = v.count
                // MSG_NOSIGNAL: a worker that died gives EPIPE here, never SIGPIPE.
                return sendmsg(fd, &message, Int32(MSG_NOSIGNAL))
            }
            if n < 0 { if errno == EINTR { continue }; return false }
            var written = n
            while first < iov.count, written >= iov[first].iov_len { written -= iov[first].iov_len; first += 1 }
            if written > 0 {
                iov[first].iov_base = iov[first].iov_base.map { $0 + written }
                iov[first].iov_len -= written
            }
        }
        return true
    }

    enum Received { case frame(Frame), timedOut, closed }

    /// The next frame, waiting at most `timeout` seconds (nil: as long as it takes).
    func receive(timeout: Double?) -> Received {
        let until = timeout.map { DispatchTime.now().uptimeNanoseconds + UInt64(max(0, $0) * 1e9) }
        while true {
            if let frame = takeFrame() { return .frame(frame) }
            if largeFrameCut { return .closed }
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
        if length >= Self.directBytes && available < 5 + length { return takeLargeFrame(length) }
        guard available >= 5 + length else { return nil }
        let kind = Frame.Kind(rawValue: buffer[start]) ?? .fatal
        let payload = Data(buffer[(start + 5)..<(start + 5 + length)])
        start += 5 + length
        if start > 1 << 20 { buffer.removeSubrange(0..<start); start = 0 }
        return Frame(kind: kind, payload: payload)
    }

    /// Frames at least this large are read straight into their payload (a page image: one copy
    /// of it in this process, not the receive buffer's and the payload's).
    static let directBytes = 1 << 20

    /// The frame of `length` bytes that starts the buffer, read to its end into its own payload;
    /// nil when the other side closes before.
    private func takeLargeFrame(_ length: Int) -> Frame? {
        let kind = Frame.Kind(rawValue: buffer[start]) ?? .fatal
        var payload = Data(count: length)
        let have = buffer.count - start - 5
        var filled = have
        payload.withUnsafeMutableBytes { out in
            buffer.withUnsafeBytes { b in out.baseAddress!.copyMemory(from: b.baseAddress! + start + 5, byteCount: have) }
            while filled < length {
                let n = recv(fd, out.baseAddress! + filled, length - filled, 0)
                if n < 0 { if errno == EINTR || errno == EAGAIN { continue }; break }
                if n == 0 { break }
                filled += n
            }
        }
        buffer = []
        start = 0
        guard filled == length else { largeFrameCut = true; return nil }
        return Frame(kind: kind, payload: payload)
    }
}

/// A worker's side of the run's core budget: each question crosses the channel to the supervisor,
/// which holds the budget of every worker (`SubprocessReader`) and takes back what a dead worker
/// held. Asked only while a unit is read, when nothing else reads the channel in the worker.
///
/// `take(orUntil:)` asks the supervisor to answer when a core is free; the thread waits on the
/// channel for that answer. `wakeWaiters` withdraws the question (the work is done) and the
/// supervisor answers it at once: 0, or 1 if it had just given a core, which is then given back.
final class ChannelCoreBudget: CoreBudget, Sendable {
    private let channel: ChildChannel
    /// One question at a time: its answer is the next `coreGiven` on the channel. A second thread
    /// that wants a core waits for the first question's answer.
    private let asking = Mutex(())
    /// The question waiting for a core (`take(orUntil:)`): open, and whether it was withdrawn.
    private let waiting = Mutex((open: false, withdrawn: false))
    init(channel: ChildChannel) { self.channel = channel }

    func tryTake() -> Bool { asking.withLock { _ in channel.send(.coreWanted) && answer() } }

    func take(orUntil isDone: () -> Bool) -> Bool {
        asking.withLock { _ in
            // Asked and withdrawn under `waiting`: a withdrawal never goes before its question.
            let asked = waiting.withLock { w in
                guard !isDone(), channel.send(.coreWanted, Data([1])) else { return false }
                w = (open: true, withdrawn: false)
                return true
            }
            guard asked else { return false }
            let given = answer()
            waiting.withLock { $0.open = false }
            if given && isDone() { giveBack(); return false }
            return given
        }
    }

    func wakeWaiters() {
        waiting.withLock { w in
            guard w.open, !w.withdrawn else { return }
            w.withdrawn = true
            channel.send(.coreWithdrawn)
        }
    }

    private func answer() -> Bool {
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
