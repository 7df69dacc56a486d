import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

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
      --sink KIND        hand-off: sheet (default: NAME.sheet.json and NAME.sheet.md beside each
                         document), directory, jsonl (documents on standard output), http (POST
                         to sink.url, retried, one idempotency key per document and revision;
                         what stays pending is sent by the next run or `ingest deliver`), none
      --lang fr|en       language of messages
      --network          allow the YouTube caption request (off by default)
      --from DIR         where files saved for a YouTube link given are looked for (yt-dlp
                         NAME [ID].info.json and subtitles, saved watch page; default: .)
      --reproducible     documents without timings, createdAt from SOURCE_DATE_EPOCH (else
                         1970-01-01): the bytes `ingest worker` writes for the same sources
      --separate-photos  numbered photos of one folder (IMG_1.jpg, IMG_2.jpg…) are separate
                         documents, not the pages of one lesson
      --follow-links     follow symbolic links that lead out of the folders given (by
                         default such a link is refused: file.linkOutsideTree)
      --jsonl            print one JSON event per document on standard output
      --quiet            no progress bar and no final report

      --lesson TITLE     everything given is one lesson of up to five sources, titled TITLE
      --group folder     each folder's files are one lesson (up to five sources), titled after it

    Documents are read in worker processes: a crash, a hang (limits.documentTimeLimitSeconds)
    or a memory blow-up (workers.memoryLimitMB) costs that document only (run.crashed,
    run.timeout, run.memory) and the run goes on.

    Exit codes: 0 every document is ready (duplicates and skipped included), 1 some failed or
    are not ready, 2 usage or configuration error.
    """

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--out", "--password", "--lesson", "--group", "--from"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--jsonl", "--quiet", "--separate-photos", "--follow-links", "--help", "-h"]))
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        guard !args.positional.isEmpty else { return usage("convert needs at least one PATH (or - for standard input)") }
        let grouping: InputPlanner.Grouping
        switch args.value("--group") {
        case nil: grouping = .document
        case let g?:
            guard let parsed = InputPlanner.Grouping(rawValue: g) else {
                return usage("--group takes \(InputPlanner.Grouping.allCases.map(\.rawValue).joined(separator: " or ")), not \(g)")
            }
            grouping = parsed
        }
        if args.value("--lesson") != nil && args.value("--group") != nil { return usage("--lesson and --group cannot be used together") }

        let config: PipelineConfig
        do { (config, _) = try ConfigLoading.load(args) } catch let e as IngestError {
            Terminal.error("ingest: \(e.code): \(e.message(ConfigLoading.language(args)))"); return 2
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
        let language = config.messageLanguage
        guard let out = OutputFolder.prepare(args.value("--out") ?? config.output.directory ?? "ingest-out", language: language) else { return 2 }

        let libraryPath = ConfigLoading.expandPath(config.library.path, out: out)
        let cache = ConfigLoading.cacheDirectory()
        let quiet = args.has("--quiet")
        let jsonl = args.has("--jsonl")
        let bar = Terminal.stderrIsTTY && !quiet && !jsonl
        // The reader first: its worker processes start while the inputs are planned.
        let reader: any DocumentReader
        do {
            reader = try Runtime.reader(.init(config: config, outputDirectory: out, libraryPath: libraryPath,
                                              password: args.value("--password"), cacheDirectory: cache, reportsStages: bar),
                                        prestarted: prestarted)
        } catch { Terminal.error("ingest: \(error.code): \(error.message(language)) \(error.detail ?? "")"); return 2 }

        var units: [ImportUnit] = []
        var failures: [PlanningFailure] = []
        // YouTube links go through the preview's path: files saved in . or --from, else --network.
        let links = ExtractorRegistry.youtubeLinkArguments(args.positional.filter { $0 != "-" })
        let paths = args.positional.filter { $0 != "-" && !links.contains($0) }
        let linked = ExtractorRegistry.youtubeUnits(links: links, savedIn: args.value("--from"), config: config)
        units += linked.units
        failures += linked.failures
        if args.positional.contains("-") {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            if let decoded = TextDecoder.decodeText(data) {
                units.append(ImportUnit(sources: [.text(decoded.text, name: "stdin")], outputName: "stdin"))
            } else {
                failures.append(PlanningFailure(path: "stdin", error: IngestError(.textBinary)))
            }
        }
        var planner = InputPlanner(excluded: [out], groupsPhotos: !args.has("--separate-photos"), grouping: grouping)
        planner.followsLinksOut = args.has("--follow-links")
        if let title = args.value("--lesson") {
            let plan = planner.lesson(paths, title: title)
            // Typed text from standard input is one more source of the lesson.
            let typed = units.flatMap(\.sources)
            units = plan.units.isEmpty && !typed.isEmpty ? [ImportUnit(sources: typed, outputName: InputPlanner.slug(title), title: title)]
                : plan.units.map { ImportUnit(sources: typed + $0.sources, outputName: $0.outputName, title: title) }
            failures += plan.failures
        } else {
            var plan = planner.plan(paths)
            units += plan.units
            failures += plan.failures
            plan.units = []   // the run gives each unit up once it is read; no second copy kept here
        }

        let display = ProgressDisplay(bar: bar, jsonl: jsonl, slots: reader.slots)
        let summary: RunSummary
        do {
            let delivery = Deliverer.usesOutbox(config.sink)
                ? try Deliverer(libraryPath: libraryPath, sink: config.sink, outputDirectory: out) : nil
            var batch = BatchRun(reader: reader, outputDirectory: out, libraryPath: libraryPath, language: language,
                                 delivery: delivery)
            batch.cacheDirectory = cache.path
            summary = try batch.run(units: consume units, planningFailures: failures, observer: display)
        } catch {
            display.clear()
            let e = IngestError.wrap(error)
            Terminal.error("ingest: \(e.code): \(e.message(language))" + (e.detail.map { " (\($0))" } ?? ""))
            return 2
        }
        let c = summary.counts
        if jsonl {
            var event: [String: JSONValue] = ["event": "summary", "total": .int(c.total), "succeeded": .int(c.succeeded),
                                              "partial": .int(c.partial), "notReady": .int(c.notReady), "duplicates": .int(c.duplicates), "skipped": .int(c.skipped),
                                              "failed": .int(c.failed), "output": .string(out.path),
                                              "library": .string(libraryPath), "cache": .string(cache.path)]
            if let d = summary.delivery {
                event["delivered"] = .int(d.delivered); event["pending"] = .int(d.pending); event["rejected"] = .int(d.rejected)
            }
            ProgressDisplay.emit(event)
        } else if !quiet {
            Terminal.error(report(summary, language: language))
        }
        // A reader that went away is an error, said even with --quiet: how many were not delivered.
        if quiet || jsonl, let d = summary.delivery, d.consumerGone == true {
            Terminal.error("ingest: " + IngestError(.sinkConsumerGone, ["pending": String(d.pending), "notRead": String(d.notRead ?? 0)])
                .message(language))
        }
        return ExitStatus.of(summary)
    }

    static func report(_ s: RunSummary, language: MessageLanguage) -> String {
        var lines: [String] = []
        // Every document is named in a small run; in a large one only those that need attention.
        let listAll = s.counts.total <= 30
        for d in s.documents {
            let name = d.sources.joined(separator: " + ")
            switch d.status {
            case .failed: lines.append("  ✗ \(name): \(d.error?.message ?? "") [\(d.error?.code.rawValue ?? "")]")
            case .partial: lines.append("  ◐ \(name) → \(d.output ?? ""): \(d.error?.message ?? "")")
            case .duplicate:
                // A near-duplicate says how similar it is (an exact one is the same text).
                let similar = d.duplicateOf.flatMap { $0.kind == .near ? Int(($0.similarity * 100).rounded(.down)) : nil }
                let fr = similar.map { ", identique à \($0) %" } ?? "", en = similar.map { ", \($0)% the same" } ?? ""
                lines.append(language == .fr ? "  = \(name) : doublon de « \(d.duplicateOf?.title ?? "") » (\(d.duplicateOf?.source ?? "")\(fr))"
                                             : "  = \(name): duplicate of “\(d.duplicateOf?.title ?? "")” (\(d.duplicateOf?.source ?? "")\(en))")
            case .succeeded where d.readiness == .notReady, .skipped where d.readiness == .notReady:
                lines.append(language == .fr ? "  ! \(name) : pas prêt → \(d.output ?? "")" : "  ! \(name): not ready → \(d.output ?? "")")
            case .succeeded: if listAll { lines.append("  ✓ \(name) → \(d.output ?? "")") }
            case .skipped: continue
            }
        }
        let c = s.counts
        let head = language == .fr
            ? "\(c.total) document(s) : \(c.succeeded) converti(s), \(c.partial) lu(s) en partie, \(c.notReady) pas prêt(s), \(c.duplicates) doublon(s), \(c.skipped) déjà fait(s), \(c.failed) en échec."
            : "\(c.total) document(s): \(c.succeeded) converted, \(c.partial) partly read, \(c.notReady) not ready, \(c.duplicates) duplicate(s), \(c.skipped) already done, \(c.failed) failed."
        // Outcomes by kind and error code, when there is more than one kind of outcome to tell.
        let table = s.table
        if table.count > 1 {
            let width = max(4, table.map(\.kind.count).max() ?? 4)
            lines.append("")
            for row in table {
                lines.append("  " + row.kind.padding(toLength: width, withPad: " ", startingAt: 0) + "  "
                             + String(row.count).leftPadded(5) + "  " + row.outcome)
            }
            lines.append("")
        }
        if let d = s.delivery { lines += DeliverCommand.lines(d, language: language) }
        let tail = language == .fr ? "Résultats dans \(s.outputDirectory) (résumé : summary.json)."
                                   : "Results in \(s.outputDirectory) (summary: summary.json)."
        let places = IngestError(.runLocations, ["library": s.library ?? "-", "cache": s.cache ?? "-"]).message(language)
        return (lines + [head, tail, places]).joined(separator: "\n")
    }

    static func usage(_ message: String) -> Int32 {
        Terminal.error("ingest convert: \(message)\nSee: ingest convert --help")
        return 2
    }
}
