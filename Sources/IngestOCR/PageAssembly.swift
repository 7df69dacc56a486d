import Foundation
import IngestCore

/// Turns recognised pages into the parts of an `Extraction`: paragraphs as blocks with
/// provenance `ocr`, a record per page, warnings for pages left out, and what explains thin text.
struct PageAssembly {
    var blocks: [Block] = []
    var records: [PageRecord] = []
    var warnings: [Warning] = []
    var failures: [IngestError] = []
    var pagesOCRed = 0
    var meanConfidence: Double?
    var thinTextReason: ErrorCode?
    var visionPages: [Int] = []
    var words: [OCRWord] = []

    init(_ outcomes: [PageOutcome], context: ExtractionContext, classification: (Int) -> PageRecord.Classification? = { _ in .imageOnly }) {
        // `Il` read `II` opening a French sentence is the pronoun again, in the words and the text.
        let outcomes = outcomes.map(CapitalIl.rewritten)
        let low = context.config.ocr.lowConfidenceBelow
        var allConfidences: [Int] = []
        var fragmentPages: [Int] = [], emptyPages: [Int] = [], readPages: [Int] = [], scriptPages: [Int] = []
        let running = RecognizedLines.runningHeaders(outcomes)
        // Tables first (issue 36 item 2): their lines are left out of the paragraphs and headings.
        let tables = RecognizedLines.tables(outcomes, dropping: running)
        var hidden = running
        for (number, found) in tables { for t in found { hidden[number, default: RecognizedLines.Drop()].lines.formUnion(t.lines) } }
        let headings = RecognizedLines.headingLevels(outcomes, dropping: hidden)
        for outcome in outcomes {
            var record = PageRecord(number: outcome.number, classification: classification(outcome.number))
            switch outcome.result {
            case .success(let page) where page.leftOut != nil:
                // Looked at, not recognised (issue 38): a blank page, a script without a model.
                record.leftOut = page.leftOut
                record.script = page.script
                record.ocrConfidence = page.meanConfidence.map { ($0 * 10).rounded() / 10 }
                if page.leftOut == .scriptNotInstalled {
                    scriptPages.append(outcome.number)
                    warnings.append(ScriptModels.warning(page.script ?? "", page: outcome.number, context: context))
                } else {
                    emptyPages.append(outcome.number)
                }
            case .success(let page):
                pagesOCRed += 1
                record.provenance = .ocr
                record.ocrConfidence = page.meanConfidence.map { ($0 * 10).rounded() / 10 }
                record.lowConfidenceWords = page.wordConfidences.filter { Double($0) < low }.count
                record.lowConfidenceSample = page.lowConfidenceSample.isEmpty ? nil : page.lowConfidenceSample
                var characters = 0
                let drop = running[outcome.number] ?? RecognizedLines.Drop()
                let without = hidden[outcome.number] ?? RecognizedLines.Drop()
                var pending = tables[outcome.number] ?? []
                // The last block's paragraph when its sentence may go on in the next (`ParagraphJoin`): its last line was full.
                var open: Bool?
                func placeTables(upTo line: [Int], confidence: Double) {
                    while let t = pending.first, t.first.lexicographicallyPrecedes(line) || t.first == line {
                        pending.removeFirst()
                        let text = PageTable.render(t.table.rows)
                        characters += text.count
                        open = nil
                        blocks.append(Block(kind: .table, text: text, page: outcome.number, provenance: .ocr,
                                            rows: t.table.rows, confidence: (confidence * 10).rounded() / 10))
                    }
                }
                for (k, p) in page.paragraphs.enumerated() {
                    // A table whose first line comes before this paragraph's first kept line goes before it.
                    let kept = p.text.split(separator: "\n", omittingEmptySubsequences: false).indices.first { !without.lines.contains([k, $0]) }
                    placeTables(upTo: [k, kept ?? Int.max], confidence: p.confidence)
                    // The paragraph as headings and text (OCRHeadings), running header and table lines left out.
                    for (text, level, full) in headings[outcome.number]?[k] ?? [(without.text(of: p.text, paragraph: k), nil, false)] {
                        let text = text.trimmingCharacters(in: .whitespacesAndNewlines)
                        guard !text.isEmpty else { continue }
                        characters += text.count
                        // A paragraph Tesseract cut mid-sentence is one paragraph again.
                        if level == nil, let wasFull = open, let before = blocks.last, ParagraphJoin.goesOn(before.text, full: wasFull, next: text) {
                            blocks[blocks.count - 1].text += "\n" + text
                            open = full
                            continue
                        }
                        open = level == nil ? full : nil
                        blocks.append(Block(kind: level == nil ? .paragraph : .heading, text: text, level: level,
                                            page: outcome.number, provenance: .ocr, confidence: (p.confidence * 10).rounded() / 10))
                    }
                }
                placeTables(upTo: [Int.max, Int.max], confidence: page.paragraphs.last?.confidence ?? 0)
                record.characters = characters
                record.script = page.script
                allConfidences += page.wordConfidences
                words += page.words.indices.filter { !drop.words.contains($0) }.map { page.words[$0] }.map { OCRWord(text: $0.text, page: outcome.number, confidence: $0.confidence, box: $0.box, doubt: $0.doubt) }
                if page.quarterTurns != 0 {
                    warnings.append(context.warning(.ocrPageRotated, ["page": String(outcome.number),
                                                                      "degrees": String(page.quarterTurns * 90)], page: outcome.number))
                }
                if characters == 0 {
                    emptyPages.append(outcome.number)
                } else if (page.meanConfidence ?? 0) < low
                            || Double(record.lowConfidenceWords ?? 0) > 0.5 * Double(page.wordConfidences.count) {
                    fragmentPages.append(outcome.number)
                } else {
                    readPages.append(outcome.number)
                }
            case .failure(let error):
                record.skipped = true
                record.failure = error.code
                failures.append(error)
                warnings.append(context.warning(error.code, error.arguments, page: outcome.number))
            }
            records.append(record)
        }
        // A table a page break cuts comes out of each page's recognition in pieces: one table again.
        blocks = ContinuedTables.joining(blocks)
        if !allConfidences.isEmpty {
            meanConfidence = (Double(allConfidences.reduce(0, +)) / Double(allConfidences.count) * 10).rounded() / 10
        }
        // Low-confidence fragments read as illegible writing; pages with nothing as empty pages.
        if !fragmentPages.isEmpty { thinTextReason = .readinessHandwriting }
        else if !emptyPages.isEmpty { thinTextReason = .readinessEmptyPage }
        else if !scriptPages.isEmpty { thinTextReason = .readinessTooLittleText }
        if thinTextReason != nil {
            let doubtful = Set(fragmentPages + emptyPages + scriptPages)
            visionPages = Array((scriptPages + (fragmentPages + emptyPages).sorted() + readPages.filter { !doubtful.contains($0) })
                .prefix(context.config.readiness.visionPageCap))
        }
    }

    /// "3, 5, 41–300": page numbers as short ranges for messages (`PageRanges`).
    static func ranges(_ pages: [Int]) -> String { PageRanges.text(pages) }
}

/// The lines of recognised pages, placed on their page by their words' boxes, for running-header
/// detection across the pages of one document: a header or footer the OCR read on most pages at
/// the same place is removed from the text (and its words from the OCR words), as on text-layer pages.
enum RecognizedLines {
    /// What is removed from one page: lines (paragraph, line within it) and word indices.
    struct Drop {
        var lines: Set<[Int]> = []
        var words: Set<Int> = []
        func text(of paragraph: String, paragraph k: Int) -> String {
            guard lines.contains(where: { $0[0] == k }) else { return paragraph }
            return paragraph.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                .filter { !lines.contains([k, $0.offset]) }.map(\.element).joined(separator: "\n")
        }
    }

    /// Every line of a page's paragraphs with the indices of its words in the page's word walk
    /// (none when they could not all be found): (paragraph, line within it), word indices, text.
    static func placed(_ page: RecognizedPage) -> [(line: [Int], words: [Int], text: Substring)] {
        var out: [(line: [Int], words: [Int], text: Substring)] = []
        var w = 0
        for (k, paragraph) in page.paragraphs.enumerated() {
            for (l, text) in paragraph.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                // Each token is the next word of the page's word walk with that text (the walk
                // also has words of blocks the paragraph walk leaves out, skipped here).
                var ids: [Int] = []
                for token in text.split(whereSeparator: \.isWhitespace) {
                    var j = w
                    while j < page.words.count && j < w + 64 && page.words[j].text != token { j += 1 }
                    guard j < page.words.count, page.words[j].text == token else { ids = []; break }
                    ids.append(j); w = j + 1
                }
                out.append(([k, l], ids, text))
            }
        }
        return out
    }

    /// The read pages' paragraphs as headings and text (`OCRHeadings`), by page number and
    /// paragraph: each part's text (a heading's lines joined by a space) and heading level (nil:
    /// text), and whether its last line ran the full width of the page's text (`ParagraphJoin`).
    /// Running header lines are left out.
    static func headingLevels(_ outcomes: [PageOutcome], dropping running: [Int: Drop]) -> [Int: [[(text: String, level: Int?, full: Bool)]]] {
        var numbers: [Int] = [], pages: [[OCRHeadings.Paragraph]] = []
        for outcome in outcomes {
            guard case .success(let page) = outcome.result, page.leftOut == nil else { continue }
            let drop = running[outcome.number] ?? Drop()
            var paragraphs = page.paragraphs.map { _ in OCRHeadings.Paragraph(lines: []) }
            for placed in placed(page) where !drop.lines.contains(placed.line) && !placed.text.allSatisfy(\.isWhitespace) {
                let words = placed.words.map { page.words[$0] }
                paragraphs[placed.line[0]].lines.append((placed.text, words))
                let strokes = placed.words.map { i in page.wordStrokes.flatMap { $0.indices.contains(i) ? $0[i] : nil } }
                paragraphs[placed.line[0]].strokes.append(OCRHeadings.stroke(of: words, strokes: strokes))
            }
            numbers.append(outcome.number); pages.append(paragraphs)
        }
        var out: [Int: [[(text: String, level: Int?, full: Bool)]]] = [:]
        for (n, (number, segments)) in zip(numbers, OCRHeadings.segments(pages)).enumerated() {
            func width(_ words: [RecognizedWord]) -> Double {
                let boxes = words.map(\.box).filter { $0.count == 4 }
                guard let left = boxes.map({ $0[0] }).min(), let right = boxes.map({ $0[2] }).max() else { return 0 }
                return right - left
            }
            let widest = pages[n].flatMap { $0.lines.map { width($0.words) } }.max() ?? 0
            out[number] = segments.enumerated().map { k, parts in
                parts.map { part in
                    let lines = pages[n][k].lines[part.lines]
                    let full = widest > 0 && lines.last.map { width($0.words) >= ParagraphJoin.fullWidth * widest } == true
                    return (lines.map { String($0.text) }.joined(separator: part.level == nil ? "\n" : " "), part.level, full)
                }
            }
        }
        return out
    }

    /// The read pages' tables (`OCRTables`), by page number, running header lines left out.
    static func tables(_ outcomes: [PageOutcome], dropping running: [Int: Drop]) -> [Int: [OCRTables.Found]] {
        var out: [Int: [OCRTables.Found]] = [:]
        for outcome in outcomes {
            guard case .success(let page) = outcome.result, page.leftOut == nil else { continue }
            let found = OCRTables.find(page, placed: placed(page), leftOut: running[outcome.number] ?? Drop())
            if !found.isEmpty { out[outcome.number] = found.sorted { $0.first.lexicographicallyPrecedes($1.first) } }
        }
        return out
    }

    static func runningHeaders(_ outcomes: [PageOutcome]) -> [Int: Drop] {
        var pages: [[RunningHeaders.Line]] = [], places: [[(line: [Int], words: [Int])]] = [], numbers: [Int] = []
        for outcome in outcomes {
            guard case .success(let page) = outcome.result else { continue }
            var lines: [RunningHeaders.Line] = [], place: [(line: [Int], words: [Int])] = []
            for (line, ids, text) in placed(page) {
                let boxes = ids.map { page.words[$0].box }.filter { $0.count == 4 }
                if boxes.isEmpty || boxes.count != ids.count {
                    lines.append(RunningHeaders.Line(""))      // not placed: never taken for a header
                } else {
                    lines.append(RunningHeaders.Line(String(text), top: boxes.map { $0[1] }.min(), bottom: boxes.map { $0[3] }.max(),
                                                     left: boxes.map { $0[0] }.min(), right: boxes.map { $0[2] }.max()))
                }
                place.append((line, ids))
            }
            pages.append(lines); places.append(place); numbers.append(outcome.number)
        }
        var out: [Int: Drop] = [:]
        for (p, drop) in RunningHeaders.detect(pages, scanned: true).enumerated() where !drop.isEmpty {
            var d = Drop()
            for i in drop { d.lines.insert(places[p][i].line); d.words.formUnion(places[p][i].words) }
            out[numbers[p]] = d
        }
        return out
    }
}
