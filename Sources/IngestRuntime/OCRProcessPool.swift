import CProcess
import Foundation
import Glibc
import IngestCore
import IngestOCR

/// A worker's recognisers (`OCRProcesses`): `ingest _ocr` processes, one Tesseract engine each,
/// started when a document first needs OCR and kept for the worker's life (an engine costs
/// ≈ 130 ms to make), one per OCR thread that reads at once. A recogniser that dies (a crash in
/// Tesseract) or does not answer costs its page only; the next page gets a new one.
final class OCRProcessPool: OCRProcesses, @unchecked Sendable {
    /// The executable recognisers are started from: the `ingest` executable, which says so first
    /// thing (`Runtime.enableRecognisers`). Nil in any other process (a test runner is not
    /// ingest): its workers make their engines in process.
    nonisolated(unsafe) static var executable: String?

    private let executable: String
    private let environment: [String: String]
    private let memoryLimitMB: Int
    private let condition = NSCondition()
    /// Recognisers nobody is using, by language set.
    private var idle: [String: [Recogniser]] = [:]
    /// Recognisers alive, by language set (idle or in use).
    private var alive: [String: Int] = [:]
    private var closed = false

    init(executable: String, environment: [String: String], memoryLimitMB: Int) {
        self.executable = executable
        self.environment = environment
        self.memoryLimitMB = memoryLimitMB
    }

    /// One recogniser: its process, and whether it said it is ready (its first frame).
    final class Recogniser: @unchecked Sendable {
        let process: WorkerProcess
        var isReady = false
        init(process: WorkerProcess) { self.process = process }
    }

    func start(_ count: Int, languages: String) {
        condition.lock()
        var missing = max(0, count - (alive[languages] ?? 0))
        condition.unlock()
        while missing > 0, let r = try? spawn(languages) {
            checkIn(r, languages)
            missing -= 1
        }
    }

    func ready(languages: String) throws(IngestError) {
        let r = try checkOut(languages)
        checkIn(r, languages)
    }

    func exchange(_ parts: consuming [Data], languages: String, timeout: Double, limit: Double, page: Int) throws(IngestError) -> Data {
        var r = try checkOut(languages)
        if !r.process.channel.send(.recognize, parts: parts) {
            // It died while idle (nothing of this page's doing): once more with a new one.
            _ = ended(r, languages, page: page)
            r = try checkOut(languages)
            guard r.process.channel.send(.recognize, parts: parts) else { throw ended(r, languages, page: page) }
        }
        parts = []     // the page image goes now, not when the answer comes
        // Watched as the supervisor watches a worker: its time, and its size every
        // `SubprocessReader.sampleInterval` (the supervisor sees the worker only, not its recognisers).
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(max(0, timeout) * 1e9)
        let memoryLimit = memoryLimitMB << 20
        while true {
            let now = DispatchTime.now().uptimeNanoseconds
            if now >= deadline {
                remove(r, languages)
                throw IngestError.ocrPageTimeLimit(page: page, seconds: limit)
            }
            if r.process.residentBytes > memoryLimit {
                remove(r, languages)
                throw IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonMemoryLimit, ["limit": "\(memoryLimitMB)"]), page: page)
            }
            switch r.process.channel.receive(timeout: min(Double(deadline - now) / 1e9, SubprocessReader.sampleInterval)) {
            case .timedOut: continue
            case .frame(let f) where f.kind == .recognized:
                checkIn(r, languages)
                return f.payload
            case .frame, .closed:
                throw ended(r, languages, page: page)
            }
        }
    }

    /// Ends every recogniser (closing its channel is the request) and reaps it.
    func shutdown() {
        condition.lock()
        closed = true
        let all = idle.values.flatMap { $0 }
        idle.removeAll()
        condition.unlock()
        for r in all { r.process.retire() }
    }

    // MARK: - Recognisers in and out

    /// An idle recogniser that said it is ready, or a new one; throws why none can read.
    private func checkOut(_ languages: String) throws(IngestError) -> Recogniser {
        condition.lock()
        let found = idle[languages]?.popLast()
        condition.unlock()
        let r: Recogniser
        if let found { r = found } else {
            do { r = try spawn(languages) } catch { throw IngestError.wrap(error) }
        }
        guard !r.isReady else { return r }
        switch r.process.channel.receive(timeout: Self.startSeconds) {
        case .frame(let f) where f.kind == .ready:
            r.isReady = true
            return r
        case .frame(let f) where f.kind == .fatal:
            r.process.retire()
            discard(r, languages)
            throw (try? JSONDecoder().decode(IngestError.self, from: f.payload))
                ?? IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonCouldNotStart))
        case .timedOut:
            remove(r, languages)
            throw IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonStartTimeout, ["seconds": "\(Int(Self.startSeconds))"]))
        case .frame, .closed:
            throw ended(r, languages, page: nil)
        }
    }

    private func checkIn(_ r: Recogniser, _ languages: String) {
        condition.lock()
        if closed {
            condition.unlock()
            r.process.retire()
            discard(r, languages)
            return
        }
        idle[languages, default: []].append(r)
        condition.unlock()
    }

    private func discard(_ r: Recogniser, _ languages: String) {
        condition.lock()
        alive[languages] = max(0, (alive[languages] ?? 1) - 1)
        condition.unlock()
    }

    /// Kills a recogniser (if it still runs), reaps it and forgets it; says how it ended.
    @discardableResult
    private func remove(_ r: Recogniser, _ languages: String) -> WorkerProcess.Exit {
        r.process.kill()
        let exit = r.process.wait()
        discard(r, languages)
        return exit
    }

    /// The error for a recogniser that ended without answering (reaped here).
    private func ended(_ r: Recogniser, _ languages: String, page: Int?) -> IngestError {
        let exit = remove(r, languages)
        let reason = ["reason": MessageCatalog.message(.ocrReasonProcessEnded, .en, ["how": exit.how(.en)]),
                      "reason@fr": MessageCatalog.message(.ocrReasonProcessEnded, .fr, ["how": exit.how(.fr)])]
        return IngestError(.ocrEngineFailed, reason, page: page)
    }

    private func spawn(_ languages: String) throws -> Recogniser {
        // From the spawner thread: a recogniser dies with the thread that started it (`Spawner`).
        let (executable, environment) = (self.executable, self.environment)
        let process = try Spawner.shared.run {
            try WorkerProcess.spawn(executable: executable, arguments: [OCRServer.command], environment: environment)
        }
        let hello = OCRServer.Hello(languages: languages, memoryLimitMB: memoryLimitMB)
        process.channel.send(.hello, (try? JSONEncoder().encode(hello)) ?? Data())
        condition.lock()
        alive[languages, default: 0] += 1
        condition.unlock()
        return Recogniser(process: process)
    }

    /// How long a recogniser may take to start and make its engine.
    static let startSeconds = 60.0
}

/// The recogniser (`ingest _ocr`, hidden): started by a worker (`OCRProcessPool`), reads its
/// languages on fd 3, makes its engine, says it is ready (or why it cannot be), then reads one
/// page per request until the channel closes. It dies with the worker.
public enum OCRServer {
    public static let command = "_ocr"
    /// Fault injection for the tests: the recogniser crashes (SIGSEGV) on this page number.
    static let crashTestVariable = "INGEST_FAULT_OCR_CRASH_ON_PAGE"
    /// Fault injection for the tests: the recogniser hangs (never looking at a deadline) on this page number.
    static let hangTestVariable = "INGEST_FAULT_OCR_HANG_ON_PAGE"
    /// Fault injection for the tests: the recogniser grows without end (64 MB a step, each written) on this page number.
    static let growTestVariable = "INGEST_FAULT_OCR_GROW_ON_PAGE"

    struct Hello: Codable {
        var languages: String
        var memoryLimitMB: Int
    }

    public static func serve() -> Int32 {
        let env = ProcessInfo.processInfo.environment
        if let parent = env[WorkerServer.supervisorVariable].flatMap(pid_t.init), ingest_die_with_parent(SIGKILL, parent) != 0 {
            return 0    // the worker is already gone
        }
        let channel = WorkerChannel(fd: WorkerServer.channelDescriptor)
        guard case .frame(let first) = channel.receive(timeout: nil), first.kind == .hello,
              let hello = try? JSONDecoder().decode(Hello.self, from: first.payload) else {
            FileHandle.standardError.write(Data("ingest \(command): started without a worker (it is started by ingest's worker processes)\n".utf8))
            return 2
        }
        // The same backstop as a worker's against one huge allocation.
        _ = ingest_limit_address_space((UInt64(hello.memoryLimitMB) << 20) * 2 + (4 << 30))
        do {
            try OCRPageService.prepare(languages: hello.languages)
        } catch {
            channel.send(.fatal, (try? JSONEncoder().encode(error)) ?? Data())
            return 2
        }
        channel.send(.ready)
        let crashOn = env[crashTestVariable].flatMap(Int.init)
        let hangOn = env[hangTestVariable].flatMap(Int.init)
        let growOn = env[growTestVariable].flatMap(Int.init)
        while case .frame(var frame) = channel.receive(timeout: nil) {
            guard frame.kind == .recognize else { continue }
            if crashOn != nil || hangOn != nil || growOn != nil {
                let page = OCRPageService.page(of: frame.payload)
                if page == crashOn { raise(SIGSEGV) }
                if page == hangOn { while true { sleep(1) } }
                if page == growOn {
                    while let block = malloc(64 << 20) { memset(block, 1, 64 << 20); usleep(20_000) }
                }
            }
            // The request is handed over whole: the page's pixels are let go once its image is made.
            let request = frame.payload
            frame.payload = Data()
            guard channel.send(.recognized, OCRPageService.answer(consume request, languages: hello.languages)) else { break }
        }
        return 0
    }
}
