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
        /// A line shaped as a definition whose meaning gives no sign that it says what its term is
        /// (`isSure`): its lines are in the block's text passages. Given only when asked
        /// (`markingDeclined`), after the block's other passages, so that what reads the shape of a
        /// document's lines — a term given three meanings is a record's field, sibling items
        /// `X: Y` are a list of pairs (`StudySheetBuilder.fieldTerms`, `pairLists`) — sees every
        /// such line, whether the sheet lists it or not.
        case declined(Found)

        /// The line shaped as a definition, listed or declined.
        var shaped: Found? {
            switch self {
            case .definition(let found), .declined(let found): found
            case .text: nil
            }
        }
    }

    /// `listItem`: the block is one item of a list, so its lines are one unit — a definition on its
    /// first line goes on over the rest (`snake_case : … Conseillé en` / `Python.`) and is whole.
    /// `continuing`: the block goes on with the sentence of the block before (a paragraph cut by
    /// the page's end), so its first line starts no sentence.
    /// `markingDeclined`: the lines declined as definitions are also given as `.declined`, after
    /// the others.
    public static func passages(_ block: String, listItem: Bool = false, continuing: Bool = false,
                                markingDeclined: Bool = false) -> [Passage] {
        let (lines, joins) = itemLines(block)
        var passages: [Passage] = []
        var declined: [Passage] = []
        var rest: [String] = []
        var restStart = 0
        /// The text lines as they stand in the block: an item cut out of a line goes back on it.
        func text() -> Passage {
            var joined = ""
            for (offset, line) in rest.enumerated() {
                let join = offset > 0 ? joins[restStart + offset] : ""
                joined += join
                // A marker moved from the line's end above goes back there.
                joined += movesMarker(join) ? String(line.dropFirst(join.count - 1)) : line
            }
            return .text(splitLines(joined).map(String.init))
        }
        // A block without a separator's bytes (`mayHoldSeparator`: a colon before a space or a line's end, a dash) holds no
        // definition, however its lines are read: its text as it stands, without reading it line by line.
        guard mayHoldSeparator(block) else {
            rest = lines
            return lines.isEmpty ? [] : [text()]
        }
        // A list of references glued into one paragraph (`References: * nanoGPT by Andrej Karpathy: A 2h-long YouTube video…
        // * Attention? Attention! by Lilian Weng: Historical overview…`): works to read, each with a note on it — no definitions.
        if let first = lines.first, opensReferences(first) {
            rest = lines
            return [text()]
        }
        let wrapped = wrappedLines(lines, joins)
        let widest = lines.map(\.count).max() ?? 0
        var index = 0
        var startsSentence = !continuing
        while index < lines.count {
            let line = lines[index]
            // A list item starts afresh whatever the line before it (`• Gène : fragment d'ADN…`).
            if startsSentence || startsItem(line) || startsWithCode(line), mayHoldDefinition(line) || termCut(lines, at: index),
               let (found, next) = definition(at: index, in: lines, wholeItem: listItem && index == 0, wrapped: wrapped),
               // A term cut out of the middle of a line has no layout to show it is one: its meaning must say what it is.
               // (A bullet glued into the line is a list's item; a number glued after a sentence, `… row. 2. Block:`, may be a step's.)
               !(joins[index] == " " || movesWords(joins[index])) || startsBullet(line) || describes(found.meaning) {
                // A line shaped as a definition whose meaning gives no sign that it says what the term is (DefinitionSigns.swift)
                // stays the document's text: the sheet lists only the definitions it is sure of.
                guard isSure(found) else {
                    if markingDeclined { declined.append(.declined(found)) }
                    if rest.isEmpty { restStart = index }
                    rest.append(contentsOf: lines[index..<next])
                    index = next
                    startsSentence = true
                    continue
                }
                if !rest.isEmpty { passages.append(text()); rest = [] }
                passages.append(.definition(found))
                index = next
                startsSentence = true
                continue
            }
            // A heading glued before an acronym and what its letters stand for (`1.2.2 Le DOM d'une page web
            // DOM : Document Object Model`): the heading stays text, the acronym is defined.
            if startsSentence, let (heading, found) = gluedAcronym(line),
               index + 1 == lines.count || endsSentence(line) || startsDefinition(lines[index + 1]) {
                if !rest.isEmpty { passages.append(text()); rest = [] }
                passages.append(.text([heading]))
                passages.append(.definition(found))
                index += 1
                startsSentence = true
                continue
            }
            if rest.isEmpty { restStart = index }
            rest.append(line)
            startsSentence = endsSentence(line) || isCaption(line)
                || (index + 1 < lines.count && joins[index + 1] == "\n" && isGluedHeading(line, before: lines[index + 1], widest: widest))
            index += 1
        }
        if !rest.isEmpty { passages.append(text()) }
        return passages + declined
    }

    /// The block's lines, with the list items a converter glued into a line cut out of it: pandoc
    /// reads a list it does not know (an mkdocs admonition's, one under a paragraph without a blank
    /// line) as a paragraph, `Some common fields: - Subject: The entity… organization. - Issuer: …`.
    /// An item starts at ` - ` after a sentence's end, or at a line after one ending `Int. -`.
    /// `joins[i]`: what stood between line i and the line before — `"\n"`, `" "` (cut out of it), or
    /// ` -\n` (its marker, `-`, `*` or `+`, was the end of the line before and was moved onto it).
    static func itemLines(_ block: String) -> ([String], [String]) {
        var lines: [String] = [], joins: [String] = []
        var movedMarker: String?
        let physical = splitLines(block)
        for (number, line) in physical.enumerated() {
            var piece = Substring(line), first = true
            if let marker = movedMarker { piece = Substring(marker + " " + piece) }
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
                movedMarker = String(marker)
            } else if number + 1 < physical.count, let cut = termTail(of: text, before: physical[number + 1], cutItem: !first) {
                // `… Examples include Docker and containerd. Container` / `Image: A lightweight…`: the term's
                // first words go with the rest of it on the next line (an item cut out of the line, `- Zero`, whole).
                if cut == text.startIndex {
                    movedMarker = text
                    continue
                }
                movedMarker = String(text[text.index(after: cut)...])
                text = String(text[..<cut])
            }
            lines.append(text); joins.append(join)
        }
        if !joins.isEmpty { joins[0] = "" }
        return (lines, joins)
    }

    /// Labels of a list of works to read (`References:`, `Further reading:`, `Bibliographie :`).
    /// (Not `See also:`, which points at other parts of the same work.)
    static let referenceLabels = ["references", "resources", "further reading", "bibliography", "reading list",
                                  "références", "ressources", "bibliographie", "pour aller plus loin"]

    /// A line opening with such a label and its colon, signs before it aside (`📚 **References**:` as the page shows it).
    static func opensReferences(_ line: String) -> Bool {
        let lower = line.lowercased().drop { !$0.isLetter }
        return referenceLabels.contains { label in
            guard lower.hasPrefix(label) else { return false }
            let after = lower.dropFirst(label.count).drop { $0 == "*" || $0 == " " || $0 == "\u{00A0}" }
            return after.hasPrefix(":")
        }
    }

    /// The text's lines, as `split(separator: "\n", omittingEmptySubsequences: false)` gives them, cut at the bytes of a
    /// line feed (a Character of its own but in `\r\n`, which keeps the Character split): a block is split twice.
    static func splitLines(_ text: String) -> [Substring] {
        guard !text.utf8.contains(0x0D) else { return text.split(separator: "\n", omittingEmptySubsequences: false) }
        return text.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { Substring($0) }
    }

    /// A join that moved a line end's marker or words onto the next line (` -\n`, ` *\n`, ` Container\n`):
    /// the line holds them and a space before its own text.
    static func movesMarker(_ join: String) -> Bool { join.count >= 3 && join.hasPrefix(" ") && join.hasSuffix("\n") }

    /// A join that moved the first words of a term onto the next line (` Container\n`).
    static func movesWords(_ join: String) -> Bool { join.count > 3 && movesMarker(join) }

    /// Where a line's last words start when they begin a term the next line ends with its colon: at most
    /// three words after the end of a sentence (`… and containerd. Container` / `Image: A lightweight…`,
    /// `… virtualization. gVisor` / `(runsc): An OCI-compliant…`), five words in all. The index is the space
    /// before them.
    static func termTail(of line: String, before next: Substring, cutItem: Bool = false) -> String.Index? {
        guard next.utf8.prefix(60).contains(UInt8(ascii: ":")), let colon = next.prefix(40).firstIndex(of: ":") else { return nil }
        let head = next[..<colon], after = next[next.index(after: colon)...]
        guard after.isEmpty || after.first == " ", let start = head.first, start.isLetter || start == "(",
              !head.contains(where: { ".,;".contains($0) }), head.split(separator: " ").count <= 3 else { return nil }
        // (The last `. ` by a byte scan from the end.)
        var cut: String.Index?
        var i = line.utf8.endIndex
        while i > line.utf8.startIndex {
            let before = line.utf8.index(before: i)
            if line.utf8[before] == UInt8(ascii: "."), i < line.utf8.endIndex, line.utf8[i] == UInt8(ascii: " ") { cut = before; break }
            i = before
        }
        // (An item already cut out of the line, `- Zero`, moves whole.)
        let whole = cutItem && line.count > 2 && "-*+".contains(line.first!) && line.dropFirst().first == " "
        guard let at = whole ? line.startIndex : cut else { return nil }
        let dot = whole ? at..<at : at..<line.utf8.index(at, offsetBy: 2)
        var tail = line[dot.upperBound...]
        // (A list's marker glued before them goes with them: `… variable. - Zero` / `Correlation: no relationship`.)
        if let marker = tail.first, "-*+".contains(marker), tail.dropFirst().first == " " { tail = tail.dropFirst(2) }
        let tailWords = tail.split(separator: " ")
        guard (1...3).contains(tailWords.count), tailWords.count + head.split(separator: " ").count <= 5,
              tail.first?.isLetter == true, !tail.contains(where: { ".,;:()".contains($0) }),
              whole || !abbreviation(line[..<dot.lowerBound].split(separator: " ").last ?? "") else { return nil }
        return whole ? line.startIndex : line.index(before: dot.upperBound)
    }

    /// The word before a point is an abbreviation (`Dr`, `Fig`, `e.g`), not the end of a sentence;
    /// an acronym (`OCI`) may end one.
    static func abbreviation(_ word: Substring) -> Bool {
        word.count < 3 || word.contains(".") || (word.first!.isUppercase && word.count <= 4 && word.contains(where: \.isLowercase))
    }

    /// For each line, whether the page's width ended it: it ends its printed line, and that line is about as
    /// long as the block's longest (of 60 characters or more) — so the next line goes on with its sentence.
    static func wrappedLines(_ lines: [String], _ joins: [String]) -> [Bool] {
        var printed: [Int] = []   // each line's printed length, once the pieces of its printed line are put back
        var length = 0
        for i in lines.indices {
            let own = lines[i].count - (movesMarker(joins[i]) ? joins[i].count - 1 : 0)
            length = (i > 0 && joins[i] == " " ? length + 1 : 0) + own
            printed.append(length)
        }
        var full = Array(repeating: 0, count: lines.count)
        for i in lines.indices.reversed() { full[i] = i + 1 < lines.count && joins[i + 1] == " " ? full[i + 1] : printed[i] }
        // (The width is the length three lines in four stay under: a line joined over a hyphen is longer.)
        let ends = lines.indices.filter { i in i + 1 == lines.count || joins[i + 1] != " " }.map { full[$0] }.sorted()
        guard ends.count >= 2 else { return full.map { _ in false } }
        let width = ends[(ends.count * 3) / 4 - (ends.count % 4 == 0 ? 1 : 0)]
        guard width >= 60 else { return full.map { _ in false } }
        return lines.indices.map { i in (i + 1 == lines.count || joins[i + 1] != " ") && Double(full[i]) >= 0.8 * Double(width) }
    }

    /// A heading an OCR or PDF reader glued over the paragraph below it (`Parts of an animal cell` /
    /// `Nucleus: contains…`): a short line of a few words in capitals' case, with no sign that its
    /// sentence goes on, before a line that starts with a capital.
    static func isGluedHeading(_ line: String, before next: String, widest: Int) -> Bool {
        let trimmed = line.trimmingSpaces()
        guard widest >= 40, trimmed.count * 5 < widest * 3, trimmed.first?.isUppercase == true,
              next.trimmingSpaces().first?.isUppercase == true, let last = trimmed.last, last.isLetter || last.isNumber else { return false }
        let ws = words(trimmed)
        guard (1...8).contains(ws.count), let end = ws.last, !danglingEnds.contains(end) else { return false }
        return true
    }

    /// A line starting with a command in code marks and its colon (`` `git pull origin master` : update… ``):
    /// a listing's line, which starts afresh.
    static func startsWithCode(_ line: String) -> Bool {
        // A setting and its colon (`core.autocrlf = input: commit CRLF->LF…`) likewise.
        if line.contains("="), let colon = line.range(of: ": ") ?? (line.hasSuffix(":") ? line.range(of: ":", options: .backwards) : nil),
           isSetting(String(line[..<colon.lowerBound]).trimmingSpaces()) { return true }
        guard line.hasPrefix("`"), let close = line.dropFirst().firstIndex(of: "`") else { return false }
        return line[line.index(after: close)...].trimmingSpaces().hasPrefix(":")
    }

    /// `1.2.2 Le DOM d'une page web DOM : Document Object Model`: the words before the acronym, and its definition.
    static func gluedAcronym(_ line: String) -> (String, Found)? {
        // (Bytes first: a capital ASCII letter right before ` :` or `:`, else no acronym ends the term.)
        let bytes = Array(line.utf8.prefix(maxTermCharacters * 2))
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")), colon > 2 else { return nil }
        let end = bytes[colon - 1] == UInt8(ascii: " ") ? colon - 2 : colon - 1
        guard (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[end]) else { return nil }
        guard let (at, length, _) = separator(in: line) else { return nil }
        let before = line[..<at].trimmingSpaces()
        guard let space = before.lastIndex(of: " ") else { return nil }
        let acronym = String(before[before.index(after: space)...])
        guard acronym.count >= 2, acronym.allSatisfy({ $0.isUppercase }) else { return nil }
        let meaning = line[line.index(at, offsetBy: length)...].trimmingSpaces()
        guard spellsOut(acronym, meaning), let found = definition(acronym + " : " + meaning) else { return nil }
        return (String(before[..<space]), found)
    }

    /// A meaning that starts as a description does — an indefinite article, or a definite one or a
    /// demonstrative before a word in lower case (`A runnable instance…`, `The daemon that…`, `These
    /// runtimes…`) — not a sentence about something else (`Containers are…`, `The OCI was founded…`).
    static func describes(_ meaning: String) -> Bool {
        let tokens = meaning.split(separator: " ").prefix(2).map(String.init)
        guard let head = tokens.first?.lowercased(), tokens.count == 2 else { return false }
        // (A sentence about something else, `each neuron contains a…`, is told by its clause: DefinitionClause.swift.)
        let clause = readClause("", meaning.split(separator: " ").prefix(12).map(String.init), .shared)
        if clause.subject == .other, clause.statement { return false }
        if ["a", "an", "un", "une"].contains(head) { return true }
        // What it does, in the third person (`Defines the standard for…`, `Specifies how to create…`).
        if tokens[0].first?.isUppercase == true, head.count >= 4, head.hasSuffix("s"), !head.hasSuffix("ss"),
           ["the", "a", "an", "how", "what", "whether", "which", "all", "each", "its", "their"].contains(tokens[1]) { return true }
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
            // A heading of one word glued before its list (`Muscles * biceps: Front of the upper arm…`) ends there too.
            let heading = before.allSatisfy(\.isLetter) && before.first?.isUppercase == true && line[line.index(after: found.lowerBound)] != "-"
            if let after = line[found.upperBound...].first, after.isLetter, !before.trimmingSpaces().isEmpty,
               endsSentence(String(before)) || heading {
                return found.lowerBound
            }
            search = found.upperBound
        }
        return nil
    }

    /// `. Term of at most five words: Meaning` inside the line; not after an abbreviation (`Dr.`, `Fig.`, `e.g.`).
    /// Also after an introduction of four words or more that ends with its colon (`Other notable container
    /// runtimes and related tools: Podman: A daemonless…`).
    static func sentenceTermCut(in line: Substring) -> String.Index? {
        // (Most lines hold no colon after a point: no search.)
        guard line.utf8.contains(UInt8(ascii: ":")) else { return nil }
        var search = line.startIndex
        while let found = pointOrColon(in: line[search...]) {
            search = found.upperBound
            let before = line[..<found.lowerBound]
            let lastWord = before.split(separator: " ").last ?? ""
            if line[found.lowerBound] == ":" {
                let sentence = before[(before.lastIndex { ".:".contains($0) }.map { before.index(after: $0) } ?? before.startIndex)...]
                guard sentence.split(separator: " ").count >= 4 else { continue }
            } else {
                guard !abbreviation(lastWord) else { continue }
            }
            var rest = line[found.upperBound...]
            // A numbered item glued after it (`… Windows containers. 2. High-level runtimes: These…`).
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            if (1...2).contains(digits.count), rest.dropFirst(digits.count).hasPrefix(". ") { rest = rest.dropFirst(digits.count + 2) }
            guard rest.first?.isLetter == true, let colon = rest.prefix(60).firstIndex(of: ":") else { continue }
            let term = rest[..<colon]
            let after = rest[rest.index(after: colon)...]
            // (A term at the line's end has its meaning on the next line: `… systems. Orchestration:`.)
            guard term.split(separator: " ").count <= 5, !term.contains("."), !term.contains(","),
                  after.isEmpty || (after.first == " " && after.dropFirst().first?.isLetter == true) else { continue }
            return line.index(before: found.upperBound)
        }
        return nil
    }

    /// The next `. ` or `: ` (a character scan: most lines are searched, a regular expression would cost).
    static func pointOrColon(in text: Substring) -> Range<String.Index>? {
        let bytes = text.utf8
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let next = bytes.index(after: i)
            if bytes[i] == UInt8(ascii: ".") || bytes[i] == UInt8(ascii: ":"), next < bytes.endIndex, bytes[next] == UInt8(ascii: " ") {
                return i..<bytes.index(after: next)
            }
            i = next
        }
        return nil
    }

    /// The definition starting at `lines[start]` with the lines its meaning goes on over, and the
    /// index after them; nil when there is none or its sentence is not whole in the block.
    static func definition(at start: Int, in lines: [String], wholeItem: Bool = false, wrapped: [Bool] = []) -> (Found, Int)? {
        var text = lines[start]
        var next = start + 1
        // A term alone on its line (`Onde mécanique :`): the meaning is on the lines below.
        // A list below it (`Network links:` / `∗ Wired: …`) makes it a list's introduction instead.
        let termOnly = text.trimmingSpaces().hasSuffix(":") && start + 1 < lines.count && !startsItem(lines[start + 1])
            && !startsWithCode(lines[start + 1])
        while next < lines.count, (termOnly && next == start + 1) || wholeItem || !endsSentence(text) {
            let candidate = lines[next]
            // The next list item is never the rest of this one's meaning.
            if startsItem(candidate) && !(termOnly && next == start + 1) { break }
            // A line the page's width ended goes on on the next, whatever its first letter (`… on the Container Runtime` / `Interface (CRI).`).
            let widthEnded = next - 1 < wrapped.count && wrapped[next - 1] && candidate.trimmingSpaces().first?.isLetter == true
            let goesOn = (termOnly && next == start + 1) || wholeItem || continuesMeaning(text, with: candidate) || widthEnded
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
        let trimmed = line.trimmingSpaces()
        // Nor can it when the line opens in ASCII with none of the words (other scripts may fold to them: the expression is asked).
        let head = trimmed.utf8.prefix(6)
        if head.allSatisfy({ $0 < 0x80 }) {
            let lower = String(decoding: head, as: UTF8.self).lowercased()
            guard ["doc", "fig", "table", "annexe"].contains(where: { lower.hasPrefix($0) || $0.hasPrefix(lower) }) else { return false }
        }
        return trimmed.range(of: #"^(document|doc|figure|fig|tableau|table|annexe|schéma)\.? ?\d+[a-z]? ?:"#, options: [.regularExpression, .caseInsensitive]) != nil
    }

    /// The line starts with a bullet (`-`, `*`, `•`, `∗`…), not a number.
    static func startsBullet(_ line: String) -> Bool {
        guard let first = line.trimmingSpaces().first, "-*+•–·▪◦∗‣".contains(first) else { return false }
        return startsItem(line)
    }

    /// The line starts with a list marker (`•`, `–`, `∗`, `1.`, `a)`): PDF lists keep their bullets.
    static func startsItem(_ line: String) -> Bool {
        let trimmed = line.trimmingSpaces()
        return stripListMarker(trimmed) != trimmed
    }
}
