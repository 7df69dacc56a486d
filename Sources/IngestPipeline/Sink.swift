import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif
import IngestCore
import IngestHTTP
import IngestStudySheet

/// SPEC §7: hands a finished document to lesson generation. `directory` is the document JSON the
/// runner writes anyway; `sheet` (the default, offline) also writes a study sheet beside it
/// (`NAME.sheet.json` and its Markdown rendering `NAME.sheet.md`); `jsonl` prints the document as
/// one line on standard output and `http` POSTs it with an idempotency key (id + revision) and
/// retries — both through the library's outbox when there is a library (recorded pending with
/// the document, delivered by the run's `Deliverer`), or at once here when there is none;
/// `none` hands nothing on. A document that is not ready is never
/// handed on (the caller checks).
struct Sink: Sendable {
    let config: PipelineConfig
    /// Where `jsonl` lines go (the pipeline's `lineOutput`).
    var lineOutput: @Sendable (Data) -> Void = { StandardOutput.shared.writeLine($0) }

    func handOff(_ document: ImportedDocument, outputURL: URL, recordsDelivery: Bool) throws {
        switch config.sink.kind {
        case .directory, .none: return
        case .sheet:
            let sheet = StudySheetBuilder.build(document)
            let base = outputURL.deletingPathExtension()
            try Self.writeSheet(sheet, beside: base)
            try OutputWriter.write(Data(StudySheetMarkdown.render(sheet, language: config.messageLanguage).utf8),
                                   to: base.appendingPathExtension("sheet.md"))
        case .jsonl:
            // With a library the line is written by the run's `Deliverer` from the document file,
            // and counted delivered only once wholly written.
            if recordsDelivery { return }
            let data = try StreamingJSONEncoder.encode(document, pretty: false)
            lineOutput(data)
        case .http:
            // With a library the delivery is recorded as pending with the document and sent by
            // the run's `Deliverer`, outside the worker and its time limit.
            if recordsDelivery { return }
            let body = try StreamingJSONEncoder.encode(document, pretty: false)
            let urlString = config.sink.url ?? "http"
            switch try HTTPDelivery(sink: config.sink).post(body, key: DeliveryKey.of(id: document.id, revision: document.revision)) {
            case .delivered: return
            case .rejected(let status, _): throw IngestError(.sinkFailed, ["sink": urlString], detail: "HTTP \(status)")
            case .failed(let error, _): throw IngestError(.sinkFailed, ["sink": urlString], detail: error)
            }
        }
    }

    /// The `sheet` hand-off made beside `main` (the caller writing its document to a temporary
    /// file): the sheet on another core (`SideWork`), this thread helping to read its passages
    /// first, then running `main` while the other builds the sheet from them (with `main` first,
    /// this thread then sat idle while the sheet was built), then rendering its Markdown. Its
    /// files are written when this returns,
    /// before the caller renames its document into place, and the hand-off's error comes first:
    /// the same files, in the same order, as `handOff` then the document.
    func handOffSheet(_ document: ImportedDocument, outputURL: URL, cores: (any CoreBudget)?,
                      beside main: () throws -> Void) throws {
        let base = outputURL.deletingPathExtension()
        let reading = PassageReading(document.blocks)
        let built = Monitor<StudySheet?>(nil)
        let side = SideWork(cores: cores) {
            let sheet = StudySheetBuilder.build(document, reading: reading)
            built.update { $0 = sheet }
            try Self.writeSheet(sheet, beside: base)
        }
        let markdown: Data
        do {
            reading.help()
            try main()
            let sheet = built.wait(until: { $0 != nil }) { $0! }
            markdown = Data(StudySheetMarkdown.render(sheet, language: config.messageLanguage).utf8)
        } catch {
            try side.finish()
            throw error
        }
        try side.finish()
        try OutputWriter.write(markdown, to: base.appendingPathExtension("sheet.md"))
    }

    /// The sheet's JSON beside the document (`NAME.sheet.json`).
    static func writeSheet(_ sheet: StudySheet, beside base: URL) throws {
        try OutputWriter.write(to: base.appendingPathExtension("sheet.json")) { put in
            try StreamingJSONEncoder.encode(sheet, pretty: true, output: put)
        }
    }
}

extension String: @retroactive Error {}

/// Standard output shared by JSON Lines writers, one whole line at a time.
public final class StandardOutput: Sendable {
    public static let shared = StandardOutput()
    /// Writes `data` and a newline; false when the line could not be written whole (the reader
    /// went away). Never traps, unlike FileHandle.write.
    @discardableResult
    public func writeLine(_ data: Data) -> Bool {
        if case .written = LineWriter.standardOutput.write(data).outcome { return true }
        return false
    }
}

/// Writes JSON Lines to a file descriptor. A line counts as written only when every byte of it,
/// newline included, was written — one loop of write(2) over the line, so a short write goes on
/// where it stopped and an error (EPIPE: the reader is gone) says the line was not delivered.
/// On a pipe, a written line may still sit unread in the pipe's buffer when its reader exits:
/// `unreadBytes` (FIONREAD) tells how much of what was written the reader has not taken, so a
/// line is delivered only once the reader has taken it whole (`consumed ≥ its end`).
/// Every writer of the descriptor goes through one instance: its byte count, behind a `Mutex`
/// held while a line is written, keeps lines whole and in order.
public final class LineWriter: Sendable {
    public enum Outcome: Sendable, Equatable {
        case written
        /// What failed (`EPIPE (Broken pipe) after 120 of 3051 bytes`).
        case failed(String)
    }
    public let fd: Int32
    /// Bytes written to `fd` through this writer so far.
    private let total = Mutex<UInt64>(0)
    /// Whether `fd` is a pipe (or FIFO): only then is unread data measurable.
    public let isPipe: Bool

    public init(fd: Int32) {
        self.fd = fd
        var st = stat()
        isPipe = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFIFO
    }
    public static let standardOutput = LineWriter(fd: STDOUT_FILENO)

    /// Writes `line` and its newline; `end` is the count of bytes written through this writer
    /// once the line is (its position in the stream, for `consumed`).
    public func write(_ line: Data) -> (outcome: Outcome, end: UInt64) {
        var bytes = line
        bytes.append(0x0A)
        return total.withLock { total in
            let (outcome, count) = Self.writeWhole(bytes, to: fd)
            total += UInt64(count)
            return (outcome, total)
        }
    }

    /// Bytes of the stream the reader has taken: all of them when `fd` is not a pipe (a file or
    /// a terminal holds what was written), else those no longer in the pipe's buffer.
    public func consumed() -> UInt64 {
        total.withLock { total in
            guard isPipe else { return total }
            var unread: Int32 = 0
            guard ioctl(fd, UInt(FIONREAD), &unread) == 0 else { return total }
            return total - min(total, UInt64(max(0, unread)))
        }
    }

    /// Waits up to `seconds` for the reader to take something (or go away): false when it has
    /// gone (every reader closed the pipe).
    public func waitForReader(seconds: Double) -> Bool {
        var p = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
        let r = poll(&p, 1, Int32(seconds * 1000))
        if r > 0 && (p.revents & Int16(POLLERR | POLLHUP)) != 0 { return false }
        // Room in the pipe says nothing of the reader's pace: look again a little later.
        if r > 0 { usleep(useconds_t(min(seconds, 0.02) * 1e6)) }
        return true
    }

    static func writeWhole(_ bytes: Data, to fd: Int32) -> (Outcome, Int) {
        bytes.withUnsafeBytes { raw -> (Outcome, Int) in
            guard let base = raw.baseAddress else { return (.written, 0) }
            var done = 0
            while done < raw.count {
                let n = Glibc.write(fd, base + done, raw.count - done)
                if n > 0 { done += n; continue }
                if n < 0 && errno == EINTR { continue }
                let code = n < 0 ? errno : EIO
                let name = code == EPIPE ? "EPIPE" : "errno \(code)"
                return (.failed("\(name) (\(String(cString: strerror(code)))) after \(done) of \(raw.count) bytes"), done)
            }
            return (.written, done)
        }
    }

    /// A process writing JSON Lines for a consumer that may stop reading: EPIPE instead of
    /// SIGPIPE, so what was not delivered stays pending and is said. Worker processes start with
    /// the default disposition again (process_shim.c).
    public static func ignoreBrokenPipeSignal() { signal(SIGPIPE, SIG_IGN) }
}

/// A JSON document as one line: the whitespace between tokens removed (never inside a string),
/// so a document written pretty is handed on with the same bytes of content on one line.
public enum JSONLine {
    public static func compact(_ json: Data) -> Data {
        var out = Data()
        out.reserveCapacity(json.count)
        var inString = false, escaped = false
        for byte in json {
            if inString {
                out.append(byte)
                if escaped { escaped = false } else if byte == 0x5C { escaped = true } else if byte == 0x22 { inString = false }
                continue
            }
            switch byte {
            case 0x20, 0x09, 0x0A, 0x0D: continue
            case 0x22: inString = true; out.append(byte)
            default: out.append(byte)
            }
        }
        return out
    }
}
