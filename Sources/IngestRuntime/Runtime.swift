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
        public init(config: PipelineConfig, outputDirectory: URL, libraryPath: String?, password: String? = nil,
                    cacheDirectory: URL? = nil) {
            self.config = config; self.outputDirectory = outputDirectory; self.libraryPath = libraryPath
            self.password = password; self.cacheDirectory = cacheDirectory
        }
    }

    public static func isolated(_ config: PipelineConfig) -> Bool {
        config.workers.isolation == .process && ProcessInfo.processInfo.environment[inProcessVariable] != "1"
    }

    /// The reader for `setup`, with `slots` units read at once (default: the configured concurrency).
    public static func reader(_ setup: Setup, slots: Int? = nil) throws(IngestError) -> any DocumentReader {
        let slots = slots ?? setup.config.effectiveConcurrency
        if isolated(setup.config) {
            return SubprocessReader(hello: WorkerHello(config: setup.config, outputDirectory: setup.outputDirectory,
                                                       libraryPath: setup.libraryPath, password: setup.password,
                                                       cacheDirectory: setup.cacheDirectory),
                                    slots: slots)
        }
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
