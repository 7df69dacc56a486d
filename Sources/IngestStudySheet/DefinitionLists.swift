import Foundation

/// What a block alone does not show (issue 36 item 3): the blocks around it.
extension DefinitionRecognizer {
    /// Sibling list items whose definitions are a list of pairs, not terms and meanings: three or more
    /// items `X: Y` in a row whose meanings are all a few words naming a thing, not saying what X is
    /// (`Adobe Lightroom: bulk editing`, `Triceps: overhead extension`, `Type B: up to 2000 MB/s`). An
    /// item introducing the next ones (`Paid:`) does not end the run. `read[i]`: block i is a list item,
    /// and its passages (nil when it holds no separator). Returns the indices of the run's blocks.
    public static func pairLists(_ read: [(listItem: Bool, passages: [Passage]?)]) -> Set<Int> {
        var found = Set<Int>()
        var run: [Int] = []
        var allPairs = true
        var others = 0   // pairs in the run that are no definition on their own
        func close() {
            if allPairs, run.count + others >= 3, !run.isEmpty { found.formUnion(run) }
            run = []
            allPairs = true
            others = 0
        }
        for (index, block) in read.enumerated() {
            guard block.listItem else { close(); continue }
            // (Every line shaped as a definition, the declined ones too: the run is a matter of shape.)
            let definitions = (block.passages ?? []).compactMap(\.shaped)
            if definitions.isEmpty {
                // An introduction (`Paid:`, `Open Source:`) goes on with the run; any other item ends it.
                let introduces = block.passages?.contains { if case .text(let lines) = $0 { return lines.last.map(endsWithColon) ?? false }; return false } ?? false
                // So does a pair that is no definition on its own (`GIMP: alternative for Adobe Photoshop`).
                let pair = block.passages?.contains { if case .text(let lines) = $0 { return lines.count == 1 && isPairShaped(lines[0]) }; return false } ?? false
                if pair { others += 1 } else if !introduces { close() }
                continue
            }
            run.append(index)
            if !definitions.allSatisfy(isPair) { allPairs = false }
        }
        close()
        return found
    }

    static func endsWithColon(_ line: String) -> Bool { line.trimmingSpaces().hasSuffix(":") }

    /// `Name: a few words` on one line, with no sentence's end: a pair whatever its words.
    static func isPairShaped(_ line: String) -> Bool {
        let item = stripListMarker(line.trimmingSpaces())
        guard let (at, length, _) = separator(in: item) else { return false }
        let meaning = String(item[item.index(at, offsetBy: length)...])
        return (1...4).contains(words(meaning).count) && !endsSentenceMark(meaning.trimmingSpaces())
    }

    /// A meaning of at most four words that starts with no article or relative and ends no sentence,
    /// and does not spell out the term's letters (`RM: repetition maximum` says what RM is).
    static func isPair(_ d: Found) -> Bool {
        // (Judged on the pair's own words when the paragraph under the list is glued to its last item: `perl: CPAN The difference…`.)
        let meaning = gluedSentenceCut(d.meaning)
        let ws = words(meaning)
        guard (1...4).contains(ws.count), let head = ws.first, !endsSentenceMark(meaning) else { return false }
        // A command and what it does (`conda info: show conda's information`) is what the command is.
        if d.term.first?.isLowercase == true, d.term.contains(" ") { return false }
        // So is a markup tag and what it is (`<p> : Paragraphe`, `<td> : Cellule`).
        if d.term.first == "<" { return false }
        if determiners.contains(head) || ["which", "that", "who", "qui", "que", "when", "where", "lorsque", "quand"].contains(head) { return false }
        let letters = d.term.filter(\.isUppercase).lowercased()
        let initials = String(ws.compactMap(\.first))
        return !(letters.count >= 2 && initials.hasPrefix(letters))
    }

    /// What of a block that goes on with a definition's cut meaning (`…on which the certificate is` /
    /// `valid. Usually set to…`) belongs to that meaning: its lines up to the first that ends a sentence
    /// or a list item glued into it; `rest` is the block's text after them, to be read afresh
    /// (nil when the whole block went on the meaning). Lines keep their text; the carried ones are joined by spaces.
    public static func carriedOver(_ block: String) -> (carried: String, rest: String?) {
        let (lines, joins) = itemLines(block)
        var end = 0
        while end < lines.count {
            if end > 0, startsItem(lines[end]) { break }
            end += 1
            if endsSentence(lines[end - 1]) { break }
        }
        let carried = lines[..<end].joined(separator: " ")
        // (`lines[end]` keeps a marker moved onto it: it starts the rest, read afresh.)
        guard end < lines.count else { return (carried, nil) }
        var rest = lines[end]
        for i in (end + 1)..<max(end + 1, lines.count) { rest += movesMarker(joins[i]) ? joins[i] + lines[i].dropFirst(joins[i].count - 1) : joins[i] + lines[i] }
        return (carried, rest)
    }
}
