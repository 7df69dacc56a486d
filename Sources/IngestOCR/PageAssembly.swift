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
        var fragmentPages: [Int] = [], emptyPages: [Int] = [], readPages: [Int] = []
        for outcome in outcomes {
            var record = PageRecord(number: outcome.number, classification: classification(outcome.number))
            switch outcome.result {
            case .success(let page):
                pagesOCRed += 1
                record.provenance = .ocr
                record.ocrConfidence = page.meanConfidence.map { ($0 * 10).rounded() / 10 }
                record.lowConfidenceWords = page.wordConfidences.filter { Double($0) < low }.count
                record.lowConfidenceSample = page.lowConfidenceSample.isEmpty ? nil : page.lowConfidenceSample
                var characters = 0
                for p in page.paragraphs {
                    let text = p.text.trimmingCharacters(in: .whitespacesAndNewlines)
                    guard !text.isEmpty else { continue }
                    characters += text.count
                    blocks.append(Block(kind: .paragraph, text: text, page: outcome.number, provenance: .ocr,
                                        confidence: (p.confidence * 10).rounded() / 10))
                }
                record.characters = characters
                allConfidences += page.wordConfidences
                words += page.words.map { OCRWord(text: $0.text, page: outcome.number, confidence: $0.confidence, box: $0.box) }
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
        if thinTextReason != nil {
            let doubtful = Set(fragmentPages + emptyPages)
            visionPages = Array(((fragmentPages + emptyPages).sorted() + readPages.filter { !doubtful.contains($0) })
                .prefix(context.config.readiness.visionPageCap))
        }
    }

    /// "3, 5, 41–300": page numbers as short ranges for messages.
    static func ranges(_ pages: [Int]) -> String {
        var parts: [String] = []
        var i = 0
        let p = pages.sorted()
        while i < p.count {
            var j = i
            while j + 1 < p.count, p[j + 1] == p[j] + 1 { j += 1 }
            parts.append(j > i ? "\(p[i])–\(p[j])" : "\(p[i])")
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }
}
