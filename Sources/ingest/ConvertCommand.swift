import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

enum ConvertCommand {
    static var help: String { Help.page("convert") }
    static let options = CommandOptions(
        valued: ConfigLoading.valuedFlags.union(["--out", "--password", "--lesson", "--group", "--from", "--format"]),
        boolean: ConfigLoading.booleanFlags.union(["--jsonl", "--quiet", "--separate-photos", "--follow-links", "--chunks", "--help", "-h"]))

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) throws(CommandStop) -> CommandOutcome {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: options.valued, boolean: options.boolean)
        } catch { throw usage(error) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return .done }
        guard !args.positional.isEmpty else { throw usage(.init(.cliConvertNeedsPath)) }
        let grouping: InputPlanner.Grouping
        switch args.value("--group") {
        case nil: grouping = .document
        case let g?:
            guard let parsed = InputPlanner.Grouping(rawValue: g) else {
                let choices = InputPlanner.Grouping.allCases.map(\.rawValue)
                throw usage(.init(.cliGroupValue, ["choices": choices.joined(separator: ", "), "value": g],
                                  suggestion: closest(to: g, among: choices)))
            }
            grouping = parsed
        }
        if args.value("--lesson") != nil && args.value("--group") != nil { throw usage(.init(.cliLessonWithGroup)) }

        let setup = try CommandSetup("convert", args)
        let config = setup.config
        let language = setup.language
        let renderingOptions: MarkdownOutput.Options
        do { renderingOptions = try MarkdownRenderings.options(config, format: args.value("--format"), chunks: args.has("--chunks")) } catch {
            throw setup.refuse(error)
        }
        let out = try setup.outputFolder()
        let libraryPath = setup.libraryPath(out: out)
        let cache = setup.cache
        let quiet = args.has("--quiet")
        let jsonl = args.has("--jsonl")
        let bar = Terminal.stderrIsTTY && !quiet && !jsonl
        // The reader first: its worker processes start while the inputs are planned.
        let reader = try setup.reader(out: out, libraryPath: libraryPath, cache: cache, reportsStages: bar, prestarted: prestarted)

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
            return .needsAttention
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
            throw setup.refuse(error, detail: true)
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
        return CommandOutcome.of(summary).with(renderings?.outcome ?? .done)
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

    static func usage(_ error: Arguments.UsageError) -> CommandStop { Usage.fail("convert", error) }
}
