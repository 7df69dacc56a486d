import Foundation
import Synchronization
import IngestCore
import IngestQuality
import IngestTestSupport

/// The folder of the shared run, removed at the test process's end.
private let fidelityFolder = Mutex<String?>(nil)

/// The fidelity corpus read by the real `ingest qa` (the built executable, its worker processes,
/// a library of its own in each output folder), once per variant folder, against the committed
/// baseline `qa/fidelity/VARIANT.baseline.json`. Every test of the suite judges these outputs:
/// the documents are converted once per test run.
///
/// After a deliberate change, write the baselines anew with
/// `INGEST_UPDATE_BASELINE=1 swift test --filter IngestFidelityTests` (the golden blocks with
/// INGEST_UPDATE_GOLDEN=1), and say in the commit which figures moved and why.
struct FidelityRun: Sendable {
    struct Output: Sendable {
        let variant: FidelityVariant
        let name: String
        let document: ImportedDocument?
        let qa: QaDocument?
    }
    struct VariantRun: Sendable {
        let status: Int32
        let stderr: String
        let report: QaReport
        let reportURL: URL
    }

    /// The temporary folder of the corpus, the outputs and the reports (removed after the suite).
    let root: URL
    let corpus: FidelityCorpus
    let runs: [String: VariantRun]
    let outputs: [Output]

    static let baselineDirectory = Corpus.repositoryRoot.appendingPathComponent("qa/fidelity")
    static func baselineURL(_ variant: FidelityVariant) -> URL { baselineDirectory.appendingPathComponent("\(variant.name).baseline.json") }

    /// Made once per test process (the first test to ask pays for it); a failure is every test's.
    /// Its folder is removed when the test process ends: every class of the suite reads it, in any
    /// order (a class's tearDown removing it left the next class without its reports).
    static let shared: Result<FidelityRun, Error> = Result {
        let run = try FidelityRun.make()
        if ProcessInfo.processInfo.environment["INGEST_FIDELITY_KEEP"] == nil {
            fidelityFolder.withLock { $0 = run.root.path }
            atexit { fidelityFolder.withLock { if let path = $0 { try? FileManager.default.removeItem(atPath: path) } } }
        }
        return run
    }

    static func get() throws -> FidelityRun {
        // A skip (tool missing, locally) or a set-up failure: the same for every test of the suite.
        try shared.get()
    }

    private static func make() throws -> FidelityRun {
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("ingest-fidelity-\(UUID().uuidString)")
        do { return try make(in: root) } catch {
            // A failed set-up leaves nothing behind (a successful one is removed when the process ends).
            if ProcessInfo.processInfo.environment["INGEST_FIDELITY_KEEP"] == nil { try? FileManager.default.removeItem(at: root) }
            throw error
        }
    }

    private static func make(in root: URL) throws -> FidelityRun {
        let corpus = try FidelityCorpus.make(in: root.appendingPathComponent("corpus"))
        let update = ProcessInfo.processInfo.environment["INGEST_UPDATE_BASELINE"] == "1"
        if update { try FileManager.default.createDirectory(at: baselineDirectory, withIntermediateDirectories: true) }
        var runs: [String: VariantRun] = [:]
        var outputs: [Output] = []
        for variant in FidelityVariant.all {
            let out = root.appendingPathComponent("out/\(variant.name)")
            let json = root.appendingPathComponent("reports/\(variant.name).json")
            try FileManager.default.createDirectory(at: json.deletingLastPathComponent(), withIntermediateDirectories: true)
            let baseline = baselineURL(variant)
            var arguments = ["qa", variant.name, "--manifest", "\(variant.name)/manifest.json", "--json", json.path,
                             "--out", out.path, "--quiet", "--lang", "en"]
            // Without a baseline the run still measures; the qa test then fails, asking for one.
            if !update, FileManager.default.fileExists(atPath: baseline.path) { arguments += ["--baseline", baseline.path] }
            // Run from the corpus folder so the report names the corpus as `VARIANT`, not a temporary path.
            let r = try IngestBinary.run(arguments, environment: ["INGEST_CONFIG": ""], currentDirectory: corpus.root)
            guard let report = try? QaBaseline.load(json) else {
                throw TestSetupFailure("ingest qa gave no report for \(variant.name) (exit \(r.status)): \(r.stderr)")
            }
            if update, r.status == 0 { try Data(contentsOf: json).write(to: baseline) }
            runs[variant.name] = VariantRun(status: r.status, stderr: r.stderr, report: report, reportURL: json)
            for name in FidelityCorpus.documents {
                let file = out.appendingPathComponent("\(name).json")
                let document = try? JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: file))
                outputs.append(Output(variant: variant, name: name, document: document,
                                      qa: report.documents.first { $0.name == name }))
            }
        }
        if ProcessInfo.processInfo.environment["INGEST_FIDELITY_KEEP"] != nil { print("fidelity corpus and outputs kept in \(root.path)") }
        return FidelityRun(root: root, corpus: corpus, runs: runs, outputs: outputs)
    }
}
