import Foundation

/// Paragraphs Tesseract cut where the sentence goes on (issue 36 item 3): its layout analysis
/// starts a paragraph at a line that is longer or shorter than the one before, or when a photo's
/// lines drift, so `…les plus proches du` / `Soleil. Elles…` and `…pour nous` / `parvenir.` came
/// out as two paragraphs each. A paragraph goes on in the next one when its text does not end a
/// sentence and the next starts in lower case, or it ends on a word no sentence ends with, or its
/// last line ran the full width of the text (the writer's line was full: it wrapped there).
enum ParagraphJoin {
    /// A last line at least this share of the page's widest line is full.
    static let fullWidth = 0.85

    /// Whether `next` goes on the sentence `text` leaves open; `full`: `text`'s last line was full.
    static func goesOn(_ text: String, full: Bool, next: String) -> Bool {
        let text = text.trimmingCharacters(in: .whitespacesAndNewlines), next = next.trimmingCharacters(in: .whitespacesAndNewlines)
        // "…30 frames per second," / "(even drop frame!)": the word after an opening bracket or quote.
        guard let last = text.last(where: { !closing.contains($0) }), let first = next.first(where: { !opening.contains($0) }) else { return false }
        if ends.contains(last) || bullets.contains(next.first ?? " ") { return false }
        // "…during the session:" then items whose bullets the OCR lost ("a diode;"): a list, not a sentence going on.
        if last == ":", let line = next.split(separator: "\n").first, line.last.map({ ";,".contains($0) }) == true { return false }
        if first.isLowercase { return true }
        // "…autour du Soleil :" / "365 jours pour la Terre" — a colon or comma leaves the sentence open.
        if ":,;".contains(last), first.isNumber || first.isUppercase { return !startsItem(next) }
        if let word = text.split(whereSeparator: \.isWhitespace).last?.lowercased(), OCRHeadings.wrapWords.contains(word) { return true }
        return full && (first.isUppercase || first.isNumber) && !startsItem(next)
    }

    /// A list item or definition of its own: a bullet, a number with `.`/`)`, or a term and a colon
    /// in its first words ("Étoile : astre…", "Nucleus: contains…").
    static func startsItem(_ text: String) -> Bool {
        let words = text.split(whereSeparator: \.isWhitespace).prefix(5)
        guard let head = words.first, let first = head.first else { return false }
        if bullets.contains(first) { return true }
        if head.allSatisfy({ $0.isNumber || $0 == "." || $0 == ")" }), head.contains(where: { $0 == "." || $0 == ")" }) { return true }
        return words.prefix(4).contains { $0 == ":" || $0.hasSuffix(":") }
    }

    static let ends: Set<Character> = [".", "!", "?", "…"]
    static let opening: Set<Character> = ["(", "[", "«", "\"", "“", "‘", "'", " "]
    static let closing: Set<Character> = ["»", "\"", "”", "’", "'", ")", " "]
    static let bullets: Set<Character> = ["•", "-", "–", "—", "*", "·", "▪", "◦", "►"]
}
