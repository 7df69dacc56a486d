import Foundation
import IngestCore
import IngestPipeline

enum DeliverCommand {
    static let help = """
    Usage: ingest deliver [--out DIR] [options]
           ingest deliver --sink jsonl --out DIR [--all | --since TIME] [options]

    Sends to the HTTP sink (sink.url) every document whose delivery the library holds as pending:
    those a run could not deliver (the endpoint was down, slow or overloaded, or the run was
    killed). Each is sent with the same Idempotency-Key as before (its id and revision), so an
    endpoint that already has it recognises the repeat; each is recorded as delivered after a
    2xx answer and never sent again. `ingest convert` with the http sink does the same at the
    start of every run.

    With --sink jsonl, prints instead, one JSON line each on standard output, the documents a
    run did not deliver to its reader (the reader stopped, crashed or was killed before taking
    their line whole). --all prints every document of DIR that a sink hands on (ready, every
    page read), --since TIME those written from TIME on (2026-12-06T09:30:00Z, or a date): for a
    reader that lost its own state. A line counts as delivered once the reader has taken it
    whole; a reader that goes away leaves the rest pending (exit status 1).

    Options:
      --out DIR          only the deliveries of the documents written in DIR (and what {out}
                         stands for in library.path); default: every pending delivery
      --library FILE     the SQLite library of imports (default: library.path)
      --rejected         also send again those the endpoint refused (a 4xx answer)
      --sink jsonl       the JSON Lines sink (standard output) instead of the HTTP one
      --all, --since TIME   with --sink jsonl: replay the documents of --out DIR
      --json             print the report as JSON on standard output
      --config FILE, --set PATH=VALUE, --lang fr|en   as for `ingest convert`
                         (e.g. --set sink.url=https://… --set sink.retries=8)

    Exit codes: 0 nothing is left pending or refused, 1 some delivery is still pending or was
    refused (each is named), 2 usage or configuration error.
    """

    static func run(_ argv: [String]) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--out", "--since"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--rejected", "--json", "--all", "--help", "-h"]))
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        guard args.positional.isEmpty else { return usage("deliver takes no PATH (see --out)") }
        let config: PipelineConfig
        do { (config, _) = try ConfigLoading.load(args) } catch let e as IngestError {
            Terminal.error("ingest: \(e.code): \(e.message(ConfigLoading.language(args)))"); return 2
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
        let language = config.messageLanguage
        let jsonl = config.sink.kind == .jsonl
        if jsonl && args.has("--json") { return usage("--json prints on standard output, where --sink jsonl prints the documents") }
        if !jsonl && (args.has("--all") || args.has("--since")) { return usage("--all and --since replay JSON Lines: give --sink jsonl") }
        if args.has("--all") && args.has("--since") { return usage("give --all or --since TIME, not both") }
        var since: Date?
        if let text = args.value("--since") {
            guard let date = Self.time(text) else { return usage("--since takes a time such as 2026-12-06T09:30:00Z or 2026-12-06, not \(text)") }
            since = date
        }
        let replays = args.has("--all") || since != nil
        if replays && args.value("--out") == nil { return usage("--all and --since replay the documents of an output folder: give --out DIR") }
        guard jsonl || config.sink.url != nil else {
            Terminal.error("ingest: \(ErrorCode.configMissingKey): \(IngestError(.configMissingKey, ["path": "sink.url"]).message(language))")
            return 2
        }
        let out = args.value("--out").map { URL(fileURLWithPath: ConfigLoading.expandPath($0, out: nil)).standardizedFileURL }
        let libraryPath = ConfigLoading.expandPath(config.library.path, out: out)
        if config.library.path.contains("{out}") && out == nil { return usage("library.path names {out}: give --out DIR") }
        guard FileManager.default.fileExists(atPath: libraryPath) else {
            Terminal.error("ingest: " + IngestError(.libraryUnavailable, ["path": libraryPath]).message(language))
            return 2
        }
        let report: DeliveryReport
        do {
            let deliverer = try Deliverer(libraryPath: libraryPath, sink: config.sink, outputDirectory: out)
            report = replays ? try deliverer.replay(since: since) : try deliverer.deliverAll(includingRejected: args.has("--rejected"))
        } catch {
            let e = IngestError.wrap(error)
            Terminal.error("ingest: \(e.code): \(e.message(language))" + (e.detail.map { " (\($0))" } ?? ""))
            return 2
        }
        if args.has("--json") {
            if let data = try? StreamingJSONEncoder.encode(report, pretty: false) { StandardOutput.shared.writeLine(data) }
        } else {
            Terminal.error(lines(report, language: language).joined(separator: "\n"))
        }
        return report.needsAttention ? 1 : 0
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
        for p in d.problems {
            switch p.status {
            case .rejected:
                lines.append(language == .fr ? "  ✗ \(p.output) : refusé par \(d.sink) (\(p.error ?? "")), clé \(p.key)"
                                             : "  ✗ \(p.output): refused by \(d.sink) (\(p.error ?? "")), key \(p.key)")
            default:
                lines.append(language == .fr ? "  … \(p.output) : en attente (\(p.error ?? "")), clé \(p.key)"
                                             : "  … \(p.output): pending (\(p.error ?? "")), key \(p.key)")
            }
        }
        let withheld = d.withheld > 0
            ? (language == .fr ? ", \(d.withheld) pas prêt(s) non transmis" : ", \(d.withheld) not ready and not handed on") : ""
        lines.append(language == .fr
            ? "Remise à \(d.sink) : \(d.delivered) transmis, \(d.pending) en attente, \(d.rejected) refusé(s)\(withheld)."
            : "Delivery to \(d.sink): \(d.delivered) delivered, \(d.pending) pending, \(d.rejected) refused\(withheld).")
        if let total = d.replayed {
            lines.append(IngestError(.sinkReplayed, ["delivered": String(d.delivered), "total": String(total)]).message(language))
        }
        if d.consumerGone == true && d.replayed == nil {
            lines.append(IngestError(.sinkConsumerGone, ["pending": String(d.pending), "notRead": String(d.notRead ?? 0)]).message(language))
        } else if d.pending > 0 {
            lines.append(language == .fr ? "Ce qui est en attente sera transmis au prochain lancement, ou par `ingest deliver`."
                                         : "What is pending is sent by the next run, or by `ingest deliver`.")
        }
        return lines
    }

    static func usage(_ message: String) -> Int32 {
        Terminal.error("ingest deliver: \(message)\nSee: ingest deliver --help")
        return 2
    }
}
