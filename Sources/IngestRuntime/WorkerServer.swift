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
    /// Serves until the channel closes; returns how it ended (`ExitStatus` makes it the exit status). `forked`: this process is a fork
    /// of its supervisor (`ChildProcess.forkHere`), which already tied its life to the supervisor's.
    public static func serve(forked: Bool = false) -> CommandOutcome {
        let env = ProcessInfo.processInfo.environment
        let channel: ChildChannel, hello: WorkerHello, faults: [TestFault]
        switch ChildServer.start(WorkerHello.self, tiedToParent: forked, memoryLimitMB: { $0.config.workers.memoryLimitMB }) {
        case .started(let c, let h, let f): (channel, hello, faults) = (c, h, f)
        case .parentGone: return .done    // the supervisor is already gone
        // The internal reader never speaks to a person: a closed channel is a supervisor that
        // stopped before needing it (a configuration error after its prestart); no channel at
        // all, a start by hand (refused, silently).
        case .noHello(let closed): return closed ? .done : .refused
        }

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
            return .refused
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

        while case .frame(let frame) = channel.receive(timeout: nil) {
            guard frame.kind == .read, let request = WorkerRequest(frame.payload) else { continue }
            importer.skipsDone = request.skipsDone
            let name = request.unit.displayName
            let reportsStages = hello.reportsStages
            let outcome = importer.process(request.unit) { stage in
                if reportsStages { channel.send(.stage, Data(stage.rawValue.utf8)) }
                if stage == .extract, !faults.isEmpty { TestFault.strike(faults, unit: name) }
            }
            let data = (try? StreamingJSONEncoder.encode(outcome, pretty: false)) ?? Data()
            guard channel.send(.done, data) else { break }
        }
        return .done
    }
}
