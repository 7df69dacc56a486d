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
/// Worker protocol: the job (units and the indices to read) is a JSON file named by
/// `INGEST_WORKER_JOB`; the worker writes `␞ingest start I` before reading unit I and
/// `␞ingest done I {outcome}` after, one line each on standard output.
enum Supervisor {
    static let jobVariable = "INGEST_WORKER_JOB"
    /// Fault injection for the tests: the worker crashes (SIGSEGV) on the unit whose name contains it.
    static let crashTestVariable = "INGEST_FAULT_CRASH_ON"
    static let marker = "\u{1E}ingest "

    struct Job: Codable {
        var units: [ImportUnit]
        var indices: [Int]
        /// Nil: the configured concurrency.
        var concurrency: Int?
        /// Read even what is already done (a crashed worker may have written it without saying so).
        var reread = false
    }

    // MARK: Worker side

    /// Reads the job's units and reports each on standard output. Returns the exit status.
    static func work(jobPath: String, runner: BatchRunner) -> Int32 {
        var runner = runner
        guard let data = FileManager.default.contents(atPath: jobPath),
              let job = try? JSONDecoder().decode(Job.self, from: data) else {
            Terminal.error("ingest: the worker's job file \(jobPath) cannot be read")
            return 2
        }
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
    private struct WorkerRun {
        var finished: [Int: DocumentOutcome] = [:]
        var inFlight: Set<Int> = []
        /// Nil when the worker exited normally; else the signal that ended it.
        var signal: Int32?
        var status: Int32 = 0
    }

    /// Reads `units` through workers; `finished` is called for every outcome as it arrives.
    /// Returns the outcomes in unit order, or nil when a worker could not start its work at all
    /// (its own message is already on standard error).
    static func run(_ units: [ImportUnit], arguments: [String], language: MessageLanguage,
                    finished: (DocumentOutcome) -> Void) -> [DocumentOutcome]? {
        var outcomes: [Int: DocumentOutcome] = [:]
        var pending = Array(units.indices)
        while !pending.isEmpty {
            guard let run = spawn(Job(units: units, indices: pending, concurrency: nil), arguments: arguments, finished: finished) else { return nil }
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
                    guard let alone = spawn(Job(units: units, indices: [i], concurrency: 1, reread: true), arguments: arguments, finished: finished) else { return nil }
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

    /// Starts one worker on `job` and follows its report until it exits.
    private static func spawn(_ job: Job, arguments: [String], finished: (DocumentOutcome) -> Void) -> WorkerRun? {
        let jobURL = FileManager.default.temporaryDirectory
            .appendingPathComponent("ingest-job-\(getpid())-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: jobURL) }
        do { try JSONEncoder().encode(job).write(to: jobURL) } catch {
            Terminal.error("ingest: cannot write the worker's job file \(jobURL.path): \(error.localizedDescription)")
            return nil
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["convert"] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment[jobVariable] = jobURL.path
        // A crash is reported per document; the Swift runtime's backtrace would only slow it down.
        if environment["SWIFT_BACKTRACE"] == nil { environment["SWIFT_BACKTRACE"] = "enable=no" }
        process.environment = environment
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch {
            Terminal.error("ingest: cannot start a worker: \(error.localizedDescription)")
            return nil
        }
        var run = WorkerRun()
        let reader = pipe.fileHandleForReading
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
