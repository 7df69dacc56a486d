import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// `ingest worker` under a real distributed engine: Apache Spark (PySpark) in local-cluster mode,
/// two executor JVMs on this machine, `RDD.pipe` over `ingest worker` (`tools/spark_ingest.py`,
/// the job the README's recipe runs on a cluster). The corpus is `samples/` plus generated
/// files; every document must be byte for byte the one `ingest convert --reproducible` writes.
final class SparkWorkerTests: XCTestCase {
    static let venvPython = Corpus.repositoryRoot.appendingPathComponent(".build/spark-venv/bin/python3").path

    func testSparkConvertsTheCorpusLikeConvertOnTwoExecutors() throws {
        guard let java = runTool("java", ["-version"]), java.status == 0 else {
            try missingTool("Java is not installed (apt-get install openjdk-17-jre-headless; scripts/install.sh --tests installs it)")
        }
        guard FileManager.default.isExecutableFile(atPath: Self.venvPython),
              let probe = runTool(Self.venvPython, ["-c", "import pyspark"]), probe.status == 0 else {
            try missingTool("PySpark is not installed in .build/spark-venv (scripts/install.sh --tests makes it: python3 -m venv + pip install pyspark)")
        }
        guard let binary = IngestBinary.url else { try missingTool("the ingest executable is not built (run swift build)") }
        let dir = try TemporaryDirectory("spark")
        defer { dir.remove() }
        let corpus = dir.url.appendingPathComponent("corpus")
        try FileManager.default.copyItem(at: Corpus.repositoryRoot.appendingPathComponent("samples"), to: corpus)
        for n in 1...16 { try dir.write("corpus/generated/lecon-\(n).txt", GeneratedText.lesson(seed: UInt64(n))) }
        // A copy of a sample in another folder: a duplicate that only the merge can see when its
        // twin is read on the other executor.
        try FileManager.default.copyItem(at: corpus.appendingPathComponent("the-water-cycle.txt"),
                                         to: corpus.appendingPathComponent("generated/cycle-copy.txt"))

        let env = ["INGEST_CONFIG": "", "SOURCE_DATE_EPOCH": "1767225600"]
        let convert = try IngestBinary.run(["convert", corpus.path, "--out", "converted", "--library", "lib.sqlite",
                                            "--reproducible", "--quiet"], environment: env, currentDirectory: dir.url)
        XCTAssertEqual(convert.status, 0, convert.stderr)    // every sample and generated lesson is ready

        let script = Corpus.repositoryRoot.appendingPathComponent("tools/spark_ingest.py").path
        let stderr = dir.url.appendingPathComponent("spark.log")
        let (status, output) = try run(Self.venvPython, [script, "--ingest", binary.path, "--corpus", corpus.path,
                                                         "--out", dir.url.appendingPathComponent("spark").path,
                                                         "--master", "local-cluster[2,1,1024]", "--partitions", "6",
                                                         "--merged", dir.url.appendingPathComponent("merged.jsonl").path],
                                       environment: env, stderr: stderr, timeout: 240)
        let log = (try? String(contentsOf: stderr, encoding: .utf8)) ?? ""
        XCTAssertEqual(status, 0, String(log.suffix(4000)))
        let stdout = String(decoding: output, as: UTF8.self)
        let report = try JSONValue.parse(output)
        // Real executor processes did the work, both of them.
        XCTAssertEqual(report["executors"], ["0", "1"], stdout)
        XCTAssertEqual(report["requests"], 29, stdout)
        XCTAssertEqual(report["results"], 29, stdout)
        XCTAssertEqual(report["statuses"]?["succeeded"], 29, stdout)
        // The merge finds both duplicates, whichever executor read which copy.
        let duplicates = Set((report["duplicates"]?.arrayValue ?? []).compactMap { $0["output"]?.stringValue })
        XCTAssertEqual(duplicates, ["révision - copie du chapitre photosynthèse.json", "the-water-cycle.json"], stdout)
        XCTAssertEqual(report["documents"], 27, stdout)

        // Byte for byte what ingest convert --reproducible wrote, for every file it wrote.
        let converted = dir.url.appendingPathComponent("converted")
        let paths = try FileManager.default.subpathsOfDirectory(atPath: converted.path).filter { $0.hasSuffix(".json") || $0.hasSuffix(".jpg") }
            .filter { $0 != "summary.json" && !$0.hasSuffix(".duplicate.json") }   // convert's pointers to what a duplicate repeats
        XCTAssertGreaterThanOrEqual(paths.count, 57)
        for path in paths {
            let ours = try Data(contentsOf: converted.appendingPathComponent(path))
            let theirs = try? Data(contentsOf: dir.url.appendingPathComponent("spark/" + path))
            XCTAssertEqual(theirs, ours, "\(path): the Spark run's document differs from ingest convert's")
        }
    }

    /// Runs a command with standard error to a file (Spark's log can fill a pipe) and a time limit.
    func run(_ executable: String, _ arguments: [String], environment: [String: String], stderr: URL,
             timeout: TimeInterval) throws -> (Int32, Data) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, b in b }
        FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: stderr)
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let timer = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: timer)
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        timer.cancel()
        return (process.terminationStatus, data)
    }
}

/// Lessons of distinct words (seeded): no two are near-duplicates, so no document's
/// `possibleDuplicates` depends on which was read first.
enum GeneratedText {
    static let words = ["cellule", "noyau", "membrane", "énergie", "lumière", "onde", "fréquence", "volcan", "magma",
                        "roman", "auteur", "siècle", "fonction", "droite", "pente", "digestion", "estomac", "enzyme",
                        "climat", "nuage", "pluie", "océan", "courant", "atome", "molécule", "réaction", "force",
                        "masse", "vitesse", "planète", "orbite", "étoile", "histoire", "révolution", "empire", "traité",
                        "langue", "verbe", "phrase", "poème", "rime", "carte", "relief", "fleuve", "plaine", "forêt"]

    static func lesson(seed: UInt64) -> String {
        var g = SeededGenerator(seed: seed &* 7919)
        var paragraphs: [String] = []
        for _ in 0..<8 {
            let sentence = (0..<14).map { _ in words[Int(g.next() % UInt64(words.count))] }.joined(separator: " ")
            paragraphs.append(sentence.prefix(1).uppercased() + sentence.dropFirst() + " (\(g.next() % 10_000)).")
        }
        return "Leçon \(seed) : " + words[Int(seed) % words.count] + "\n\n" + paragraphs.joined(separator: "\n\n")
    }
}
