import IngestCore
import Synchronization

/// Turns the pages' ordered lines into blocks: paragraphs, and headings found either in the
/// outline (bookmarks that match a paragraph of their page) or by a clearly larger font.
struct BlockBuilder {
    /// Each page's lines are released once its blocks are made (see `takeBlocks`).
    var pages: [PDFExtractor.PageData]
    let outline: [OutlineEntry]

    /// The blocks, in page order. Memory stays near one copy of the text on long documents: the
    /// array is sized once instead of doubling — a 585-page book held 4.5 MB and 2.2 MB buffers at
    /// once — and every page's lines are dropped as soon as they are turned into blocks. The size
    /// is an upper bound (a block has at least one line; a bookmark adds at most one split): the
    /// capacity never written is never touched, so it costs address space, not memory.
    ///
    /// A page's blocks depend on nothing of the other pages but the body's sizes and the outline
    /// (only tables continued over a page break are joined afterwards), so a long document's
    /// second half (by lines) is made on another thread when `beside` lends a core for it — the
    /// same blocks, in the same order (gnuplot.pdf: 0.25 G instructions on the serial rest after
    /// the page walk).
    mutating func takeBlocks(beside: (() -> (@Sendable () -> Void)?)? = nil) -> [Block] {
        let body = bodyGlyphHeight(), bodySize = bodyFontSize()
        // Bookmark titles are keyed once, not once per paragraph they are compared with.
        var byPage: [Int: [Bookmark]] = [:]
        var unplaced: [Bookmark] = []
        for entry in outline {
            let bookmark = Bookmark(entry)
            if let p = entry.page { byPage[p, default: []].append(bookmark) } else { unplaced.append(bookmark) }
        }
        let shape = Shape(body: body, bodySize: bodySize, byPage: byPage, unplaced: unplaced, outlineCount: outline.count)
        var lineCount = 0
        for page in pages where page.classification.hasUsableText { lineCount += page.lines.count }
        guard lineCount >= Self.linesForTwoThreads, let beside, let giveBack = beside() else {
            return TableBlocks.joiningContinued(Self.blocks(of: &pages, from: 0, shape).blocks)
        }
        // The page where the second half of the lines starts.
        var mid = 0, seen = 0
        while mid < pages.count, seen * 2 < lineCount {
            if pages[mid].classification.hasUsableText { seen += pages[mid].lines.count }
            mid += 1
        }
        let second = Array(pages[mid...])
        pages.removeSubrange(mid...)
        let made = Mutex<(blocks: [Block], cutWord: Bool)?>(nil)
        let other = ThreadTeam(1, stackSize: 8 << 20) { [mid] _ in
            var pages = second
            let part = Self.blocks(of: &pages, from: mid, shape)
            made.withLock { $0 = part }
            giveBack()
        }
        var (blocks, cutWord) = Self.blocks(of: &pages, from: 0, shape)
        other.join()
        let rest = made.withLock { $0.take()! }
        // A cut word only the other thread met still has the dictionaries opened (this thread's `WordLookAhead`).
        if rest.cutWord && !cutWord { WordLookAhead.wordCut() }
        blocks.append(contentsOf: rest.blocks)
        return TableBlocks.joiningContinued(blocks)
    }

    /// Lines below which a document's blocks are made on one thread (a thread costs more than
    /// it saves).
    static let linesForTwoThreads = 2_000

    /// What every page's blocks are made with: the body's glyph height and font size, and the
    /// outline's bookmarks by page (and those of no page).
    struct Shape: Sendable {
        var body: Double
        var bodySize: Float
        var byPage: [Int: [Bookmark]]
        var unplaced: [Bookmark]
        var outlineCount: Int
    }

    /// The blocks of `pages` (the document's from index `first` on), each page's lines released
    /// once its blocks are made; `cutWord`: a paragraph holds a word cut at a line end (the
    /// dictionaries were asked to open, on the extracting thread).
    static func blocks(of pages: inout [PDFExtractor.PageData], from first: Int, _ shape: Shape) -> (blocks: [Block], cutWord: Bool) {
        var lineCount = 0
        for page in pages where page.classification.hasUsableText { lineCount += page.lines.count }
        var blocks: [Block] = []
        blocks.reserveCapacity(lineCount + shape.outlineCount)
        // Hyphen joining will ask the dictionaries once a word cut at a line end is met: they
        // are opened meanwhile (`WordLookAhead`).
        var cutWordMet = false
        for index in pages.indices {
            let page = pages[index]
            pages[index].lines = []
            guard page.classification.hasUsableText else { continue }
            let number = first + index + 1
            var bookmarks = (shape.byPage[number] ?? []) + shape.unplaced
            var (kept, tables) = TableBlocks.pending(page), consumed = 0
            var figures = FigureBlocks.separate(&kept, &tables, page.figures), figuresConsumed = 0
            var formulas = FormulaBlocks.separate(&kept, &tables, &figures, page.formulas), formulasConsumed = 0
            for paragraph in FormulaBlocks.paragraphs(kept, formulas) {
                TableBlocks.place(&tables, consumed: &consumed, adding: paragraph.lines.count, page: number, into: &blocks)
                FigureBlocks.place(&figures, consumed: &figuresConsumed, adding: paragraph.lines.count, page: number, into: &blocks)
                FormulaBlocks.place(&formulas, consumed: &formulasConsumed, adding: paragraph.lines.count, page: number, into: &blocks)
                if paragraph.origin != .content {
                    blocks.append(Block(kind: .paragraph, text: paragraph.text, page: number, provenance: paragraph.origin.provenance))
                    continue
                }
                var lines = paragraph.lines
                if !cutWordMet, WordLookAhead.cutsAWord(lines) {
                    cutWordMet = true
                    WordLookAhead.wordCut()
                }
                // A bookmark matching the paragraph's first lines makes them a heading; so does the
                // next one on the lines left (`2 Document structures` right over `2.1 Mathematics`).
                while let (entry, count) = match(lines, &bookmarks) {
                    blocks.append(Block(kind: .heading, text: lines[..<count].joined(separator: "\n"),
                                        level: entry.level, page: number, provenance: .textLayer))
                    lines.removeFirst(count)
                    if lines.isEmpty { break }
                }
                if lines.isEmpty { continue }
                let text = lines.joined(separator: "\n")
                if let level = sizeLevel(paragraph, lines: lines, body: shape.body, bodySize: shape.bodySize) {
                    blocks.append(Block(kind: .heading, text: text, level: level, page: number, provenance: .textLayer))
                } else if let item = ListItems.item(lines) {
                    blocks.append(Block(kind: .listItem, text: item.lines.joined(separator: "\n"), level: 0, marker: item.marker,
                                        page: number, provenance: .textLayer))
                } else {
                    blocks.append(Block(kind: .paragraph, text: text, page: number, provenance: .textLayer))
                }
            }
            TableBlocks.place(&tables, consumed: &consumed, adding: 0, page: number, into: &blocks)
            FigureBlocks.place(&figures, consumed: &figuresConsumed, adding: 0, page: number, into: &blocks)
            FormulaBlocks.place(&formulas, consumed: &formulasConsumed, adding: 0, page: number, into: &blocks)
        }
        return (blocks, cutWordMet)
    }

    /// The glyph height most text is set in (weighted by characters), over a bounded sample.
    private func bodyGlyphHeight() -> Double {
        var buckets: [Int: Int] = [:]          // height in tenths of a point → characters
        for page in pages where page.classification.hasUsableText {
            for line in page.lines where line.hasGeometry && line.origin == .content {
                buckets[Int((line.glyphHeight * 10).rounded()), default: 0] += line.text.utf8.count
            }
        }
        guard let best = buckets.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else { return 0 }
        return Double(best.key) / 10
    }

    /// The font size most text is set in (weighted by characters), 0 when poppler gave none.
    private func bodyFontSize() -> Float {
        var buckets: [Int: Int] = [:]          // size in tenths of a point → characters
        for page in pages where page.classification.hasUsableText {
            for line in page.lines where line.fontSize > 0 && line.origin == .content {
                buckets[Int((line.fontSize * 10).rounded()), default: 0] += line.text.utf8.count
            }
        }
        guard let best = buckets.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key > $1.key) }) else { return 0 }
        return Float(best.key) / 10
    }

    private static func sizeLevel(_ paragraph: Paragraph, lines: [String], body: Double, bodySize: Float = 0) -> Int? {
        guard body > 0, lines.count <= 3 else { return nil }
        // Taller glyph boxes at the body's font size are a font with a taller box, not a larger
        // font: pdflatex's typewriter lines (LMMono10, boxes 1.47 times the body's) are no headings.
        if bodySize > 0, paragraph.fontSize > 0, paragraph.fontSize < bodySize * 1.05 { return nil }
        let text = lines.joined(separator: " ")
        guard text.utf8.count <= 160 || text.count <= 160, text.unicodeScalars.contains(where: { $0.properties.isAlphabetic }) else { return nil }
        if let last = text.last, ".,;".contains(last) { return nil }
        let ratio = paragraph.glyphHeight / body
        if ratio >= 1.7 { return 1 }
        if ratio >= 1.4 { return 2 }
        if ratio >= 1.2 { return 3 }
        return nil
    }

    /// The bookmark whose title equals the first one, two or three lines of the paragraph
    /// (case, spacing and punctuation ignored; a leading section number may differ).
    private static func match(_ lines: [String], _ bookmarks: inout [Bookmark]) -> (OutlineEntry, Int)? {
        guard !bookmarks.isEmpty else { return nil }
        var joined = "", dehyphenated = ""
        for count in 1...min(3, lines.count) {
            let line = lines[count - 1]
            if count > 1 {
                joined += " "
                // A heading set in a narrow column breaks its words (`elec-` / `tromagnetic`).
                if Paragraphs.endsInWordHyphen(dehyphenated) {
                    dehyphenated = String(dehyphenated.trimmingTrailingWhitespace.dropLast())
                } else {
                    dehyphenated += " "
                }
            }
            joined += line; dehyphenated += line
            for text in joined == dehyphenated ? [joined] : [joined, dehyphenated] {
                let key = BlockBuilder.key(text)
                guard !key.isEmpty else { continue }
                let bare = BlockBuilder.bare(ofKey: key)
                if let i = bookmarks.firstIndex(where: { b in b.key == key || b.bare == bare && !b.bare.isEmpty }) {
                    let entry = bookmarks.remove(at: i).entry
                    return (entry, count)
                }
            }
        }
        return nil
    }

    /// An outline entry with its comparison keys.
    struct Bookmark {
        var entry: OutlineEntry
        var key: String
        var bare: String
        init(_ entry: OutlineEntry) {
            self.entry = entry
            key = BlockBuilder.key(entry.title)
            bare = BlockBuilder.bare(ofKey: key)
        }
    }

    /// The comparison key: lower case, letters, digits and single spaces. Every paragraph of a
    /// page with bookmarks is keyed (up to three times), so ASCII text — most of it — takes a
    /// byte path that gives the same key as the Unicode one (`BlockBuilderTests`).
    static func key(_ s: String) -> String {
        asciiKey(s) ?? asciiKey(droppingUnkeyed: s) ?? unicodeKey(s)
    }

    /// The definition of `key`, for any text.
    static func unicodeKey(_ s: String) -> String {
        String(String.UnicodeScalarView(s.lowercased().unicodeScalars.filter { $0.properties.isAlphabetic || $0.properties.numericType != nil || $0 == " " }))
            .split(separator: " ").joined(separator: " ")
    }

    /// `key` of an all-ASCII string (nil otherwise): in ASCII, the letters are the only alphabetic
    /// scalars and the digits the only numeric ones.
    static func asciiKey(_ s: String) -> String? {
        var s = s
        return s.withUTF8 { bytes -> String? in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            return String(unsafeUninitializedCapacity: bytes.count) { out in
                var n = 0
                var space = false
                for var b in bytes {
                    if b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") { b += 0x20 }
                    if (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) {
                        if space && n > 0 { out[n] = UInt8(ascii: " "); n += 1 }
                        space = false
                        out[n] = b; n += 1
                    } else if b == UInt8(ascii: " ") {
                        space = true
                    }
                }
                return n
            }
        }
    }

    /// `key` of a text whose characters beyond ASCII the key drops all (quotes, dashes, symbols:
    /// nothing in their lower case is a letter, a digit or a space — the typographic quotes of an
    /// English manual): its ASCII characters' key, the others taken out. Nil when one of them is
    /// kept (`unicodeKey` then decides).
    static func asciiKey(droppingUnkeyed s: String) -> String? {
        var ascii: [UInt8] = []
        ascii.reserveCapacity(s.utf8.count)
        for u in s.unicodeScalars {
            if u.isASCII { ascii.append(UInt8(truncatingIfNeeded: u.value)); continue }
            for m in u.properties.lowercaseMapping.unicodeScalars where m.properties.isAlphabetic || m.properties.numericType != nil || m == " " {
                return nil
            }
        }
        return asciiKey(String(decoding: ascii, as: UTF8.self))
    }

    /// `withoutNumber` of a key made by `key` (letters, digits, single spaces): the key itself when
    /// it opens with an ASCII letter that is no Roman numeral's (nothing to drop), without splitting
    /// it. Most paragraphs of a page with bookmarks are such keys.
    static func bare(ofKey key: String) -> String {
        if let b = key.utf8.first, b < 0x80, !(b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")), !"ivxlc".utf8.contains(b) { return key }
        return withoutNumber(key)
    }

    static func withoutNumber(_ key: String) -> String {
        // ASCII (most keys): the same tokens, compared as bytes instead of Characters.
        if key.utf8.allSatisfy({ $0 < 0x80 }) {
            let tokens = key.utf8.split(separator: UInt8(ascii: " "))
            var k = 0
            while k + 1 < tokens.count, tokens[k].allSatisfy({ ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9")) || "ivxlc".utf8.contains($0) }) {
                k += 1
            }
            return tokens[k...].map { String(Substring($0)) }.joined(separator: " ")
        }
        return characterWithoutNumber(key)
    }

    /// The definition of `withoutNumber`, for any key.
    static func characterWithoutNumber(_ key: String) -> String {
        var tokens = key.split(separator: " ")
        while let first = tokens.first, first.allSatisfy({ $0.isNumber || "ivxlc".contains($0) }), tokens.count > 1 {
            tokens.removeFirst()
        }
        return tokens.joined(separator: " ")
    }
}

extension String {
    fileprivate var trimmingTrailingWhitespace: Substring {
        self[..<(lastIndex { !$0.isWhitespace }.map { index(after: $0) } ?? startIndex)]
    }
}

extension TextLine.Origin {
    var provenance: Provenance {
        switch self {
        case .content: .textLayer
        case .formField: .formField
        case .annotation: .annotation
        case .signature: .signature
        }
    }
}
