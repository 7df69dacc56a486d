import Foundation
import Synchronization
import IngestCore
import IngestPipeline
import IngestRuntime

/// `--format markdown` and `--chunks`: as each document is written, its `NAME.md` and
/// `NAME.chunks.jsonl` beside it (`MarkdownOutput`), made from the written JSON — so a document
/// skipped as done gets them too when they are missing or older than it. A duplicate has no
/// JSON of its own and gets none. A rendering that cannot be written is said on standard error
/// and counted (the run's exit status is then 1 at least).
final class MarkdownRenderings: Sendable {
    let out: URL
    let options: MarkdownOutput.Options
    let language: MessageLanguage
    private let failures = Mutex(0)
    var failed: Int { failures.withLock { $0 } }

    init(out: URL, options: MarkdownOutput.Options, language: MessageLanguage) {
        self.out = out; self.options = options; self.language = language
    }

    func write(_ outcome: DocumentOutcome) {
        guard let output = outcome.output, [.succeeded, .partial, .skipped].contains(outcome.status) else { return }
        do {
            try MarkdownOutput.write(besideDocumentAt: out.appendingPathComponent(output, isDirectory: false), options: options,
                                     onlyWhenStale: outcome.status == .skipped)
        } catch {
            failures.withLock { $0 += 1 }
            let e = IngestError.wrap(error)
            Terminal.error("ingest: \(e.code): \(e.message(language))" + (e.detail.map { " (\($0))" } ?? ""))
        }
    }

    /// Needs attention when a rendering could not be written (the run's outcome is then at least that).
    var outcome: CommandOutcome { failed > 0 ? .needsAttention : .done }

    /// The renderings asked for: `output.format` and `output.chunks` of the configuration, and
    /// `--format FORMAT` and `--chunks` over them. A `--format` the configuration would refuse
    /// is refused with the same error (`config.invalidValue` naming `output.format`).
    static func options(_ config: PipelineConfig, format: String?, chunks: Bool) throws(IngestError) -> MarkdownOutput.Options {
        var output = config.output
        if let format {
            let asked: JSONValue = .object(["output": .object(["format": .string(format)])])
            if let error = ConfigLoader.violations(of: asked).first { throw error }
            output.format = PipelineConfig.Output.Format(rawValue: format) ?? output.format
        }
        if chunks { output.chunks.enabled = true }
        return MarkdownOutput.Options(output)
    }
}

/// `ingest convert`: the renderings of each document, then its progress.
final class MarkdownObserver: RunObserver, Sendable {
    let inner: any RunObserver
    let renderings: MarkdownRenderings
    init(inner: any RunObserver, renderings: MarkdownRenderings) { self.inner = inner; self.renderings = renderings }

    func started(total: Int) { inner.started(total: total) }
    func stage(_ stage: Stage, slot: Int, unit: ImportUnit) { inner.stage(stage, slot: slot, unit: unit) }
    func finished(_ outcome: DocumentOutcome, done: Int, total: Int) {
        renderings.write(outcome)
        inner.finished(outcome, done: done, total: total)
    }
}

/// `ingest watch`: the renderings of each document before its event is told.
final class MarkdownWatchObserver: WatchObserver, Sendable {
    let inner: any WatchObserver
    let renderings: MarkdownRenderings
    init(inner: any WatchObserver, renderings: MarkdownRenderings) { self.inner = inner; self.renderings = renderings }

    func report(_ report: WatchReport) {
        if case .document(let outcome, _, _) = report { renderings.write(outcome) }
        inner.report(report)
    }
}
