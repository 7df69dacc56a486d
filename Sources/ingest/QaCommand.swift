import Foundation
import IngestCore
import IngestPipeline
import IngestQuality
import IngestReport
import IngestRuntime

enum QaCommand {
    static var help: String { Help.page("qa") }
    static let options = CommandOptions(
        valued: ConfigLoading.valuedFlags.union(["--out", "--password", "--expected", "--manifest", "--baseline", "--json", "--html"]),
        boolean: ConfigLoading.booleanFlags.union(["--quiet", "--separate-photos", "--help", "-h"]))

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) throws(CommandStop) -> CommandOutcome {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: options.valued, boolean: options.boolean)
        } catch { throw usage(error) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return .done }
        guard args.positional.count == 1, let corpusPath = args.positional.first else {
            throw usage(.init(.cliQaNeedsCorpus))
        }
        if args.value("--expected") != nil && args.value("--manifest") != nil {
            throw usage(.init(.cliQaExpectedWithManifest))
        }
        let setup = try CommandSetup("qa", args)
        let config = setup.config
        let language = setup.language
        let corpus = URL(fileURLWithPath: corpusPath).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: corpus.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw usage(.init(.cliQaCorpusNotFolder, ["path": corpusPath]))
        }

        // Everything that can be refused is checked before a document is read.
        var manifest: QaManifest?
        var baseline: QaReport?
        do {
            manifest = try args.value("--manifest").map { path throws(IngestError) in try QaManifest.load(URL(fileURLWithPath: path)) }
            baseline = try args.value("--baseline").map { path throws(IngestError) in try QaBaseline.load(URL(fileURLWithPath: path)) }
        } catch {
            throw setup.refuse(error)
        }
        var expectedDirectory: URL?
        if let dir = args.value("--expected") {
            expectedDirectory = URL(fileURLWithPath: dir).standardizedFileURL
            guard FileManager.default.fileExists(atPath: expectedDirectory!.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw usage(.init(.cliQaExpectedNotFolder, ["path": dir]))
            }
        }

        let keepsOutput = args.value("--out") != nil
        let outPath = args.value("--out") ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("ingest-qa-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        let out = try setup.outputFolder(outPath)
        defer { if !keepsOutput { try? FileManager.default.removeItem(at: out) } }
        // The run's own library, afresh: a figure is never an earlier run's, and the user's
        // library of imports is not touched.
        let libraryPath = args.value("--library") ?? out.appendingPathComponent(QaRun.libraryName).path
        for suffix in ["", "-wal", "-shm", "-bands"] { try? FileManager.default.removeItem(atPath: libraryPath + suffix) }

        let quiet = args.has("--quiet")
        let bar = Terminal.stderrIsTTY && !quiet
        // No cache: a figure never comes from an earlier run's steps.
        let reader = try setup.reader(out: out, libraryPath: libraryPath, cache: nil, reportsStages: bar, prestarted: prestarted)

        let manifestURL = args.value("--manifest").map { URL(fileURLWithPath: $0) }
        let plan = InputPlanner(excluded: [out], groupsPhotos: !args.has("--separate-photos"), leavesOut: QaRun.isReference(corpus: corpus, manifest: manifest, manifestURL: manifestURL))
            .plan([corpus.path])
        let units = plan.units
        let expectations = QaExpectations(manifest: manifest, expectedDirectory: expectedDirectory, corpus: corpus)
        let html = args.value("--html")
        let run = QaRun(reader: reader, outputDirectory: out, libraryPath: libraryPath, language: language, corpus: corpus,
                        expectations: expectations, pageImages: html == nil ? 0 : config.qa.pageImages)
        let display = ProgressDisplay(bar: bar, jsonl: false, slots: reader.slots, language: language)
        var result: QaResult
        do {
            result = try run.run(units: units, planningFailures: plan.failures, observer: display)
        } catch {
            display.clear()
            throw setup.refuse(error, detail: true)
        }
        display.clear()
        result.report.corpus = corpusPath   // as the user named it: a baseline kept in the repository stays valid elsewhere
        if let baseline, let path = args.value("--baseline") {
            result.report.comparison = QaBaseline.compare(result.report, with: baseline, path: path, tolerances: config.qa.tolerances)
        }

        do {
            if let json = args.value("--json") {
                let data = try StreamingJSONEncoder.encode(result.report, pretty: true)
                if json == "-" { StandardOutput.shared.writeLine(data) } else { try OutputWriter.write(data, to: URL(fileURLWithPath: json)) }
            }
            if let html {
                try QaHTMLReport.write(report: result.report, language: language, detail: result.detail, to: URL(fileURLWithPath: html))
            }
        } catch {
            Terminal.error("ingest: " + IngestError(.writeFailed, ["path": args.value("--html") ?? args.value("--json") ?? ""]).message(language)
                           + " (\(error))")
            throw CommandStop(.refused)
        }
        if !quiet { Terminal.error(QaTable.render(result.report, language: language, kept: keepsOutput ? out.path : nil)) }
        return CommandOutcome.of(result.report)
    }

    static func usage(_ error: Arguments.UsageError) -> CommandStop { Usage.fail("qa", error) }
}
