import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

enum DeliverCommand {
    static var help: String { Help.page("deliver") }

    static func run(_ argv: [String]) throws(CommandStop) -> CommandOutcome {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--out", "--since"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--rejected", "--json", "--all", "--help", "-h"]))
        } catch { throw usage(error.message) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return .done }
        guard args.positional.isEmpty else { throw usage(.cliDeliverTakesNoPath) }
        let setup = try CommandSetup("deliver", args)
        let config = setup.config
        let language = setup.language
        let jsonl = config.sink.kind == .jsonl
        if jsonl && args.has("--json") { throw usage(.cliDeliverJSONWithJSONL) }
        if !jsonl && (args.has("--all") || args.has("--since")) { throw usage(.cliDeliverReplayNeedsJSONL) }
        if args.has("--all") && args.has("--since") { throw usage(.cliDeliverAllOrSince) }
        var since: Date?
        if let text = args.value("--since") {
            guard let date = Self.time(text) else { throw usage(.cliDeliverSinceFormat, ["value": text]) }
            since = date
        }
        let replays = args.has("--all") || since != nil
        if replays && args.value("--out") == nil { throw usage(.cliDeliverReplayNeedsOut) }
        guard jsonl || config.sink.url != nil else {
            throw setup.refuse(IngestError(.configMissingKey, ["path": "sink.url"]))
        }
        let out = args.value("--out").map { URL(fileURLWithPath: ConfigLoading.expandPath($0, out: nil)).standardizedFileURL }
        let libraryPath = ConfigLoading.expandPath(config.library.path, out: out)
        if config.library.path.contains("{out}") && out == nil { throw usage(.cliDeliverLibraryNeedsOut) }
        guard FileManager.default.fileExists(atPath: libraryPath) else {
            Terminal.error("ingest: " + IngestError(.libraryUnavailable, ["path": libraryPath]).message(language))
            throw CommandStop(.refused)
        }
        let report: DeliveryReport
        do {
            let deliverer = try Deliverer(libraryPath: libraryPath, sink: config.sink, outputDirectory: out)
            report = replays ? try deliverer.replay(since: since) : try deliverer.deliverAll(includingRejected: args.has("--rejected"))
        } catch {
            throw setup.refuse(error, detail: true)
        }
        if args.has("--json") {
            if let data = try? StreamingJSONEncoder.encode(report, pretty: false) { StandardOutput.shared.writeLine(data) }
        } else {
            Terminal.error(lines(report, language: language).joined(separator: "\n"))
        }
        return CommandOutcome.of(report)
    }

    /// `--since`: an ISO 8601 time (with its offset or Z; without one, UTC), or a date (its midnight, UTC).
    static func time(_ text: String) -> Date? {
        let full = ISO8601DateFormatter()
        if let d = full.date(from: text) { return d }
        full.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let d = full.date(from: text) { return d }
        let local = DateFormatter()
        local.locale = Locale(identifier: "en_US_POSIX")
        local.timeZone = TimeZone(identifier: "UTC")
        for format in ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"] {
            local.dateFormat = format
            if let d = local.date(from: text) { return d }
        }
        return nil
    }

    /// The report's lines for a person (also at the end of `ingest convert` with the http or
    /// jsonl sink).
    static func lines(_ d: DeliveryReport, language: MessageLanguage) -> [String] {
        var lines: [String] = []
        func say(_ code: ErrorCode, _ arguments: [String: String]) -> String { MessageCatalog.message(code, language, arguments) }
        for p in d.problems {
            // The reason is the HTTP client's own words (curl's, an HTTP status): quoted as a detail.
            let arguments = ["output": p.output, "sink": d.sink, "key": p.key]
                .merging(MessageCatalog.quoted("reason", p.error ?? "")) { _, quoted in quoted }
            lines.append(p.status == .rejected ? "  ✗ " + say(.cliDeliverRejected, arguments) : "  … " + say(.cliDeliverPending, arguments))
        }
        let withheld = d.withheld > 0 ? say(.cliDeliverWithheld, ["count": String(d.withheld)]) : ""
        lines.append(say(.cliDeliverCounts, ["sink": d.sink, "delivered": String(d.delivered), "pending": String(d.pending),
                                             "rejected": String(d.rejected), "withheld": withheld]))
        if let total = d.replayed {
            lines.append(IngestError(.sinkReplayed, ["delivered": String(d.delivered), "total": String(total)]).message(language))
        }
        if d.consumerGone == true && d.replayed == nil {
            lines.append(IngestError(.sinkConsumerGone, ["pending": String(d.pending), "notRead": String(d.notRead ?? 0)]).message(language))
        } else if d.pending > 0 {
            lines.append(say(.cliDeliverNextRun, [:]))
        }
        return lines
    }

    static func usage(_ message: String) -> CommandStop { Usage.fail("deliver", message) }
    static func usage(_ code: ErrorCode, _ arguments: [String: String] = [:]) -> CommandStop {
        Usage.fail("deliver", Arguments.UsageError(code, arguments))
    }
}
