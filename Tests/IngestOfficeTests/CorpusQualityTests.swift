import Foundation
import XCTest
import IngestCore
import IngestOffice
import IngestTestSupport

/// Our text against `pandoc -t plain` on every .docx of the corpus: word-level difference
/// (multiset recall/precision of \w+ words, as /work/shared/tools/textdiff.py measures it).
final class CorpusQualityTests: XCTestCase {
    /// Files where pandoc and we legitimately differ by more than 1%: tracked changes (pandoc
    /// accepts by default too, but renders moves differently), fields, comments, headers.
    /// Each is explained in bench/docx/RESULTS.md.
    static let explained: [String: String] = [
        "pandoc-image.docx": "pandoc prints the picture's alt text; we leave pictures out",
        "pandoc-inline_formatting.docx": "pandoc upper-cases small-caps text (SMALL CAPS); we keep the characters typed",
        "pandoc-metadata.docx": "pandoc moves Title/Author/Date/Abstract paragraphs into metadata; we keep them as text",
        "pandoc-text_in_shape_format.docx": "pandoc 2.17 drops text boxes; we read them (matches the newer pandoc's .native)",
    ]

    func testEveryCorpusDocxAgainstPandoc() throws {
        try Corpus.require()
        guard runTool("pandoc", ["--version"]) != nil else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        let files = Corpus.files(in: "docx", extensions: ["docx"])
        XCTAssertFalse(files.isEmpty)
        let dump = ProcessInfo.processInfo.environment["INGEST_DUMP_DIR"]
        var report: [String] = []
        for url in files {
            let ours = try documentText(extractDocx(url))
            guard let r = runTool("pandoc", ["-t", "plain", "--wrap=none", url.path]), r.status == 0 else {
                report.append("\(url.lastPathComponent): pandoc failed"); continue
            }
            let theirs = String(decoding: r.stdout, as: UTF8.self)
            if let dump {
                try ours.write(toFile: dump + "/" + url.lastPathComponent + ".ours.txt", atomically: true, encoding: .utf8)
                try theirs.write(toFile: dump + "/" + url.lastPathComponent + ".pandoc.txt", atomically: true, encoding: .utf8)
            }
            let d = WordDifference(ours, theirs)
            report.append(String(format: "%@ recall %.3f precision %.3f", url.lastPathComponent, d.recall, d.precision))
            if Self.explained[url.lastPathComponent] == nil {
                XCTAssertGreaterThanOrEqual(d.recall, 0.99, "\(url.lastPathComponent): words of pandoc's text missing from ours")
                XCTAssertGreaterThanOrEqual(d.precision, 0.99, "\(url.lastPathComponent): words in ours that pandoc does not have")
            }
        }
        print(report.joined(separator: "\n"))
    }

    /// Documents pandoc writes from Markdown (headings, nested lists, a table, notes, links),
    /// read back by us and by pandoc.
    func testDocumentsMadeByPandoc() throws {
        guard runTool("pandoc", ["--version"]) != nil else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        let dir = try TemporaryDirectory("pandoc-made")
        defer { dir.remove() }
        let markdown = """
        # Les états de la matière

        La matière existe sous trois états principaux : solide, liquide et gazeux.[^1]

        ## Changements d'état

        1. Fusion : solide vers liquide
        2. Vaporisation : liquide vers gaz
            - ébullition
            - évaporation
        3. Condensation

        | État | Forme propre | Volume propre |
        |------|--------------|---------------|
        | Solide | oui | oui |
        | Liquide | non | oui |
        | Gaz | non | non |

        > Rien ne se perd, rien ne se crée, tout se transforme.

        Voir [la page de référence](https://example.org/etats) et le code `H2O`.

        [^1]: On parle aussi du plasma, un quatrième état.
        """
        let md = try dir.write("cours.md", markdown)
        let docx = dir.url.appendingPathComponent("cours.docx")
        guard let made = runTool("pandoc", [md.path, "-o", docx.path]), made.status == 0 else {
            return XCTFail("pandoc could not write the .docx")
        }
        let ours = try documentText(extractDocx(docx))
        let theirs = String(decoding: runTool("pandoc", ["-t", "plain", "--wrap=none", docx.path])!.stdout, as: UTF8.self)
        let d = WordDifference(ours, theirs)
        print(String(format: "pandoc-made cours.docx recall %.3f precision %.3f", d.recall, d.precision))
        XCTAssertGreaterThanOrEqual(d.recall, 0.99)
        XCTAssertGreaterThanOrEqual(d.precision, 0.99)
    }
}

/// Word multisets compared as in textdiff.py: words are runs of letters and digits.
struct WordDifference {
    var recall: Double
    var precision: Double
    init(_ hypothesis: String, _ reference: String) {
        func words(_ s: String) -> [String: Int] {
            var counts: [String: Int] = [:]
            var word = ""
            for ch in s.precomposedStringWithCanonicalMapping {
                if ch.isLetter || ch.isNumber || ch == "_" { word.append(ch) }
                else if !word.isEmpty { counts[word, default: 0] += 1; word = "" }
            }
            if !word.isEmpty { counts[word, default: 0] += 1 }
            return counts
        }
        let h = words(hypothesis), r = words(reference)
        if h.isEmpty && r.isEmpty { recall = 1; precision = 1; return }
        let common = r.reduce(0) { $0 + min($1.value, h[$1.key] ?? 0) }
        recall = Double(common) / Double(max(1, r.values.reduce(0, +)))
        precision = Double(common) / Double(max(1, h.values.reduce(0, +)))
    }
}
