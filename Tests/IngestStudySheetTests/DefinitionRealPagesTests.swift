import Foundation
import IngestCore
import IngestPipeline
@testable import IngestStudySheet
import IngestTestSupport
import Synchronization
import XCTest

/// The study sheet's definitions measured on real course pages nobody here wrote (issue 36 item 3):
/// `Fixtures/definitions/real/` holds Markdown excerpts of public French and English course notes
/// (origins and licences in its README) and the definitions labelled by hand on their pages. Each
/// excerpt becomes a PDF through pandoc and pdflatex, as a student gets one; the pipeline reads it
/// and the sheet's definitions are compared with the labels: same file, page and term, and the
/// meaning starting with the label's first three words.
final class DefinitionRealPagesTests: XCTestCase {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/definitions/real")

    struct Definition: Equatable {
        var file: String, page: Int, term: String, meaning: String
    }

    /// Lower case, `**` and apostrophes unified, every run of other signs than letters, digits and `_` one space.
    static func normalized(_ s: String) -> String {
        let t = s.lowercased().replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "’", with: "'")
        let mapped = String(t.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : " " })
        return mapped.split(separator: " ").joined(separator: " ")
    }

    /// `labels.tsv`: the pages the recogniser was tuned on (batch 0); `heldout-labels.tsv` (batches 1-2) and each
    /// `heldoutN-labels.tsv` (batch N): pages labelled before the recogniser ever ran on them, each batch's `# documents` line naming
    /// all its excerpts (some have no definition to label). Which were tuned on later and which were measured once: the README.
    static func labels(_ name: String = "labels.tsv") throws -> [Definition] {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { line in
                let p = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard p.count == 4, let page = Int(p[1]) else { throw TestSetupFailure("\(name): not file<TAB>page<TAB>term<TAB>meaning: \(line)") }
                return Definition(file: p[0], page: page, term: p[2], meaning: p[3])
            }
    }

    /// One labelled batch: its numbers (`1-2` for `heldout-labels.tsv`, `0` for `labels.tsv`), its documents and labels.
    struct Batch {
        var low: Int, high: Int, documents: Set<String>, labels: [Definition]
        var name: String { low == high ? "\(low)" : "\(low)-\(high)" }
    }

    /// Every `heldout*-labels.tsv` of the folder in the order of its number (`heldout-labels.tsv` first, batches 1 and 2), each
    /// with the documents its `# documents` line names.
    static func heldOutBatches() throws -> [Batch] {
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("heldout") && $0.hasSuffix("-labels.tsv") }
        let numbered = try names.map { name -> (Int, Int, String) in
            let digits = name.dropFirst("heldout".count).dropLast("-labels.tsv".count)
            if digits.isEmpty { return (1, 2, name) }
            guard let n = Int(digits), n > 2 else { throw TestSetupFailure("\(name): not heldoutN-labels.tsv with N > 2") }
            return (n, n, name)
        }.sorted { $0.0 < $1.0 }
        return try numbered.map { low, high, name in
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("# documents\t") }) else {
                throw TestSetupFailure("\(name): no `# documents<TAB>a b c` line")
            }
            let documents = Set(line.dropFirst("# documents\t".count).split(separator: " ").map(String.init))
            return Batch(low: low, high: high, documents: documents, labels: try labels(name))
        }
    }

    /// A line of `floors.tsv`: the batches it covers (`all`, one batch or a range `A-B`), the precision and recall it may not fall
    /// below and the most lines it may take wrongly (each nil where not asserted), and why.
    struct Floor {
        let batches: ClosedRange<Int>?
        let precision: Double?, recall: Double?
        let wrong: Int?
        let reason: String
    }

    static func floors() throws -> [Floor] {
        try String(contentsOf: folder.appendingPathComponent("floors.tsv"), encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { line in
                let p = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                let bounds = p.first.map { $0.split(separator: "-").map { Int($0) } } ?? []
                guard p.count == 5, p[0] == "all" || (1...2).contains(bounds.count) && !bounds.contains(nil) else {
                    throw TestSetupFailure("floors.tsv: not batch<TAB>precision<TAB>recall<TAB>wrong<TAB>reason: \(line)")
                }
                let range = p[0] == "all" ? nil : bounds[0]!...bounds[bounds.count - 1]!
                return Floor(batches: range, precision: Double(p[1]), recall: Double(p[2]), wrong: Int(p[3]), reason: p[4])
            }
    }

    /// What the pipeline read of one excerpt: its pages and the sheet's definitions.
    struct Read: Sendable {
        var name: String, pages: Int, definitions: [Definition]
    }

    /// The excerpts as PDFs, each read by the pipeline as soon as it is made, two at a time (the machine's two cores):
    /// one excerpt's pdflatex runs while another is read, where making them all then reading them one by one left a
    /// core idle. Each excerpt goes to LaTeX first (`pandoc -s -t latex-smart --extract-media`: the source `pandoc -o x.pdf` hands
    /// pdflatex, curly quotes as written and a picture that cannot be fetched replaced by its description), then pdflatex runs once with a format of its preamble, made once per distinct preamble
    /// (mylatexformat, texlive-latex-extra; two preambles, English and French, serve all but five excerpts). `pandoc
    /// --pdf-engine=pdflatex` ran pdflatex twice and read every package again each time (0.7 s an excerpt against 0.2 s):
    /// the PDFs' text, positions and outline are the same (session 27, bench/definitions/RESULTS.md). Without
    /// mylatexformat, pdflatex runs once without a format (the same PDFs, slower).
    static func makeAndRead(into dir: URL, pipeline: Pipeline) throws -> [Read] {
        let sources = try FileManager.default.contentsOfDirectory(at: folder.appendingPathComponent("src"), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }.sorted { $0.path < $1.path }
        let failures = Mutex<[String]>([])
        @Sendable func failed(_ name: String, _ result: (status: Int32, stdout: Data, stderr: Data)?, log: URL? = nil) {
            let why = log.flatMap { try? String(contentsOf: $0, encoding: .utf8) }.map { String($0.suffix(600)) }
                ?? String(decoding: result?.stderr ?? Data(), as: UTF8.self)
            failures.withLock { $0.append("\(name): " + why.prefix(600)) }
        }
        func check() throws {
            let failed = failures.withLock { $0 }
            guard failed.isEmpty else { throw TestSetupFailure("pandoc/pdflatex or the pipeline failed: " + failed.joined(separator: "; ")) }
        }
        // 1. Every excerpt to a standalone LaTeX file, and its preamble (up to `\begin{document}`).
        let preambles = Mutex<[Int: String]>([:])
        DispatchQueue.concurrentPerform(iterations: sources.count) { i in
            let name = sources[i].deletingPathExtension().lastPathComponent
            let tex = dir.appendingPathComponent(name + ".tex")
            let result = runTool("pandoc", [sources[i].path, "-f", "markdown-yaml_metadata_block", "-t", "latex-smart", "-s",
                                            "-V", "lang=" + (name.hasPrefix("fr-") ? "fr" : "en"),
                                            "-H", folder.appendingPathComponent("unicode.tex").path,
                                            "--extract-media", dir.appendingPathComponent("media").path, "-o", tex.path])
            guard result?.status == 0, let text = try? String(contentsOf: tex, encoding: .utf8),
                  let begin = text.range(of: "\n\\begin{document}\n") else { return failed(name, result) }
            preambles.withLock { $0[i] = String(text[..<begin.upperBound]) }
        }
        try check()
        // 2. One format for each distinct preamble.
        let byPreamble = preambles.withLock { $0 }
        let distinct = Array(Set(byPreamble.values)).sorted()
        let formatFor = Dictionary(uniqueKeysWithValues: distinct.enumerated().map { ($1, "preamble\($0)") })
        let formats = runTool("kpsewhich", ["mylatexformat.ltx"])?.status == 0
        if formats {
            DispatchQueue.concurrentPerform(iterations: distinct.count) { k in
                let name = "preamble\(k)"
                let tex = dir.appendingPathComponent(name + ".tex")
                do { try (distinct[k] + "\\end{document}\n").write(to: tex, atomically: true, encoding: .utf8) } catch { return failed(name, nil) }
                let result = runTool("pdflatex", ["-ini", "-interaction=batchmode", "-halt-on-error", "-output-directory", dir.path,
                                                  "-jobname=" + name, "&pdflatex", "mylatexformat.ltx", tex.path])
                if result?.status != 0 { failed(name, result, log: dir.appendingPathComponent(name + ".log")) }
            }
            try check()
        }
        // 3. pdflatex once, then the pipeline.
        let reads = Mutex<[Int: Read]>([:])
        DispatchQueue.concurrentPerform(iterations: sources.count) { i in
            let name = sources[i].deletingPathExtension().lastPathComponent
            let tex = dir.appendingPathComponent(name + ".tex"), pdf = dir.appendingPathComponent(name + ".pdf")
            let format = byPreamble[i].flatMap { formatFor[$0] }.map { ["-fmt=" + dir.appendingPathComponent($0).path] } ?? []
            let result = runTool("pdflatex", (formats ? format : []) + ["-interaction=batchmode", "-halt-on-error", "-output-directory", dir.path, tex.path])
            guard result?.status == 0 else { return failed(name, result, log: dir.appendingPathComponent(name + ".log")) }
            do {
                let document = try pipeline.importDocument(file: pdf)
                let definitions = StudySheetBuilder.build(document).sections.flatMap(\.definitions).map {
                    Definition(file: name, page: $0.page ?? 0, term: $0.term, meaning: $0.meaning)
                }
                reads.withLock { $0[i] = Read(name: name, pages: document.sources.first?.pagesRead ?? 0, definitions: definitions) }
            } catch {
                failures.withLock { $0.append("\(name): \(error)") }
            }
        }
        try check()
        // In the excerpts' order, as when they were read one by one (each found definition takes the first label it matches).
        return reads.withLock { r in sources.indices.compactMap { r[$0] } }
    }

    func testDefinitionsOnRealCoursePagesAgainstTheLabels() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
        guard runTool("pdflatex", ["--version"])?.status == 0 else {
            try missingTool("pdflatex is not installed (apt-get install texlive-latex-base texlive-latex-recommended texlive-lang-french lmodern)")
        }
        // The batches and the floors first: a batch whose files are amiss fails before the long part.
        let heldOut = try Self.heldOutBatches(), floors = try Self.floors()
        let sources = Set(try FileManager.default.contentsOfDirectory(atPath: Self.folder.appendingPathComponent("src").path)
            .filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) })
        var batchOf: [String: Int] = [:]
        for (k, batch) in heldOut.enumerated() {
            XCTAssertFalse(batch.documents.isEmpty, "batch \(batch.name): its `# documents` line names none")
            for d in batch.documents.sorted() {
                XCTAssert(sources.contains(d), "batch \(batch.name): \(d) is not in src/")
                if let other = batchOf.updateValue(k, forKey: d) { XCTFail("\(d) is in batches \(heldOut[other].name) and \(batch.name)") }
            }
            for l in batch.labels where !batch.documents.contains(l.file) {
                XCTFail("batch \(batch.name): label of \(l.file), which its `# documents` line does not name")
            }
        }
        let tunedOn = try Batch(low: 0, high: 0, documents: sources.subtracting(batchOf.keys), labels: Self.labels())
        for l in tunedOn.labels where !tunedOn.documents.contains(l.file) { XCTFail("labels.tsv: \(l.file) is not a document of batch 0") }
        let batches = [tunedOn] + heldOut
        for range in floors.compactMap(\.batches) where !batches.contains(where: { range.contains($0.low) }) {
            XCTFail("floors.tsv: no batch in \(range.lowerBound)-\(range.upperBound)")
        }

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("definition-real-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let reads = try Self.makeAndRead(into: dir, pipeline: Pipeline(config: PipelineConfig()))
        XCTAssertEqual(reads.count, sources.count)
        let found = reads.flatMap(\.definitions)
        let pages = reads.reduce(0) { $0 + $1.pages }
        let labels = batches.flatMap(\.labels)
        XCTAssertGreaterThanOrEqual(pages, 250)
        XCTAssertGreaterThanOrEqual(labels.count, 260)

        // Each found definition takes the first label it matches, once.
        var used = Set<Int>()
        var falsePositives: [Definition] = []
        for f in found {
            let term = Self.normalized(f.term), meaning = Self.normalized(f.meaning)
            let match = labels.indices.first { i in
                let l = labels[i]
                let start = Self.normalized(l.meaning).split(separator: " ").prefix(3).joined(separator: " ")
                return !used.contains(i) && l.file == f.file && l.page == f.page && Self.normalized(l.term) == term && meaning.hasPrefix(start)
            }
            if let match { used.insert(match) } else { falsePositives.append(f) }
            // DEFINITIONS_LIST=1 prints every definition found, right or not (to study what separates them).
            if ProcessInfo.processInfo.environment["DEFINITIONS_LIST"] != nil {
                print("  found \(match == nil ? "WRONG" : "right"): \(f.file) p\(f.page) “\(f.term)” : \(f.meaning.prefix(70))")
            }
        }
        let missed = labels.indices.filter { !used.contains($0) }.map { labels[$0] }

        /// What was found right, found, labelled and taken wrongly in the documents `files` accepts.
        struct Figures {
            var right = 0, found = 0, labelled = 0
            var wrong: Int { found - right }
            var precision: Double { Double(right) / Double(max(1, found)) }
            var recall: Double { Double(right) / Double(max(1, labelled)) }
            var text: String {
                let p = found == 0 ? "—" : String(format: "%.3f", precision), r = labelled == 0 ? "—" : String(format: "%.3f", recall)
                return "precision \(p) (\(right)/\(found)), recall \(r) (\(right)/\(labelled)), \(wrong) taken wrongly"
            }
        }
        func figures(_ files: (String) -> Bool) -> Figures {
            let right = used.filter { files(labels[$0].file) }.count
            return Figures(right: right, found: right + falsePositives.filter { files($0.file) }.count,
                           labelled: labels.filter { files($0.file) }.count)
        }
        func figures(_ range: ClosedRange<Int>?) -> Figures {
            let documents = batches.filter { batch in range.map { $0.contains(batch.low) && $0.contains(batch.high) } ?? true }
                .reduce(into: Set<String>()) { $0.formUnion($1.documents) }
            return figures { documents.contains($0) }
        }
        let all = figures(nil)
        print("definitions on real pages: \(reads.count) documents, \(pages) pages, \(labels.count) labelled, \(found.count) found, "
              + all.text + "; fr \(figures { $0.hasPrefix("fr-") }.text); en \(figures { $0.hasPrefix("en-") }.text)")
        for batch in batches { print("  batch \(batch.name): " + figures(batch.low...batch.high).text) }
        for range in floors.compactMap(\.batches) where !batches.contains(where: { $0.low == range.lowerBound && $0.high == range.upperBound }) {
            print("  batches \(range.lowerBound)-\(range.upperBound): " + figures(range).text)
        }
        for f in falsePositives { print("  not a definition: \(f.file) p\(f.page) “\(f.term)” : \(f.meaning.prefix(60))") }
        for l in missed { print("  missed: \(l.file) p\(l.page) “\(l.term)” : \(l.meaning)") }

        // The floors (floors.tsv: each with its reason); a batch without a line there is asserted only by the totals.
        for floor in floors {
            let f = figures(floor.batches), which = floor.batches.map { $0.count == 1 ? "batch \($0.lowerBound)" : "batches \($0.lowerBound)-\($0.upperBound)" } ?? "all documents"
            if let p = floor.precision { XCTAssertGreaterThanOrEqual(f.precision, p, "\(which), precision: \(floor.reason)") }
            if let r = floor.recall { XCTAssertGreaterThanOrEqual(f.recall, r, "\(which), recall: \(floor.reason)") }
            if let w = floor.wrong { XCTAssertLessThanOrEqual(f.wrong, w, "\(which), taken wrongly: \(floor.reason)") }
        }
    }
}
