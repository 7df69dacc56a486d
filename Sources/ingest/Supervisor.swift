import Foundation
import IngestCore
import IngestPipeline

/// Keeps one poisoned document from stopping a batch (SPEC §9.3). The documents are read by a
/// worker process — this executable again — while this process only plans, shows progress and
/// writes the summary. A crash inside a C library (poppler, Tesseract, leptonica, TagLib) on a
/// malformed file ends the worker, not the run: the document being read is set aside with a
/// `run.crashed` error and a new worker goes on with the rest. When several documents were being
/// read at once, each is read again alone to find the one that crashed.
///
/// Worker protocol: a worker runs with `INGEST_WORKER=1` and the same arguments; it sets up its
/// pipeline (configuration, library) and then reads its job — units and the indices to read, as
/// JSON — from standard input, so the first worker starts while this process is still planning.
/// It writes `␞ingest start I` before reading unit I and `␞ingest done I {outcome}` after, one
/// line each on standard output.
enum Supervisor {
    static let workerVariable = "INGEST_WORKER"
    /// Set to 1: documents are read in the `ingest convert` process itself (for a debugger).
    static let inProcessVariable = "INGEST_IN_PROCESS"
    /// Fault injection for the tests: the worker crashes (SIGSEGV) on the unit whose name contains it.
    static let crashTestVariable = "INGEST_FAULT_CRASH_ON"
    static let marker = "\u{1E}ingest "

    struct Job {
        var units: [ImportUnit]
        var indices: [Int]
        /// Nil: the configured concurrency.
        var concurrency: Int?
        /// Read even what is already done (a crashed worker may have written it without saying so).
        var reread = false

        // As JSON through the project's own writer and parser: a batch of thousands of files is
        // handed over in a few milliseconds (Foundation's coders took ~50 ms per 1,000 units).
        func encoded() throws -> Data {
            let units = self.units.map { unit -> JSONValue in
                .object(["out": .string(unit.outputName), "sources": .array(unit.sources.map { source in
                    var o: [String: JSONValue] = ["name": .string(source.name), "files": .array(source.files.map { .string($0.path) })]
                    if let text = source.inlineText { o["text"] = .string(text) }
                    return .object(o)
                })])
            }
            var o: [String: JSONValue] = ["units": .array(units), "indices": .array(indices.map { .int($0) }), "reread": .bool(reread)]
            if let concurrency { o["concurrency"] = .int(concurrency) }
            return try StreamingJSONEncoder.encode(JSONValue.object(o), pretty: false)
        }

        init(units: [ImportUnit], indices: [Int], concurrency: Int?, reread: Bool = false) {
            self.units = units; self.indices = indices; self.concurrency = concurrency; self.reread = reread
        }

        init?(_ data: Data) {
            guard let json = try? JSONValue.parse(data), let units = json["units"]?.arrayValue,
                  let indices = json["indices"]?.arrayValue?.compactMap(\.intValue) else { return nil }
            var decoded: [ImportUnit] = []
            decoded.reserveCapacity(units.count)
            for unit in units {
                guard let out = unit["out"]?.stringValue, let sources = unit["sources"]?.arrayValue else { return nil }
                decoded.append(ImportUnit(sources: sources.map { s in
                    UnitSource(files: (s["files"]?.arrayValue ?? []).compactMap(\.stringValue).map { URL(fileURLWithPath: $0, isDirectory: false) },
                               name: s["name"]?.stringValue ?? "", inlineText: s["text"]?.stringValue)
                }, outputName: out))
            }
            guard indices.allSatisfy({ decoded.indices.contains($0) }) else { return nil }
            self.init(units: decoded, indices: indices, concurrency: json["concurrency"]?.intValue,
                      reread: json["reread"]?.boolValue ?? false)
        }
    }

    // MARK: Worker side

    /// Reads the job from standard input, reads its units and reports each on standard output.
    /// Returns the exit status.
    static func work(runner: BatchRunner) -> Int32 {
        let data = FileHandle.standardInput.readDataToEndOfFile()
        if data.isEmpty { return 0 }                     // nothing to read after all
        guard let job = Job(data) else {
            Terminal.error("ingest: the worker's job cannot be read")
            return 2
        }
        var runner = runner
        runner.skipsDone = !job.reread
        let lock = NSLock()
        let say: @Sendable (String) -> Void = { line in
            lock.lock(); defer { lock.unlock() }
            FileHandle.standardOutput.write(Data((marker + line + "\n").utf8))
        }
        let crashOn = ProcessInfo.processInfo.environment[crashTestVariable]
        let units = job.units
        runner.perform(units, indices: job.indices, concurrency: job.concurrency ?? runner.pipeline.config.effectiveConcurrency,
                       started: { i in
                           say("start \(i)")
                           if let crashOn, !crashOn.isEmpty, units[i].displayName.contains(crashOn) { raise(SIGSEGV) }
                       },
                       finished: { i, outcome in
                           let json = (try? StreamingJSONEncoder.encode(outcome, pretty: false)).map { String(decoding: $0, as: UTF8.self) }
                           say("done \(i) " + (json ?? "{}"))
                       })
        return 0
    }

    // MARK: Supervisor side

    /// What one worker did.
    fileprivate struct WorkerRun {
        var finished: [Int: DocumentOutcome] = [:]
        var inFlight: Set<Int> = []
        /// Nil when the worker exited normally; else the signal that ended it.
        var signal: Int32?
        var status: Int32 = 0
    }

    /// Reads `units` through workers; `finished` is called for every outcome as it arrives.
    /// Returns the outcomes in unit order, or nil when a worker could not start its work at all
    /// (its own message is already on standard error).
    static func run(_ units: [ImportUnit], first: Worker?, arguments: [String], language: MessageLanguage,
                    finished: (DocumentOutcome) -> Void) -> [DocumentOutcome]? {
        var outcomes: [Int: DocumentOutcome] = [:]
        var pending = Array(units.indices)
        var early = first
        defer { early?.cancel() }
        while !pending.isEmpty {
            let job = Job(units: units, indices: pending, concurrency: nil)
            let worker = early ?? Worker.launch(arguments: arguments)
            early = nil
            guard let worker, let run = worker.follow(job, finished: finished) else { return nil }
            outcomes.merge(run.finished) { a, _ in a }
            if let signal = run.signal {
                if run.inFlight.isEmpty && run.finished.isEmpty { return nil }     // crashed before reading anything
                // One document in flight: it is the one. Several: each is read again alone.
                for i in run.inFlight.sorted() {
                    if run.inFlight.count == 1 {
                        let o = crashed(units[i], signal: signal, language: language)
                        outcomes[i] = o
                        finished(o)
                        continue
                    }
                    guard let alone = Worker.launch(arguments: arguments)?.follow(Job(units: units, indices: [i], concurrency: 1, reread: true),
                                                                                   finished: finished) else { return nil }
                    if let o = alone.finished[i] { outcomes[i] = o } else {
                        let o = crashed(units[i], signal: alone.signal ?? signal, language: language)
                        outcomes[i] = o
                        finished(o)
                    }
                }
            } else if run.status != 0 && run.finished.isEmpty {
                return nil                                                      // usage, configuration, library
            }
            let before = pending.count
            pending = pending.filter { outcomes[$0] == nil }
            if run.signal == nil && pending.count == before {
                // A worker that exits without reading anything would loop forever: those left fail.
                for i in pending {
                    let o = failure(units[i], IngestError(.internalError), language: language)
                    outcomes[i] = o
                    finished(o)
                }
                pending = []
            }
        }
        return units.indices.map { outcomes[$0]! }
    }

    /// A worker process: launched first, given its job when the units are known.
    final class Worker {
        private let process: Process
        private let input: Pipe
        private let output: Pipe

        private init(process: Process, input: Pipe, output: Pipe) { self.process = process; self.input = input; self.output = output }

        /// Starts `ingest convert` with the same arguments as a worker; nil (with a message) if it cannot start.
        static func launch(arguments: [String]) -> Worker? {
            // A worker that exited early (and said why on standard error) must not take this
            // process down with SIGPIPE when its job is written.
            signal(SIGPIPE, SIG_IGN)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
            process.arguments = ["convert"] + arguments
            var environment = ProcessInfo.processInfo.environment
            environment[workerVariable] = "1"
            // A crash is reported per document; the Swift runtime's backtrace would only slow it down.
            if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
            process.environment = environment
            let input = Pipe(), output = Pipe()
            process.standardInput = input
            process.standardOutput = output
            do { try process.run() } catch {
                Terminal.error("ingest: cannot start a worker: \(error.localizedDescription)")
                return nil
            }
            return Worker(process: process, input: input, output: output)
        }

        /// Ends a worker that gets no job (nothing to read): it exits on an empty job.
        func cancel() {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
        }

        /// Hands the job over and follows the worker's report until it exits.
        fileprivate func follow(_ job: Job, finished: (DocumentOutcome) -> Void) -> WorkerRun? {
            do {
                let data = try job.encoded()
                try input.fileHandleForWriting.write(contentsOf: data)
                try input.fileHandleForWriting.close()
            } catch {
                // The worker is gone already (a configuration or library error it reported itself).
                try? input.fileHandleForWriting.close()
            }
            var run = WorkerRun()
            let reader = output.fileHandleForReading
            var buffer = Data()
            let decoder = JSONDecoder()
            func handle(_ line: Data) {
                let text = String(decoding: line, as: UTF8.self)
                guard text.hasPrefix(marker) else {
                    if !text.isEmpty { FileHandle.standardError.write(Data((text + "\n").utf8)) }
                    return
                }
                let body = text.dropFirst(marker.count)
                let parts = body.split(separator: " ", maxSplits: 2)
                guard parts.count >= 2, let i = Int(parts[1]) else { return }
                if parts[0] == "start" { run.inFlight.insert(i); return }
                if parts[0] == "done", parts.count == 3,
                   let outcome = try? decoder.decode(DocumentOutcome.self, from: Data(parts[2].utf8)) {
                    run.inFlight.remove(i)
                    run.finished[i] = outcome
                    finished(outcome)
                }
            }
            while true {
                let chunk = reader.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    handle(buffer[buffer.startIndex..<newline])
                    buffer.removeSubrange(buffer.startIndex...newline)
                }
            }
            if !buffer.isEmpty { handle(buffer) }
            process.waitUntilExit()
            run.status = process.terminationStatus
            if process.terminationReason == .uncaughtSignal { run.signal = process.terminationStatus }
            return run
        }
    }

    static func crashed(_ unit: ImportUnit, signal: Int32, language: MessageLanguage) -> DocumentOutcome {
        failure(unit, IngestError(.readerCrashed, ["signal": signalName(signal)]), language: language)
    }

    static func failure(_ unit: ImportUnit, _ e: IngestError, language: MessageLanguage) -> DocumentOutcome {
        .failure(sources: unit.sources.map(\.name), e, language: language)
    }

    static func signalName(_ signal: Int32) -> String {
        let names: [Int32: String] = [SIGSEGV: "SIGSEGV", SIGABRT: "SIGABRT", SIGBUS: "SIGBUS", SIGILL: "SIGILL",
                                      SIGFPE: "SIGFPE", SIGKILL: "SIGKILL", SIGTERM: "SIGTERM"]
        return "\(names[signal] ?? "signal") \(signal)"
    }
}
