import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

enum WorkerCommand {
    static let help = """
    Usage: ingest worker [--out DIR] [--root DIR] [--shard I/N] [options] < REQUESTS
           ingest worker --plan PATH... [--root DIR] [--shard I/N]

    A worker for distributed engines (Spark's RDD.pipe, Slurm job arrays, Kubernetes Indexed
    Jobs): reads requests on standard input, one per line, converts each with the same pipeline,
    worker processes and hard limits as `ingest convert`, and prints one JSON line per document
    on standard output, in the order of the requests. Documents are written to DIR reproducibly
    (output.reproducible): the same source, pipeline version and configuration give the same
    document id and the same bytes as `ingest convert --reproducible` writes, on any machine and
    however often a request is retried.

    A request is a path (a file: one document; a folder: the documents `ingest convert` makes of
    it), relative to --root, or a JSON object:
      {"path": "cours/ch1.pdf"}                          one document
      {"paths": ["a.pdf", "b.jpg"], "lesson": "La cellule"}   one lesson of up to five sources
      {"sources": [{"files": ["p1.jpg", "p2.jpg"], "name": "p1.jpg, p2.jpg"}], "out": "p"}
      optional: "out" (output name, without .json), "lesson" (title), "ref" (echoed back),
                "options": {"force": true (read again even if done), "separatePhotos": true}
    A result is the document's outcome (status, sources, output, id, title, readiness,
    duplicateOf, error {code, message}, warnings, milliseconds, kind) with "request" (the
    request's line number), "ref", "sha256" (of the document written) and, with --sink jsonl,
    "document". An error is a result: a request that cannot be read (worker.badRequest), a
    missing file, a crash, a hang or a memory blow-up (run.crashed, run.timeout, run.memory)
    fails that document only.

    Options:
      --out DIR          output folder (default: output.directory or ./ingest-out)
      --root DIR         relative request paths are read from here, and documents are named
                         after their path under it, as `ingest convert DIR` names them
                         (default: the current folder)
      --shard I/N        read only shard I of N (0 ≤ I < N): a document belongs to the shard
                         given by a stable hash (FNV-1a) of its path under the root; give every
                         worker the same requests, e.g. --shard $SLURM_ARRAY_TASK_ID/$N or
                         --shard $JOB_COMPLETION_INDEX/$N
      --plan PATH...     print the requests (JSON lines) that make exactly the documents
                         `ingest convert PATH...` makes (photos grouped, NAME.lesson folders,
                         transcripts beside audio, unique names), instead of reading anything
      --library FILE     an SQLite library (per machine): documents already done are skipped
                         and duplicates on this machine found; without it each request is read
                         on its own and duplicates are found when results are merged (by id)
      --quiet            no line of counts on standard error at the end
      --config, --set, --concurrency, --password, --sink, --lang, --network,
      --separate-photos  as for `ingest convert`

    Results are journalled in DIR (.ingest-worker-I-of-N.journal) until the reader has taken
    each line whole: a worker that crashed or was killed, or whose reader went away, leaves its
    unanswered requests there, and the next worker on the same DIR and shard answers them
    first (a result already made is written again as it was). A reader that goes away stops the
    worker (it reads no more requests).

    Exit codes: 0 every request has its result (failed documents included), 1 the reader went
    away before taking every result (they are answered first by the next worker), 2 usage,
    configuration, or no document could be read at all (every result then carries the error).
    """

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--out", "--password", "--root", "--shard"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--plan", "--quiet", "--separate-photos", "--help", "-h"]))
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        let shard: Shard
        if let s = args.value("--shard") {
            guard let parsed = Shard(s) else { return usage("--shard takes I/N with 0 ≤ I < N, e.g. --shard 0/4, not \(s)") }
            shard = parsed
        } else { shard = .all }
        let root = URL(fileURLWithPath: args.value("--root") ?? FileManager.default.currentDirectoryPath).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return usage("--root \(root.path) is not a folder")
        }
        if args.has("--plan") && args.positional.isEmpty { return usage("--plan needs at least one PATH") }
        if !args.has("--plan") && !args.positional.isEmpty {
            return usage("requests come on standard input (one path or JSON object per line); PATH arguments go with --plan")
        }

        var config: PipelineConfig
        do { (config, _) = try ConfigLoading.load(args) } catch let e as IngestError {
            Terminal.error("ingest: \(e.code): \(e.message(ConfigLoading.language(args)))"); return 2
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
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
            let resumed = counts.resumed == 0 ? "" : (language == .fr ? ", \(counts.resumed) laissé(s) sans réponse par le lancement précédent"
                                                                        : ", \(counts.resumed) left unanswered by the previous run")
            Terminal.error(language == .fr
                ? "ingest worker \(shard) : \(counts.requests) requête(s), \(counts.results) résultat(s) dont \(counts.failed) en échec, \(counts.otherShards) document(s) d'autres parts laissé(s)\(resumed)\(fatal)."
                : "ingest worker \(shard): \(counts.requests) request(s), \(counts.results) result(s), \(counts.failed) failed, \(counts.otherShards) document(s) of other shards passed over\(resumed)\(fatal).")
        }
        if counts.readerGone || counts.notDelivered > 0 {
            Terminal.error("ingest worker: " + IngestError(.workerConsumerGone, ["count": String(counts.notDelivered)]).message(language))
        }
        if counts.fatal != nil { return 2 }
        return counts.readerGone || counts.notDelivered > 0 ? 1 : 0
    }

    static func usage(_ message: String) -> Int32 {
        Terminal.error("ingest worker: \(message)\nSee: ingest worker --help")
        return 2
    }
}

/// `--plan` reads nothing.
private struct NoReader: DocumentReader {
    var slots: Int { 1 }
    func read(_ unit: ImportUnit, slot: Int, skipsDone: Bool, events: ReadEvents) throws(IngestError) -> DocumentOutcome {
        throw IngestError(.internalError)
    }
    func close() {}
}
