import Foundation
import IngestCore
import IngestTestSupport
@testable import IngestSpell

/// Known texts with OCR-like misreadings injected at random (seeded): rn↔m, cl↔d, l/i/1, O/0,
/// lost accents. Each changed word is remembered by its place in the new text.
struct OCRNoise {
    /// The misreadings an OCR engine makes, as (what was printed, what was read).
    static let misreadings: [(String, String)] = [
        ("rn", "m"), ("m", "rn"), ("cl", "d"), ("d", "cl"), ("l", "1"), ("l", "i"), ("i", "l"), ("I", "l"),
        ("o", "0"), ("O", "0"), ("é", "e"), ("è", "e"), ("ê", "e"), ("à", "a"),
    ]

    struct Result {
        var text: String
        /// UTF-16 offsets of the misread words in `text`, with the word as printed.
        var misread: [Int: String]
        var words: Int
    }

    /// Replaces about `rate` of the words (2 letters or more) with a misreading of them.
    static func inject(_ text: String, rate: Double, seed: UInt64) -> Result {
        var rng = SeededGenerator(seed: seed)
        let tokens = Tokenizer.tokens(text)
        let utf16 = Array(text.utf16)
        var out: [UInt16] = []
        var misread: [Int: String] = [:]
        var at = 0
        for t in tokens {
            out += utf16[at..<t.offset]
            at = t.offset + t.text.utf16.count
            var word = t.text
            if t.letterCount >= 2, !t.hasDigit, Double.random(in: 0..<1, using: &rng) < rate {
                let applicable = misreadings.filter { word.contains($0.0) }
                if let (from, to) = applicable.randomElement(using: &rng) {
                    let ranges = word.ranges(of: from)
                    let r = ranges[Int.random(in: 0..<ranges.count, using: &rng)]
                    word.replaceSubrange(r, with: to)
                    misread[out.count] = t.text
                }
            }
            out += Array(word.utf16)
        }
        out += utf16[at...]
        return Result(text: String(decoding: out, as: UTF16.self), misread: misread, words: tokens.count)
    }

    /// Plain text of the repository's samples in one language (Markdown, text, subtitle cues).
    static func sampleText(_ names: [String]) throws -> String {
        try names.map { name -> String in
            let data = try Data(contentsOf: Corpus.repositoryRoot.appendingPathComponent("samples/" + name))
            let raw = TextDecoder.decodeText(data)?.text ?? ""
            guard name.hasSuffix(".srt") else { return raw }
            return raw.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { !$0.contains("-->") && Int($0.trimmingCharacters(in: .whitespaces)) == nil }
                .joined(separator: "\n")
        }.joined(separator: "\n\n")
    }

    /// The text of a golden document (born-digital samples: their text is what was written).
    static func goldenText(_ name: String) throws -> String {
        let url = Corpus.repositoryRoot.appendingPathComponent("Tests/IngestPipelineTests/Golden/" + name)
        guard case .object(let o) = try JSONValue.parse(Data(contentsOf: url)), case .string(let text)? = o["text"] else { return "" }
        return text
    }

    static let frenchGoldens = ["cours-ondes-sonores.json", "cours-roman-realiste.json", "La digestion expliquée simplement [k3Rm9XwQp2E].json"]

    static let frenchSamples = ["photosynthese.md", "révision - copie du chapitre photosynthèse.txt", "cours-histoire.srt",
                                "lecon-volcans.srt", "la-cellule.lesson/1-cours.md", "la-cellule.lesson/2-glossaire.txt",
                                "la-cellule.lesson/3-video-microscope.srt"]
    static let englishSamples = ["the-water-cycle.txt"]
}

/// Recall of misread words and the share of correct words flagged, over one noisy text.
struct NoiseScore: CustomStringConvertible {
    var misread = 0, caught = 0, correct = 0, falselyFlagged = 0
    /// Misreadings that gave another word of the document's language (`modern` → `modem`): no
    /// dictionary can see them.
    var realWords = 0, realWordsCaught = 0
    /// Misreadings that gave a word of the other language only (`general` ← `général` in French):
    /// a check against both dictionaries at once took them for quoted terms.
    var otherLanguageWords = 0, otherLanguageCaught = 0
    var topCandidateRight = 0
    var falseExamples: [String] = []
    var missedExamples: [String] = []

    var recall: Double { misread == 0 ? 1 : Double(caught) / Double(misread) }
    var falseRate: Double { correct == 0 ? 0 : Double(falselyFlagged) / Double(correct) }
    var nonWordRecall: Double {
        let n = misread - realWords
        return n == 0 ? 1 : Double(caught - realWordsCaught) / Double(n)
    }
    var description: String {
        String(format: "misread %d, caught %d (recall %.3f; %.3f of the %d non-word misreadings; %d of %d words of the other language only), top candidate right %d; correct %d, flagged %d (%.2f %%)",
               misread, caught, recall, nonWordRecall, misread - realWords, otherLanguageCaught, otherLanguageWords, topCandidateRight,
               correct, falselyFlagged, falseRate * 100)
    }

    static func measure(_ finder: DoubtFinder, _ noisy: OCRNoise.Result) -> NoiseScore {
        var score = NoiseScore()
        let flagged = Dictionary(finder.doubtfulWords(in: noisy.text).map { ($0.token.offset, $0) }, uniquingKeysWith: { a, _ in a })
        for t in Tokenizer.tokens(noisy.text) {
            if let printed = noisy.misread[t.offset] {
                score.misread += 1
                let real = finder.isNative(t.text) || finder.isNative(t.text.lowercased())
                if real { score.realWords += 1 }
                let other = !real && (finder.isKnown(t.text) || finder.isKnown(t.text.lowercased()))
                if other { score.otherLanguageWords += 1 }
                if let f = flagged[t.offset] {
                    score.caught += 1
                    if real { score.realWordsCaught += 1 }
                    if other { score.otherLanguageCaught += 1 }
                    if f.candidates.first == printed { score.topCandidateRight += 1 }
                } else if score.missedExamples.count < 30 {
                    score.missedExamples.append("\(t.text)←\(printed)")
                }
            } else {
                score.correct += 1
                if let f = flagged[t.offset] {
                    score.falselyFlagged += 1
                    if score.falseExamples.count < 30 { score.falseExamples.append("\(t.text)→\(f.candidates.prefix(2).joined(separator: "/"))") }
                }
            }
        }
        return score
    }
}
