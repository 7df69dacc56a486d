/// Right-to-left lines as poppler-glib's selection text gives them: each Arabic or Hebrew word is
/// wrapped in its own embedding (U+202B … U+202C), and the words come in visual order, left to
/// right — « مرحبا بالعالم » read as « بالعالم مرحبا ». `pdftotext` (the same library's other text
/// walk) gives one embedding in logical order; this puts the words back the same way.
enum RightToLeft {
    static let embedding: Unicode.Scalar = "\u{202B}"    // RIGHT-TO-LEFT EMBEDDING
    static let pop: Unicode.Scalar = "\u{202C}"          // POP DIRECTIONAL FORMATTING
    static let leftToRight: Unicode.Scalar = "\u{202A}"  // LEFT-TO-RIGHT EMBEDDING

    /// Whether a line's UTF-8 bytes contain a right-to-left embedding (E2 80 AB).
    static func mayNeedReordering<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) -> Bool where Bytes.Index == Int {
        var i = bytes.startIndex
        while i + 2 < bytes.endIndex {
            if bytes[i] == 0xE2 && bytes[i + 1] == 0x80 && bytes[i + 2] == 0xAB { return true }
            i += 1
        }
        return false
    }

    /// A page's text read whole. poppler-glib's selection walk (behind its page text, text
    /// layout and text attributes) starts at the block nearest the selection's first corner and
    /// ends at the block nearest its last: on a page with right-to-left lines it can start or end
    /// too early. Four Hebrew lines (issue11656.pdf of pdf.js's corpus, from Word; the same lines
    /// through pandoc and LibreOffice) give only the last one selected from the top left corner,
    /// all four from the top right corner; an English page with one Hebrew line loses its last
    /// English line from the left and its first from the right. `pdftotext`, which walks the
    /// page another way, reads every line. So a page whose text holds right-to-left words is read
    /// both ways and the lines of the second that the first lacks are put in, after the line
    /// they follow in the second. `incomplete`: each reading lacked lines of the other, so
    /// poppler loses lines of this page and both may have lost the same one.
    static func union(_ usual: PageReading, _ fromTheRight: PageReading) -> (reading: PageReading, incomplete: Bool) {
        let a = usual.lines(), b = fromTheRight.lines()
        let inA = counts(a), inB = counts(b)
        if holds(inA, inB) { return (usual, false) }
        if holds(inB, inA) { return (fromTheRight, false) }
        // Lines of b missing from a go after the line of a that their predecessor in b matched.
        var after: [Int: [PageReading.Line]] = [:]   // -1: before a's first line
        var left = inA
        var position = -1
        var used = Set<Int>()
        for line in b {
            if let n = left[line.key], n > 0 {
                left[line.key] = n - 1
                if let i = a.indices.first(where: { !used.contains($0) && a[$0].key == line.key }) { used.insert(i); position = i }
            } else {
                after[position, default: []].append(line)
            }
        }
        var order: [(PageReading, PageReading.Line)] = (after[-1] ?? []).map { (fromTheRight, $0) }
        for (i, line) in a.enumerated() {
            order.append((usual, line))
            order += (after[i] ?? []).map { (fromTheRight, $0) }
        }
        return (PageReading.joining(order), true)
    }

    /// Whether reading `a` holds every line of `b` (as many times).
    static func holdsEveryLine(_ a: PageReading, of b: PageReading) -> Bool { holds(counts(a.lines()), counts(b.lines())) }

    private static func counts(_ lines: [PageReading.Line]) -> [Substring: Int] {
        var counts: [Substring: Int] = [:]
        for line in lines { counts[line.key, default: 0] += 1 }
        return counts
    }

    private static func holds(_ a: [Substring: Int], _ b: [Substring: Int]) -> Bool { b.allSatisfy { key, n in (a[key] ?? 0) >= n } }

    /// The line with every run of two or more simple embedded words separated by single spaces
    /// (‫w1‬ ‫w2‬ … ‫wn‬) turned into one embedding of the words in reverse order (‫wn … w2 w1‬).
    /// Anything else (nested embeddings, other text between the words) is left as it is.
    /// The scalars of poppler-glib's page text that its text layout gives a box: all but the
    /// direction marks it adds around right-to-left words (U+202A–U+202E: E2 80 AA–AE).
    static func charactersWithBoxes(_ bytes: UnsafeRawBufferPointer) -> Int {
        var n = 0, i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b & 0xC0 != 0x80 {
                let mark = b == 0xE2 && i + 2 < bytes.count && bytes[i + 1] == 0x80 && (0xAA...0xAE).contains(bytes[i + 2])
                if !mark { n += 1 }
            }
            i += 1
        }
        return n
    }

    /// A line already in logical order (`spacedLogicalLine`) only gets its spaces put back.
    static func logicalWordOrder(_ line: String) -> String {
        if let spaced = spacedLogicalLine(line) { return spaced }
        let scalars = Array(line.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        while i < scalars.count {
            // A run of embedded words starting here?
            var words: [ArraySlice<Unicode.Scalar>] = []
            var j = i
            while let end = simpleWord(scalars, at: j) {
                words.append(scalars[(j + 1)..<end])
                let next = end + 1
                // Only a single space may stand between two words of the run.
                if next + 1 < scalars.count, scalars[next] == " ", scalars[next + 1] == embedding,
                   simpleWord(scalars, at: next + 1) != nil {
                    j = next + 1
                } else {
                    j = next
                    break
                }
            }
            if words.count >= 2 {
                out.append(embedding)
                for (k, word) in words.reversed().enumerated() {
                    if k > 0 { out.append(" ") }
                    out.append(contentsOf: word)
                }
                out.append(pop)
                i = j
            } else {
                out.append(scalars[i])
                i += 1
            }
        }
        return String(out)
    }

    /// On a page mostly right to left, poppler-glib gives a line's words in logical order, each
    /// in its own embedding, but each word's following space comes one word late: the first two
    /// words are always run together and the gap between word k-1 and word k is written after
    /// word k — « ‫לחיוב‬‫פעולות‬ ‫אלה‬ … ‫‪15‬‬ ‫(ב)(‬‫‪4‬‬‫)‬‫לחוק‬ » for « לחיוב פעולות אלה … 15(ב)(4) לחוק »
    /// (issue11656.pdf, and the same lines through LibreOffice; `pdftotext` reads them so). A
    /// line made only of embedded words, whose first two are run together, is written as one
    /// embedding with each gap where it belongs; the gap before the last word, which poppler
    /// never writes, is a space unless that word starts with punctuation. nil for other lines.
    static func spacedLogicalLine(_ line: String) -> String? {
        let s = Array(line.unicodeScalars)
        var words: [ArraySlice<Unicode.Scalar>] = []
        var spaceAfter: [Bool] = []
        var i = 0
        while i < s.count {
            guard s[i] == embedding else { return nil }
            // The embedding's end, nested embeddings (a number's left-to-right one) included.
            var depth = 0, j = i
            repeat {
                if s[j] == embedding || s[j] == leftToRight { depth += 1 } else if s[j] == pop { depth -= 1 }
                j += 1
            } while depth > 0 && j < s.count
            guard depth == 0, j > i + 2 else { return nil }
            words.append(s[(i + 1)..<(j - 1)])
            let spaced = j < s.count && s[j] == " "
            spaceAfter.append(spaced)
            i = spaced ? j + 1 : j
        }
        guard words.count >= 2, !spaceAfter[0] else { return nil }
        // gaps[k]: whether a space goes before word k (k ≥ 1).
        var gaps = [false]
        for k in 1..<words.count {
            gaps.append(k + 1 < words.count ? spaceAfter[k]
                : (words[k].first { $0 != embedding && $0 != leftToRight }.map { $0.properties.isAlphabetic || $0.properties.numericType != nil } ?? false))
        }
        // Left-to-right words (Latin letters in an embedding of their own) come in right-to-left
        // order too: a run of them is put back left to right, its gaps with it (« ‫‪English‬‬‫‪in‬‬ ‫‪is‬‬ »
        // for « is in English » set in a Hebrew paragraph).
        var order = Array(words.indices)
        var k = 0
        while k < words.count {
            guard isLeftToRightWord(words[k]) else { k += 1; continue }
            var end = k
            while end + 1 < words.count && isLeftToRightWord(words[end + 1]) { end += 1 }
            if end > k {
                order.replaceSubrange(k...end, with: (k...end).reversed())
                let inner = Array(gaps[(k + 1)...end])
                gaps.replaceSubrange((k + 1)...end, with: inner.reversed())
            }
            k = end + 1
        }
        var out = String.UnicodeScalarView()
        out.append(embedding)
        for (k, w) in order.enumerated() {
            if k > 0 && gaps[k] { out.append(" ") }
            out.append(contentsOf: words[w])
        }
        out.append(pop)
        return String(out)
    }

    /// A word in a left-to-right embedding of its own that holds a letter (not only digits).
    private static func isLeftToRightWord(_ word: ArraySlice<Unicode.Scalar>) -> Bool {
        word.first == leftToRight && word.contains { $0.properties.isAlphabetic }
    }

    /// If a simple embedded word starts at `start` (U+202B, no space or other direction mark,
    /// U+202C), the index of its closing U+202C.
    private static func simpleWord(_ s: [Unicode.Scalar], at start: Int) -> Int? {
        guard start < s.count, s[start] == embedding else { return nil }
        var k = start + 1
        while k < s.count {
            let c = s[k]
            if c == pop { return k > start + 1 ? k : nil }
            if c == " " || c == embedding || c == leftToRight { return nil }
            k += 1
        }
        return nil
    }
}
