import Foundation

/// A block's lines split into definitions and the text around them (issue 36 item 3). A line
/// break inside a PDF or OCR paragraph is where the page ran out, not where a sentence ends: a
/// colon after the first words of such a line (`propager : un gaz, un`) is the middle of a sentence.
/// So a definition is taken only where a sentence starts — the block's first line, or a line after
/// one that ends a sentence — and only when its sentence is whole in the block: its meaning, carried
/// over the lines that go on with it, ends a sentence, the block, or meets the next definition.
extension DefinitionRecognizer {
    public enum Passage: Sendable, Equatable {
        /// Lines that are not a definition, as they stand in the block.
        case text([String])
        case definition(Found)
    }

    /// `listItem`: the block is one item of a list, so its lines are one unit — a definition on its
    /// first line goes on over the rest (`snake_case : … Conseillé en` / `Python.`) and is whole.
    /// `continuing`: the block goes on with the sentence of the block before (a paragraph cut by
    /// the page's end), so its first line starts no sentence.
    public static func passages(_ block: String, listItem: Bool = false, continuing: Bool = false) -> [Passage] {
        let (lines, joins) = itemLines(block)
        var passages: [Passage] = []
        var rest: [String] = []
        var restStart = 0
        /// The text lines as they stand in the block: an item cut out of a line goes back on it.
        func text() -> Passage {
            var joined = ""
            for (offset, line) in rest.enumerated() {
                let join = offset > 0 ? joins[restStart + offset] : ""
                joined += join
                // A marker moved from the line's end above goes back there.
                joined += movesMarker(join) ? String(line.dropFirst(2)) : line
            }
            return .text(joined.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        }
        var index = 0
        var startsSentence = !continuing
        while index < lines.count {
            let line = lines[index]
            // A list item starts afresh whatever the line before it (`• Gène : fragment d'ADN…`).
            if startsSentence || startsItem(line), mayHoldDefinition(line) || termCut(lines, at: index),
               let (found, next) = definition(at: index, in: lines, wholeItem: listItem && index == 0),
               // A term cut out of the middle of a line has no layout to show it is one: its meaning must say what it is.
               joins[index] != " " || startsItem(line) || describes(found.meaning) {
                if !rest.isEmpty { passages.append(text()); rest = [] }
                passages.append(.definition(found))
                index = next
                startsSentence = true
                continue
            }
            if rest.isEmpty { restStart = index }
            rest.append(line)
            startsSentence = endsSentence(line) || isCaption(line)
            index += 1
        }
        if !rest.isEmpty { passages.append(text()) }
        return passages
    }

    /// The block's lines, with the list items a converter glued into a line cut out of it: pandoc
    /// reads a list it does not know (an mkdocs admonition's, one under a paragraph without a blank
    /// line) as a paragraph, `Some common fields: - Subject: The entity… organization. - Issuer: …`.
    /// An item starts at ` - ` after a sentence's end, or at a line after one ending `Int. -`.
    /// `joins[i]`: what stood between line i and the line before — `"\n"`, `" "` (cut out of it), or
    /// ` -\n` (its marker, `-`, `*` or `+`, was the end of the line before and was moved onto it).
    static func itemLines(_ block: String) -> ([String], [String]) {
        var lines: [String] = [], joins: [String] = []
        var movedMarker: Character?
        for line in block.split(separator: "\n", omittingEmptySubsequences: false) {
            var piece = Substring(line), first = true
            if let marker = movedMarker { piece = Substring(String(marker) + " " + piece) }
            let lineJoin = movedMarker.map { " \($0)\n" } ?? "\n"
            // (Most lines hold no ` - `: no search beyond the byte test.)
            while line.utf8.count > 4, let cut = itemCut(in: piece) {
                lines.append(String(piece[..<cut]).trimmingSpaces()); joins.append(first ? lineJoin : " ")
                piece = piece[piece.index(after: cut)...]
                first = false
            }
            var text = first ? String(piece) : String(piece).trimmingSpaces()
            let join = first ? lineJoin : " "
            // `… Son domaine est donc Int. -` / `schéma : …`: the marker goes with the item.
            movedMarker = nil
            if let marker = text.last, "-*+".contains(marker), text.dropLast().hasSuffix(" "), endsSentence(String(text.dropLast(2))) {
                text = String(text.dropLast(2))
                movedMarker = marker
            }
            lines.append(text); joins.append(join)
        }
        if !joins.isEmpty { joins[0] = "" }
        return (lines, joins)
    }

    /// A join that moved a line end's marker onto the next line (` -\n`, ` *\n`, ` +\n`).
    static func movesMarker(_ join: String) -> Bool { join.count == 3 && join.hasSuffix("\n") }

    /// A meaning that starts as a description does — an indefinite article, or a definite one or a
    /// demonstrative before a word in lower case (`A runnable instance…`, `The daemon that…`, `These
    /// runtimes…`) — not a sentence about something else (`Containers are…`, `The OCI was founded…`).
    static func describes(_ meaning: String) -> Bool {
        let tokens = meaning.split(separator: " ").prefix(2).map(String.init)
        guard let head = tokens.first?.lowercased(), tokens.count == 2 else { return false }
        if ["a", "an", "un", "une"].contains(head) { return true }
        return ["the", "these", "this", "le", "la", "les", "l", "ce", "cette", "ces"].contains(head) && tokens[1].first?.isLowercase == true
    }

    /// Where an item glued into the line starts: ` - Word` after the end of a sentence, or a sentence
    /// that starts with a term and its colon (`… Examples include Docker and containerd. Container:
    /// A runnable instance…`: definitions one a line in the source, joined into a paragraph by pandoc).
    /// The index is the space before the item.
    static func itemCut(in line: Substring) -> String.Index? {
        [markerCut(in: line), sentenceTermCut(in: line)].compactMap { $0 }.min()
    }

    static func markerCut(in line: Substring) -> String.Index? {
        // (Most lines hold no spaced marker: a byte scan before any search.)
        var window: (UInt8, UInt8) = (0, 0), spaced = false
        for b in line.utf8 {
            if b == 0x20, window.1 == 0x2D || window.1 == 0x2A || window.1 == 0x2B, window.0 == 0x20 { spaced = true; break }
            window = (window.1, b)
        }
        guard spaced else { return nil }
        var search = line.startIndex
        // Markdown's three markers (en-workout: `… flexion. * triceps: …`).
        while let found = line[search...].range(of: #" [-*+] "#, options: .regularExpression) {
            let before = line[..<found.lowerBound]
            if let after = line[found.upperBound...].first, after.isLetter, !before.trimmingSpaces().isEmpty,
               endsSentence(String(before)) {
                return found.lowerBound
            }
            search = found.upperBound
        }
        return nil
    }

    /// `. Term of at most five words: Meaning` inside the line; not after an abbreviation (`Dr.`, `Fig.`, `e.g.`).
    static func sentenceTermCut(in line: Substring) -> String.Index? {
        // (Most lines hold no colon after a point: no search.)
        guard line.utf8.contains(UInt8(ascii: ":")) else { return nil }
        var search = line.startIndex
        while let found = line[search...].range(of: ". ") {
            search = found.upperBound
            let lastWord = line[..<found.lowerBound].split(separator: " ").last ?? ""
            guard lastWord.count >= 3, !lastWord.contains("."), !(lastWord.first!.isUppercase && lastWord.count <= 4) else { continue }
            let rest = line[found.upperBound...]
            guard rest.first?.isLetter == true, let colon = rest.prefix(60).firstIndex(of: ":") else { continue }
            let term = rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            guard term.split(separator: " ").count <= 5, !term.contains("."), !term.contains(","),
                  after.first == " ", after.dropFirst().first?.isLetter == true else { continue }
            return line.index(before: found.upperBound)
        }
        return nil
    }

    /// The definition starting at `lines[start]` with the lines its meaning goes on over, and the
    /// index after them; nil when there is none or its sentence is not whole in the block.
    static func definition(at start: Int, in lines: [String], wholeItem: Bool = false) -> (Found, Int)? {
        var text = lines[start]
        var next = start + 1
        // A term alone on its line (`Onde mécanique :`): the meaning is on the lines below.
        // A list below it (`Network links:` / `∗ Wired: …`) makes it a list's introduction instead.
        let termOnly = text.trimmingSpaces().hasSuffix(":") && start + 1 < lines.count && !startsItem(lines[start + 1])
        while next < lines.count, (termOnly && next == start + 1) || wholeItem || !endsSentence(text) {
            let candidate = lines[next]
            // The next list item is never the rest of this one's meaning.
            if startsItem(candidate) && !(termOnly && next == start + 1) { break }
            let goesOn = (termOnly && next == start + 1) || wholeItem || continuesMeaning(text, with: candidate)
            // A term cut by the line's end (`- enregistrement, ou tuple, ou` / `vecteur : cela correspond…`):
            // the separator on the next line is this definition's own.
            let termGoesOn = next == start + 1 && termCut(lines, at: start)
            guard goesOn, definition(candidate) == nil || (termOnly && next == start + 1) || termGoesOn else { break }
            text += " " + candidate.trimmingSpaces()
            next += 1
        }
        guard let found = definition(text) else { return nil }
        let whole = wholeItem || endsSentence(text) || next == lines.count || startsItem(lines[next]) || startsDefinition(lines[next])
        return whole ? (found, next) : nil
    }

    /// A list item whose term the line's end cut: no separator on its line, one on the next, which
    /// goes on in lower case (`- enregistrement, ou tuple, ou` / `vecteur : cela correspond…`).
    static func termCut(_ lines: [String], at index: Int) -> Bool {
        guard index + 1 < lines.count, startsItem(lines[index]), !mayHoldDefinition(lines[index]),
              mayHoldDefinition(lines[index + 1]), lines[index + 1].trimmingSpaces().first?.isLowercase == true else { return false }
        return true
    }

    /// A line that carries on a meaning: it starts in lower case (a word cut by the page's width).
    static func continuesMeaning(_ meaning: String, with next: String) -> Bool {
        guard let first = next.trimmingSpaces().first else { return false }
        return first.isLowercase || (first.isNumber && !meaning.hasSuffix(":"))
    }

    /// The line ends a sentence (or a list's introduction: what follows starts afresh).
    static func endsSentence(_ line: String) -> Bool {
        var trimmed = Substring(line.trimmingSpaces())
        while let last = trimmed.last, "»\"”’)".contains(last) { trimmed = trimmed.dropLast() }
        guard let last = trimmed.last else { return true }
        return ".!?;…:".contains(last)
    }

    static func startsDefinition(_ line: String) -> Bool { definition(line) != nil }

    /// A document's or figure's title (`Document 1 : la définition et l'analyse d'un spermocytogramme`):
    /// a title has no final point, and what follows it starts afresh.
    static func isCaption(_ line: String) -> Bool {
        // Without a colon the pattern cannot match: most lines need no regular expression.
        guard line.utf8.contains(UInt8(ascii: ":")) else { return false }
        return line.trimmingSpaces()
            .range(of: #"^(document|doc|figure|fig|tableau|table|annexe|schéma)\.? ?\d+[a-z]? ?:"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// The line starts with a list marker (`•`, `–`, `∗`, `1.`, `a)`): PDF lists keep their bullets.
    static func startsItem(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces()
        return stripListMarker(trimmed) != trimmed
    }
}
