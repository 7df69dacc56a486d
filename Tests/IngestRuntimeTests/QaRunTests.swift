import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// `ingest qa` through the real executable: expected texts beside the sources, in a folder or
/// named by a manifest; readiness and duplicate verdicts; a baseline that catches a regression
/// and names it; the JSON report valid against its schema; the corpus never written to.
final class QaRunTests: XCTestCase {
    var dir: TemporaryDirectory!
    var corpus: URL { dir.url.appendingPathComponent("corpus") }

    override func setUpWithError() throws { dir = try TemporaryDirectory("qa") }
    override func tearDown() { dir.remove() }

    static let chapter = """
    La cellule

    La cellule est l'unité de base du vivant. Chaque cellule possède une membrane qui la sépare du milieu extérieur, un cytoplasme et, chez les eucaryotes, un noyau qui contient l'ADN.

    Mitochondrie : organite où se déroule la respiration cellulaire, qui fournit l'énergie sous forme d'ATP.

    Les cellules végétales ont en plus une paroi de cellulose et des chloroplastes, siège de la photosynthèse. Elles se divisent par mitose : une cellule mère donne deux cellules filles identiques.
    """

    static let water = """
    The water cycle

    Water evaporates from oceans and lakes, rises as vapour, cools and condenses into clouds. It falls back as rain or snow, runs off into rivers or soaks into the ground, and returns to the sea. The sun drives the whole cycle; gravity brings the water down again.

    Transpiration: water released by plants through their leaves, a large share of the vapour over forests.
    """

    /// A small corpus: a French chapter with its expected text beside it, an English one, a copy
    /// of the chapter, a note too short to be ready, and a broken PDF.
    func makeCorpus() throws {
        try dir.write("corpus/cours/ch1.txt", Self.chapter)
        try dir.write("corpus/cours/ch1.expected.txt", Self.chapter)
        try dir.write("corpus/water.md", Self.water)
        try dir.write("corpus/copie du chapitre.txt", Self.chapter)
        try dir.write("corpus/note.txt", "À revoir.")
        try dir.write("corpus/cassé.pdf", Data("%PDF-1.7\n1 0 obj\n<< /Type /Catalog".utf8))
    }

    func qa(_ args: [String]) throws -> IngestBinary.Result {
        try IngestBinary.run(["qa", corpus.path] + args + ["--lang", "en"], environment: ["INGEST_CONFIG": ""],
                             currentDirectory: dir.url)
    }

    func report(_ url: URL) throws -> JSONValue { try JSONValue.parse(Data(contentsOf: url)) }

    func document(_ report: JSONValue, _ name: String) -> JSONValue? {
        report["documents"]?.arrayValue?.first { $0["name"]?.stringValue == name }
    }

    /// Every file of `folder` with its bytes and modification time.
    func snapshot(_ folder: URL) throws -> [String: String] {
        var files: [String: String] = [:]
        let e = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.contentModificationDateKey])!
        for case let url as URL in e {
            let values = try url.resourceValues(forKeys: [.contentModificationDateKey, .isRegularFileKey])
            guard values.isRegularFile == true else { continue }
            files[url.path] = "\(try Data(contentsOf: url).hashValue) \(values.contentModificationDate!.timeIntervalSince1970)"
        }
        return files
    }

    func testMeasuresEachDocumentAgainstTheExpectedTextBesideIt() throws {
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        try makeCorpus()
        let before = try snapshot(corpus)
        let json = dir.url.appendingPathComponent("qa.json")
        let r = try qa(["--json", json.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rep = try report(json)
        try validateWithJSONSchema(schema: "qa-report.schema.json", files: [json])

        // The expected text is a reference, not a document of the corpus.
        let names = Set(rep["documents"]?.arrayValue?.compactMap { $0["name"]?.stringValue } ?? [])
        XCTAssertEqual(names, ["cours/ch1", "water", "copie du chapitre", "note", "cassé"])
        let ch1 = try XCTUnwrap(document(rep, "cours/ch1"))
        XCTAssertEqual(ch1["expected"]?.stringValue, "cours/ch1.expected.txt")
        XCTAssertEqual(ch1["scores"]?["cer"]?.doubleValue, 0)
        XCTAssertEqual(ch1["scores"]?["wordRecall"]?.doubleValue, 1)
        XCTAssertEqual(ch1["language"]?.stringValue, "fr")
        XCTAssertEqual(ch1["signals"]?["vocabulary"]?.stringValue, "fr")
        XCTAssertEqual(ch1["readiness"]?.stringValue, "short")
        // Without an expected text: figures on its own only.
        let water = try XCTUnwrap(document(rep, "water"))
        XCTAssertNil(water["scores"])
        XCTAssertNotNil(water["timings"]?["extract"]?.doubleValue)
        XCTAssertEqual(water["signals"]?["vocabulary"]?.stringValue, "en")
        XCTAssertLessThan(water["signals"]?["outOfVocabularyRatio"]?.doubleValue ?? 1, 0.1)
        // One of the two copies is found to repeat the other (which one depends on which worker
        // finished first).
        let copy = try XCTUnwrap(document(rep, "copie du chapitre"))
        XCTAssertTrue(copy["duplicateOf"]?.stringValue == "cours/ch1" || ch1["duplicateOf"]?.stringValue == "copie du chapitre",
                      "\(copy) \(ch1)")
        XCTAssertEqual(rep["overall"]?["duplicates"]?.intValue, 1)
        XCTAssertEqual(document(rep, "note")?["readiness"]?.stringValue, "notReady")
        let broken = try XCTUnwrap(document(rep, "cassé"))
        XCTAssertEqual(broken["status"]?.stringValue, "failed")
        XCTAssertTrue(broken["error"]?.stringValue?.hasPrefix("pdf.") == true, "\(broken)")
        XCTAssertEqual(rep["overall"]?["documents"]?.intValue, 5)
        XCTAssertEqual(rep["overall"]?["failed"]?.intValue, 1)
        XCTAssertEqual(rep["overall"]?["withExpected"]?.intValue, 1)
        XCTAssertEqual(rep["byKind"]?["text"]?["documents"]?.intValue, 4)
        // The table a person reads names the failed document.
        XCTAssertTrue(r.stderr.contains("cassé"), r.stderr)
        XCTAssertEqual(try snapshot(corpus), before, "the corpus was written to")
    }

    /// The JSON report is written whole by the one atomic writer: nothing left beside it, and
    /// nothing in the temporary folder.
    func testTheJSONReportLeavesNothingInTheTemporaryFolder() throws {
        try makeCorpus()
        let tmp = dir.url.appendingPathComponent("tmp")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        let json = dir.url.appendingPathComponent("reports/qa.json")
        try FileManager.default.createDirectory(at: json.deletingLastPathComponent(), withIntermediateDirectories: true)
        let r = try IngestBinary.run(["qa", corpus.path, "--json", json.path, "--lang", "en"],
                                     environment: ["INGEST_CONFIG": "", "TMPDIR": tmp.path], currentDirectory: dir.url)
        XCTAssertNotEqual(r.status, 2, r.stderr)
        try validateWithJSONSchema(schema: "qa-report.schema.json", files: [json])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: json.deletingLastPathComponent().path), ["qa.json"])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: tmp.path), [])
    }

    func testExpectedTextsInAFolderOfTheirOwn() throws {
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        try dir.write("corpus/cours/ch1.txt", Self.chapter)
        try dir.write("corpus/water.md", Self.water)
        try dir.write("expected/cours/ch1.expected.txt", Self.chapter)
        // Named after the source file when two sources share a stem.
        try dir.write("expected/water.md.expected.txt", Self.water + " Extra words.")
        let json = dir.url.appendingPathComponent("qa.json")
        let r = try qa(["--expected", dir.url.appendingPathComponent("expected").path, "--json", json.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rep = try report(json)
        XCTAssertEqual(document(rep, "cours/ch1")?["scores"]?["cer"]?.doubleValue, 0)
        XCTAssertLessThan(document(rep, "water")?["scores"]?["wordRecall"]?.doubleValue ?? 1, 1)
        XCTAssertEqual(try qa(["--expected", dir.url.appendingPathComponent("nowhere").path]).status, 2)
    }

    func testManifestNamesExpectedTextsReadinessAndDuplicates() throws {
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        try makeCorpus()
        try FileManager.default.removeItem(at: corpus.appendingPathComponent("cours/ch1.expected.txt"))
        // The expected English text lacks a sentence the document has: precision falls, recall stays whole.
        let shortened = Self.water.replacingOccurrences(of: " The sun drives the whole cycle; gravity brings the water down again.", with: "")
        try dir.write("refs/eau.txt", shortened)
        try dir.write("refs/chapitre.txt", Self.chapter)
        let manifest = try dir.write("refs/manifest.tsv", """
            name\texpected\treadiness\tduplicateOf
            cours/ch1\tchapitre.txt\tshort\t
            water\teau.txt\tshort\t
            copie du chapitre\t\t\tcours/ch1
            note\t\tready\t
            cassé\t\tnotReady\t

            """)
        let json = dir.url.appendingPathComponent("qa.json")
        let r = try qa(["--manifest", manifest.path, "--json", json.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rep = try report(json)
        XCTAssertEqual(document(rep, "cours/ch1")?["scores"]?["cer"]?.doubleValue, 0)
        let water = try XCTUnwrap(document(rep, "water")?["scores"])
        XCTAssertEqual(water["wordRecall"]?.doubleValue ?? 0, 1, accuracy: 1e-9)
        XCTAssertLessThan(water["wordPrecision"]?.doubleValue ?? 1, 1)
        XCTAssertEqual(document(rep, "copie du chapitre")?["duplicateMatches"]?.boolValue, true)
        // The manifest says the note should be ready: it is not, and the report says so.
        XCTAssertEqual(document(rep, "note")?["readinessMatches"]?.boolValue, false)
        XCTAssertEqual(document(rep, "cassé")?["readinessMatches"]?.boolValue, true)
        XCTAssertEqual(rep["overall"]?["readinessMismatches"]?.intValue, 1)
        XCTAssertTrue(r.stderr.contains("note: readiness not ready, expected ready"), r.stderr)

        // A manifest that cannot be used is refused before anything is read.
        let bad = try dir.write("refs/bad.tsv", "name\tverdict\nnote\tready\n")
        let refused = try qa(["--manifest", bad.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("qa.manifestInvalid"), refused.stderr)
    }

    /// A corpus that keeps its references among its documents (as ../shared/corpus does): the
    /// expected texts the manifest names, the manifest itself and what it excludes are not read.
    func testReferencesInsideTheCorpusAreNotDocuments() throws {
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        try dir.write("corpus/water.md", Self.water)
        try dir.write("corpus/water.txt.ref", Self.water)
        try dir.write("corpus/water.tex", "\\section{The water cycle}")
        try dir.write("corpus/refs/other.tex", "\\section{Other}")
        let manifest = try dir.write("corpus/qa.json", #"{"exclude": ["*.tex"], "documents": [{"name": "water", "expected": "water.txt.ref"}]}"#)
        let json = dir.url.appendingPathComponent("qa.json")
        let r = try qa(["--manifest", manifest.path, "--json", json.path])
        XCTAssertEqual(r.status, 0, r.stderr)
        let rep = try report(json)
        XCTAssertEqual(rep["documents"]?.arrayValue?.compactMap { $0["name"]?.stringValue }, ["water"])
        XCTAssertEqual(document(rep, "water")?["scores"]?["cer"]?.doubleValue, 0)
    }

    func testBaselineCatchesARegressionAndNamesIt() throws {
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        try makeCorpus()
        let baseline = dir.url.appendingPathComponent("baseline.json")
        XCTAssertEqual(try qa(["--json", baseline.path, "--quiet"]).status, 0)

        let same = try qa(["--baseline", baseline.path])
        XCTAssertEqual(same.status, 0, same.stderr)
        XCTAssertTrue(same.stderr.contains("No regression against"), same.stderr)

        // The same extraction against a changed expected text reads as a worse CER, and the
        // document that vanished from the corpus is named too.
        try dir.write("corpus/cours/ch1.expected.txt", Self.chapter.replacingOccurrences(of: "cellule", with: "cellulle"))
        try FileManager.default.removeItem(at: corpus.appendingPathComponent("water.md"))
        let json = dir.url.appendingPathComponent("now.json")
        let worse = try qa(["--baseline", baseline.path, "--json", json.path])
        XCTAssertEqual(worse.status, 1, worse.stderr)
        XCTAssertTrue(worse.stderr.contains("cours/ch1: cer went from 0.0000 to"), worse.stderr)
        XCTAssertTrue(worse.stderr.contains("water: missing"), worse.stderr)
        let regressions = try report(json)["comparison"]?["regressions"]?.arrayValue ?? []
        XCTAssertTrue(regressions.contains { $0["document"]?.stringValue == "cours/ch1" && $0["figure"]?.stringValue == "cer" })
        try validateWithJSONSchema(schema: "qa-report.schema.json", files: [json])

        // A wider tolerance from the configuration lets the same change through.
        let tolerant = try qa(["--baseline", baseline.path, "--set", "qa.tolerances.cer=0.5", "--set", "qa.tolerances.wer=1",
                               "--set", "qa.tolerances.wordRecall=1", "--set", "qa.tolerances.wordPrecision=1"])
        XCTAssertEqual(tolerant.status, 1, "water is still missing")
        XCTAssertFalse(tolerant.stderr.contains("cours/ch1: cer"), tolerant.stderr)

        let notAReport = try dir.write("other.json", "{\"schemaVersion\": 1}")
        let refused = try qa(["--baseline", notAReport.path])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.stderr.contains("qa.baselineInvalid"), refused.stderr)
    }

    func testHTMLReportIsOneSelfContainedFile() throws {
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        try makeCorpus()
        let html = dir.url.appendingPathComponent("report.html")
        let out = dir.url.appendingPathComponent("kept")
        let r = try qa(["--html", html.path, "--out", out.path, "--quiet"])
        XCTAssertEqual(r.status, 0, r.stderr)
        let page = try String(contentsOf: html, encoding: .utf8)
        for name in ["cours/ch1", "water", "cassé"] { XCTAssertTrue(page.contains(name), name) }
        XCTAssertFalse(page.contains("src=\"http"), "the report must not load anything from the network")
        // --out keeps the converted documents; without it they are removed.
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("water.json").path))
    }
}
