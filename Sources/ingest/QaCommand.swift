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

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: options.valued, boolean: options.boolean)
        } catch { return usage(error) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        guard args.positional.count == 1, let corpusPath = args.positional.first else {
            return usage(.init(.cliQaNeedsCorpus))
        }
        if args.value("--expected") != nil && args.value("--manifest") != nil {
            return usage(.init(.cliQaExpectedWithManifest))
        }
        let config: PipelineConfig
        do { (config, _) = try ConfigLoading.load(args) } catch let e as IngestError {
            Terminal.error("ingest: \(e.code): \(e.message(ConfigLoading.language(args)))"); return 2
        } catch let e as Arguments.UsageError { return usage(e) } catch { return usage(.init(.internalError)) }
        let language = config.messageLanguage
        let corpus = URL(fileURLWithPath: corpusPath).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: corpus.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return usage(.init(.cliQaCorpusNotFolder, ["path": corpusPath]))
        }

        // Everything that can be refused is checked before a document is read.
        var manifest: QaManifest?
        var baseline: QaReport?
        do {
            manifest = try args.value("--manifest").map { path throws(IngestError) in try QaManifest.load(URL(fileURLWithPath: path)) }
            baseline = try args.value("--baseline").map { path throws(IngestError) in try QaBaseline.load(URL(fileURLWithPath: path)) }
        } catch {
            Terminal.error("ingest: \(error.code): \(error.message(language))"); return 2
        }
        var expectedDirectory: URL?
        if let dir = args.value("--expected") {
            expectedDirectory = URL(fileURLWithPath: dir).standardizedFileURL
            guard FileManager.default.fileExists(atPath: expectedDirectory!.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                return usage(.init(.cliQaExpectedNotFolder, ["path": dir]))
            }
        }

        let keepsOutput = args.value("--out") != nil
        let outPath = args.value("--out") ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("ingest-qa-\(getpid())-\(UInt32.random(in: 0...UInt32.max))").path
        guard let out = OutputFolder.prepare(outPath, language: language) else { return 2 }
        defer { if !keepsOutput { try? FileManager.default.removeItem(at: out) } }
        // The run's own library, afresh: a figure is never an earlier run's, and the user's
        // library of imports is not touched.
        let libraryPath = args.value("--library") ?? out.appendingPathComponent(QaRun.libraryName).path
        for suffix in ["", "-wal", "-shm", "-bands"] { try? FileManager.default.removeItem(atPath: libraryPath + suffix) }

        let quiet = args.has("--quiet")
        let bar = Terminal.stderrIsTTY && !quiet
        let reader: any DocumentReader
        do {
            reader = try Runtime.reader(.init(config: config, outputDirectory: out, libraryPath: libraryPath,
                                              password: args.value("--password"), reportsStages: bar),
                                        prestarted: prestarted)
        } catch { Terminal.error("ingest: \(error.code): \(error.message(language)) \(error.detail ?? "")"); return 2 }

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
            Terminal.error("ingest: \(error.code): \(error.message(language))" + (error.detail.map { " (\($0))" } ?? ""))
            return 2
        }
        display.clear()
        result.report.corpus = corpusPath   // as the user named it: a baseline kept in the repository stays valid elsewhere
        if let baseline, let path = args.value("--baseline") {
            result.report.comparison = QaBaseline.compare(result.report, with: baseline, path: path, tolerances: config.qa.tolerances)
        }

        do {
            if let json = args.value("--json") {
                let data = try StreamingJSONEncoder.encode(result.report, pretty: true)
                if json == "-" { StandardOutput.shared.writeLine(data) } else { try data.write(to: URL(fileURLWithPath: json), options: .atomic) }
            }
            if let html {
                try QaHTMLReport.write(report: result.report, language: language, detail: result.detail, to: URL(fileURLWithPath: html))
            }
        } catch {
            Terminal.error("ingest: " + IngestError(.writeFailed, ["path": args.value("--html") ?? args.value("--json") ?? ""]).message(language)
                           + " (\(error))")
            return 2
        }
        if !quiet { Terminal.error(QaTable.render(result.report, language: language, kept: keepsOutput ? out.path : nil)) }
        return result.report.comparison?.hasRegressions == true ? 1 : 0
    }

    static func usage(_ error: Arguments.UsageError) -> Int32 { Usage.fail("qa", error) }
}
