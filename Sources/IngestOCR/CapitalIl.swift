import IngestCore

/// The French pronouns `Il` and `Ils` read `II` and `IIs` (session 22): in a sans-serif face the
/// capital I and the small l are each one upright stroke of nearly the same height, and Tesseract
/// reads the pronoun that opens a sentence as the Roman numeral (`des comètes. II s'est formé`,
/// samples/tableau-1.jpg). `II` is no French word, and a Roman numeral does not open a sentence
/// going on in lower case; the pronoun does. Only there, on a page the language guesser calls
/// French, is the word written `Il`: a chapter's or a king's number (`chapitre II`, `Louis II`), a
/// numbered heading (`II. Les ondes`, `II Les ondes`) keep their reading.
enum CapitalIl {
    static let readings: [String: String] = ["II": "Il", "IIs": "Ils"]
    static let sentenceEnds: Set<Character> = [".", "!", "?", "…"]

    /// The words of `page` that are the pronoun, by index in `page.words`, written as it.
    static func readings(of page: RecognizedPage) -> [Int: String] {
        guard page.words.contains(where: { readings[$0.text] != nil }) else { return [:] }
        var out: [Int: String] = [:]
        var french: Bool?
        for paragraph in paragraphs(page) {
            for (k, id) in paragraph.enumerated() {
                guard let reading = readings[page.words[id].text], k + 1 < paragraph.count else { continue }
                let opens = k == 0 || page.words[paragraph[k - 1]].text.last.map { sentenceEnds.contains($0) } == true
                guard opens, page.words[paragraph[k + 1]].text.first?.isLowercase == true else { continue }
                if french == nil { french = LanguageGuesser.guess(page.text) == "fr" }
                if french == true { out[id] = reading }
            }
        }
        return out
    }

    /// Each paragraph's words in reading order (the lines `RecognizedLines.placed` places whole).
    static func paragraphs(_ page: RecognizedPage) -> [[Int]] {
        var out: [[Int]] = Array(repeating: [], count: page.paragraphs.count)
        for placed in RecognizedLines.placed(page) { out[placed.line[0]] += placed.words }
        return out
    }

    /// `outcome` with its page's pronouns written so.
    static func rewritten(_ outcome: PageOutcome) -> PageOutcome {
        guard case .success(var page) = outcome.result, page.leftOut == nil else { return outcome }
        let found = readings(of: page)
        guard !found.isEmpty else { return outcome }
        page.rewrite(found)
        return PageOutcome(number: outcome.number, result: .success(page))
    }
}
