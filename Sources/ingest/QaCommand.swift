import Foundation
import IngestCore
import IngestPipeline
import IngestQuality
import IngestReport
import IngestRuntime

enum QaCommand {
    static let help = """
    Usage: ingest qa CORPUS [--expected DIR | --manifest FILE] [--baseline FILE] [--json FILE] [--html FILE]

    Converts every document of CORPUS (same pipeline and worker processes as convert) and
    measures how well it was read: against its expected text where there is one (CER, WER, word
    recall and precision), and on its own (words not in the dictionary, U+FFFD, mojibake, lost
    accents, share of OCR'd pages and OCR confidence, readiness, duplicates, time per stage).

    Expected texts: NAME.expected.txt beside the source or in --expected DIR, where NAME is the
    document's name (its path in CORPUS without extension: cours/ch1 for cours/ch1.pdf), or a
    manifest naming them and the expected readiness (JSON or TSV, see the README).

    Options:
      --expected DIR     folder of NAME.expected.txt files
      --manifest FILE    expected texts, readiness verdicts and duplicates per document
      --baseline FILE    an earlier --json report: exit 1 when a figure got worse beyond the
                         tolerances of qa.tolerances in pipeline.json, naming each one
      --json FILE        the report as JSON (schemas/qa-report.schema.json); - for standard output
      --html FILE        the report as one self-contained HTML page
      --out DIR          keep the converted documents there (default: a temporary folder, removed)
      --separate-photos  numbered photos of one folder are separate documents (a corpus of page
                         images with one expected text each), not the pages of one lesson
      --config FILE, --set PATH=VALUE, --concurrency N, --lang fr|en, --password PASS
      --quiet            no progress bar and no table

    Exit codes: 0 measured (no regression), 1 regression against the baseline, 2 usage,
    configuration or a run that could not start.
    """

    static func run(_ argv: [String], prestarted: Runtime.Prestarted? = nil) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--out", "--password", "--expected", "--manifest",
                                                                               "--baseline", "--json", "--html"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--quiet", "--separate-photos", "--help", "-h"]))
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        guard args.positional.count == 1, let corpusPath = args.positional.first else {
            return usage("qa needs exactly one CORPUS folder")
        }
        if args.value("--expected") != nil && args.value("--manifest") != nil {
            return usage("--expected and --manifest cannot be used together")
        }
        let config: PipelineConfig
        do { (config, _) = try ConfigLoading.load(args) } catch let e as IngestError {
            Terminal.error("ingest: \(e.code): \(e.message(ConfigLoading.language(args)))"); return 2
        } catch let e as Arguments.UsageError { return usage(e.message) } catch { return usage("\(error)") }
        let language = config.messageLanguage
        let corpus = URL(fileURLWithPath: corpusPath).standardizedFileURL
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: corpus.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return usage("CORPUS must be a folder: \(corpusPath)")
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
                return usage("--expected must be a folder: \(dir)")
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
        let display = ProgressDisplay(bar: bar, jsonl: false, slots: reader.slots)
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

    static func usage(_ message: String) -> Int32 {
        Terminal.error("ingest qa: \(message)\nSee: ingest qa --help")
        return 2
    }
}

/// The report a person reads on the terminal: figures by kind, the documents to look at, the
/// regressions.
enum QaTable {
    static func render(_ r: QaReport, language: MessageLanguage, kept: String?) -> String {
        let fr = language == .fr
        func p(_ v: Double?) -> String { v.map { String(format: "%.3f", $0) } ?? "–" }
        func c(_ v: Double?) -> String { v.map { String(format: "%.1f", $0) } ?? "–" }
        let header = fr ? ["genre", "docs", "échecs", "attendus", "CER méd.", "CER moy.", "WER méd.", "rappel", "précision", "hors dico", "conf. OCR", "ms"]
                        : ["kind", "docs", "failed", "expected", "CER med.", "CER mean", "WER med.", "recall", "precision", "OOV", "OCR conf.", "ms"]
        func row(_ name: String, _ a: QaAggregate) -> [String] {
            [name, String(a.documents), String(a.failed), String(a.withExpected), p(a.medianCER), p(a.meanCER), p(a.medianWER),
             p(a.meanWordRecall), p(a.meanWordPrecision), p(a.meanOutOfVocabularyRatio), c(a.meanOCRConfidence),
             String(Int(a.milliseconds.rounded()))]
        }
        var rows = [header] + r.byKind.keys.sorted().map { row($0, r.byKind[$0]!) }
        rows.append(row(fr ? "total" : "overall", r.overall))
        let widths = header.indices.map { i in rows.map { $0[i].count }.max() ?? 0 }
        var lines = rows.map { cells in
            cells.enumerated().map { i, cell in i == 0 ? cell.padding(toLength: widths[i], withPad: " ", startingAt: 0) : cell.leftPadded(widths[i]) }
                .joined(separator: "  ")
        }
        lines.insert("", at: 0)
        lines.append("")
        // The documents a person should look at first.
        for d in r.documents {
            var notes: [String] = []
            if d.status == "failed" { notes.append("\(d.error ?? "") \(d.errorMessage ?? "")") }
            if let s = d.scores, s.cer > 0.1 { notes.append("CER \(p(s.cer))") }
            if d.readinessMatches == false {
                notes.append(fr ? "prêt : \(d.readiness ?? "échec"), attendu \(d.expectedReadiness ?? "")"
                                : "readiness \(d.readiness ?? "failed"), expected \(d.expectedReadiness ?? "")")
            }
            if d.duplicateMatches == false {
                notes.append(fr ? "doublon attendu de \(d.expectedDuplicateOf ?? ""), trouvé : \(d.duplicateOf ?? "aucun")"
                                : "expected duplicate of \(d.expectedDuplicateOf ?? ""), found: \(d.duplicateOf ?? "none")")
            }
            if let s = d.signals, s.replacementCharacters + s.mojibake > 0 {
                notes.append(fr ? "\(s.replacementCharacters) U+FFFD, \(s.mojibake) mojibake" : "\(s.replacementCharacters) U+FFFD, \(s.mojibake) mojibake")
            }
            if !notes.isEmpty { lines.append("  ! \(d.name): " + notes.joined(separator: "; ")) }
        }
        if let comparison = r.comparison {
            if comparison.regressions.isEmpty {
                lines.append(fr ? "Aucune régression par rapport à \(comparison.baseline)." : "No regression against \(comparison.baseline).")
            } else {
                lines.append(fr ? "\(comparison.regressions.count) régression(s) par rapport à \(comparison.baseline) :"
                                : "\(comparison.regressions.count) regression(s) against \(comparison.baseline):")
                for reg in comparison.regressions { lines.append("  ✗ " + reg.message(language)) }
            }
            if !comparison.improved.isEmpty {
                lines.append((fr ? "Amélioré(s) : " : "Improved: ") + comparison.improved.joined(separator: ", "))
            }
        }
        let a = r.overall
        lines.append(fr ? "\(a.documents) document(s) mesuré(s) en \(String(format: "%.1f", r.milliseconds / 1000)) s, \(a.withExpected) avec texte attendu."
                        : "\(a.documents) document(s) measured in \(String(format: "%.1f", r.milliseconds / 1000)) s, \(a.withExpected) with an expected text.")
        if let kept { lines.append(fr ? "Documents convertis dans \(kept)." : "Converted documents in \(kept).") }
        return lines.joined(separator: "\n")
    }
}
