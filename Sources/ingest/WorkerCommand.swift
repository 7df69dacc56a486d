import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

enum WorkerCommand {
    static var help: String { Help.page("worker") }
    static let options = CommandOptions(
        valued: ConfigLoading.valuedFlags.union(["--out", "--password", "--root", "--shard"]),
        boolean: ConfigLoading.booleanFlags.union(["--plan", "--quiet", "--separate-photos", "--help", "-h"]))

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: options.valued, boolean: options.boolean)
        } catch { return usage(error) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        let shard: Shard
        if let s = args.value("--shard") {
            guard let parsed = Shard(s) else { return usage(.init(.cliWorkerShardFormat, ["value": s])) }
            shard = parsed
        } else { shard = .all }
        let root = URL(fileURLWithPath: args.value("--root") ?? FileManager.default.currentDirectoryPath).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return usage(.init(.cliWorkerRootNotFolder, ["path": root.path]))
        }
        if args.has("--plan") && args.positional.isEmpty { return usage(.init(.cliWorkerPlanNeedsPath)) }
        if !args.has("--plan") && !args.positional.isEmpty {
            return usage(.init(.cliWorkerPathsWithoutPlan))
        }

        var config: PipelineConfig
        do { (config, _) = try ConfigLoading.load(args) } catch let e as IngestError {
            Terminal.error("ingest: \(e.code): \(e.message(ConfigLoading.language(args)))"); return 2
        } catch let e as Arguments.UsageError { return usage(e) } catch { return usage(.init(.internalError)) }
        // A worker's documents depend on their sources only: a retry, a speculative copy of a
        // task or another machine writes the same bytes.
        config.output.reproducible = true
        let language = config.messageLanguage
        let outPath = args.value("--out") ?? config.output.directory ?? "ingest-out"

        if args.has("--plan") {
            let out = URL(fileURLWithPath: ConfigLoading.expandPath(outPath, out: nil)).standardizedFileURL
            var run = WorkerRun(reader: NoReader(), outputDirectory: out, root: root, shard: shard, language: language)
            run.groupsPhotos = !args.has("--separate-photos")
            for line in run.planRequests(args.positional) { StandardOutput.shared.writeLine(line) }
            return 0
        }

        guard let out = OutputFolder.prepare(outPath, language: language) else { return 2 }
        let libraryPath = args.value("--library").map { ConfigLoading.expandPath($0, out: out) }
        let cache = libraryPath.map { _ in ConfigLoading.cacheDirectory() }
        let reader: any DocumentReader
        do {
            reader = try Runtime.reader(.init(config: config, outputDirectory: out, libraryPath: libraryPath,
                                              password: args.value("--password"), cacheDirectory: cache),
                                        prestarted: prestarted)
        } catch { Terminal.error("ingest: \(error.code): \(error.message(language)) \(error.detail ?? "")"); return 2 }
        var run = WorkerRun(reader: reader, outputDirectory: out, root: root, shard: shard, language: language)
        run.groupsPhotos = !args.has("--separate-photos")
        run.embedsDocuments = config.sink.kind == .jsonl
        // A reader that goes away must give EPIPE (its results stay in the journal), not kill us.
        LineWriter.ignoreBrokenPipeSignal()
        let journal = ResultJournal(outputDirectory: out, shard: shard)
        let counts = run.run(nextLine: { readLine(strippingNewline: true) }, journal: journal)
        if !args.has("--quiet") {
            let fatal = counts.fatal.map { " — \($0.code): \($0.message(language))" } ?? ""
            let resumed = counts.resumed == 0 ? "" : MessageCatalog.message(.cliWorkerResumed, language, ["count": String(counts.resumed)])
            Terminal.error(MessageCatalog.message(.cliWorkerCounts, language, [
                "shard": "\(shard)", "requests": String(counts.requests), "results": String(counts.results), "failed": String(counts.failed),
                "others": String(counts.otherShards), "resumed": resumed, "fatal": fatal]))
        }
        if counts.readerGone || counts.notDelivered > 0 {
            Terminal.error("ingest worker: " + IngestError(.workerConsumerGone, ["count": String(counts.notDelivered)]).message(language))
        }
        if counts.fatal != nil { return 2 }
        return counts.readerGone || counts.notDelivered > 0 ? 1 : 0
    }

    static func usage(_ error: Arguments.UsageError) -> Int32 { Usage.fail("worker", error) }
}

/// `--plan` reads nothing.
private struct NoReader: DocumentReader {
    var slots: Int { 1 }
    func read(_ unit: ImportUnit, slot: Int, skipsDone: Bool, events: ReadEvents) throws(IngestError) -> DocumentOutcome {
        throw IngestError(.internalError)
    }
    func close() {}
}
