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
        let low = context.config.ocr.lowConfidenceBelow
        var allConfidences: [Int] = []
        var fragmentPages: [Int] = [], emptyPages: [Int] = [], readPages: [Int] = [], scriptPages: [Int] = []
        let running = RecognizedLines.runningHeaders(outcomes)
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
                for (k, p) in page.paragraphs.enumerated() {
                    let text = drop.text(of: p.text, paragraph: k).trimmingCharacters(in: .whitespacesAndNewlines)
                    guard !text.isEmpty else { continue }
                    characters += text.count
                    blocks.append(Block(kind: .paragraph, text: text, page: outcome.number, provenance: .ocr,
                                        confidence: (p.confidence * 10).rounded() / 10))
                }
                record.characters = characters
                record.script = page.script
                allConfidences += page.wordConfidences
                words += page.words.indices.filter { !drop.words.contains($0) }.map { page.words[$0] }.map { OCRWord(text: $0.text, page: outcome.number, confidence: $0.confidence, box: $0.box) }
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

    static func runningHeaders(_ outcomes: [PageOutcome]) -> [Int: Drop] {
        var pages: [[RunningHeaders.Line]] = [], places: [[(line: [Int], words: [Int])]] = [], numbers: [Int] = []
        for outcome in outcomes {
            guard case .success(let page) = outcome.result else { continue }
            var lines: [RunningHeaders.Line] = [], place: [(line: [Int], words: [Int])] = []
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
                    let boxes = ids.map { page.words[$0].box }.filter { $0.count == 4 }
                    if boxes.isEmpty || boxes.count != ids.count {
                        lines.append(RunningHeaders.Line(""))      // not placed: never taken for a header
                    } else {
                        lines.append(RunningHeaders.Line(String(text), top: boxes.map { $0[1] }.min(), bottom: boxes.map { $0[3] }.max(),
                                                         left: boxes.map { $0[0] }.min(), right: boxes.map { $0[2] }.max()))
                    }
                    place.append(([k, l], ids))
                }
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
