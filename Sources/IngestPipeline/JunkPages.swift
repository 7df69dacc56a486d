import Foundation
import IngestCore
import IngestOCR
import IngestSpell

/// Junk is not text (issue 38): a recognised page whose words have a mean confidence under
/// `ocr.junkConfidenceBelow` and of which fewer than `ocr.junkDictionaryShareBelow` are words the
/// installed dictionaries know (or numbers) is what Tesseract made of something that is not
/// writing in its languages — a texture, a drawing, a script it has no model for. Its blocks and
/// words leave the text; its page record keeps its confidence and says `leftOut: junk`; the
/// document says so (`ocr.junkPageDropped`). Both conditions are needed: a poor scan of real
/// French has low confidence but its words are words; a clean page of names is mostly unknown
/// words but read with confidence.
struct JunkPages {
    var confidenceBelow: Double
    var knownShareBelow: Double
    var words: any WordList

    /// On a page whose script detection named a script no configured language reads, the words
    /// must be words more surely: Latin text pages are ≥ 0.9 known (bench/ocr/pays38.py), Chinese
    /// read as Latin 0.5 ("SOA ETE FULL BRAS…").
    static let scriptKnownShareBelow = 0.75

    init(config: PipelineConfig, words: any WordList = DictionaryWords()) {
        confidenceBelow = config.ocr.junkConfidenceBelow
        knownShareBelow = config.ocr.junkDictionaryShareBelow
        self.words = words
    }

    /// A token weighs at most this many characters: longer than most words, so that a dotted
    /// border or a rule read as one 52-letter token ("ereewerrececcucce…", bench/ocr/odd_corpus.py:
    /// pdf.js issue13561_reduced, a diagram whose labels are words) counts as one misread thing,
    /// not as the page's longest stretch of junk.
    static let longestWeight = 12

    /// The share of the characters of `tokens` that are in dictionary words or numbers; nil when
    /// there is nothing to judge. Words of one or two letters and punctuation are left out of the
    /// count: "a", "le", "ET" are words in every dictionary and junk is full of them. Weighed by
    /// length (at most `longestWeight`), so a page of "SOA ETE FULL BRAS" read from Chinese does
    /// not pass for French.
    func knownShare(_ tokens: [String]) -> Double? {
        var judged = 0, known = 0
        let digits = CharacterSet.decimalDigits
        for raw in tokens {
            let token = raw.trimmingCharacters(in: CharacterSet.letters.union(digits).inverted)
            let letters = token.unicodeScalars.filter { CharacterSet.letters.contains($0) }.count
            let figures = token.unicodeScalars.filter { digits.contains($0) }.count
            if letters == 0 {
                // A number (2024, 3,5, 12:30) is text; a lone figure is as likely a misread speck.
                if figures >= 2, token.unicodeScalars.allSatisfy({ digits.contains($0) || ".,:/-%".unicodeScalars.contains($0) }) {
                    judged += figures; known += figures
                }
                continue
            }
            guard letters + figures >= 3 else { continue }
            let weight = min(token.count, Self.longestWeight)
            judged += weight
            // A word joined by an apostrophe or a hyphen is known when its parts are.
            let parts = token.split(whereSeparator: { "'’-".contains($0) }).map(String.init)
            if figures == 0, words.contains(token) || words.contains(token.lowercased())
                || (parts.count > 1 && parts.allSatisfy { $0.count <= 2 || words.contains($0) || words.contains($0.lowercased()) }) {
                known += weight
            }
        }
        return judged == 0 ? nil : Double(known) / Double(judged)
    }

    /// `extraction` with its junk pages left out of the text.
    func apply(_ extraction: Extraction, context: ExtractionContext) -> Extraction {
        guard var pages = extraction.pages else { return extraction }
        var dropped: [Int] = []
        var result = extraction
        for (i, record) in pages.enumerated() where record.provenance == .ocr && record.leftOut == nil {
            let tokens = extraction.ocrWords.filter { $0.page == record.number }.map(\.text)
            // A page whose script (named by OCR's script detection) no configured language reads,
            // and whose words are not words: whatever its confidence, what was read is not it.
            if let script = record.script, let share = knownShare(tokens), share < max(knownShareBelow, Self.scriptKnownShareBelow) {
                pages[i].leftOut = .scriptNotInstalled
                pages[i].characters = 0
                dropped.append(record.number)
                result.warnings.append(ScriptModels.warning(script, page: record.number, context: context))
                continue
            }
            guard let confidence = record.ocrConfidence, confidence < confidenceBelow else { continue }
            guard let share = knownShare(tokens), share < knownShareBelow else { continue }
            pages[i].leftOut = .junk
            pages[i].characters = 0
            dropped.append(record.number)
            result.warnings.append(context.warning(.ocrJunkPageDropped, [
                "page": String(record.number), "confidence": String(format: "%.1f", confidence),
                "known": String(Int((share * 100).rounded())),
            ], page: record.number))
        }
        guard !dropped.isEmpty else { return extraction }
        let gone = Set(dropped)
        result.pages = pages
        result.blocks.removeAll { $0.provenance == .ocr && $0.page.map(gone.contains) == true }
        result.ocrWords.removeAll { gone.contains($0.page) }
        // Offered to a vision model first, should the document now be too thin.
        result.thinTextReason = result.thinTextReason ?? .readinessTooLittleText
        result.visionPages = Array((dropped + extraction.visionPages.filter { !gone.contains($0) })
            .prefix(context.config.readiness.visionPageCap))
        return result
    }
}

/// An extractor whose OCR'd pages go through `JunkPages` (photos and scans).
struct JunkFilteredExtractor: Extractor {
    let base: any Extractor
    var kinds: Set<SourceKind> { base.kinds }
    func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        JunkPages(config: context.config).apply(try base.extract(input, context: context), context: context)
    }
}

/// The OCR stage of PDFs, its recognised pages through `JunkPages`.
struct JunkFilteredRecognizer: PageRecognizing {
    let base: any PageRecognizing
    func complete(_ extraction: Extraction, of input: SourceInput, context: ExtractionContext) throws -> Extraction {
        JunkPages(config: context.config).apply(try base.complete(extraction, of: input, context: context), context: context)
    }
}
