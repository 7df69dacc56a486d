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
    static let explained: Set<String> = []

    func testEveryCorpusDocxAgainstPandoc() throws {
        try Corpus.require()
        guard runTool("pandoc", ["--version"]) != nil else { throw XCTSkip("pandoc is not installed") }
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
            if !Self.explained.contains(url.lastPathComponent) {
                XCTAssertGreaterThanOrEqual(d.recall, 0.99, "\(url.lastPathComponent): words of pandoc's text missing from ours")
                XCTAssertGreaterThanOrEqual(d.precision, 0.99, "\(url.lastPathComponent): words in ours that pandoc does not have")
            }
        }
        print(report.joined(separator: "\n"))
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
        let common = r.reduce(0) { $0 + min($1.value, h[$1.key] ?? 0) }
        recall = Double(common) / Double(max(1, r.values.reduce(0, +)))
        precision = Double(common) / Double(max(1, h.values.reduce(0, +)))
    }
}
