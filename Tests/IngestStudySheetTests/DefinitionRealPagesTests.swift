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

    /// `labels.tsv`: the pages the recogniser was tuned on; `heldout-labels.tsv`: pages labelled before
    /// it was ever run on them, and kept out of its tuning (their figures are printed apart);
    /// `heldout3-labels.tsv`, `heldout4-labels.tsv`, `heldout5-labels.tsv`: ten, nine and ten more, each labelled
    /// before a round of tuning on 2026-12-06 and measured before being tuned on in the next (the fifth, "new held
    /// out", only by two rules at the end; its first measure is in the README); `heldout6-labels.tsv` (eight documents,
    /// looked at in the fourth round) and `heldout7-labels.tsv` (nine, labelled and committed before that round, measured
    /// once after it, never tuned on); `heldout8-labels.tsv` (eleven documents from two new sources, labelled and committed
    /// before the recogniser ever ran on them; measured once, then tuned on in session 19); `heldout9-labels.tsv` (twelve
    /// documents from two more new sources, labelled and committed after that tuning, measured once, then tuned on);
    /// `heldout10-labels.tsv` (twelve sections of a source never used, labelled and committed after that; measured once, then two rules);
    /// `heldout11-labels.tsv` (twelve chapters of another source never used, after all of session 19's rules; measured once, then one round);
    /// `heldout12-labels.tsv` (ten chapters of a source never used, labelled and committed before session 20's rules; measured once before them);
    /// `heldout13-labels.tsv` (twelve sections of three sources never used, labelled and committed after those rules; measured once, never tuned on);
    /// `heldout14-labels.tsv` (ten sections of one more source never used, the same; measured once, never tuned on);
    /// `heldout15-labels.tsv` (six sections of a source never used, labelled and committed before session 21's parts-of-speech rules
    /// were written; measured once after them, then one round of rules);
    /// `heldout16-labels.tsv` (ten sections of two sources never used, labelled under session 22's written policy and committed
    /// before the recogniser ever ran on them; measured at the session's start and after rules found on the other batches, then tuned on);
    /// `heldout17-labels.tsv` (nine sections of one more source never used, labelled and committed after all of session 22's rules;
    /// measured once, then one rule found on it);
    /// `heldout18-labels.tsv` (eight documents of course notes from two sources never used, labelled and committed before any run in
    /// session 23; measured once: none of this form) and `heldout19-labels.tsv` (eight more, none of this form, labelled and
    /// committed after session 23's clause reader was written and measured once with it: what is taken wrongly). Their phys-mod
    /// excerpts, CC BY-NC-SA, were removed with batch 18's three labels. `heldout20-labels.tsv` and `heldout21-labels.tsv` (session 24:
    /// thirteen and eleven documents of student and teacher course notes from four sources never used, each labelled and committed
    /// before any run; the first measured before the session's rules, the second once after them). `heldout22-labels.tsv` (session 25);
    /// `heldout23-labels.tsv` (session 26, labelled and committed before any run, measured before the positive sign of DefinitionSigns.swift)
    /// and `heldout24-labels.tsv` (labelled and committed after it was written, measured once, never tuned on); `heldout25-labels.tsv`
    /// (session 27, one French source never used, labelled and committed before any run, measured first with session 26's rules).
    static func labels(_ name: String = "labels.tsv") throws -> [Definition] {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
            .filter { !$0.hasPrefix("#") }
            .map { line in
                let p = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
                guard p.count == 4, let page = Int(p[1]) else { throw TestSetupFailure("labels.tsv: not file<TAB>page<TAB>term<TAB>meaning: \(line)") }
                return Definition(file: p[0], page: page, term: p[2], meaning: p[3])
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
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("definition-real-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let reads = try Self.makeAndRead(into: dir, pipeline: try Pipeline(config: PipelineConfig()))
        XCTAssertEqual(reads.count, 267)
        let found = reads.flatMap(\.definitions)
        let pages = reads.reduce(0) { $0 + $1.pages }
        // A held-out file's line `# documents<TAB>a b c` names them all (some have no definition to label).
        func documents(_ name: String) throws -> Set<String> {
            Set(try String(contentsOf: Self.folder.appendingPathComponent(name), encoding: .utf8)
                .split(separator: "\n").first { $0.hasPrefix("# documents\t") }?.dropFirst("# documents\t".count).split(separator: " ").map(String.init) ?? [])
        }
        let heldOutFiles = try documents("heldout-labels.tsv"), thirdFiles = try documents("heldout3-labels.tsv")
        let fourthFiles = try documents("heldout4-labels.tsv"), newFiles = try documents("heldout5-labels.tsv")
        let sixthFiles = try documents("heldout6-labels.tsv"), seventhFiles = try documents("heldout7-labels.tsv")
        let eighthFiles = try documents("heldout8-labels.tsv"), ninthFiles = try documents("heldout9-labels.tsv")
        let tenthFiles = try documents("heldout10-labels.tsv"), eleventhFiles = try documents("heldout11-labels.tsv")
        let twelfthFiles = try documents("heldout12-labels.tsv"), thirteenthFiles = try documents("heldout13-labels.tsv")
        let fourteenthFiles = try documents("heldout14-labels.tsv"), fifteenthFiles = try documents("heldout15-labels.tsv")
        let sixteenthFiles = try documents("heldout16-labels.tsv"), seventeenthFiles = try documents("heldout17-labels.tsv")
        let eighteenthFiles = try documents("heldout18-labels.tsv"), nineteenthFiles = try documents("heldout19-labels.tsv")
        let twentiethFiles = try documents("heldout20-labels.tsv"), twentyFirstFiles = try documents("heldout21-labels.tsv")
        let twentySecondFiles = try documents("heldout22-labels.tsv"), twentyThirdFiles = try documents("heldout23-labels.tsv")
        let twentyFourthFiles = try documents("heldout24-labels.tsv"), twentyFifthFiles = try documents("heldout25-labels.tsv")
        let batches: [Set<String>] = [heldOutFiles, thirdFiles, fourthFiles, newFiles, sixthFiles, seventhFiles, eighthFiles, ninthFiles, tenthFiles,
                                      eleventhFiles, twelfthFiles, thirteenthFiles, fourteenthFiles, fifteenthFiles, sixteenthFiles, seventeenthFiles, eighteenthFiles, nineteenthFiles, twentiethFiles, twentyFirstFiles,
                                      twentySecondFiles, twentyThirdFiles, twentyFourthFiles, twentyFifthFiles]
        XCTAssertEqual(batches.map(\.count), [11, 10, 9, 10, 8, 9, 11, 12, 12, 12, 10, 12, 10, 6, 10, 9, 8, 8, 13, 11, 16, 12, 12, 10])
        let labels = try Self.labels() + Self.labels("heldout-labels.tsv") + Self.labels("heldout3-labels.tsv") + Self.labels("heldout4-labels.tsv")
            + Self.labels("heldout5-labels.tsv") + Self.labels("heldout6-labels.tsv")
            + Self.labels("heldout7-labels.tsv") + Self.labels("heldout8-labels.tsv") + Self.labels("heldout9-labels.tsv") + Self.labels("heldout10-labels.tsv") + Self.labels("heldout11-labels.tsv")
            + Self.labels("heldout12-labels.tsv") + Self.labels("heldout13-labels.tsv") + Self.labels("heldout14-labels.tsv") + Self.labels("heldout15-labels.tsv")
            + Self.labels("heldout16-labels.tsv") + Self.labels("heldout17-labels.tsv") + Self.labels("heldout18-labels.tsv") + Self.labels("heldout19-labels.tsv") + Self.labels("heldout20-labels.tsv") + Self.labels("heldout21-labels.tsv")
            + Self.labels("heldout22-labels.tsv") + Self.labels("heldout23-labels.tsv") + Self.labels("heldout24-labels.tsv") + Self.labels("heldout25-labels.tsv")
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
        func figures(_ files: (String) -> Bool) -> (Double, Double) {
            let tp = used.filter { files(labels[$0].file) }.count
            let fp = falsePositives.filter { files($0.file) }.count
            let all = labels.filter { files($0.file) }.count
            return (Double(tp) / Double(max(1, tp + fp)), Double(tp) / Double(max(1, all)))
        }
        func figures(_ language: String) -> (Double, Double) { figures { $0.hasPrefix(language) } }
        let precision = Double(used.count) / Double(max(1, used.count + falsePositives.count))
        let recall = Double(used.count) / Double(labels.count)
        let (fr, en) = (figures("fr-"), figures("en-"))
        let later = thirdFiles.union(fourthFiles).union(newFiles).union(sixthFiles).union(seventhFiles).union(eighthFiles).union(ninthFiles).union(tenthFiles).union(eleventhFiles).union(twelfthFiles).union(thirteenthFiles).union(fourteenthFiles).union(fifteenthFiles).union(sixteenthFiles).union(seventeenthFiles).union(eighteenthFiles).union(nineteenthFiles).union(twentiethFiles).union(twentyFirstFiles).union(twentySecondFiles).union(twentyThirdFiles).union(twentyFourthFiles).union(twentyFifthFiles)
        let tuned = figures { !heldOutFiles.contains($0) && !later.contains($0) }
        let (held, third, fourth) = (figures { heldOutFiles.contains($0) }, figures { thirdFiles.contains($0) }, figures { fourthFiles.contains($0) })
        let new = figures { newFiles.contains($0) }, sixth = figures { sixthFiles.contains($0) }
        let seventh = figures { seventhFiles.contains($0) }, eighth = figures { eighthFiles.contains($0) }
        let ninth = figures { ninthFiles.contains($0) }, tenth = figures { tenthFiles.contains($0) }
        let eleventh = figures { eleventhFiles.contains($0) }, twelfth = figures { twelfthFiles.contains($0) }
        // (The thirteenth batch holds no definition: what counts is how many lines are taken wrongly.)
        let thirteenthWrong = falsePositives.filter { thirteenthFiles.contains($0.file) }.count
        let fourteenth = figures { fourteenthFiles.contains($0) }, fifteenth = figures { fifteenthFiles.contains($0) }
        let sixteenth = figures { sixteenthFiles.contains($0) }, seventeenth = figures { seventeenthFiles.contains($0) }
        let eighteenth = figures { eighteenthFiles.contains($0) }
        let eighteenthWrong = falsePositives.filter { eighteenthFiles.contains($0.file) }.count
        let nineteenthWrong = falsePositives.filter { nineteenthFiles.contains($0.file) }.count
        let twentieth = figures { twentiethFiles.contains($0) }, twentyFirst = figures { twentyFirstFiles.contains($0) }
        let twentySecond = figures { twentySecondFiles.contains($0) }
        let twentySecondWrong = falsePositives.filter { twentySecondFiles.contains($0.file) }.count
        let twentyThird = figures { twentyThirdFiles.contains($0) }
        let twentyThirdWrong = falsePositives.filter { twentyThirdFiles.contains($0.file) }.count
        let twentyFourth = figures { twentyFourthFiles.contains($0) }
        let twentyFourthWrong = falsePositives.filter { twentyFourthFiles.contains($0.file) }.count
        let twentyFifth = figures { twentyFifthFiles.contains($0) }
        let twentyFifthWrong = falsePositives.filter { twentyFifthFiles.contains($0.file) }.count
        func counted(_ files: Set<String>) -> (Int, Int) {
            let tp = used.filter { files.contains(labels[$0].file) }.count
            return (tp, tp + falsePositives.filter { files.contains($0.file) }.count)
        }
        let (twentiethRight, twentiethFound) = counted(twentiethFiles), (twentyFirstRight, twentyFirstFound) = counted(twentyFirstFiles)
        let (twentySecondRight, twentySecondFound) = counted(twentySecondFiles), (twentyThirdRight, twentyThirdFound) = counted(twentyThirdFiles)
        let (twentyFourthRight, twentyFourthFound) = counted(twentyFourthFiles), (twentyFifthRight, twentyFifthFound) = counted(twentyFifthFiles)
        // Batches 0-23, all but the unseen checks (batches 24 and 25).
        let beforeTwentyFourth = figures { !twentyFourthFiles.contains($0) && !twentyFifthFiles.contains($0) }
        // The 158 documents of batches 0-15 (all but the sixteenth and the seventeenth).
        let tunedOn = figures { !sixteenthFiles.contains($0) && !seventeenthFiles.contains($0) && !eighteenthFiles.contains($0) && !nineteenthFiles.contains($0) && !twentiethFiles.contains($0) && !twentyFirstFiles.contains($0)
            && !twentySecondFiles.contains($0) && !twentyThirdFiles.contains($0) && !twentyFourthFiles.contains($0) && !twentyFifthFiles.contains($0) }
        let first27 = figures { !later.contains($0) }
        print(String(format: "definitions on real pages: %d documents, %d pages, %d labelled, %d found, precision %.3f, recall %.3f"
                     + " (fr %.3f/%.3f, en %.3f/%.3f; the first 27 documents %.3f/%.3f: tuned-on %.3f/%.3f, held out %.3f/%.3f;"
                     + " third batch %.3f/%.3f; fourth batch %.3f/%.3f; fifth batch %.3f/%.3f; sixth batch %.3f/%.3f; seventh batch %.3f/%.3f; eighth batch %.3f/%.3f; ninth batch %.3f/%.3f; tenth batch %.3f/%.3f; eleventh batch %.3f/%.3f; twelfth batch %.3f/%.3f; thirteenth batch, no definition labelled: %d taken wrongly; fourteenth batch %.3f/%.3f; fifteenth batch %.3f/%.3f; the 158 documents of batches 0-15 %.3f/%.3f; sixteenth batch %.3f/%.3f; seventeenth batch %.3f/%.3f; eighteenth batch %.3f/%.3f, %d taken wrongly; nineteenth batch, no definition labelled: %d taken wrongly; twentieth batch %.3f (%d/%d) / %.3f; twenty-first batch %.3f (%d/%d) / %.3f; twenty-second batch %.3f (%d/%d) / %.3f, %d taken wrongly; twenty-third batch %.3f (%d/%d) / %.3f, %d taken wrongly; twenty-fourth batch %.3f (%d/%d) / %.3f, %d taken wrongly; twenty-fifth batch %.3f (%d/%d) / %.3f, %d taken wrongly; batches 0-23 %.3f / %.3f)",
                     reads.count, pages, labels.count, found.count, precision, recall, fr.0, fr.1, en.0, en.1, first27.0, first27.1,
                     tuned.0, tuned.1, held.0, held.1, third.0, third.1, fourth.0, fourth.1, new.0, new.1, sixth.0, sixth.1, seventh.0, seventh.1, eighth.0, eighth.1, ninth.0, ninth.1, tenth.0, tenth.1, eleventh.0, eleventh.1, twelfth.0, twelfth.1, thirteenthWrong, fourteenth.0, fourteenth.1, fifteenth.0, fifteenth.1, tunedOn.0, tunedOn.1, sixteenth.0, sixteenth.1, seventeenth.0, seventeenth.1, eighteenth.0, eighteenth.1, eighteenthWrong, nineteenthWrong,
                     twentieth.0, twentiethRight, twentiethFound, twentieth.1, twentyFirst.0, twentyFirstRight, twentyFirstFound, twentyFirst.1,
                     twentySecond.0, twentySecondRight, twentySecondFound, twentySecond.1, twentySecondWrong,
                     twentyThird.0, twentyThirdRight, twentyThirdFound, twentyThird.1, twentyThirdWrong,
                     twentyFourth.0, twentyFourthRight, twentyFourthFound, twentyFourth.1, twentyFourthWrong,
                     twentyFifth.0, twentyFifthRight, twentyFifthFound, twentyFifth.1, twentyFifthWrong, beforeTwentyFourth.0, beforeTwentyFourth.1))
        for f in falsePositives { print("  not a definition: \(f.file) p\(f.page) “\(f.term)” : \(f.meaning.prefix(60))") }
        for l in missed { print("  missed: \(l.file) p\(l.page) “\(l.term)” : \(l.meaning)") }
        // The issue's bar is precision ≥ 0.98 and recall ≥ 0.9; these floors are what the recogniser
        // reaches today less a small margin (bench/definitions/RESULTS.md), so that no change makes it worse unseen.
        // (Session 26: a positive sign asked of every line (DefinitionSigns.swift), 257 documents: 0.930 / 0.822, where HEAD's rules gave the
        // 245 before batch 24 0.888 / 0.877 — precision first: a line without the sign stays text.)
        // (Session 24: 0.939 / 0.887 over the 217 documents with batches 20 and 21 of student and teacher notes, 0.949 / 0.897 on the
        // 193 before them. Session 25: batch 21 relabelled to the formula policy, the 217 at 0.939 (891/949) / 0.895 (891/996); with
        // batch 22, 233 documents, 0.875 / 0.894 at its first measure, 0.910 / 0.894 after session 25's rules.)
        // (Session 27: with batch 25, 267 documents: 0.928 / 0.806 at its first measure; after the session's signs — the kind a head
        // noun names in WordNet, a first name of the French dictionary, counts and superlatives — 0.937 / 0.814.)
        XCTAssertGreaterThanOrEqual(precision, 0.93)
        XCTAssertGreaterThanOrEqual(recall, 0.81)
        // The 158 documents of batches 0-15 (session 22's figure: 0.952/0.903).
        XCTAssertGreaterThanOrEqual(tunedOn.0, 0.95)
        XCTAssertGreaterThanOrEqual(tunedOn.1, 0.85)
        XCTAssertGreaterThanOrEqual(tuned.0, 0.98)
        XCTAssertGreaterThanOrEqual(tuned.1, 0.98)
        XCTAssertGreaterThanOrEqual(held.0, 0.96)
        XCTAssertGreaterThanOrEqual(held.1, 0.91)
        XCTAssertGreaterThanOrEqual(third.0, 0.99)
        XCTAssertGreaterThanOrEqual(third.1, 0.76)
        XCTAssertGreaterThanOrEqual(fourth.0, 0.72)
        XCTAssertGreaterThanOrEqual(fourth.1, 0.57)
        XCTAssertGreaterThanOrEqual(new.0, 0.99)
        XCTAssertGreaterThanOrEqual(new.1, 0.33)
        XCTAssertGreaterThanOrEqual(sixth.0, 0.85)
        XCTAssertGreaterThanOrEqual(sixth.1, 0.94)
        // The seventh batch was measured once, never tuned on (its first measure is the honest unseen figure).
        XCTAssertGreaterThanOrEqual(seventh.0, 0.95)
        XCTAssertGreaterThanOrEqual(seventh.1, 0.89)
        // The eighth batch's first measure, before it was tuned on: 0.956 (195/204) / 0.689 (195/283); these floors are after.
        XCTAssertGreaterThanOrEqual(eighth.0, 0.99)
        XCTAssertGreaterThanOrEqual(eighth.1, 0.84)
        // The ninth batch, measured once after session 19's first rules: 0.379 (11/29) / 0.275 (11/40); then tuned on (floors after).
        XCTAssertGreaterThanOrEqual(ninth.0, 0.81)
        XCTAssertGreaterThanOrEqual(ninth.1, 0.65)
        // The tenth batch, measured once after the ninth's rules: 0.845 (60/71) / 0.682 (60/88); then two rules (floors after).
        XCTAssertGreaterThanOrEqual(tenth.0, 0.93)
        XCTAssertGreaterThanOrEqual(tenth.1, 0.85)
        // The eleventh batch, measured once after session 19's rules: 0.548 (17/31) / 0.850 (17/20); then one round (floors after).
        XCTAssertGreaterThanOrEqual(eleventh.0, 0.80)
        XCTAssertGreaterThanOrEqual(eleventh.1, 0.85)
        // The twelfth batch (a source never used), measured once before session 20's rules: 0.783 (18/23) / 0.783 (18/23); floors after them.
        XCTAssertGreaterThanOrEqual(twelfth.0, 0.95)
        XCTAssertGreaterThanOrEqual(twelfth.1, 0.95)
        // The thirteenth batch (three sources never used, no definition), measured once after them: 3 lines taken wrongly.
        XCTAssertLessThanOrEqual(thirteenthWrong, 3)
        // The fourteenth batch (one more source never used), measured once after them: 1.000 (1/1) / 0.333 (1/3).
        // Session 26's positive sign declines its one line found (`/home : chaque utilisateur mettra…`, a sentence about another thing): none taken wrongly.
        XCTAssertLessThanOrEqual(falsePositives.filter { fourteenthFiles.contains($0.file) }.count, 0)
        _ = fourteenth
        // The fifteenth batch (a source never used, labelled before session 21's parts-of-speech rules), measured once after them:
        // 0.644 (29/45) / 0.725 (29/40); then one round (a modal and a passive, French verbs in the present), then session 22's
        // (a figure and its unit opening a noun phrase, a long subject before a modal, a glued paragraph): floors after them.
        XCTAssertGreaterThanOrEqual(fifteenth.0, 0.96)
        XCTAssertGreaterThanOrEqual(fifteenth.1, 0.73)
        // The sixteenth batch (two sources never used, labelled under the written policy before any run): first measure 0.579 (22/38) /
        // 0.440 (22/50) at the session's start, the same after the rules found on batches 0-15; then rules found on it (places,
        // appearances, defaults, an option's choice as circumstance): floors after them — no longer an unseen figure.
        // Session 23's clause reader (DefinitionClause.swift: subject, main verb and its class) in place of first-words shape rules:
        // 0.867 (39/45) / 0.780 (39/50): floors after it.
        // Session 24's term side (keys set in bold, `Pressing **Shift**`): 0.875 (42/48) / 0.840 (42/50).
        XCTAssertGreaterThanOrEqual(sixteenth.0, 0.84)
        XCTAssertGreaterThanOrEqual(sixteenth.1, 0.64)
        // The seventeenth batch (one more source never used, labelled after all of session 22's rules but the last), measured once:
        // 0.714 (5/7) / 0.185 (5/27); then one rule found on it (a setting's state as circumstance, `When enabled, …`): floors after.
        // Then session 23's clause reader (a setting told by its state, `When enabled, …`, names an option whatever its label's words): floors after it.
        // Session 24 (a figure the name goes on after in capitals; `Class` no code keyword): 1.000 (19/19) / 0.704 (19/27).
        XCTAssertGreaterThanOrEqual(seventeenth.0, 0.99)
        XCTAssertGreaterThanOrEqual(seventeenth.1, 0.62)
        // The eighteenth batch (course notes of three sources never used, labelled and committed before any run): measured once with
        // session 22's rules, nothing found (0 taken wrongly, 0/3); the same after the clause reader — its 3 definitions are glued into a
        // paragraph or open with a lower-case article (`la puissance ** : …`), which the term rules refuse.
        XCTAssertLessThanOrEqual(eighteenthWrong, 0)
        _ = eighteenth
        // The nineteenth batch (course notes, one source never used, no definition of this form; labelled and committed after the clause
        // reader was written, before it ever ran on them), measured once: 2 lines taken wrongly (a menu path in a numbered step, `Optional:`
        // and an order).
        // Session 24 (`->` menu paths, `Optional` a label): 0 taken wrongly.
        XCTAssertLessThanOrEqual(nineteenthWrong, 0)
        // The twentieth batch (a student's study notes and a teachers' course, two sources never used, labelled and committed before any
        // run in session 24), measured once before its rules: 0.375 (9/24) / 0.692 (9/13); after them (labels with a bracket, `Indication`,
        // a guideline, an instructor, a clause cut after a past participle, a step's adverb): 0.500 (9/18) / 0.692. Floors after.
        XCTAssertGreaterThanOrEqual(twentieth.0, 0.53)
        XCTAssertGreaterThanOrEqual(twentieth.1, 0.61)
        // The twenty-first batch (an introductory Python course and a lycée NSI course, labelled and committed before any run and any change
        // of session 24), measured once after the round: 0.842 (16/19) / 0.500 (16/32) — the session's honest unseen figure; then a note's
        // mark after a term (`cos*`): 0.875 (21/24) / 0.656 (21/32). Floors after.
        // Session 25: its nine Boolean laws unlabelled (a formula alone is no meaning): 0.875 (21/24) / 0.913 (21/23).
        XCTAssertGreaterThanOrEqual(twentyFirst.0, 0.91)
        XCTAssertGreaterThanOrEqual(twentyFirst.1, 0.91)
        // The twenty-second batch (course notes of three sources, two never used, labelled and committed before any run and any change of
        // session 25), measured once before its rules: 0.103 (8/78) / 0.800 (8/10), 70 taken wrongly — the session's honest unseen figure;
        // after them (an order by a verb the dictionary knows only as a verb, a work credited to its author, a glued references list,
        // symbols mapped by an arrow, a plural subject and its verb): 0.205 (8/39) / 0.800, 31 taken wrongly. Floors after.
        XCTAssertGreaterThanOrEqual(twentySecond.0, 0.44)
        XCTAssertGreaterThanOrEqual(twentySecond.1, 0.80)
        // Session 26 (a positive sign asked of every line, DefinitionSigns.swift): 0.444 (8/18) / 0.800, 10 taken wrongly.
        // Session 27 (a first name of the French dictionary or a list of actions is a person's part; an activity said of a person):
        // 0.667 (8/12) / 0.800, 4 taken wrongly.
        XCTAssertLessThanOrEqual(twentySecondWrong, 4)
        // The twenty-third batch (two sources never used, labelled and committed before any run and any change of session 26), measured
        // once before the session's positive sign: 0.446 (25/56) / 0.532 (25/47), 31 taken wrongly; after it (tuned on): 0.828 (24/29) /
        // 0.511, 5 taken wrongly.
        XCTAssertGreaterThanOrEqual(twentyThird.0, 0.82)
        XCTAssertGreaterThanOrEqual(twentyThird.1, 0.51)
        XCTAssertLessThanOrEqual(twentyThirdWrong, 5)
        // The twenty-fourth batch (two more sources never used, labelled and committed after the positive sign was written and before any
        // run), measured once, never tuned on: 1.000 (3/3) / 0.750 (3/4), 0 taken wrongly on 12 documents.
        XCTAssertGreaterThanOrEqual(twentyFourth.0, 0.99)
        XCTAssertGreaterThanOrEqual(twentyFourth.1, 0.75)
        XCTAssertLessThanOrEqual(twentyFourthWrong, 0)
        // The twenty-fifth batch (ten chapters of a French university Python course never used, labelled and committed before any run,
        // session 27), measured first with session 26's rules: 0.750 (9/12) / 0.273 (9/33), 3 taken wrongly — the session's honest figure;
        // then tuned on with the others (one capitalised word no longer taken for a person: `Checkbutton : affiche des cases à cocher.`):
        // 0.857 (18/21) / 0.545, 3 taken wrongly. Floors after.
        XCTAssertGreaterThanOrEqual(twentyFifth.0, 0.85)
        XCTAssertGreaterThanOrEqual(twentyFifth.1, 0.54)
        XCTAssertLessThanOrEqual(twentyFifthWrong, 3)
    }
}
