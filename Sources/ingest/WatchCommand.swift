import Dispatch
import Foundation
import Synchronization
import IngestCore
import IngestPipeline
import IngestRuntime
import IngestStore

enum WatchCommand {
    static var help: String { Help.page("watch") }
    static let options = CommandOptions(
        valued: ConfigLoading.valuedFlags.union(["--out", "--password", "--format"]),
        boolean: ConfigLoading.booleanFlags.union(["--jsonl", "--quiet", "--once", "--poll", "--separate-photos", "--chunks", "--help", "-h"]))

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) throws(CommandStop) -> CommandOutcome {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: options.valued, boolean: options.boolean)
        } catch { throw usage(error.message) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return .done }
        guard args.positional.count == 1 else { throw usage(Arguments.UsageError(.cliWatchNeedsInbox).message) }
        let setup = try CommandSetup("watch", args)
        let config = setup.config
        let language = setup.language
        let renderingOptions: MarkdownOutput.Options
        do { renderingOptions = try MarkdownRenderings.options(config, format: args.value("--format"), chunks: args.has("--chunks")) } catch {
            throw setup.refuse(error)
        }
        let inbox = URL(fileURLWithPath: args.positional[0]).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: inbox.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            Terminal.error("ingest watch: " + IngestError(.fileNotFound, ["path": inbox.path]).message(language))
            throw CommandStop(.refused)
        }
        let out = try setup.outputFolder()
        let libraryPath = setup.libraryPath(out: out)
        let cache = setup.cache
        let jsonl = args.has("--jsonl")
        let statusLine = Terminal.stderrIsTTY && !args.has("--quiet") && !jsonl
        // Stages reported: a unit's `taken` is told once it is past the skip check.
        let reader = try setup.reader(out: out, libraryPath: libraryPath, cache: cache, reportsStages: true, prestarted: prestarted)
        // The events' outbox: the library the workers record documents in.
        let outbox: Library
        do { outbox = try Library(path: libraryPath) } catch { throw setup.refuse(error) }

        // Ctrl-C / SIGTERM: a stop request (a second one: abandon what is being read).
        let stop = StopSignal()
        var sources: [DispatchSourceSignal] = []
        for sig in [SIGINT, SIGTERM] {
            signal(sig, SIG_IGN)
            let s = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            s.setEventHandler { stop.request() }
            s.resume()
            sources.append(s)
        }
        defer { sources.forEach { $0.cancel() } }

        let display = WatchDisplay(statusLine: statusLine, jsonl: jsonl, quiet: args.has("--quiet"), language: language,
                                   inbox: inbox.path)
        // --format markdown, --chunks: NAME.md and NAME.chunks.jsonl beside each document before its event.
        let renderings = renderingOptions.isEmpty ? nil : MarkdownRenderings(out: out, options: renderingOptions, language: language)
        let run = WatchRun(reader: reader, inbox: inbox, outputDirectory: out, config: config,
                           options: .init(once: args.has("--once"), poll: args.has("--poll"),
                                          groupsPhotos: !args.has("--separate-photos")),
                           observer: renderings.map { MarkdownWatchObserver(inner: display, renderings: $0) } ?? display)
        run.outbox = outbox
        if Deliverer.usesOutbox(config.sink) {
            do { run.delivery = try Deliverer(libraryPath: libraryPath, sink: config.sink, outputDirectory: out) } catch {
                throw setup.refuse(error)
            }
        }
        let totals: WatchRun.Totals
        do { totals = try run.run(stop: stop) } catch {
            display.clear()
            throw setup.refuse(error, detail: true)
        }
        display.places = ["library": .string(libraryPath), "cache": .string(cache.path)]
        display.report(.stopped(totals))
        // Where things are (issue 34), as at the end of `convert`.
        if !jsonl && !args.has("--quiet") {
            Terminal.error(IngestError(.runLocations, ["library": libraryPath, "cache": cache.path]).message(language))
        }
        // A jsonl reader that went away stops the watcher: an error, said even with --quiet,
        // with how many documents wait for the next start (or `ingest deliver --sink jsonl`).
        if let d = run.deliveryReport, d.consumerGone == true {
            Terminal.error("ingest: " + IngestError(.sinkConsumerGone, ["pending": String(d.pending), "notRead": String(run.notRead)])
                .message(language))
            return .needsAttention
        }
        // A watch stopped by a signal has done what it was asked; `--once` tells how its pass went.
        return args.has("--once") ? CommandOutcome.of(totals) : .done
    }

    static func usage(_ message: String) -> CommandStop { Usage.fail("watch", message) }
}

/// What `ingest watch` shows: a status line on a terminal (queue, reading, done, failed, last
/// document), JSON events with `--jsonl`, otherwise one line per document on standard error.
final class WatchDisplay: WatchObserver, Sendable {
    let statusLine: Bool
    let jsonl: Bool
    let quiet: Bool
    let language: MessageLanguage
    let inbox: String
    /// Where the library and the caches are (`library`, `cache`), told in the `stopped` event.
    var places: [String: JSONValue] {
        get { screen.withLock { $0.places } }
        set { screen.withLock { $0.places = newValue } }
    }
    /// Held while a report is written: reports come from the watch's threads, one at a time.
    private let screen = Mutex(Screen())
    private struct Screen {
        /// A status line is on the terminal.
        var drawn = false
        var places: [String: JSONValue] = [:]
    }

    init(statusLine: Bool, jsonl: Bool, quiet: Bool, language: MessageLanguage, inbox: String) {
        self.statusLine = statusLine; self.jsonl = jsonl; self.quiet = quiet; self.language = language; self.inbox = inbox
    }

    func report(_ report: WatchReport) {
        screen.withLock { s in
            switch report {
            case .started(let mode, let backlog):
                emit(["event": .string("started"), "inbox": .string(inbox), "mode": .string(mode), "backlog": .int(backlog)])
                let how = MessageCatalog.message(mode == "inotify" ? .terminalWatchModeInotify : .terminalWatchModePolling, language)
                line(&s, MessageCatalog.message(.terminalWatchStarted, language, ["inbox": inbox, "mode": how, "count": String(backlog)]))
            case .notice(let e):
                emit(["event": .string("notice"), "code": .string(e.code.rawValue), "message": .string(e.message(language))])
                line(&s, "\(e.message(language)) [\(e.code)]", always: true)
            case .taken(let unit, let queued):
                emit(["event": .string("taken"), "sources": .array(unit.sources.map { .string($0.name) }), "queued": .int(queued)])
            case .document(let o, let totals, let event):
                var object = ProgressDisplay.documentEvent(o).merging(["queued": .int(totals.queued), "done": .int(totals.done),
                                                                       "failed": .int(totals.failed)]) { a, _ in a }
                if let event { object.merge(Self.identity(event)) { _, b in b } }
                emit(object)
                let name = o.sources.joined(separator: " + ")
                switch o.status {
                case .failed: line(&s, "✗ \(name): \(o.error?.message ?? "") [\(o.error?.code.rawValue ?? "")]", always: true)
                case .duplicate: line(&s, "= \(name) → \(o.duplicateOf?.source ?? "")")
                case .partial: line(&s, "◐ \(name) → \(o.output ?? ""): \(o.error?.message ?? "")", always: true)
                case .succeeded: line(&s, (o.readiness == .notReady ? "! " : "✓ ") + "\(name) → \(o.output ?? "")")
                case .skipped: break
                }
                status(totals, &s)
            case .replayed(let e):
                var object: [String: JSONValue] = ["event": .string("document"), "status": .string(e.status),
                                                   "sources": .array(e.sources.map(JSONValue.string)), "replayed": .bool(true)]
                if let o = e.outputPath { object["output"] = .string(o) }
                if let r = e.readiness { object["readiness"] = .string(r) }
                if let c = e.errorCode { object["code"] = .string(c) }
                emit(object.merging(Self.identity(e)) { _, b in b })
                line(&s, "↻ \(e.sources.joined(separator: " + ")) → \(e.outputPath ?? "") (\(SummaryLines.outcome(e.status, language)))")
            case .alreadyDone(let count):
                emit(["event": .string("alreadyDone"), "count": .int(count)])
                line(&s, MessageCatalog.message(.terminalWatchAlreadyDone, language, ["count": String(count)]))
            case .removed(let path):
                emit(["event": .string("removed"), "source": .string(path)])
                line(&s, MessageCatalog.message(.terminalWatchRemoved, language, ["path": path]))
            case .incomplete(let path, let reason):
                emit(["event": .string("incomplete"), "source": .string(path), "reason": .string(reason)])
            case .stopped(let t):
                emit(["event": .string("stopped"), "done": .int(t.done), "partial": .int(t.partial), "failed": .int(t.failed), "notReady": .int(t.notReady),
                      "duplicates": .int(t.duplicates), "skipped": .int(t.skipped), "removed": .int(t.removed)].merging(s.places) { a, _ in a })
                clear(&s)
                if !jsonl && !quiet {
                    Terminal.error(MessageCatalog.message(.terminalWatchStopped, language, [
                        "done": String(t.done), "partial": String(t.partial), "notReady": String(t.notReady),
                        "duplicates": String(t.duplicates), "skipped": String(t.skipped), "failed": String(t.failed)]))
                }
            }
        }
    }

    /// Every event carries its time; a document event the time its document was recorded.
    private func emit(_ object: [String: JSONValue]) {
        guard jsonl else { return }
        var object = object
        if object["time"] == nil { object["time"] = .string(Self.now()) }
        ProgressDisplay.emit(object)
    }

    /// What tells a document event from any other: `eventId` (a consumer drops a repeat),
    /// the document's `id` and `revision`, when it was recorded.
    static func identity(_ e: RecordedEvent) -> [String: JSONValue] {
        var o: [String: JSONValue] = ["eventId": .string(e.eventID), "time": .string(e.time)]
        if let id = e.documentID { o["id"] = .string(id) }
        if let r = e.revision { o["revision"] = .int(r) }
        return o
    }

    /// Now, as ISO 8601 UTC with milliseconds (the form the library's events carry).
    static func now() -> String {
        let ms = Int64((Date().timeIntervalSince1970 * 1000).rounded(.down))
        let base = Timestamp.iso8601(Date(timeIntervalSince1970: Double(ms / 1000)))
        return base.dropLast() + "." + String(format: "%03d", Int(ms % 1000)) + "Z"
    }

    /// One log line on standard error (above the status line on a terminal).
    private func line(_ s: inout Screen, _ text: String, always: Bool = false) {
        guard !jsonl, !quiet || always else { return }
        clear(&s)
        Terminal.error(Terminal.painted(text))
    }

    private func status(_ t: WatchRun.Totals, _ screen: inout Screen) {
        guard statusLine else { return }
        var s = MessageCatalog.message(.terminalWatchStatus, language, ["queued": String(t.queued), "reading": String(t.reading),
                                                                         "done": String(t.done), "failed": String(t.failed)])
        if let last = t.last { s += " · " + (last.count > 40 ? "…" + last.suffix(39) : last) }
        FileHandle.standardError.write(Data(("\r" + s.padding(toLength: 100, withPad: " ", startingAt: 0)).utf8))
        screen.drawn = true
    }

    func clear() { screen.withLock { clear(&$0) } }

    private func clear(_ screen: inout Screen) {
        guard screen.drawn else { return }
        FileHandle.standardError.write(Data(("\r" + String(repeating: " ", count: 100) + "\r").utf8))
        screen.drawn = false
    }
}
