import Foundation
import IngestCore
import IngestPipeline
import IngestTestSupport
import XCTest

/// `ingest convert samples` as a person sees it in a terminal (a real pseudo-terminal), in French
/// and in English: the progress line while it runs (in the run's language), colours on the
/// verdict marks, and the final screen — paths normalised — compared with golden files in
/// `Terminal/`. Piped, or with NO_COLOR set, the output carries no colour; piped, no progress line.
/// After a deliberate change of wording: INGEST_UPDATE_GOLDEN=1 rewrites the golden files.
final class TerminalWalkthroughTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("terminal") }
    override func tearDown() { dir.remove() }

    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Terminal")
    static let samples = Corpus.repositoryRoot.appendingPathComponent("samples")
    static let escape = "\u{1B}["

    /// Arguments and environment of one run in its own output folder, library and cache.
    func convert(_ input: URL, _ language: String, _ label: String) -> (arguments: [String], environment: [String: String]) {
        let base = dir.url.appendingPathComponent(label)
        return (["convert", input.path, "--out", base.appendingPathComponent("out").path,
                 "--library", base.appendingPathComponent("lib/library.sqlite").path,
                 "--lang", language, "--concurrency", "1"],
                ["INGEST_CONFIG": "", "XDG_CACHE_HOME": base.appendingPathComponent("cache").path,
                 "XDG_DATA_HOME": base.appendingPathComponent("data").path])
    }

    /// The final screen with the run's own folders replaced by stable names.
    func normalised(_ screen: [String]) -> String {
        screen.joined(separator: "\n").replacingOccurrences(of: dir.url.path, with: "$TMP")
            .replacingOccurrences(of: Self.samples.path, with: "$SAMPLES") + "\n"
    }

    func compareWithGolden(_ text: String, _ name: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Self.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["INGEST_UPDATE_GOLDEN"] == "1" {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            XCTFail("\(name): no golden file (INGEST_UPDATE_GOLDEN=1 writes it)", file: file, line: line); return
        }
        if expected != text {
            let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let b = text.split(separator: "\n", omittingEmptySubsequences: false)
            let first = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
            XCTFail("\(name) differs from its golden file at line \(first + 1):\n  golden: \(first < a.count ? String(a[first]) : "(end)")\n"
                    + "  screen: \(first < b.count ? String(b[first]) : "(end)")\n--- screen ---\n\(text)", file: file, line: line)
        }
    }

    /// Every stage the pipeline reports has its word in the catalog.
    func testEveryStageHasItsWords() {
        XCTAssertEqual(Stage.allCases.map(\.rawValue), MessageCatalog.terminalStages)
    }

    func testSamplesInATerminalInFrenchAndEnglish() throws {
        // Stage words of the progress line, per language (the catalog's terminal.stage.*).
        let stages = ["fr": ["lecture", "extraction", "OCR", "assemblage", "bibliothèque", "écriture"],
                      "en": ["read", "extract", "OCR", "build", "library", "write"]]
        for language in ["fr", "en"] {
            let (arguments, environment) = convert(Self.samples, language, "samples-\(language)")
            let run = try PseudoTerminal.run(arguments, environment: environment)
            XCTAssertTrue([0, 1].contains(run.status), "\(language): exit \(run.status)\n\(run.bytes)")
            // Progress: drawn in place (a carriage return, then the bar), naming a stage in the run's language.
            let progress = run.bytes.components(separatedBy: "\r").filter { $0.hasPrefix("[") && $0.contains("] ") }
            XCTAssertFalse(progress.isEmpty, "\(language): no progress line on a terminal\n\(run.bytes)")
            let named = progress.filter { line in stages[language]!.contains { line.contains(" \($0) ") } }
            XCTAssertFalse(named.isEmpty, "\(language): no progress line names a stage in its language: \(progress.prefix(3))")
            let other = language == "fr" ? ["read", "extract", "write", "left"] : ["lecture", "écriture", "reste"]
            for line in progress {
                for word in other { XCTAssertFalse(line.contains(" \(word) "), "\(language): ‘\(word)’ in \(line)") }
            }
            // Colours on a terminal: the verdict marks.
            XCTAssertTrue(run.bytes.contains(Self.escape + "32m✓" + Self.escape + "0m"), "\(language): no green ✓\n\(run.bytes)")
            try compareWithGolden(normalised(PseudoTerminal.screen(run.bytes)), "convert-samples.\(language).txt")
        }
    }

    /// `ingest watch --once` in a terminal: the start line says what its count is (files found at
    /// start, read unless already done), the status line is drawn in place in the run's language,
    /// the stop line gives the totals; a second start finds the file already done.
    func testWatchInATerminalInFrenchAndEnglish() throws {
        let expected = [
            "fr": (start: "1 fichier(s) trouvé(s) au démarrage, lus sauf ceux déjà faits.", status: "en attente 0 · en lecture 0 · faits 1 · échecs 0",
                   stop: "Arrêt : 1 converti(s), 0 lu(s) en partie, 0 pas prêt(s), 0 doublon(s), 0 déjà fait(s), 0 en échec.",
                   again: "1 fichier(s) déjà faits, pas relus."),
            "en": (start: "1 file(s) found at start, read unless already done.", status: "queued 0 · reading 0 · done 1 · failed 0",
                   stop: "Stopped: 1 converted, 0 partly read, 0 not ready, 0 duplicate(s), 0 already done, 0 failed.",
                   again: "1 file(s) already done, not read again."),
        ]
        for language in ["fr", "en"] {
            let inbox = dir.url.appendingPathComponent("inbox-\(language)")
            try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
            let file = inbox.appendingPathComponent("the-water-cycle.txt")
            try FileManager.default.copyItem(at: Self.samples.appendingPathComponent("the-water-cycle.txt"), to: file)
            // Older than the quiet period: read at once.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: file.path)
            let base = dir.url.appendingPathComponent("watch-\(language)")
            let arguments = ["watch", inbox.path, "--once", "--out", base.appendingPathComponent("out").path,
                             "--library", base.appendingPathComponent("lib/library.sqlite").path, "--lang", language]
            let environment = ["INGEST_CONFIG": "", "XDG_CACHE_HOME": base.appendingPathComponent("cache").path]
            let run = try PseudoTerminal.run(arguments, environment: environment)
            XCTAssertEqual(run.status, 0, run.bytes)
            let plain = PseudoTerminal.stripColours(run.bytes)
            let e = expected[language]!
            XCTAssertTrue(plain.contains(e.start), "\(language): \(plain)")
            XCTAssertTrue(plain.contains("\r" + e.status), "\(language): the status line, drawn in place\n\(plain)")
            XCTAssertTrue(run.bytes.contains(Self.escape + "32m✓" + Self.escape + "0m"), "\(language): no green ✓\n\(run.bytes)")
            let screen = PseudoTerminal.screen(run.bytes)
            let stop = screen.firstIndex(of: e.stop), done = screen.firstIndex(of: "✓ the-water-cycle.txt → the-water-cycle.json")
            XCTAssertNotNil(stop, "\(language): \(screen)")
            XCTAssertLessThan(done ?? .max, stop ?? -1, "\(language): the document, then the stop line\n\(screen)")
            XCTAssertFalse(screen.contains { $0.contains(e.status) }, "\(language): the status line is cleared before the stop line\n\(screen)")
            let again = try PseudoTerminal.run(arguments, environment: environment)
            XCTAssertTrue(PseudoTerminal.stripColours(again.bytes).contains(e.again), "\(language): \(again.bytes)")
        }
    }

    func testNoColoursWithNoColorNorWhenPiped() throws {
        // Two texts: one converted, one too short (not ready): two coloured marks when colours are on.
        let input = dir.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        for name in ["the-water-cycle.txt", "note-courte.txt"] where FileManager.default.fileExists(atPath: Self.samples.appendingPathComponent(name).path) {
            try FileManager.default.copyItem(at: Self.samples.appendingPathComponent(name), to: input.appendingPathComponent(name))
        }
        try Data("Trop court.\n".utf8).write(to: input.appendingPathComponent("trop-court.txt"))

        let (tty, ttyEnvironment) = convert(input, "fr", "tty")
        let coloured = try PseudoTerminal.run(tty, environment: ttyEnvironment)
        XCTAssertTrue(coloured.bytes.contains(Self.escape), "colours on a terminal\n\(coloured.bytes)")

        let (plain, plainEnvironment) = convert(input, "fr", "no-color")
        let noColour = try PseudoTerminal.run(plain, environment: plainEnvironment.merging(["NO_COLOR": "1"]) { _, b in b })
        XCTAssertFalse(noColour.bytes.contains(Self.escape), "NO_COLOR=1 on a terminal\n\(noColour.bytes)")
        XCTAssertTrue(noColour.bytes.contains("\r["), "NO_COLOR keeps the progress line")
        XCTAssertEqual(PseudoTerminal.screen(noColour.bytes).map { $0.replacingOccurrences(of: "no-color", with: "tty") },
                       PseudoTerminal.screen(coloured.bytes), "the same screen, without colours")

        let (piped, pipedEnvironment) = convert(input, "fr", "piped")
        let result = try IngestBinary.run(piped, environment: pipedEnvironment)
        XCTAssertFalse(result.stderr.contains(Self.escape) || result.stdout.contains(Self.escape), "colours when piped\n\(result.stderr)")
        XCTAssertFalse(result.stderr.contains("\r"), "a progress line when piped\n\(result.stderr)")
        XCTAssertTrue(result.stderr.contains("pas prêt"), result.stderr)
    }
}
