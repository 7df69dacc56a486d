import Foundation
import Glibc
import Synchronization
import IngestCore
import IngestPipeline

/// Reads each unit in a worker process, one unit at a time per worker, with the hard limits the
/// supervisor (this process) enforces — the model is Tika's PipesClient/PipesServer:
/// - a crash in a C library ends the worker, not the run: the unit gets `run.crashed`;
/// - wall time: past `limits.documentTimeLimitSeconds` (+ a grace for the cooperative limit to
///   speak first) the worker is killed and the unit gets `run.timeout`;
/// - memory: the worker's resident size is sampled while it reads; above
///   `workers.memoryLimitMB` it is killed and the unit gets `run.memory` (the worker also lowers its
///   own address-space limit, a backstop against one sudden huge allocation);
/// - recycling: a worker is replaced after `workers.recycleAfterDocuments` units, or after a unit
///   that leaves it above `workers.recycleAboveMB`, so a long run's memory never grows.
/// Workers are started on first use; slot 0's at once, so it starts while the inputs are planned.
public final class SubprocessReader: DocumentReader, Sendable {
    public let slots: Int
    let hello: WorkerHello
    let executable: String
    let arguments: [String]
    let environment: [String: String]
    private struct Workers {
        /// Each slot's worker.
        var current: [ChildProcess?]
        /// Each slot's next worker, started while the current one reads its last documents before
        /// it is recycled (`successorLead`), so the slot never waits for a process to start mid-run.
        var successors: [ChildProcess?]
        var started = 0
    }
    private let workers: Mutex<Workers>
    /// Worker processes started so far (a recycled or killed worker is replaced by a new one).
    public var workersStarted: Int { workers.withLock { $0.started } }
    /// The run's cores: one per unit being read, the free ones lent to the OCR pages of a worker
    /// that asks (`Frame.Kind.coreWanted`) and taken back when its unit ends, however it ends.
    public let cores: LocalCoreBudget
    /// Extra seconds past the document limit before the kill, so the reader's own limit names the
    /// stage first when it can.
    static let grace = 2.0
    /// How many documents before its recycling a worker's successor is started: enough for the
    /// successor's start (≈ 30 ms of a core) to overlap short documents' reading. Workers recycled
    /// sooner than this (a test's `recycleAfterDocuments` of 1 or 2) get no successor in advance.
    static let successorLead = 16

    /// - Parameters:
    ///   - executable/arguments: how to start a worker (default: this executable, `_reader`).
    ///   - prestarted: a worker already started (`Runtime.prestart`), given its configuration now.
    init(hello: WorkerHello, slots: Int, executable: String? = nil, arguments: [String] = [WorkerServer.command],
         environment: [String: String] = ProcessInfo.processInfo.environment, prestarted: ChildProcess?) {
        self.hello = hello
        self.slots = max(1, slots)
        self.executable = executable ?? ChildProcess.currentExecutable
        self.arguments = arguments
        self.environment = environment
        workers = Mutex(Workers(current: Array(repeating: nil, count: self.slots), successors: Array(repeating: nil, count: self.slots)))
        cores = LocalCoreBudget(capacity: self.slots)
        // Slot 0's worker starts now, its start-up overlapping the caller's planning; the others
        // when their slot first reads: a run of one document never starts (and pays for) a second
        // process, and in a long run the delay falls on one document per slot.
        if let prestarted {
            sendHello(prestarted)
            workers.withLock { $0.current[0] = prestarted }
        } else if let w = try? start() {
            workers.withLock { $0.current[0] = w }
        }
    }

    public convenience init(hello: WorkerHello, slots: Int, executable: String? = nil, arguments: [String] = [WorkerServer.command],
                            environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(hello: hello, slots: slots, executable: executable, arguments: arguments, environment: environment, prestarted: nil)
    }

    /// Spawns a worker from the spawner thread (see `Spawner`).
    static func spawn(executable: String, arguments: [String], environment: [String: String]) throws(IngestError) -> ChildProcess {
        do {
            return try Spawner.shared.run {
                try ChildProcess.spawn(executable: executable, arguments: arguments, environment: environment)
            }
        } catch let e as IngestError { throw e } catch { throw IngestError(.workerUnavailable, MessageCatalog.quoted("reason", "\(error)")) }
    }

    private func sendHello(_ worker: ChildProcess) {
        worker.channel.send(.hello, (try? JSONEncoder().encode(hello)) ?? Data())
        workers.withLock { $0.started += 1 }
    }

    deinit { close() }

    private var config: PipelineConfig { hello.config }
    private var language: MessageLanguage { hello.config.messageLanguage }

    /// Spawns a worker and sends it its configuration (without waiting for it to be ready).
    private func start() throws(IngestError) -> ChildProcess {
        let worker = try Self.spawn(executable: executable, arguments: arguments, environment: environment)
        sendHello(worker)
        return worker
    }

    /// The slot's worker, started if needed and ready (its `ready` frame read).
    private func worker(for slot: Int) throws(IngestError) -> ChildProcess {
        var w = workers.withLock { $0.current[slot] }
        if let w, w.documents > 0 { return w }
        if w == nil { w = try start() }
        // A new worker says it is ready or why it cannot work (configuration, library).
        switch w!.channel.receive(timeout: 60) {
        case .frame(let f) where f.kind == .ready: break
        case .frame(let f) where f.kind == .fatal:
            w!.wait()
            let fatal = try? JSONDecoder().decode(WorkerFatal.self, from: f.payload)
            throw IngestError(fatal?.code ?? .workerUnavailable,
                              ["reason": fatal?.message ?? "?", "path": hello.libraryPath ?? ""], detail: fatal?.detail)
        default:
            w!.kill()
            let exit = w!.wait()
            throw IngestError(.workerUnavailable, ["reason": MessageCatalog.message(.workerReasonEnded, .en, ["how": exit.how(.en)]),
                                                   "reason@fr": MessageCatalog.message(.workerReasonEnded, .fr, ["how": exit.how(.fr)])])
        }
        workers.withLock { $0.current[slot] = w }
        return w!
    }

    public func read(_ unit: ImportUnit, slot: Int, skipsDone: Bool, events: ReadEvents) throws(IngestError) -> DocumentOutcome {
        let worker = try self.worker(for: slot)
        // The unit's own core, and those lent to its pages, come back however it ends; a question
        // still waiting for a core is withdrawn first, so none is lent after.
        let lent = LentCores()
        var waiting: Int?
        cores.take()
        defer {
            if let waiting { _ = cores.withdraw(waiting) }
            for _ in 0...lent.takeAll() { cores.giveBack() }
        }
        let clock = DispatchTime.now().uptimeNanoseconds
        func elapsed() -> Double { Double(DispatchTime.now().uptimeNanoseconds - clock) / 1e6 }
        worker.channel.send(.read, WorkerRequest(unit: unit, skipsDone: skipsDone).encoded())
        worker.documents += 1
        let limit = config.limits.documentTimeLimitSeconds
        let memoryLimit = config.workers.memoryLimitMB << 20
        var watchdog = Watchdog(worker, seconds: limit + Self.grace, memoryLimitBytes: memoryLimit)
        var lines: [Data] = []
        while true {
            switch watchdog.next() {
            case .overTime:
                return end(worker, slot: slot, unit, IngestError(.timeout, ["seconds": String(Int(limit))]), ms: elapsed())
            case .overMemory:
                return end(worker, slot: slot, unit, IngestError(.memoryLimit, ["limit": String(config.workers.memoryLimitMB)]), ms: elapsed())
            case .frame(let f):
                switch f.kind {
                case .stage: if let s = Stage(rawValue: String(decoding: f.payload, as: UTF8.self)) { events.stage(s) }
                case .line: lines.append(f.payload)
                case .coreWanted where f.payload.first == 1:
                    // Answered when a core is free: here, or by the thread that gives one back.
                    let channel = worker.channel
                    waiting = cores.request(for: lent) { channel.send(.coreGiven, Data([1])) }
                case .coreWanted:
                    let given = cores.request(now: lent)
                    worker.channel.send(.coreGiven, Data([given ? 1 : 0]))
                case .coreWithdrawn:
                    if let w = waiting, cores.withdraw(w) { worker.channel.send(.coreGiven, Data([0])) }
                    waiting = nil
                case .coreBack:
                    if lent.giveBackOne() { cores.giveBack() }
                case .done:
                    guard var outcome = try? JSONDecoder().decode(DocumentOutcome.self, from: f.payload) else {
                        return end(worker, slot: slot, unit, IngestError(.internalError), ms: elapsed())
                    }
                    outcome.encoded = f.payload
                    for l in lines { events.line(l) }
                    let recycleAfter = config.workers.recycleAfterDocuments
                    if recycleAfter > Self.successorLead, worker.documents >= recycleAfter - Self.successorLead {
                        prepareSuccessor(slot: slot)
                    }
                    if worker.documents >= recycleAfter || worker.residentBytes > config.workers.recycleAboveMB << 20 {
                        retire(slot: slot, worker)
                    }
                    if outcome.milliseconds == 0 { outcome.milliseconds = elapsed() }
                    return outcome
                default: continue
                }
            case .closed:
                // The worker died while reading this unit.
                let exit = worker.wait()
                forget(slot: slot, worker)
                let error: IngestError
                switch exit {
                case .signal(SIGKILL) where worker.peakResidentBytes > memoryLimit / 2:
                    // Killed by someone else while big: the kernel's out-of-memory killer.
                    error = IngestError(.memoryLimit, ["limit": String(config.workers.memoryLimitMB)])
                case .signal(let s): error = IngestError(.readerCrashed, ["signal": ChildProcess.signalName(s)])
                case .status(let s): error = IngestError(.readerCrashed, ["signal": "exit \(s)"])
                }
                return DocumentOutcome.failure(sources: unit.sources.map(\.name), error, language: language,
                                               milliseconds: elapsed())
            }
        }
    }

    /// Kills the slot's worker (time or memory limit) and fails the unit with `error`.
    private func end(_ worker: ChildProcess, slot: Int, _ unit: ImportUnit, _ error: IngestError, ms: Double) -> DocumentOutcome {
        worker.kill()
        worker.wait()
        forget(slot: slot, worker)
        return DocumentOutcome.failure(sources: unit.sources.map(\.name), error, language: language, milliseconds: ms)
    }

    /// The slot's worker is gone (or going): its successor takes over when one was started,
    /// otherwise the next read starts one.
    private func forget(slot: Int, _ worker: ChildProcess) {
        workers.withLock { w in
            if w.current[slot] === worker {
                w.current[slot] = w.successors[slot]
                w.successors[slot] = nil
            }
        }
    }

    private func retire(slot: Int, _ worker: ChildProcess) {
        forget(slot: slot, worker)
        worker.retire()
    }

    /// Starts the slot's successor worker if it has none (its hello sent; its `ready` is read when
    /// it takes over). A start that fails is left to the next read, which reports it.
    private func prepareSuccessor(slot: Int) {
        let has = workers.withLock { $0.successors[slot] != nil }
        guard !has, let next = try? start() else { return }
        workers.withLock { $0.successors[slot] = next }
    }

    /// Ends the workers: each is asked to stop (its channel closed), then reaped — a worker sends
    /// a unit's outcome only after everything of that unit is written and recorded, so it has
    /// nothing left to do but end its recognisers and exit. One that has not exited after
    /// `closeSeconds` is killed. The command returns with no process of ours left, not even a
    /// zombie (a container whose init does not reap would keep them).
    public func close() {
        let all = workers.withLock { w in
            defer {
                w.current = Array(repeating: nil, count: slots)
                w.successors = Array(repeating: nil, count: slots)
            }
            return (w.current + w.successors).compactMap { $0 }
        }
        for w in all { w.stop() }
        for w in all { w.reap(within: Self.closeSeconds) }
    }

    /// How long a worker asked to stop may take to exit (its recognisers end first).
    static let closeSeconds = 10.0
}
