import Foundation

/// The kind of list a line sits in (issue 36 item 3). A line `X: M` alone may not show whether M says what X is; its siblings — the
/// list items around it shaped as it is, up to the next block that is no list item (a heading, a paragraph) — show what the list
/// is. A run whose meanings mostly name an activity (`bind: DNS server configuration`, `postfix: SMTP server configuration`,
/// `disk quota: user quota management`) lists what things are used for, not what they are: the policy's activity (`Kubeflow: ML
/// workflows on Kubernetes`), whatever the shape of each term. (A run of pairs of a few words, `Rust: Crates`, is the other kind:
/// `DefinitionRecognizer.pairLists`.)
extension DefinitionRecognizer {
    /// The blocks of runs of sibling list items whose meanings mostly name an activity: of each such run, the items whose meaning
    /// names one (`namesActivity`, one noun before a preposition counted). A run holds three such items at least, and they are
    /// half its items of a definition's shape or more (`itemShape`: listed, declined or refused alike). `items[i]`: block i's text
    /// when it is a list item, nil otherwise. An item of no such shape ends the run, but one that introduces the next (`Servers:`).
    public static func usesLists(_ items: [String?], lexicon: Lexicon = .shared) -> Set<Int> {
        var found = Set<Int>()
        var shaped = 0
        var uses: [Int] = []
        func close() {
            if uses.count >= 3, 2 * uses.count >= shaped { found.formUnion(uses) }
            shaped = 0
            uses = []
        }
        for (index, item) in items.enumerated() {
            guard let item else { close(); continue }
            guard let (term, meaning) = itemShape(item) else {
                if !endsWithColon(String(item.split(separator: "\n").last ?? "")) { close() }
                continue
            }
            shaped += 1
            if namesUse(term, meaning, lexicon) { uses.append(index) }
        }
        close()
        return found
    }

    /// A list item's first line as its siblings see it, whatever the recogniser makes of it: a term of four words at most, with no
    /// sentence's mark, before a separator, and the rest of the line (`nc: network debugging and data transfer`).
    static func itemShape(_ text: String) -> (term: String, meaning: String)? {
        guard mayHoldSeparator(text) else { return nil }
        let line = stripListMarker(String(text.prefix { $0 != "\n" }).trimmingSpaces())
        guard let (at, length, _) = separator(in: line) else { return nil }
        let term = stripMarkup(String(line[..<at]).trimmingSpaces())
        guard (1...4).contains(term.split(separator: " ").count), !term.contains(where: { ".!?;".contains($0) }) else { return nil }
        return (term, stripMarkup(String(line[line.index(at, offsetBy: length)...]).trimmingSpaces(), leadingOnly: true))
    }

    /// The meaning names an activity (`configuration of the xinetd super-server`, `user quota management`) — for a term that is
    /// no activity itself (`Continuous Integration: Automated testing of code` defines one).
    static func namesUse(_ term: String, _ meaning: String, _ lexicon: Lexicon) -> Bool {
        let last = words(term).last ?? ""
        if ["ing", "ion", "ment"].contains(where: { last.hasSuffix($0) }) { return false }
        let tokens = gluedSentenceCut(meaning).split(separator: " ").prefix(12).map(String.init)
        return namesActivity(tokens, lexicon, program: true, single: true)
    }
}
