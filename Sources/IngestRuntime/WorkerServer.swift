import CProcess
import Foundation
import Glibc
import IngestCore
import IngestPipeline

/// The worker side (`ingest _reader`, hidden; the user-facing `ingest worker` is `WorkerRun`):
/// reads its configuration from the channel on fd 3, opens
/// the library, says it is ready, then reads one unit per request and answers with its stages,
/// its `jsonl` lines and its outcome. It dies with its supervisor (a `kill -9` of `ingest
/// convert` leaves no worker behind writing files), and exits when the channel closes.
public enum WorkerServer {
    /// The hidden command a supervisor starts its worker processes with (never typed by hand).
    public static let command = "_reader"
    /// The supervisor's pid, set in the worker's environment.
    static let supervisorVariable = "INGEST_SUPERVISOR_PID"
    /// Fault injection for the tests: the worker crashes (SIGSEGV) on the unit whose name contains it.
    public static let crashTestVariable = "INGEST_FAULT_CRASH_ON"
    /// Fault injection for the tests: the worker hangs (a loop that never looks at a deadline)
    /// on the unit whose name contains it.
    public static let hangTestVariable = "INGEST_FAULT_HANG_ON"
    /// Fault injection for the tests: on the unit whose name contains it, the worker's serving
    /// thread makes a lazy value (0.2 s) while another thread waits for it — contention on the
    /// Swift runtime's locks, which in a forked worker served by its main thread never ended
    /// (`ingest_fork_worker` says why).
    public static let contendTestVariable = "INGEST_FAULT_CONTEND_ON"
    /// The channel's file descriptor in a worker.
    public static let channelDescriptor: Int32 = 3

    /// Serves until the channel closes; returns the exit status. `forked`: this process is a fork
    /// of its supervisor (`WorkerProcess.forkHere`), which already tied its life to the supervisor's.
    public static func serve(forked: Bool = false) -> Int32 {
        let env = ProcessInfo.processInfo.environment
        if !forked, let parent = env[supervisorVariable].flatMap(pid_t.init), ingest_die_with_parent(SIGKILL, parent) != 0 {
            return 0    // the supervisor is already gone
        }
        let channel = WorkerChannel(fd: channelDescriptor)
        let received = channel.receive(timeout: nil)
        guard case .frame(let first) = received, first.kind == .hello,
              let hello = try? JSONDecoder().decode(WorkerHello.self, from: first.payload) else {
            // The internal reader never speaks to a person: a closed channel is a supervisor that
            // stopped before needing it (a configuration error after its prestart); no channel at
            // all, a start by hand (status 2, silently).
            if case .closed = received, fcntl(channelDescriptor, F_GETFD) != -1 { return 0 }
            return 2
        }
        // A backstop against one huge allocation that the supervisor's sampling would see too late:
        // the address space is capped well above the resident limit (thread stacks and allocator
        // arenas reserve address space they never touch).
        let limit = UInt64(hello.config.workers.memoryLimitMB) << 20
        _ = ingest_limit_address_space(limit * 2 + (4 << 30))

        let pipeline: Pipeline
        do {
            if let path = hello.libraryPath {
                pipeline = try Pipeline(config: hello.config, libraryPath: path, password: hello.password,
                                        cacheDirectory: hello.cacheDirectory.map { URL(fileURLWithPath: $0) })
            } else {
                pipeline = Pipeline(config: hello.config, password: hello.password,
                                    cacheDirectory: hello.cacheDirectory.map { URL(fileURLWithPath: $0) })
            }
        } catch {
            let e = IngestError.wrap(error)
            let fatal = WorkerFatal(code: e.code, message: e.message(hello.config.messageLanguage), detail: e.detail)
            channel.send(.fatal, (try? JSONEncoder().encode(fatal)) ?? Data())
            return 2
        }
        var importer = DocumentImporter(pipeline: pipeline, outputDirectory: URL(fileURLWithPath: hello.outputDirectory))
        importer.pipeline.lineOutput = { channel.send(.line, $0) }
        importer.pipeline.cores = ChannelCoreBudget(channel: channel)
        let recognisers = OCRProcessPool.executable.map {
            OCRProcessPool(executable: $0, environment: env, memoryLimitMB: hello.config.workers.memoryLimitMB)
        }
        importer.pipeline.ocrProcesses = recognisers
        defer { recognisers?.shutdown() }
        channel.send(.ready)

        let crashOn = env[crashTestVariable].flatMap { $0.isEmpty ? nil : $0 }
        let hangOn = env[hangTestVariable].flatMap { $0.isEmpty ? nil : $0 }
        let contendOn = env[contendTestVariable].flatMap { $0.isEmpty ? nil : $0 }
        while case .frame(let frame) = channel.receive(timeout: nil) {
            guard frame.kind == .read, let request = WorkerRequest(frame.payload) else { continue }
            importer.skipsDone = request.skipsDone
            let name = request.unit.displayName
            let reportsStages = hello.reportsStages
            let outcome = importer.process(request.unit) { stage in
                if reportsStages { channel.send(.stage, Data(stage.rawValue.utf8)) }
                if stage == .extract {
                    if let crashOn, name.contains(crashOn) { raise(SIGSEGV) }
                    if let hangOn, name.contains(hangOn) { while true { sleep(1) } }
                    if let contendOn, name.contains(contendOn) { ContentionProbe.run() }
                }
            }
            let data = (try? StreamingJSONEncoder.encode(outcome, pretty: false)) ?? Data()
            guard channel.send(.done, data) else { break }
        }
        return 0
    }
}

/// `WorkerServer.contendTestVariable`: a lazy value made on the calling thread while a second
/// thread, started just before, waits for it (both go through `swift_once`).
private enum ContentionProbe {
    static let value: Int = { usleep(200_000); return 1 }()

    static func run() {
        let done = DispatchSemaphore(value: 0)
        let other = Thread { usleep(50_000); _ = ContentionProbe.value; done.signal() }
        other.start()
        _ = value
        done.wait()
    }
}
