import Foundation
import IngestCore
import IngestPipeline

enum ConvertCommand {
    static let help = """
    Usage: ingest convert PATH... [--out DIR] [options]

    Converts files and folders (walked recursively) into ImportedDocuments: one DIR/<name>.json
    per document, written atomically, and DIR/summary.json. Use - to read text from standard input.
    Re-running on the same folder skips what is done and retries what failed.

    Options:
      --out DIR          output folder (created if missing; default: output.directory or ./ingest-out)
      --config FILE      configuration file (default: $INGEST_CONFIG, ./pipeline.json, built-in)
      --set PATH=VALUE   override one configuration value, e.g. --set ocr.pageCap=20 (repeatable)
      --concurrency N    documents read at once (0 = number of cores)
      --password PASS    password for encrypted PDFs
      --library FILE     the SQLite library of imports (default: library.path)
      --sink KIND        hand-off: sheet, directory, jsonl, http, none
      --lang fr|en       language of messages
      --network          allow the YouTube caption request (off by default)
      --separate-photos  numbered photos of one folder (IMG_1.jpg, IMG_2.jpg…) are separate
                         documents, not the pages of one lesson
      --jsonl            print one JSON event per document on standard output
      --quiet            no progress bar and no final report

    Exit codes: 0 all documents succeeded (duplicates and skipped included), 1 some failed,
    2 usage or configuration error.
    """

    static func run(_ argv: [String]) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--out", "--password"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--jsonl", "--quiet", "--separate-photos", "--help", "-h"]))
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        guard !args.positional.isEmpty else { return usage("convert needs at least one PATH (or - for standard input)") }

        let config: PipelineConfig
        do { (config, _) = try ConfigLoading.load(args) } catch let e as IngestError {
            Terminal.error("ingest: \(e.code): \(e.message(ConfigLoading.language(args)))"); return 2
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
        let language = config.messageLanguage

        let outPath = args.value("--out") ?? config.output.directory ?? "ingest-out"
        let out = URL(fileURLWithPath: ConfigLoading.expandPath(outPath, out: nil)).standardizedFileURL
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: out.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            Terminal.error("ingest: " + IngestError(.outputNotDirectory, ["path": out.path]).message(language))
            return 2
        }
        do { try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true) } catch {
            Terminal.error("ingest: " + IngestError(.writeFailed, ["path": out.path]).message(language) + " (\(error.localizedDescription))")
            return 2
        }

        let libraryPath = ConfigLoading.expandPath(config.library.path, out: out)
        let cache = URL(fileURLWithPath: libraryPath).deletingLastPathComponent().appendingPathComponent("cache")
        // Documents are read by a worker process, so that a crash in a C library on one file
        // sets that file aside instead of ending the run; this process plans, shows progress and
        // writes the summary (it does not open the library: the worker does, and says if it cannot).
        // INGEST_IN_PROCESS=1 reads them here instead (for a debugger; no crash isolation).
        let isWorker = ProcessInfo.processInfo.environment[Supervisor.workerVariable] != nil
        let inProcess = ProcessInfo.processInfo.environment[Supervisor.inProcessVariable] == "1"
        let pipeline: Pipeline
        if isWorker || inProcess {
            do {
                pipeline = try Pipeline(config: config, libraryPath: libraryPath, password: args.value("--password"), cacheDirectory: cache)
            } catch let e as IngestError {
                Terminal.error("ingest: \(e.code): \(e.message(language)) \(e.detail ?? "")"); return 2
            } catch { Terminal.error("ingest: \(error)"); return 2 }
        } else {
            pipeline = Pipeline(config: config, password: args.value("--password"), cacheDirectory: cache)
        }
        var runner = BatchRunner(pipeline: pipeline, outputDirectory: out)
        runner.libraryPath = libraryPath
        if isWorker { return Supervisor.work(runner: runner) }
        // The worker starts now, while the inputs are planned.
        let worker = inProcess ? nil : Supervisor.Worker.launch(arguments: argv)
        var units: [ImportUnit] = []
        var failures: [PlanningFailure] = []
        let paths = args.positional.filter { $0 != "-" }
        if args.positional.contains("-") {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            if let decoded = TextDecoder.decodeText(data) {
                units.append(ImportUnit(sources: [.text(decoded.text, name: "stdin")], outputName: "stdin"))
            } else {
                failures.append(PlanningFailure(path: "stdin", error: IngestError(.textBinary)))
            }
        }
        let plan = InputPlanner(excluded: [out], groupsPhotos: !args.has("--separate-photos")).plan(paths)
        units += plan.units
        failures += plan.failures

        let quiet = args.has("--quiet")
        let jsonl = args.has("--jsonl")
        let display = ProgressDisplay(bar: Terminal.stderrIsTTY && !quiet && !jsonl, jsonl: jsonl)
        let summary: RunSummary
        if inProcess {
            summary = runner.run(units: units, planningFailures: failures, observer: display)
        } else {
            guard let supervised = runner.run(units: units, planningFailures: failures, observer: display, read: { units, finished in
                Supervisor.run(units, first: worker, arguments: argv, language: language, finished: finished)
            }) else { return 2 }
            summary = supervised
        }
        let c = summary.counts
        if jsonl {
            display.emit(["event": "summary", "total": c.total, "succeeded": c.succeeded, "duplicates": c.duplicates,
                          "skipped": c.skipped, "failed": c.failed, "output": out.path])
        } else if !quiet {
            Terminal.error(report(summary, language: language))
        }
        return c.failed > 0 ? 1 : 0
    }

    static func report(_ s: RunSummary, language: MessageLanguage) -> String {
        var lines: [String] = []
        // Every document is named in a small run; in a large one only those that need attention.
        let listAll = s.documents.count <= 30
        for d in s.documents {
            let name = d.sources.joined(separator: " + ")
            switch d.status {
            case .failed: lines.append("  ✗ \(name): \(d.error?.message ?? "") [\(d.error?.code.rawValue ?? "")]")
            case .duplicate:
                lines.append(language == .fr ? "  = \(name) : doublon de « \(d.duplicateOf?.title ?? "") » (\(d.duplicateOf?.source ?? ""))"
                                             : "  = \(name): duplicate of “\(d.duplicateOf?.title ?? "")” (\(d.duplicateOf?.source ?? ""))")
            case .succeeded where d.readiness == .notReady:
                lines.append(language == .fr ? "  ! \(name) : pas prêt → \(d.output ?? "")" : "  ! \(name): not ready → \(d.output ?? "")")
            case .succeeded: if listAll { lines.append("  ✓ \(name) → \(d.output ?? "")") }
            case .skipped: continue
            }
        }
        let c = s.counts
        let head = language == .fr
            ? "\(c.total) document(s) : \(c.succeeded) converti(s), \(c.duplicates) doublon(s), \(c.skipped) déjà fait(s), \(c.failed) en échec."
            : "\(c.total) document(s): \(c.succeeded) converted, \(c.duplicates) duplicate(s), \(c.skipped) already done, \(c.failed) failed."
        let tail = language == .fr ? "Résultats dans \(s.outputDirectory) (résumé : summary.json)."
                                   : "Results in \(s.outputDirectory) (summary: summary.json)."
        return (lines + [head, tail]).joined(separator: "\n")
    }

    static func usage(_ message: String) -> Int32 {
        Terminal.error("ingest convert: \(message)\nSee: ingest convert --help")
        return 2
    }
}
