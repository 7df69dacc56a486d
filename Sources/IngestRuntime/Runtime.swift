import Foundation
import IngestCore
import IngestPipeline

/// Chooses and builds the reader a command runs on, from the configuration: worker processes
/// (`workers.isolation: process`, the default) or this process (`none`). `INGEST_IN_PROCESS=1`
/// forces this process (for a debugger).
public enum Runtime {
    public static let inProcessVariable = "INGEST_IN_PROCESS"

    /// Everything a reader needs to know.
    public struct Setup: Sendable {
        public var config: PipelineConfig
        public var outputDirectory: URL
        public var libraryPath: String?
        public var password: String?
        public var cacheDirectory: URL?
        /// Whether the caller shows each unit's current stage (a progress bar).
        public var reportsStages: Bool
        public init(config: PipelineConfig, outputDirectory: URL, libraryPath: String?, password: String? = nil,
                    cacheDirectory: URL? = nil, reportsStages: Bool = false) {
            self.config = config; self.outputDirectory = outputDirectory; self.libraryPath = libraryPath
            self.password = password; self.cacheDirectory = cacheDirectory; self.reportsStages = reportsStages
        }
    }

    /// A worker process started before the configuration is known (at the top of a command), so
    /// its start-up overlaps the command's own; handed to `reader(_:prestarted:)`.
    public struct Prestarted: Sendable {
        let worker: ChildProcess?
    }

    /// Starts one worker now, unless documents will be read in this process. Called first thing
    /// in a command, while the process has one thread, it forks (no second start of the
    /// executable); otherwise it spawns `ingest _reader`.
    public static func prestart() -> Prestarted {
        guard ProcessInfo.processInfo.environment[inProcessVariable] != "1" else { return Prestarted(worker: nil) }
        if let forked = ChildProcess.forkHere() { return Prestarted(worker: forked) }
        return Prestarted(worker: try? SubprocessReader.spawn(executable: ChildProcess.currentExecutable, arguments: [WorkerServer.command],
                                                             environment: ProcessInfo.processInfo.environment))
    }

    /// Called by the `ingest` executable first thing: its worker processes then send OCR pages to
    /// recognisers started from this same executable (`ingest _ocr`, see `OCRProcesses`).
    public static func enableRecognisers() {
        OCRProcessPool.executable = ChildProcess.currentExecutable
    }

    public static func isolated(_ config: PipelineConfig) -> Bool {
        config.workers.isolation == .process && ProcessInfo.processInfo.environment[inProcessVariable] != "1"
    }

    /// The reader for `setup`, with `slots` units read at once (default: the configured concurrency).
    public static func reader(_ setup: Setup, slots: Int? = nil, prestarted: Prestarted? = nil) throws(IngestError) -> any DocumentReader {
        let slots = slots ?? setup.config.effectiveConcurrency
        if isolated(setup.config) {
            return SubprocessReader(hello: WorkerHello(config: setup.config, outputDirectory: setup.outputDirectory,
                                                       libraryPath: setup.libraryPath, password: setup.password,
                                                       cacheDirectory: setup.cacheDirectory, reportsStages: setup.reportsStages),
                                    slots: slots, prestarted: prestarted?.worker)
        }
        prestarted?.worker?.retire()
        let pipeline: Pipeline
        do {
            if let path = setup.libraryPath {
                pipeline = try Pipeline(config: setup.config, libraryPath: path, password: setup.password,
                                        cacheDirectory: setup.cacheDirectory)
            } else {
                pipeline = Pipeline(config: setup.config, password: setup.password, cacheDirectory: setup.cacheDirectory)
            }
        } catch { throw IngestError.wrap(error) }
        return InProcessReader(importer: DocumentImporter(pipeline: pipeline, outputDirectory: setup.outputDirectory), slots: slots)
    }
}
