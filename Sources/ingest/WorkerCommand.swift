import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

enum WorkerCommand {
    static var help: String { Help.page("worker") }
    static let options = CommandOptions(
        valued: ConfigLoading.valuedFlags.union(["--out", "--password", "--root", "--shard"]),
        boolean: ConfigLoading.booleanFlags.union(["--plan", "--quiet", "--separate-photos", "--help", "-h"]))

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) throws(CommandStop) -> CommandOutcome {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: options.valued, boolean: options.boolean)
        } catch { throw usage(error) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return .done }
        let shard: Shard
        if let s = args.value("--shard") {
            guard let parsed = Shard(s) else { throw usage(.init(.cliWorkerShardFormat, ["value": s])) }
            shard = parsed
        } else { shard = .all }
        let root = URL(fileURLWithPath: args.value("--root") ?? FileManager.default.currentDirectoryPath).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw usage(.init(.cliWorkerRootNotFolder, ["path": root.path]))
        }
        if args.has("--plan") && args.positional.isEmpty { throw usage(.init(.cliWorkerPlanNeedsPath)) }
        if !args.has("--plan") && !args.positional.isEmpty {
            throw usage(.init(.cliWorkerPathsWithoutPlan))
        }

        let setup = try CommandSetup("worker", args)
        let language = setup.language
        let outPath = args.value("--out") ?? setup.config.output.directory ?? "ingest-out"

        if args.has("--plan") {
            let out = URL(fileURLWithPath: ConfigLoading.expandPath(outPath, out: nil)).standardizedFileURL
            var run = WorkerRun(planningInto: out, root: root, shard: shard, language: language)
            run.groupsPhotos = !args.has("--separate-photos")
            for line in run.planRequests(args.positional) { StandardOutput.shared.writeLine(line) }
            return .done
        }

        let out = try setup.outputFolder(outPath)
        // A library only when one is named: a worker's tasks are independent (no duplicate checks
        // across machines), and its caches go with it.
        let libraryPath = args.value("--library").map { ConfigLoading.expandPath($0, out: out) }
        let cache = libraryPath.map { _ in setup.cache }
        var run: WorkerRun
        do {
            // Written reproducibly: `WorkerRun` forces it.
            run = try WorkerRun(.init(config: setup.config, outputDirectory: out, libraryPath: libraryPath,
                                      password: args.value("--password"), cacheDirectory: cache),
                                root: root, shard: shard, prestarted: prestarted)
        } catch { throw setup.refuse(error, detail: true) }
        run.groupsPhotos = !args.has("--separate-photos")
        run.embedsDocuments = setup.config.sink.kind == .jsonl
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
        return CommandOutcome.of(counts)
    }

    static func usage(_ error: Arguments.UsageError) -> CommandStop { Usage.fail("worker", error) }
}
