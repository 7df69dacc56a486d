import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

enum ConvertCommand {
    static var help: String { Help.page("convert") }
    static let options = CommandOptions(
        valued: ConfigLoading.valuedFlags.union(["--out", "--password", "--lesson", "--group", "--from", "--format"]),
        boolean: ConfigLoading.booleanFlags.union(["--jsonl", "--quiet", "--separate-photos", "--follow-links", "--chunks", "--help", "-h"]))

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: options.valued, boolean: options.boolean)
        } catch { return usage(error) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        guard !args.positional.isEmpty else { return usage(.init(.cliConvertNeedsPath)) }
        let grouping: InputPlanner.Grouping
        switch args.value("--group") {
        case nil: grouping = .document
        case let g?:
            guard let parsed = InputPlanner.Grouping(rawValue: g) else {
                let choices = InputPlanner.Grouping.allCases.map(\.rawValue)
                return usage(.init(.cliGroupValue, ["choices": choices.joined(separator: ", "), "value": g],
                                   suggestion: closest(to: g, among: choices)))
            }
            grouping = parsed
        }
        if args.value("--lesson") != nil && args.value("--group") != nil { return usage(.init(.cliLessonWithGroup)) }

        let config: PipelineConfig
        do { (config, _) = try ConfigLoading.load(args) } catch let e as IngestError {
            Terminal.error("ingest: \(e.code): \(e.message(ConfigLoading.language(args)))"); return 2
        } catch let e as Arguments.UsageError { return usage(e) } catch { return usage(.init(.internalError)) }
        let language = config.messageLanguage
        let renderingOptions: MarkdownOutput.Options
        do { renderingOptions = try MarkdownRenderings.options(config, format: args.value("--format"), chunks: args.has("--chunks")) } catch {
            Terminal.error("ingest: \(error.code): \(error.message(language))"); return 2
        }
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
        // Nothing to read (an empty folder, only hidden files): said, and not a success.
        if units.isEmpty && failures.isEmpty {
            reader.close()
            Terminal.error("ingest convert: " + MessageCatalog.message(.cliEmptyInput, language, ["paths": args.positional.joined(separator: ", ")]))
            return 1
        }

        let display = ProgressDisplay(bar: bar, jsonl: jsonl, slots: reader.slots, language: language)
        // --format markdown, --chunks: NAME.md and NAME.chunks.jsonl beside each document as it is written.
        let renderings = renderingOptions.isEmpty ? nil : MarkdownRenderings(out: out, options: renderingOptions, language: language)
        let summary: RunSummary
        do {
            let delivery = Deliverer.usesOutbox(config.sink)
                ? try Deliverer(libraryPath: libraryPath, sink: config.sink, outputDirectory: out) : nil
            var batch = BatchRun(reader: reader, outputDirectory: out, libraryPath: libraryPath, language: language,
                                 delivery: delivery)
            batch.cacheDirectory = cache.path
            summary = try batch.run(units: consume units, planningFailures: failures, observer: renderings.map { MarkdownObserver(inner: display, renderings: $0) } ?? display)
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
            Terminal.error(Terminal.painted(report(summary, language: language)))
        }
        // A reader that went away is an error, said even with --quiet: how many were not delivered.
        if quiet || jsonl, let d = summary.delivery, d.consumerGone == true {
            Terminal.error("ingest: " + IngestError(.sinkConsumerGone, ["pending": String(d.pending), "notRead": String(d.notRead ?? 0)])
                .message(language))
        }
        return renderings?.exitStatus(ExitStatus.of(summary)) ?? ExitStatus.of(summary)
    }

    static func report(_ s: RunSummary, language: MessageLanguage) -> String {
        var lines = Verdicts.lines(s, language: language)
        let c = s.counts
        let head = SummaryLines.counts(c, language)
        // Outcomes by kind and error code, when there is more than one kind of outcome to tell.
        lines += SummaryLines.table(s.table, language)
        if let d = s.delivery { lines += DeliverCommand.lines(d, language: language) }
        let tail = SummaryLines.results(s.outputDirectory, language)
        let places = IngestError(.runLocations, ["library": s.library ?? "-", "cache": s.cache ?? "-"]).message(language)
        return (lines + [head, tail, places]).joined(separator: "\n")
    }

    static func usage(_ error: Arguments.UsageError) -> Int32 { Usage.fail("convert", error) }
}
