import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

/// The set-up of every command that reads documents — `convert`, `watch`, `qa`, `worker` — in the
/// order they take it: the configuration (`ConfigLoading`), the output folder (`OutputFolder`),
/// the library and cache paths, the reader (`Runtime.reader`). A step that fails says why in the
/// run's language and throws `CommandStop` (`.usage` or `.refused`), which the command hands back
/// to `main`. What differs from one command to another (qa's own library, a worker's optional
/// one) is an argument here, not a copy of the steps.
struct CommandSetup {
    let command: String
    let args: Arguments
    var config: PipelineConfig
    var language: MessageLanguage { config.messageLanguage }

    /// Step 1: the configuration: `--config`, `$INGEST_CONFIG`, `./pipeline.json` or the defaults,
    /// then the command line's overrides. An invalid file or value is refused, a bad `--set` is a
    /// usage error.
    init(_ command: String, _ args: Arguments) throws(CommandStop) {
        self.command = command
        self.args = args
        do { (config, _) = try ConfigLoading.load(args) } catch let e as IngestError {
            Terminal.error("ingest: \(e.code): \(e.message(ConfigLoading.language(args)))")
            throw CommandStop(.refused)
        } catch let e as Arguments.UsageError {
            throw Usage.fail(command, e)
        } catch {
            throw Usage.fail(command, Arguments.UsageError(.internalError))
        }
    }

    /// Step 2: the output folder (`--out`, else `output.directory`, else `ingest-out`, unless the
    /// command names another), created if missing.
    func outputFolder(_ path: String? = nil) throws(CommandStop) -> URL {
        guard let out = OutputFolder.prepare(path ?? args.value("--out") ?? config.output.directory ?? "ingest-out",
                                             language: language) else { throw CommandStop(.refused) }
        return out
    }

    /// Step 3: the library of earlier imports, `library.path` with `~` and `{out}` expanded.
    func libraryPath(out: URL) -> String { ConfigLoading.expandPath(config.library.path, out: out) }

    /// Step 4: the caches, `$XDG_CACHE_HOME/ingest` (else `$HOME/.cache/ingest`), as for every command.
    var cache: URL { ConfigLoading.cacheDirectory() }

    /// Step 5: the reader, worker processes or this one (`Runtime.reader`); `prestarted` is the
    /// worker `main` started while the arguments were read.
    func reader(out: URL, libraryPath: String?, cache: URL?, reportsStages: Bool = false,
                prestarted: Runtime.Prestarted?) throws(CommandStop) -> any DocumentReader {
        do {
            return try Runtime.reader(.init(config: config, outputDirectory: out, libraryPath: libraryPath,
                                            password: args.value("--password"), cacheDirectory: cache, reportsStages: reportsStages),
                                      prestarted: prestarted)
        } catch { throw refuse(error, detail: true) }
    }

    /// Says `error` as every command says an error it cannot go past — `ingest: CODE: message`,
    /// and `(detail)` for an error of the run itself (the reader, the library, a sink), whose
    /// detail is the system's own words — and stops the command.
    func refuse(_ error: any Error, detail: Bool = false) -> CommandStop {
        let e = IngestError.wrap(error)
        Terminal.error("ingest: \(e.code): \(e.message(language))" + (detail ? e.detail.map { " (\($0))" } ?? "" : ""))
        return CommandStop(.refused)
    }

    /// A usage error of this command.
    func usage(_ error: Arguments.UsageError) -> CommandStop { Usage.fail(command, error) }
}
