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

    /// `outcome` with its page's pronouns, its small words read capital after a comma
    /// (`CommaCapital`) and its minus signs read as dashes (`MinusSign`), written so.
    static func rewritten(_ outcome: PageOutcome) -> PageOutcome {
        guard case .success(var page) = outcome.result, page.leftOut == nil else { return outcome }
        let found = readings(of: page).merging(CommaCapital.readings(of: page)) { a, _ in a }
            .merging(MinusSign.readings(of: page)) { a, _ in a }
        guard !found.isEmpty else { return outcome }
        page.rewrite(found)
        return PageOutcome(number: outcome.number, result: .success(page))
    }
}

/// A small word read with a capital after a comma (session 22): `C`, `O`, `S`, `V`, `W`, `X`, `Z`
/// are drawn as their small letters, only larger, and Tesseract reads a photo's small `s` as
/// `S` (`micrometres across, So\nthey can only be seen`, samples/IMG_20241015_101512.jpg). A
/// sentence going on after a comma and on in lower case does not capitalise these function words:
/// there the word is written small. Names (`Sophie`, `Over` as no function word) are not in the list.
enum CommaCapital {
    static let shapes: Set<Character> = ["C", "O", "S", "V", "W", "X", "Z"]
    static let words: Set<String> = ["so", "or", "on", "of", "once", "only", "over", "since", "still", "such", "some", "very",
                                     "was", "we", "were", "which", "while", "who", "with", "would", "could", "can",
                                     "ou", "sur", "sous", "sans", "sont", "selon", "son", "sa", "ses", "si", "ce", "cette", "ces",
                                     "comme", "car", "contre", "vers", "voire"]

    /// The words of `page` read capital for small, by index in `page.words`, written small.
    static func readings(of page: RecognizedPage) -> [Int: String] {
        guard page.words.contains(where: { $0.text.first.map(shapes.contains) == true && words.contains($0.text.lowercased()) }) else { return [:] }
        var out: [Int: String] = [:]
        for paragraph in CapitalIl.paragraphs(page) {
            for (k, id) in paragraph.enumerated() where k > 0 && k + 1 < paragraph.count {
                let text = page.words[id].text
                guard let first = text.first, shapes.contains(first), words.contains(text.lowercased()),
                      text.dropFirst().allSatisfy(\.isLowercase),
                      page.words[paragraph[k - 1]].text.last == ",",
                      page.words[paragraph[k + 1]].text.first?.isLowercase == true else { continue }
                out[id] = text.lowercased()
            }
        }
        return out
    }
}
