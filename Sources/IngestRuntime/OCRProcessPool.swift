import CProcess
import Foundation
import Glibc
import Synchronization
import IngestCore
import IngestPipeline

/// A worker's recognisers (`OCRProcesses`): `ingest _ocr` processes, one Tesseract engine each,
/// started when a document first needs OCR and kept for the worker's life (an engine costs
/// ≈ 130 ms to make), one per OCR thread that reads at once. A recogniser that dies (a crash in
/// Tesseract) or does not answer costs its page only; the next page gets a new one.
final class OCRProcessPool: OCRProcesses, Sendable {
    /// The executable recognisers are started from: the `ingest` executable, which says so first
    /// thing (`Runtime.enableRecognisers`). Nil in any other process (a test runner is not
    /// ingest): its workers make their engines in process.
    static var executable: String? {
        get { configuredExecutable.withLock { $0 } }
        set { configuredExecutable.withLock { $0 = newValue } }
    }
    private static let configuredExecutable = Mutex<String?>(nil)

    private let executable: String
    private let environment: [String: String]
    private let memoryLimitMB: Int
    private struct Recognisers {
        /// Recognisers nobody is using, by language set.
        var idle: [String: [Recogniser]] = [:]
        /// Recognisers alive, by language set (idle or in use).
        var alive: [String: Int] = [:]
        var closed = false
    }
    private let recognisers = Mutex(Recognisers())

    init(executable: String, environment: [String: String], memoryLimitMB: Int) {
        self.executable = executable
        self.environment = environment
        self.memoryLimitMB = memoryLimitMB
    }

    /// One recogniser: its process, and whether it said it is ready (its first frame).
    final class Recogniser: Sendable {
        let process: ChildProcess
        private let readyFlag = Mutex(false)
        var isReady: Bool {
            get { readyFlag.withLock { $0 } }
            set { readyFlag.withLock { $0 = newValue } }
        }
        init(process: ChildProcess) { self.process = process }
    }

    func start(_ count: Int, languages: String) {
        var missing = max(0, count - recognisers.withLock { $0.alive[languages] ?? 0 })
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
        // Watched as the supervisor watches a worker (the supervisor sees the worker only, not its recognisers).
        var watchdog = Watchdog(r.process, seconds: timeout, memoryLimitBytes: memoryLimitMB << 20)
        while true {
            switch watchdog.next() {
            case .overTime:
                remove(r, languages)
                throw IngestError.ocrPageTimeLimit(page: page, seconds: limit)
            case .overMemory:
                remove(r, languages)
                throw IngestError(.ocrEngineFailed, MessageCatalog.phrase("reason", .ocrReasonMemoryLimit, ["limit": "\(memoryLimitMB)"]), page: page)
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
        let all = recognisers.withLock { s in
            s.closed = true
            defer { s.idle.removeAll() }
            return s.idle.values.flatMap { $0 }
        }
        for r in all { r.process.retire() }
    }

    // MARK: - Recognisers in and out

    /// An idle recogniser that said it is ready, or a new one; throws why none can read.
    private func checkOut(_ languages: String) throws(IngestError) -> Recogniser {
        let found = recognisers.withLock { $0.idle[languages]?.popLast() }
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
        let closed = recognisers.withLock { s in
            if !s.closed { s.idle[languages, default: []].append(r) }
            return s.closed
        }
        if closed {
            r.process.retire()
            discard(r, languages)
        }
    }

    private func discard(_ r: Recogniser, _ languages: String) {
        recognisers.withLock { $0.alive[languages] = max(0, ($0.alive[languages] ?? 1) - 1) }
    }

    /// Kills a recogniser (if it still runs), reaps it and forgets it; says how it ended.
    @discardableResult
    private func remove(_ r: Recogniser, _ languages: String) -> ChildProcess.Exit {
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
            try ChildProcess.spawn(executable: executable, arguments: [OCRServer.command], environment: environment)
        }
        let hello = OCRServer.Hello(languages: languages, memoryLimitMB: memoryLimitMB)
        process.channel.send(.hello, (try? JSONEncoder().encode(hello)) ?? Data())
        recognisers.withLock { $0.alive[languages, default: 0] += 1 }
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

    struct Hello: Codable {
        var languages: String
        var memoryLimitMB: Int
    }

    public static func serve() -> CommandOutcome {
        let channel: ChildChannel, hello: Hello, faults: [TestFault]
        switch ChildServer.start(Hello.self, memoryLimitMB: { $0.memoryLimitMB }) {
        case .started(let c, let h, let f): (channel, hello, faults) = (c, h, f)
        case .parentGone: return .done    // the worker is already gone
        case .noHello:
            FileHandle.standardError.write(Data("ingest \(command): started without a worker (it is started by ingest's worker processes)\n".utf8))
            return .refused
        }
        do {
            try RecognitionService.prepare(languages: hello.languages)
        } catch {
            channel.send(.fatal, (try? JSONEncoder().encode(error)) ?? Data())
            return .refused
        }
        channel.send(.ready)
        while case .frame(var frame) = channel.receive(timeout: nil) {
            guard frame.kind == .recognize else { continue }
            if !faults.isEmpty { TestFault.strike(faults, page: RecognitionService.page(of: frame.payload)) }
            // The request is handed over whole: the page's pixels are let go once its image is made.
            let request = frame.payload
            frame.payload = Data()
            guard channel.send(.recognized, RecognitionService.answer(consume request, languages: hello.languages)) else { break }
        }
        return .done
    }
}
