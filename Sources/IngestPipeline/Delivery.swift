import Foundation
import IngestCore
import IngestHTTP
import IngestStore

/// The idempotency key of a hand-off: the document's id and its content revision. The id is
/// derived from the content and the revision only moves when the content does, so a retry, a
/// re-run or a resumed batch sends the same key and the endpoint can tell a repeat.
public enum DeliveryKey {
    public static func of(id: String, revision: Int) -> String { "\(id).r\(revision)" }
}

/// One POST of a document to the HTTP sink, with its retries (SPEC §7): timeouts, dropped
/// connections, 5xx, 408 and 429 are retried with exponential backoff (a `Retry-After` answer
/// is honoured, up to `sink.maxWaitSeconds`); any other 4xx (and 3xx: a POST is never
/// redirected) is a refusal, not retried.
public struct HTTPDelivery: Sendable {
    public enum Result: Sendable, Equatable {
        case delivered(status: Int, attempts: Int)
        case rejected(status: Int, attempts: Int)
        /// Still to deliver: every attempt failed (`error` says how the last one did).
        case failed(error: String, attempts: Int)
        public var attempts: Int {
            switch self { case .delivered(_, let n), .rejected(_, let n), .failed(_, let n): return n }
        }
    }

    public let sink: PipelineConfig.Sink
    /// How the wait between attempts is spent (tests may shorten it; the real one sleeps).
    var sleep: @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }

    public init(sink: PipelineConfig.Sink) { self.sink = sink }

    public var url: URL? { sink.url.flatMap(URL.init(string:)) }

    /// Sends `body` under `key`; never throws for what the endpoint or the network does.
    /// Throws only when no attempt can be made at all (no URL, no libcurl).
    public func post(_ body: Data, key: String) throws -> Result {
        guard let urlString = sink.url, let url = URL(string: urlString) else {
            throw IngestError(.sinkFailed, ["sink": "http"], detail: "sink.url is missing")
        }
        var lastError = "no attempt"
        var wait = 0.0
        for attempt in 1...(sink.retries + 1) {
            if attempt > 1 { sleep(wait) }
            wait = min(sink.maxWaitSeconds, sink.backoffSeconds * pow(2, Double(attempt - 1)))
            let request = HTTPRequest(method: "POST", url: url,
                                      headers: ["Content-Type": "application/json", "Idempotency-Key": key],
                                      body: body, timeoutSeconds: sink.timeoutSeconds, maxResponseBytes: 1 << 20,
                                      followRedirects: false)
            let response: HTTPResponse
            do {
                response = try HTTP.send(request)
            } catch let e as IngestError where e.code == .httpLibraryMissing {
                throw IngestError(.sinkFailed, e.arguments.merging(["sink": urlString]) { _, new in new }, detail: e.detail,
                                  hint: .httpLibraryMissing)
            } catch let e as IngestError {
                // Timeout, refused or dropped connection, an answer cut short: the POST may or
                // may not have arrived; the same key again is safe either way.
                lastError = "\(e.code)" + (e.detail.map { ": \($0)" } ?? "")
                continue
            }
            switch response.status {
            case 200..<300: return .delivered(status: response.status, attempts: attempt)
            case 408, 429, 500..<600:
                lastError = "HTTP \(response.status)"
                if let after = Self.retryAfter(response.headers["retry-after"]) { wait = min(sink.maxWaitSeconds, max(wait, after)) }
            default:
                return .rejected(status: response.status, attempts: attempt)
            }
        }
        return .failed(error: lastError, attempts: sink.retries + 1)
    }

    /// `Retry-After`: seconds, or an HTTP date (RFC 9110 §10.2.3); nil when absent or unreadable.
    static func retryAfter(_ value: String?, now: Date = Date()) -> Double? {
        guard let value = value?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { return nil }
        if let seconds = Double(value), seconds >= 0 { return seconds }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        guard let date = formatter.date(from: value) else { return nil }
        return max(0, date.timeIntervalSince(now))
    }
}

/// What a run (or `ingest deliver`) did with the deliveries of its output folder.
public struct DeliveryReport: Sendable, Codable, Equatable {
    public struct Problem: Sendable, Codable, Equatable {
        public var id: String
        public var key: String
        public var output: String
        public var status: DeliveryRecord.Status
        public var error: String?
    }
    public var sink: String
    /// Delivered by this run.
    public var delivered = 0
    /// Still pending after this run (each listed in `problems`).
    public var pending = 0
    /// Refused by the endpoint (each listed in `problems`).
    public var rejected = 0
    /// Documents not handed on because they are not ready.
    public var withheld = 0
    /// JSON Lines: the reader of standard output went away (a broken pipe) — the run stopped
    /// reading; what it did not deliver is `pending`, sent by the next run or `ingest deliver`.
    public var consumerGone: Bool? = nil
    /// Units the run did not read because the consumer went away (read by the next run); for a
    /// replay, the documents it did not deliver.
    public var notRead: Int? = nil
    /// `ingest deliver --all`/`--since`: the documents of the output folder to replay.
    public var replayed: Int? = nil
    public var problems: [Problem] = []
    public init(sink: String) { self.sink = sink }
    /// A pending or refused delivery needs the user (exit status 1).
    public var needsAttention: Bool { pending > 0 || rejected > 0 || consumerGone == true }
}

/// Delivers what the library holds as pending: for a run, on its own thread while the documents
/// are read (`notify` after each one, `finish` at the end), or all at once (`deliverAll`, for
/// `ingest deliver`). HTTP: each pending delivery is sent with `HTTPDelivery`, then recorded as
/// delivered (2xx), rejected (4xx) or left pending with its error — so a run killed at any
/// moment sends it again later under the same key, and the endpoint recognises the repeat.
/// JSON Lines: each is written as one line on standard output and recorded as delivered only
/// once the whole line was written; a broken pipe leaves it pending and ends the deliveries
/// (`consumerGone`): the run stops reading, the next one sends what is pending.
/// What the run's threads and the delivery thread share is one `Monitor` state (`State`).
public final class Deliverer: Sendable {
    public let library: Library
    public let http: HTTPDelivery
    public let channel: DeliveryChannel
    /// Where JSON Lines go (standard output; a test may give a pipe of its own).
    let lines: LineWriter
    /// Only this output folder's deliveries (nil: every one in the library).
    public let outputDirectory: String?
    /// How the sink is named in reports.
    private let sinkName: String

    private struct State {
        /// Something may be pending (`notify`); the run ends (`finish`); the thread is started,
        /// and not ended yet.
        var wanted = false, finishing = false, started = false, running = false
        /// Keys this run gave up on (every attempt failed): not tried again until the next run.
        var givenUp: Set<String> = []
        var report: DeliveryReport
        var fatal: IngestError?
        var gone = false
        /// Called once, on whichever thread finds it, when the consumer goes away (outside the
        /// lock): a run that waits on other events (the watcher) is woken to stop.
        var goneHandler: (@Sendable () -> Void)?
        /// Lines written and not yet taken whole by the reader: each line's key and end in the stream.
        var inFlight: [(key: String, end: UInt64)] = []
    }
    /// The delivery thread waits on it for something to deliver; `finish` for the thread's end.
    private let state: Monitor<State>

    /// The jsonl sink's consumer is gone: nothing more is written, the run stops reading.
    public var consumerGone: Bool { state.read { $0.gone } }

    /// `handler` is called once when the jsonl consumer goes away (at once if it already has).
    public func onConsumerGone(_ handler: @escaping @Sendable () -> Void) {
        let already = state.update { s in
            s.goneHandler = s.gone ? nil : handler
            return s.gone
        }
        if already { handler() }
    }

    /// The jsonl sink's descriptor when it is a pipe: it polls as an error (POLLERR) once every
    /// reader has closed it, so a run with nothing to write can still tell its reader went away.
    public var readerDescriptor: Int32? { channel == .jsonl && lines.isPipe ? lines.fd : nil }

    /// The reader of the pipe went away (seen by polling `readerDescriptor`): nothing more is
    /// written; what it left in the pipe stays pending (`finish`).
    public func readerClosed() { markGone() }

    private func markGone() {
        let handler = state.update { s in
            defer { s.gone = true; s.goneHandler = nil }
            return s.gone ? nil : s.goneHandler
        }
        handler?()
    }

    /// `sink.kind` decides the channel: `jsonl` writes lines (`lines`, standard output unless a
    /// test gives its own), anything else POSTs to `sink.url`.
    public init(library: Library, sink: PipelineConfig.Sink, outputDirectory: URL?, lines: LineWriter = .standardOutput) {
        self.library = library
        self.http = HTTPDelivery(sink: sink)
        self.channel = sink.kind == .jsonl ? .jsonl : .http
        self.lines = lines
        self.outputDirectory = outputDirectory?.standardizedFileURL.path
        sinkName = channel == .jsonl ? Self.standardOutputName : (sink.url ?? "http")
        state = Monitor(State(report: DeliveryReport(sink: sinkName)))
        // A reader that goes away must give EPIPE (the document stays pending), not kill the run.
        if channel == .jsonl { LineWriter.ignoreBrokenPipeSignal() }
    }

    /// Seconds a reader may take nothing at the end of a run before its lines are left pending.
    public static let drainPatience = 30.0

    /// How the jsonl sink is named in reports.
    public static let standardOutputName = "stdout"

    /// Something may be pending: the delivery thread (started on first call) looks.
    public func notify() {
        let start = state.update { s in
            s.wanted = true
            guard !s.started else { return false }
            s.started = true
            s.running = true
            return true
        }
        if start {
            let t = Thread { [weak self] in self?.loop() }
            t.name = "ingest-delivery"
            t.start()
        }
    }

    /// Delivers what is still pending, waits for the thread, and says what happened.
    /// `withheld`: the documents of the run that were not handed on (not ready).
    public func finish(withheld: Int = 0) throws -> DeliveryReport {
        notify()
        state.update { $0.finishing = true }
        if let error = state.wait(until: { !$0.running }, then: { $0.fatal }) { throw error }
        if channel == .jsonl { try drainLines() }
        var result = state.read { $0.report }
        try summarize(&result)
        result.withheld = withheld
        return result
    }

    /// Every pending delivery (and refused ones too with `includingRejected`), on this thread.
    public func deliverAll(includingRejected: Bool = false) throws -> DeliveryReport {
        var result = DeliveryReport(sink: sinkName)
        let statuses: Set<DeliveryRecord.Status> = includingRejected ? [.pending, .rejected] : [.pending]
        for record in try library.deliveries(statuses, outputDirectory: outputDirectory, channel: channel) {
            if try deliver(record) { result.delivered += 1 } else if consumerGone { break }
        }
        if channel == .jsonl {
            try drainLines()
            result.delivered += state.read { $0.report.delivered }
        }
        try summarize(&result)
        return result
    }

    /// Lines the reader has taken whole are delivered (in stream order).
    func settleLines() throws {
        let consumed = lines.consumed()
        let taken = state.update { s in
            let taken = Array(s.inFlight.prefix { $0.end <= consumed })
            s.inFlight.removeFirst(taken.count)
            s.report.delivered += taken.count
            return taken
        }
        for t in taken {
            try library.updateDelivery(key: t.key, channel: .jsonl, status: .delivered, addingAttempts: 1, error: nil,
                                       sink: Self.standardOutputName)
        }
    }

    /// At the end: waits until the reader has taken every line written (as a blocking write
    /// would), or has gone — then what it left in the pipe stays pending. A reader that takes
    /// nothing for `drainPatience` seconds (one that reads only once this process has exited
    /// would wait for ever) is given up on the same way: its lines are sent again next time.
    func drainLines() throws {
        var last = lines.consumed(), idle = Date()
        while true {
            try settleLines()
            let left = state.read { $0.inFlight.count }
            if left == 0 { return }
            let now = lines.consumed()
            if now != last { last = now; idle = Date() }
            if !lines.waitForReader(seconds: 0.2) || Date().timeIntervalSince(idle) > Self.drainPatience {
                try settleLines()
                let unread = state.update { s in defer { s.inFlight = [] }; return s.inFlight }
                if !unread.isEmpty { markGone() }
                for u in unread {
                    try library.updateDelivery(key: u.key, channel: .jsonl, status: .pending, addingAttempts: 1,
                                               error: "left unread in the pipe: the reader went away", sink: Self.standardOutputName)
                }
                return
            }
        }
    }

    private func summarize(_ result: inout DeliveryReport) throws {
        if consumerGone { result.consumerGone = true }
        let open = try library.deliveries([.pending, .rejected], outputDirectory: outputDirectory, channel: channel)
        result.pending = open.filter { $0.status == .pending }.count
        result.rejected = open.filter { $0.status == .rejected }.count
        result.problems = open.prefix(100).map {
            .init(id: $0.delivery.documentID, key: $0.key, output: $0.delivery.outputPath, status: $0.status, error: $0.lastError)
        }
    }

    private func loop() {
        while true {
            // Nil: nothing wanted and the run is finishing, the thread ends.
            let skip: Set<String>? = state.wait(until: { $0.wanted || $0.finishing }) { s in
                guard s.wanted else { s.running = false; return nil }
                s.wanted = false
                return s.givenUp
            }
            guard let skip else { return }
            do {
                for record in try library.deliveries([.pending], outputDirectory: outputDirectory, channel: channel) where !skip.contains(record.key) {
                    if consumerGone { break }
                    let delivered = try deliver(record)
                    state.update { s in if delivered { s.report.delivered += 1 } else { s.givenUp.insert(record.key) } }
                }
            } catch {
                state.update { s in
                    if s.fatal == nil { s.fatal = IngestError.wrap(error) }
                    s.running = false
                }
                return
            }
        }
    }

    /// Sends one pending delivery; true when it is now delivered.
    func deliver(_ record: DeliveryRecord) throws -> Bool {
        let d = record.delivery
        let file = URL(fileURLWithPath: d.outputDirectory).appendingPathComponent(d.outputPath, isDirectory: false)
        guard let body = try? Data(contentsOf: file), !body.isEmpty else {
            // Written again by the next run of the same command (its output is missing).
            try library.updateDelivery(key: d.key, channel: channel, status: .pending, addingAttempts: 0,
                                       error: "the document \(file.path) is missing", sink: nil)
            return false
        }
        // The file holds what is sent: when it is a newer revision already, this one is moot.
        if let written = try? JSONValue.parse(body), let id = written["id"]?.stringValue {
            let revision = written["revision"]?.intValue ?? 1
            if id != d.documentID || revision > d.revision {
                try library.updateDelivery(key: d.key, channel: channel, status: .superseded, addingAttempts: 0,
                                           error: "\(file.lastPathComponent) now holds \(DeliveryKey.of(id: id, revision: revision))", sink: nil)
                return false
            }
        }
        if channel == .jsonl {
            let (outcome, end) = lines.write(JSONLine.compact(body))
            switch outcome {
            case .written:
                // Delivered once the reader has taken it (`settleLines`), not when it sits in the pipe.
                state.update { s in s.inFlight.append((d.key, end)); s.givenUp.insert(d.key) }
                try settleLines()
            case .failed(let error):
                markGone()
                try library.updateDelivery(key: d.key, channel: .jsonl, status: .pending, addingAttempts: 1, error: error,
                                           sink: Self.standardOutputName)
            }
            return false
        }
        let result = try http.post(body, key: d.key)
        switch result {
        case .delivered(let status, let attempts):
            try library.updateDelivery(key: d.key, status: .delivered, addingAttempts: attempts, error: nil, sink: http.sink.url)
            _ = status
            return true
        case .rejected(let status, let attempts):
            try library.updateDelivery(key: d.key, status: .rejected, addingAttempts: attempts, error: "HTTP \(status)", sink: http.sink.url)
            return false
        case .failed(let error, let attempts):
            try library.updateDelivery(key: d.key, status: .pending, addingAttempts: attempts, error: error, sink: http.sink.url)
            return false
        }
    }
}

extension Deliverer {
    /// A deliverer over the library at `libraryPath` (opened for it).
    public convenience init(libraryPath: String, sink: PipelineConfig.Sink, outputDirectory: URL?) throws {
        self.init(library: try Library(path: libraryPath), sink: sink, outputDirectory: outputDirectory)
    }

    /// Whether documents handed to `sink` go through the library's outbox (recorded pending with
    /// the document, then delivered by a `Deliverer`).
    public static func usesOutbox(_ sink: PipelineConfig.Sink) -> Bool { sink.kind == .http || sink.kind == .jsonl }
}

extension Deliverer {
    /// `ingest deliver --sink jsonl --all` (or `--since`): every document of the output folder
    /// that is handed on (ready, every page read) — whatever the library says was delivered —
    /// as lines, oldest file first, for a consumer that lost its own state. `since`: only files
    /// written from then on. A document's pending line, if any, is delivered by the replay.
    public func replay(since: Date?) throws -> DeliveryReport {
        guard let outputDirectory else { return DeliveryReport(sink: sinkName) }
        let documents = Self.handedOnDocuments(in: URL(fileURLWithPath: outputDirectory), since: since)
        var result = DeliveryReport(sink: sinkName)
        var written = 0
        for document in documents {
            guard let body = try? Data(contentsOf: document.url) else { continue }
            let (outcome, end) = lines.write(JSONLine.compact(body))
            guard case .written = outcome else { markGone(); break }
            written += 1
            state.update { $0.inFlight.append((document.key, end)) }
            try settleLines()
        }
        try drainLines()
        try summarize(&result)
        result.delivered = state.read { $0.report.delivered }
        result.replayed = documents.count
        if consumerGone { result.notRead = documents.count - result.delivered }
        return result
    }

    /// The documents of an output folder a sink hands on: ImportedDocument files (not the
    /// summary, study sheets or duplicate pointers), ready, with no page left unread; by
    /// modification time, then path.
    static func handedOnDocuments(in folder: URL, since: Date?) -> [(url: URL, key: String)] {
        guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.contentModificationDateKey, .isRegularFileKey]) else { return [] }
        var found: [(url: URL, key: String, time: Date)] = []
        for case let url as URL in walk {
            let name = url.lastPathComponent
            guard name.hasSuffix(".json"), !name.hasPrefix("."), name != "summary.json",
                  !name.hasSuffix(".sheet.json"), !name.hasSuffix(".duplicate.json") else { continue }
            let values = try? url.resourceValues(forKeys: [.contentModificationDateKey, .isRegularFileKey])
            guard values?.isRegularFile == true else { continue }
            let time = values?.contentModificationDate ?? .distantPast
            if let since, time < since { continue }
            guard let data = try? Data(contentsOf: url), let json = try? JSONValue.parse(data),
                  json["schemaVersion"] != nil, let id = json["id"]?.stringValue, let sources = json["sources"]?.arrayValue else { continue }
            if json["readiness"]?["status"]?.stringValue == "notReady" { continue }
            let unread = sources.contains { ($0["pages"]?.arrayValue ?? []).contains { $0["failure"] != nil && $0["failure"] != .null } }
            if unread { continue }
            found.append((url, DeliveryKey.of(id: id, revision: json["revision"]?.intValue ?? 1), time))
        }
        return found.sorted { $0.time != $1.time ? $0.time < $1.time : $0.url.path < $1.url.path }.map { ($0.url, $0.key) }
    }
}
