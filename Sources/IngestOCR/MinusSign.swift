import IngestCore

/// A minus sign read as a dash (session 22): Tesseract reads the minus of `−273,15 °C`, `−196 °C`,
/// `−1,0` (pdflatex's, longer than a hyphen) as `—`, glued to the number (the fidelity chimie
/// scan, 300 dpi). A dash glued before a number's first digit, the word starting with it, is no
/// dash of prose — a dash is spaced from the word after it, a range's dash follows a number —
/// and is written `−`, the sign it is (but an en dash after a number: `10 –12`, a range).
enum MinusSign {
    static let dashes: Set<Character> = ["—", "–"]

    /// The words of `page` that are a number after a dash, by index in `page.words`, signed.
    static func readings(of page: RecognizedPage) -> [Int: String] {
        guard page.words.contains(where: { $0.text.first.map(dashes.contains) == true && $0.text.count >= 2 }) else { return [:] }
        var out: [Int: String] = [:]
        for paragraph in CapitalIl.paragraphs(page) {
            for (k, id) in paragraph.enumerated() {
                let text = page.words[id].text
                guard let first = text.first, dashes.contains(first), NumberInk.Number(String(text.dropFirst())) != nil
                        || (text.count >= 2 && text.dropFirst().allSatisfy(\.isNumber)) else { continue }
                // `10 –12`: an en dash after a number is a range's.
                if first == "–", k > 0, page.words[paragraph[k - 1]].text.last?.isNumber == true { continue }
                out[id] = "−" + text.dropFirst()
            }
        }
        return out
    }
}
