import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Character error rate of our text against `pdftotext` (same library) on the corpus's
/// born-digital PDFs, before running-header removal, measured by the project's textdiff.py.
final class CorpusQualityTests: XCTestCase {
    /// Born-digital PDFs of the corpus, with the password they need (MANIFEST notes).
    static let bornDigital: [(String, String?)] = [
        ("pdfminer-aes-256-r6.pdf", "usersecret"), ("pdfminer-jo.pdf", nil), ("pdfminer-naacl06-shinyama.pdf", nil),
        ("pdfminer-rc4-40.pdf", "baz"), ("pdfplumber-2023-06-20-PV.pdf", nil),
        ("pdfplumber-federal-register-2020-17221.pdf", nil), ("pdfplumber-password-example.pdf", "test"),
        ("pdfplumber-scotus-transcript-p1.pdf", nil), ("pdfplumber-word365_structure.pdf", nil),
        ("pypdf-crazyones.pdf", nil), ("pypdf-encryption-r2-user-password.pdf", "asdfzxcv"),
        ("pypdf-encryption-r4-aes-user-password.pdf", "asdfzxcv"), ("pypdf-encryption-r6-owner-password.pdf", nil),
        ("pypdf-encryption-r6-user-password.pdf", nil), ("pypdf-encryption-unencrypted.pdf", nil),
        ("pypdf-multilang.pdf", nil), ("pypdf-toy.pdf", nil), ("sample-files-004-pdflatex-4-pages.pdf", nil),
        ("sample-files-005-libreoffice-writer-password.pdf", "openpassword"),
        ("sample-files-009-GeoTopo-komprimiert.pdf", nil), ("sample-files-010-pdflatex-forms.pdf", nil),
        ("sample-files-011-google-doc-document.pdf", nil), ("sample-files-015-arabic-habibi.pdf", nil),
        ("sample-files-021-crazyones-pdfa.pdf", nil), ("sample-files-026-multicolumn.pdf", nil),
    ]
    /// Files where we differ from pdftotext on purpose or through poppler-glib (see
    /// bench/pdf/RESULTS.md): their words must still all be there (order-independent recall and
    /// precision), only the order or the layout of a table differs.
    static let knownDifferent: Set<String> = [
        "sample-files-026-multicolumn.pdf",          // pdftotext reads a right-column block inside the left column
        "pdfminer-naacl06-shinyama.pdf",             // pdftotext puts a left-column paragraph after a figure
        "pdfplumber-federal-register-2020-17221.pdf", // three columns around tables: different block order
        "pdfplumber-scotus-transcript-p1.pdf",       // line numbers: we keep them beside their lines
        "sample-files-011-google-doc-document.pdf",  // a table: read row by row
        "pdfplumber-word365_structure.pdf",          // a tagged table: read row by row (pdftotext: column by column)
        "sample-files-009-GeoTopo-komprimiert.pdf",  // a two-column index and formulas: block order, notation (see floors)
        "pdfminer-jo.pdf",                           // vertical Japanese: poppler-glib's selection text differs
        "sample-files-015-arabic-habibi.pdf",        // right-to-left with a Latin word inside: selection text differs
    ]

    /// Word recall and precision floors of the files whose words differ from pdftotext's by more than
    /// order (0.97 otherwise).
    static let floors: [String: Double] = [
        "sample-files-015-arabic-habibi.pdf": 0.6,
        // Lecture notes in TeX math: 1,100 inline formulas written as LaTeX (`$\gamma_{1}$`,
        // `\mathbb{R}^{n}`) and scripts kept (`z₁`, `Rⁿ`) where pdftotext folds them (`γ1`, `z1`,
        // `Rn`): the words differ by notation (0.998 before PDF math, 0.939 with it).
        "sample-files-009-GeoTopo-komprimiert.pdf": 0.92,
    ]

    func testCharacterErrorRateAgainstPdftotext() throws {
        try Corpus.require()
        let textdiff = Corpus.root.deletingLastPathComponent().appendingPathComponent("tools/textdiff.py")
        guard FileManager.default.fileExists(atPath: textdiff.path),
              runTool(Python.path, ["-c", "import rapidfuzz"])?.status == 0 else {
            try missingTool("textdiff.py (shared/tools) or rapidfuzz (.build/tools-venv, scripts/install.sh --tests) missing")
        }
        guard runTool("pdftotext", ["-v"]) != nil else { try missingTool("pdftotext missing (apt-get install poppler-utils)") }
        let tmp = try TemporaryDirectory("pdf-cer")
        defer { if ProcessInfo.processInfo.environment["INGEST_PDF_KEEP"] == nil { tmp.remove() } else { print("kept", tmp.url.path) } }
        var report: [String] = []
        for (name, password) in Self.bornDigital {
            let url = Corpus.url("pdf/" + name)
            let (ours, ocrPages, pageCount) = try ourText(url, password: password)
            let oursURL = try tmp.write(name + ".ours.txt", Self.droppingBullets(Self.foldingScripts(ours)))
            let refURL = tmp.url.appendingPathComponent(name + ".pdftotext.txt")
            var args = ["-enc", "UTF-8"]
            if let password { args += ["-upw", password] }
            // Pages that go to OCR (the Federal Register's scanned excerpts) are measured by the
            // OCR tests: pdftotext reads the text-layer pages only.
            var reference = ""
            for range in Self.ranges(excluding: ocrPages, of: pageCount) {
                guard let ref = runTool("pdftotext", args + ["-f", "\(range.lowerBound)", "-l", "\(range.upperBound)", url.path, "-"]),
                      ref.status == 0 else { XCTFail("pdftotext failed on \(name)"); continue }
                reference += String(decoding: ref.stdout, as: UTF8.self)
            }
            // The same normalization on both sides: what is measured is extraction, not Normalizer.
            try Self.droppingBullets(Normalizer.normalize(reference)).write(to: refURL, atomically: true, encoding: .utf8)
            guard let out = runTool(Python.path, [textdiff.path, oursURL.path, refURL.path, "--json"]), out.status == 0,
                  let json = try? JSONValue.parse(out.stdout), case .object(let o) = json,
                  let cer = o["cer"]?.doubleValue else {
                XCTFail("textdiff failed on \(name)"); continue
            }
            let recall = o["word_recall"]?.doubleValue ?? 0, precision = o["word_precision"]?.doubleValue ?? 0
            report.append(String(format: "%-46@ CER %.4f WER %.4f recall %.4f precision %.4f", name as NSString, cer,
                                 o["wer"]?.doubleValue ?? -1, recall, precision))
            if Self.knownDifferent.contains(name) {
                if name.contains("-jo") {
                    XCTAssertLessThanOrEqual(cer, 0.05, name)     // vertical lines joined without spaces
                } else {
                    XCTAssertGreaterThanOrEqual(min(recall, precision), Self.floors[name] ?? 0.97, name)
                }
            } else {
                XCTAssertLessThanOrEqual(cer, 0.005, name)
            }
        }
        print(report.joined(separator: "\n"))
    }

    /// Our text as the pipeline builds it: each block normalized, blocks joined by blank lines;
    /// and the pages left to OCR.
    func ourText(_ url: URL, password: String?) throws -> (String, [Int], Int) {
        let input = SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent)
        let e = try PDFExtractor(removeRunningHeaders: false).extract(input, context: ExtractionContext(password: password))
        return (e.blocks.map { Normalizer.normalize($0.readingText) }.joined(separator: "\n\n"), e.ocrCandidates, e.pagesRead ?? 0)
    }

    /// Our superscripts and subscripts as pdftotext writes them (`R²` → `R2`, `x_(max)` → `xmax`):
    /// it cannot tell them from the base line, so they are folded for this comparison only
    /// (LineScriptsTests checks them against sources).
    /// List bullets left out on both sides: a bullet drawn apart from its item is put back before
    /// it (`BulletLines`), where pdftotext leaves it on a line of its own, in another flow
    /// (BulletLinesTests checks them against sources).
    static func droppingBullets(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.filter { !BulletLines.bullets.contains($0) }))
    }

    static func foldingScripts(_ s: String) -> String {
        let scripts = Array("⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿⁱ₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎ₐₑₒₓₕₖₗₘₙₚₛₜᵢⱼᵣᵤᵥ")
        let plain = Array("0123456789+-=()ni0123456789+-=()aeoxhklmnpstijruv")
        let table = Dictionary(uniqueKeysWithValues: zip(scripts, plain))
        let linear = s.replacingOccurrences(of: #"[\^_]\(([^()]*)\)"#, with: "$1", options: .regularExpression)
            .replacingOccurrences(of: #"[\^_](\S)(?!\w)"#, with: "$1", options: .regularExpression)
        return String(linear.map { table[$0] ?? $0 })
    }

    /// The page ranges of 1…`count` without `pages`.
    static func ranges(excluding pages: [Int], of count: Int) -> [ClosedRange<Int>] {
        var out: [ClosedRange<Int>] = []
        var start: Int?
        for p in 1...max(1, count) {
            if pages.contains(p) {
                if let s = start { out.append(s...(p - 1)); start = nil }
            } else if start == nil {
                start = p
            }
        }
        if let s = start { out.append(s...max(1, count)) }
        return out
    }
}
