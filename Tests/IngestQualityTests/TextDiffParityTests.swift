import Foundation
import IngestTestSupport
import XCTest
@testable import IngestQuality

/// `TextComparison.scores` held to `shared/tools/textdiff.py`, the project's reference, on pairs of
/// real text files from the shared corpus and on crafted variants of them.
final class TextDiffParityTests: XCTestCase {
    /// This file's folder, symbolic links resolved (a scratch package may link the folder in).
    static let here = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
    /// `INGEST_CORPUS` if set, else `../../../shared/corpus` from this file (the repository's
    /// `../shared/corpus`).
    static let corpus: URL = {
        if let env = ProcessInfo.processInfo.environment["INGEST_CORPUS"], !env.isEmpty {
            return URL(fileURLWithPath: env)
        }
        return here.appendingPathComponent("../../../shared/corpus").standardizedFileURL
    }()
    static let tool = here.appendingPathComponent("../../../shared/tools/textdiff.py").standardizedFileURL
    /// The Python that has rapidfuzz: the tools venv of the repository's `.build` (its path kept
    /// as is: resolved, the venv's link would lead to the system Python, without rapidfuzz).
    static let python = here.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent(".build/tools-venv/bin/python3")

    /// Skips unless the corpus, textdiff.py and a Python with rapidfuzz are all there, naming what
    /// is missing; under CI (`CI=true`) a missing one fails instead (`missingTool`).
    func requireTools() throws {
        var missing: [String] = []
        if !FileManager.default.fileExists(atPath: Self.corpus.appendingPathComponent("MANIFEST.tsv").path) {
            missing.append("the shared corpus at \(Self.corpus.path)")
        }
        if !FileManager.default.fileExists(atPath: Self.tool.path) { missing.append("textdiff.py at \(Self.tool.path)") }
        if !FileManager.default.isExecutableFile(atPath: Self.python.path) {
            missing.append("the tools venv's Python at \(Self.python.path) (scripts/install.sh makes it, with rapidfuzz)")
        } else if runTool(Self.python.path, ["-c", "import rapidfuzz"])?.status != 0 {
            missing.append("rapidfuzz in \(Self.python.path) (scripts/install.sh installs it)")
        }
        if !missing.isEmpty { try missingTool("textdiff parity needs " + missing.joined(separator: ", ")) }
    }

    /// The pairs (hypothesis, reference) of real text files: an extracted text against what it
    /// was typeset from, OCR17 lines against their neighbours, the corpus's other plain texts
    /// against each other (invalid UTF-8 and UTF-16 included: both sides decode them the same way).
    func corpusPairs() -> [(URL, URL)] {
        let fm = FileManager.default
        func files(_ folder: String, _ suffix: String) -> [URL] {
            let dir = Self.corpus.appendingPathComponent(folder)
            return ((try? fm.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
                .filter { $0.hasSuffix(suffix) }.map { dir.appendingPathComponent($0) }
        }
        var pairs: [(URL, URL)] = []
        // Reference texts next to their extracted or source counterparts, when both are there.
        for ref in files("pdf", ".txt.ref") {
            let stem = String(ref.path.dropLast(".txt.ref".count))
            for other in [stem + ".txt", stem + ".tex"] where fm.fileExists(atPath: other) {
                pairs.append((URL(fileURLWithPath: other), ref))
            }
        }
        for gt in files("scans", ".gt.txt") {
            let stem = String(gt.lastPathComponent.dropLast(".gt.txt".count))
            for ocr in files("scans", ".txt") where ocr.lastPathComponent.hasPrefix(stem + ".tesseract-") {
                pairs.append((ocr, gt))
            }
        }
        let lines = files("scans", ".gt.txt")
        for (a, b) in zip(lines, lines.dropFirst()) { pairs.append((a, b)) }
        let texts = files("text", ".txt") + files("text", ".srt") + files("text", ".native")
            + files("pdf", ".txt") + files("scans", "eurotext.txt") + files("scans", "phototest.txt")
            + files("scans", ".tesseract-deu.txt") + files("scans", "linn.txt")
        for (a, b) in zip(texts, texts.dropFirst()) { pairs.append((a, b)) }
        return pairs
    }

    /// Crafted pairs: French and English with accents lost or decomposed, ligatures, NBSP, tabs,
    /// Python-only whitespace, and a seeded OCR-like corruption of each corpus text.
    func craftedPairs(in dir: TemporaryDirectory, from corpusFiles: [URL]) throws -> [(URL, URL)] {
        var pairs: [(URL, URL)] = []
        var index = 0
        func add(_ hypothesis: String, _ reference: String) throws {
            index += 1
            pairs.append((try dir.write("\(index).hyp", hypothesis), try dir.write("\(index).ref", reference)))
        }
        try add("L'ecole est fermee\taujourd'hui, l'eleve\u{A0}: « oui ».",
                "L’école est fermée aujourd’hui, l’élève\u{A0}: « oui ».")
        try add("e\u{301}te\u{301} \u{1C} de\u{301}ja\u{300}\u{2028}vu", "été déjà vu")
        try add("The ﬁrst ofﬁce ﬂoor\u{3000}is\u{85}closed", "The first office floor is closed")
        try add("naïve café — co-op_2 x² ½ Ⅻ", "naive cafe - co op 2 x2 1/2 XII")
        try add("مُحَمَّدٌ كتب", "محمد كتب")
        try add("", "rien")
        try add("tout", "")
        var rng = SeededGenerator(seed: 0x7E47)
        for file in corpusFiles {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            try add(Self.corrupted(text, &rng), text)
        }
        return pairs
    }

    /// OCR-like damage: accents stripped, letters swapped, ligatures, NBSP and tabs, lost spaces.
    static func corrupted(_ text: String, _ rng: inout SeededGenerator) -> String {
        var out = ""
        for c in text {
            let r = Int.random(in: 0..<100, using: &rng)
            switch r {
            case 0: continue
            case 1: out += "rn"
            case 2: out += c == " " ? "\u{A0}" : "\(c)\t"
            case 3: out += String(String(c).decomposedStringWithCanonicalMapping.unicodeScalars.prefix(1))
            case 4: out += c == "f" ? "\u{FB01}" : "\(c)\(c)"
            case 5: out += c == " " ? "" : "\(c)\u{2029}"
            default: out.append(c)
            }
        }
        return out
    }

    func testScoresMatchTextdiff() throws {
        try requireTools()
        let dir = try TemporaryDirectory("textdiff-parity")
        defer { dir.remove() }
        let real = corpusPairs()
        XCTAssertGreaterThan(real.count, 20, "too few corpus pairs found under \(Self.corpus.path)")
        let corpusFiles = Array(Set(real.flatMap { [$0.0, $0.1] })).sorted { $0.path < $1.path }
        let pairs = real + (try craftedPairs(in: dir, from: corpusFiles))
        for (hypothesis, reference) in pairs {
            let name = "\(hypothesis.lastPathComponent) vs \(reference.lastPathComponent)"
            guard let run = runTool(Self.python.path, [Self.tool.path, hypothesis.path, reference.path, "--json"]),
                  run.status == 0,
                  let json = try JSONSerialization.jsonObject(with: run.stdout) as? [String: Any] else {
                XCTFail("textdiff.py failed on \(name)")   // with every tool present: a set-up bug
                continue
            }
            // Read as textdiff.py reads: UTF-8, invalid bytes replaced.
            let text = String(decoding: try Data(contentsOf: hypothesis), as: UTF8.self)
            let expected = String(decoding: try Data(contentsOf: reference), as: UTF8.self)
            let s = TextComparison.scores(text: text, expected: expected)
            // textdiff.py prints figures rounded to 5 decimals: ours must round to the same.
            for (key, value) in [("cer", s.cer), ("wer", s.wer), ("word_recall", s.wordRecall),
                                 ("word_precision", s.wordPrecision)] {
                let theirs = (json[key] as? NSNumber)?.doubleValue ?? .nan
                XCTAssertEqual(value, theirs, accuracy: 0.000_005_000_1, "\(key) of \(name)")
            }
            XCTAssertEqual(s.referenceCharacters, (json["ref_chars"] as? NSNumber)?.intValue, "ref_chars of \(name)")
            XCTAssertEqual(s.hypothesisCharacters, (json["hyp_chars"] as? NSNumber)?.intValue, "hyp_chars of \(name)")
        }
    }
}
