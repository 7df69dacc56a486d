import Foundation

/// Removes running headers and footers — the same line at the same place at the top or bottom of
/// most pages, page numbers included — from paginated text. Format-independent: input is each
/// page's lines in reading order (with their vertical place on the page when known), output is
/// which of them are running. Used by the PDF extractor (text layer) and the OCR page assembly
/// (recognised lines), and reusable by any paginated source.
public enum RunningHeaders {
    /// How many lines (rows, with geometry) at each end of a page are looked at.
    public static let edgeLines = 3
    /// The top and bottom bands of a page, as a fraction of its height, where a running header or
    /// footer sits (LaTeX's fancyhdr header: 11 % from the top; Word's: 4 %; a scan's: a little more).
    public static let band = 0.15
    /// How far apart (fraction of the page height) one running line may sit on different pages:
    /// a text layer puts it at the same place within a point; scans move by a millimetre or two.
    public static let samePlace = 0.012
    public static let samePlaceScanned = 0.025
    /// The left and right bands (fraction of the page width) where a running line set across the
    /// margin sits: a journal's name or logo printed up the side of every page.
    public static let sideBand = 0.1
    /// How many following pages a page's body is compared with to find copies of one page.
    static let nearPages = 64

    /// One line of a page: its text and, when known, the top and bottom of its box as fractions
    /// of the page height (0 = top edge), and its left and right as fractions of the width.
    public struct Line: Sendable, Equatable {
        public var text: String
        public var top: Double?
        public var bottom: Double?
        public var left: Double?
        public var right: Double?
        public init(_ text: String, top: Double? = nil, bottom: Double? = nil, left: Double? = nil, right: Double? = nil) {
            self.text = text; self.top = top; self.bottom = bottom; self.left = left; self.right = right
        }
        var hasGeometry: Bool { top != nil && bottom != nil }
    }

    /// The lines of each page with running headers and footers removed (text only: no geometry).
    public static func remove(_ pages: [[String]]) -> [[String]] {
        let drop = detect(pages)
        return pages.indices.map { p in pages[p].indices.filter { !drop[p].contains($0) }.map { pages[p][$0] } }
    }

    /// `detect` for lines without geometry.
    public static func detect(_ pages: [[String]]) -> [Set<Int>] {
        detect(pages.map { $0.map { Line($0) } })
    }

    /// A line at a page's edge that may be running: zone 0 = top, 1 = bottom.
    /// zone 0 = top, 1 = bottom, 2 = left side, 3 = right side; `numberOnly`: an edge row past
    /// the first gap, running only as a page number.
    private struct Candidate {
        var page: Int, index: Int, key: String, zone: Int
        var position: Double?
        var numberOnly = false
    }

    /// For each page, the indices of its lines that are running headers or footers.
    ///
    /// A line is a candidate when it sits at a page's edge. With geometry (every line of the page
    /// has its box), that is the rows inside the top or bottom `band` that come before the first
    /// clear gap from the body (a gap of half a line or more; a header set without a gap, as
    /// Writer's default, leaves only the outermost row); without geometry, among the first or last
    /// `edgeLines` non-blank lines. A candidate is running when, with its digits masked (so
    /// "Page 3" and "Page 4" match), it is a candidate at the same place (within `samePlace`) on
    /// at least 40 % of the pages (and three pages at least; of a two-page document, both pages,
    /// placed and word for word the same). A bare page number ("12", "- 12 -",
    /// "Page 12 / 40", "xii") in a page's edge rows is running as soon as two pages have one.
    /// A sentence repeated in the body of every page, or the last line of the body above a footer,
    /// is never a candidate. `scanned`: the lines were recognised by OCR, so a line's
    /// text may differ by a misread letter or two from page to page, and its place by a little more.
    public static func detect(_ pages: [[Line]], scanned: Bool = false) -> [Set<Int>] {
        var result = [Set<Int>](repeating: [], count: pages.count)
        guard pages.count >= 2 else { return result }
        var candidates: [Candidate] = []
        // The first look at a PDF's lines after its page walk: a word cut at a line end has the
        // dictionaries opened now, beside what follows (`WordLookAhead`).
        var cutWordMet = false
        for (p, lines) in pages.enumerated() {
            if !cutWordMet, WordLookAhead.cutsAWord(lines.lazy.map(\.text)) {
                cutWordMet = true
                WordLookAhead.wordCut()
            }
            let geometric = lines.contains { !isBlank($0.text) } && lines.allSatisfy { isBlank($0.text) || $0.hasGeometry }
            let edges = geometric ? geometricEdges(lines) : textEdges(lines).map { ($0.0, $0.1, false) }
            for (i, zone, numberOnly) in edges {
                candidates.append(Candidate(page: p, index: i, key: key(lines[i].text), zone: zone,
                                            position: geometric ? lines[i].top : nil, numberOnly: numberOnly))
            }
        }
        if scanned { unifyKeys(&candidates) }
        // Found only when a line repeats on enough pages to be a header (most documents: none).
        var copiesFound: Set<Int>?
        func copies() -> Set<Int> {
            if let found = copiesFound { return found }
            let found = pagesAlike(pages, edges: candidates.map { ($0.page, $0.index) })
            copiesFound = found
            return found
        }
        let threshold = max(3, Int((Double(pages.count) * 0.4).rounded(.up)))
        let tolerance = scanned ? samePlaceScanned : samePlace
        var groups: [String: [Int]] = [:]         // "zone|key" → candidate indices
        for (c, candidate) in candidates.enumerated() { groups["\(candidate.zone)|\(candidate.key)", default: []].append(c) }
        for all in groups.values {
            let key = candidates[all[0]].key
            // Numbers up a side are line numbers as often as page numbers: they need most pages.
            let pageNumber = isPageNumber(key) && candidates[all[0]].zone < 2
            let members = pageNumber ? pageNumbers(all, candidates, pages) : all.filter { !candidates[$0].numberOnly }
            if members.isEmpty { continue }
            // Lines whose numbers change ("Exercice 3", "Exercice 7") are running only when the
            // numbers are the same everywhere or follow the page number ("Cours — 12").
            if !pageNumber && key.contains("#") && !numbersFit(members.map { (candidates[$0].page, numbers(pages[candidates[$0].page][candidates[$0].index].text)) }) {
                continue
            }
            // A document of two pages (a handout) has no third page to show its header on: there a
            // line is running on both pages only when it is placed, the same word for word, and no
            // taller than the page's lines (a title set large over both pages is the document's).
            let twoPages = pages.count == 2 && !pageNumber
            if twoPages {
                guard members.allSatisfy({ candidates[$0].position != nil }),
                      Set(members.map { pages[candidates[$0].page][candidates[$0].index].text }).count == 1,
                      members.allSatisfy({ c in
                          let line = pages[candidates[c].page][candidates[c].index]
                          return (line.bottom ?? 0) - (line.top ?? 0) <= 1.15 * medianHeight(pages[candidates[c].page])
                      }) else { continue }
            }
            let needed = pageNumber || twoPages ? 2 : threshold
            // A line that repeats because its whole page does (the same page scanned three times, a
            // worksheet printed twice) is no evidence of a header: only pages whose body is their
            // own count, except for page numbers.
            func evidence(_ ids: [Int]) -> Int {
                let pages = Set(ids.map { candidates[$0].page })
                return pageNumber || pages.count < needed ? pages.count : pages.subtracting(copies()).count
            }
            // A page number moves when a page's footer has one more line ("Powered by…" on the
            // last page): anywhere in its zone, it is the page's number.
            let reach = pageNumber ? band : tolerance
            let free = members.filter { candidates[$0].position == nil }
            var placed = members.filter { candidates[$0].position != nil }.sorted { candidates[$0].position! < candidates[$1].position! }
            func mark(_ ids: [Int]) { for c in ids { result[candidates[c].page].insert(candidates[c].index) } }
            if placed.isEmpty {
                if evidence(free) >= needed { mark(free) }
                continue
            }
            // The largest run of candidates at one place, then the next, while they are frequent enough.
            while !placed.isEmpty {
                var best = 0..<0, lo = 0
                for hi in placed.indices {
                    while candidates[placed[hi]].position! - candidates[placed[lo]].position! > reach { lo += 1 }
                    if hi + 1 - lo > best.count { best = lo..<(hi + 1) }
                }
                let run = Array(placed[best])
                guard evidence(run + free) >= needed else { break }
                mark(run + free)
                placed.removeSubrange(best)
            }
        }
        // A running line stands apart from a body: on a page whose every line would go (a photo
        // that only says "Page 3", a page of headers alone), there is no body, and nothing goes.
        for (p, lines) in pages.enumerated() where !result[p].isEmpty {
            if lines.indices.allSatisfy({ result[p].contains($0) || isBlank(lines[$0].text) }) { result[p] = [] }
        }
        return result
    }

    /// The pages whose body — the lines that are no edge candidate — is mostly another page's body:
    /// at least two body lines, and half the lines of the shorter body found on the other page,
    /// letter for letter, at the same place (`samePlaceScanned`) when the lines are placed — one
    /// sentence every page repeats does not make pages alike, nor paragraphs that come again lower
    /// down. A page is compared with the `nearPages` pages that follow it: copies sit close (scanned
    /// again, printed twice).
    static func pagesAlike(_ pages: [[Line]], edges: [(page: Int, index: Int)]) -> Set<Int> {
        var edge = [Set<Int>](repeating: [], count: pages.count)
        for e in edges { edge[e.page].insert(e.index) }
        // Each body text by its id (`WordCounts`: its bytes hashed once, not a String hashed in
        // two dictionaries: 0.1 G of a 311-page manual's serial rest).
        var texts = WordCounts()
        var bodies = [[Int: Double]](repeating: [:], count: pages.count)   // text id → top (-1: no place)
        var onPages: [[Int]] = []                                           // by text id: the pages
        for (p, lines) in pages.enumerated() {
            bodies[p].reserveCapacity(lines.count)
            for (i, line) in lines.enumerated() where !edge[p].contains(i) {
                // Its own words and numbers as read (a key masks the numbers: pages of one template
                // would be alike), with three letters at least (ASCII letters or characters beyond).
                let text = line.text
                var letters = 0
                for b in text.utf8 where b &- 0x41 < 26 || b &- 0x61 < 26 || b >= 0xC0 { letters += 1; if letters == 3 { break } }
                guard letters >= 3 else { continue }
                let id = texts.add(text)
                if id == onPages.count { onPages.append([]) }
                // Its first place on its page is kept.
                guard bodies[p][id] == nil else { continue }
                bodies[p][id] = line.top ?? -1
                onPages[id].append(p)
            }
        }
        var shared: [Int: Int] = [:]            // p * pages.count + q (p < q) → lines in common
        for (id, list) in onPages.enumerated() where list.count >= 2 {
            for a in list.indices {
                for b in (a + 1)..<min(list.count, a + 1 + nearPages) {
                    let p = list[a], q = list[b]
                    guard abs(bodies[p][id]! - bodies[q][id]!) <= samePlaceScanned else { continue }
                    shared[p * pages.count + q, default: 0] += 1
                }
            }
        }
        var alike = Set<Int>()
        for (pair, n) in shared {
            let p = pair / pages.count, q = pair % pages.count
            let smaller = min(bodies[p].count, bodies[q].count)
            if smaller >= 2 && 2 * n >= smaller { alike.insert(p); alike.insert(q) }
        }
        return alike
    }

    /// The median height of a page's placed lines (a fraction of the page's height).
    static func medianHeight(_ lines: [Line]) -> Double {
        let heights = lines.compactMap { l in l.top.flatMap { t in l.bottom.map { $0 - t } } }.sorted()
        return heights.isEmpty ? 0 : heights[heights.count / 2]
    }

    /// The first and last `edgeLines` non-blank lines, never the same twice.
    private static func textEdges(_ lines: [Line]) -> [(Int, Int)] {
        var out: [(Int, Int)] = []
        var i = 0
        while i < lines.count && out.count < edgeLines {
            if !isBlank(lines[i].text) { out.append((i, 0)) }
            i += 1
        }
        var j = lines.count - 1, bottom = 0
        while j >= i && bottom < edgeLines {
            if !isBlank(lines[j].text) { out.append((j, 1)); bottom += 1 }
            j -= 1
        }
        return out
    }

    /// The lines of the rows at the page's top and bottom that are set apart from the body: rows
    /// inside the band up to the first clear gap (at most `edgeLines` rows), or the outermost row
    /// alone when no clear gap comes first; the other rows of the band among the first
    /// `edgeLines` (page numbers only: a page number above a footer); and the lines wholly inside
    /// a side band.
    private static func geometricEdges(_ lines: [Line]) -> [(Int, Int, Bool)] {
        let ids = lines.indices.filter { !isBlank(lines[$0].text) }.sorted { lines[$0].top! < lines[$1].top! }
        // Rows: lines whose boxes overlap by half the smaller height (side-by-side header parts).
        var rows: [(ids: [Int], top: Double, bottom: Double)] = []
        for id in ids {
            let t = lines[id].top!, b = lines[id].bottom!
            if var last = rows.last, min(last.bottom, b) - max(last.top, t) >= 0.5 * min(last.bottom - last.top, b - t) {
                last.ids.append(id); last.top = min(last.top, t); last.bottom = max(last.bottom, b)
                rows[rows.count - 1] = last
            } else {
                rows.append(([id], t, b))
            }
        }
        func clearGap(_ a: (ids: [Int], top: Double, bottom: Double), _ b: (ids: [Int], top: Double, bottom: Double)) -> Bool {
            let gap = b.top - a.bottom
            return gap >= 0.5 * max(a.bottom - a.top, b.bottom - b.top, 0.004)
        }
        // The widest row of the page: the body's measure.
        let measure = rows.map { row in
            let l = row.ids.compactMap { lines[$0].left }.min() ?? 0, r = row.ids.compactMap { lines[$0].right }.max() ?? 0
            return r - l
        }.max() ?? 0
        /// An outermost row with no clear gap to the next that reads as the body's first or last
        /// line — a line of running text across the measure, or one whose sentence goes on in lower
        /// case below — is the body, whatever repeats: pages alike (a worksheet printed twice, the
        /// same page five times) would otherwise lose it as a "header" set without a gap.
        func readsAsBody(_ row: (ids: [Int], top: Double, bottom: Double), next: (ids: [Int], top: Double, bottom: Double)?) -> Bool {
            let text = row.ids.map { lines[$0].text }.joined(separator: " ").trimmingCharacters(in: .whitespaces)
            let l = row.ids.compactMap { lines[$0].left }.min(), r = row.ids.compactMap { lines[$0].right }.max()
            if let l, let r, measure > 0, r - l >= 0.9 * measure, text.split(separator: " ").count >= 8 { return true }
            guard let next, let last = text.last, !".:!?;…".contains(last) else { return false }
            let below = next.ids.map { lines[$0].text }.joined(separator: " ").first { !$0.isWhitespace }
            return below?.isLowercase == true
        }
        var out: [(Int, Int, Bool)] = []
        var topRows = 0, topReach = 0
        if let first = rows.first, first.top <= band {
            topRows = 1
            var gapFound = false
            for k in 0..<min(edgeLines, rows.count - 1) {
                guard rows[k].top <= band else { break }
                if clearGap(rows[k], rows[k + 1]) { topRows = k + 1; gapFound = true; break }
            }
            if !gapFound && readsAsBody(first, next: rows.count > 1 ? rows[1] : nil) { topRows = 0 }
            topReach = topRows
            while topReach < min(edgeLines, rows.count) && rows[topReach].top <= band { topReach += 1 }
            for (k, row) in rows[..<topReach].enumerated() { for id in row.ids { out.append((id, 0, k >= topRows)) } }
        }
        if rows.count > topReach, let last = rows.last, last.bottom >= 1 - band {
            var bottomRows = 1
            var k = rows.count - 1
            var gapFound = false
            while k > topReach && rows.count - k <= edgeLines && rows[k].bottom >= 1 - band {
                if clearGap(rows[k - 1], rows[k]) { bottomRows = rows.count - k; gapFound = true; break }
                k -= 1
            }
            if !gapFound && readsAsBody(last, next: nil) { bottomRows = 0 }
            var bottomReach = bottomRows
            while bottomReach < min(edgeLines, rows.count - topReach) && rows[rows.count - 1 - bottomReach].bottom >= 1 - band {
                bottomReach += 1
            }
            for k in 0..<bottomReach { for id in rows[rows.count - 1 - k].ids { out.append((id, 1, k >= bottomRows)) } }
        }
        let taken = Set(out.map(\.0))
        for id in ids where !taken.contains(id) {
            guard let l = lines[id].left, let r = lines[id].right else { continue }
            if r <= sideBand { out.append((id, 2, false)) } else if l >= 1 - sideBand { out.append((id, 3, false)) }
        }
        return out
    }

    /// The candidates of a group of bare page numbers (`12`, `- 12 -`, `xiv`) that can be the
    /// pages' numbers: on each page those of the zone's outermost row (two book pages scanned side
    /// by side have two numbers there), and only numbers that run with the pages — a number in
    /// digits whose offset from its page index (or from twice it: two book pages a sheet) no other
    /// page's number shares is the page's text. A listing's `$ seq 3` output (`1 2 3`) at a page's
    /// foot went with its page number; debian-reference.fr p.63 lost the years `2001 2002 2003`
    /// of a table's last rows, read as page numbers with other pages' foot numbers.
    private static func pageNumbers(_ group: [Int], _ candidates: [Candidate], _ pages: [[Line]]) -> [Int] {
        // The outermost place of the group's candidates on each page (placed or by line index).
        func place(_ c: Candidate) -> Double { (c.position ?? Double(c.index)) * (c.zone == 0 ? -1 : 1) }
        var outermost: [Int: Double] = [:]
        for c in group { outermost[candidates[c].page] = max(outermost[candidates[c].page] ?? -.infinity, place(candidates[c])) }
        let kept = group.filter { c in
            let candidate = candidates[c], edge = outermost[candidate.page]!
            return candidate.position == nil ? place(candidate) == edge : edge - place(candidate) <= samePlaceScanned
        }
        let values = kept.map { c in numbers(pages[candidates[c].page][candidates[c].index].text).first }
        var offsets: [Int: Int] = [:], sheets: [Int: Int] = [:]
        for (c, value) in zip(kept, values) {
            guard let value else { continue }
            offsets[value - candidates[c].page, default: 0] += 1
            sheets[value - 2 * candidates[c].page, default: 0] += 1
        }
        return zip(kept, values).filter { c, value in
            guard let value else { return true }
            return offsets[value - candidates[c].page]! >= 2 || sheets[value - 2 * candidates[c].page]! >= 2
        }.map(\.0)
    }

    /// Whether the numbers of a line seen on several pages are the same everywhere, or all the
    /// same but one that follows the page number (at least 80 % at one offset): "Cours — 12" is
    /// running, "Gamma 1.0" / "Gamma 5.0" (the last digit runs equal, the first not) is not.
    private static func numbersFit(_ seen: [(page: Int, values: [Int])]) -> Bool {
        let tuples = Set(seen.map(\.values))
        if tuples.count <= 1 { return true }
        guard let width = tuples.first?.count, tuples.allSatisfy({ $0.count == width }) else { return false }
        let varying = (0..<width).filter { i in Set(seen.map { $0.values[i] }).count > 1 }
        guard varying.count == 1, let i = varying.first else { return false }
        var offsets: [Int: Int] = [:]
        for s in seen { offsets[s.values[i] - s.page, default: 0] += 1 }
        return Double(offsets.values.max() ?? 0) >= Double(seen.count) * 0.8
    }

    /// Every run of ASCII digits of a line (its first nine digits each).
    static func numbers(_ line: String) -> [Int] {
        var out: [Int] = []
        var value = 0, digits = 0
        for b in line.utf8 {
            if b &- 0x30 < 10 {
                if digits < 9 { value = value * 10 + Int(b &- 0x30) }
                digits += 1
            } else if digits > 0 {
                out.append(value); value = 0; digits = 0
            }
        }
        if digits > 0 { out.append(value) }
        return out
    }

    /// OCR reads one header a little differently from page to page ("Joumal of…"): a key within
    /// a fifth of its length in edits of a more frequent key of the same zone takes that key.
    private static func unifyKeys(_ candidates: inout [Candidate]) {
        var frequency: [String: Int] = [:]
        for c in candidates { frequency["\(c.zone)|\(c.key)", default: 0] += 1 }
        let order = frequency.keys.sorted { frequency[$0]! > frequency[$1]! || (frequency[$0]! == frequency[$1]! && $0 < $1) }
        var canonical: [String: String] = [:]
        var chosen: [[Unicode.Scalar]] = []
        var chosenNames: [String] = []
        for name in order {
            let scalars = Array(name.unicodeScalars)
            if scalars.count >= 6, let k = chosen.indices.first(where: { k in
                abs(chosen[k].count - scalars.count) * 5 <= scalars.count
                    && chosen[k].prefix(2) == scalars.prefix(2)         // same zone prefix "0|"
                    && editDistance(chosen[k], scalars) * 5 <= max(chosen[k].count, scalars.count)
            }) {
                canonical[name] = chosenNames[k]
            } else {
                chosen.append(scalars); chosenNames.append(name)
            }
        }
        for i in candidates.indices {
            let name = "\(candidates[i].zone)|\(candidates[i].key)"
            if let c = canonical[name] { candidates[i].key = String(c.dropFirst(2)) }
        }
    }

    /// Levenshtein distance.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        var row = Array(0...b.count)
        for i in 1...a.count {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = a[i - 1] == b[j - 1] ? previous : 1 + min(previous, row[j], row[j - 1])
                previous = current
            }
        }
        return row[b.count]
    }

    /// A line with nothing but whitespace (its key would be empty).
    static func isBlank(_ line: String) -> Bool {
        !line.unicodeScalars.contains { !$0.properties.isWhitespace }
    }

    /// Characters stripped around a token before it is judged a Roman numeral.
    private static let romanPunctuation: Set<Unicode.Scalar> = ["-", "–", "—", "(", ")", "[", "]", "|", ".", "·"]

    /// The comparison key of a line: lowercased, digit runs and lone Roman numerals masked as
    /// `#`, spaces collapsed. Scalar by scalar (it runs on every page's edge lines).
    public static func key(_ line: String) -> String {
        var out: [Unicode.Scalar] = []
        out.reserveCapacity(line.utf8.count)
        var tokenStart = 0
        var inDigits = false
        func endToken() {
            // A lone Roman numeral token (front-matter page numbers).
            var lo = tokenStart, hi = out.count
            while lo < hi, romanPunctuation.contains(out[lo]) { lo += 1 }
            while hi > lo, romanPunctuation.contains(out[hi - 1]) { hi -= 1 }
            guard hi > lo, hi - lo <= 6 else { return }
            for i in lo..<hi {
                switch out[i] { case "i", "v", "x", "l", "c": continue; default: return }
            }
            out.removeSubrange(tokenStart...)
            out.append("#")
        }
        func append(_ s: Unicode.Scalar) {
            if isWhitespace(s) {
                if tokenStart < out.count { endToken(); out.append(" "); tokenStart = out.count }
                inDigits = false
            } else if isNumber(s) {
                if !inDigits { out.append("#") }
                inDigits = true
            } else {
                inDigits = false
                out.append(s)
            }
        }
        for s in line.unicodeScalars {
            if s.value < 0x80 {
                append(s.value &- 0x41 < 26 ? Unicode.Scalar(s.value | 0x20)! : s)
            } else if s.properties.changesWhenLowercased {
                for l in s.properties.lowercaseMapping.unicodeScalars { append(l) }
            } else {
                append(s)
            }
        }
        if tokenStart < out.count { endToken() } else if out.last == " " { out.removeLast() }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(out.count)
        for s in out {
            if s.value < 0x80 { bytes.append(UInt8(s.value)) } else { UTF8.encode(s) { bytes.append($0) } }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @inline(__always) private static func isWhitespace(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? s.value == 0x20 || (0x09...0x0D).contains(s.value) : s.properties.isWhitespace
    }

    @inline(__always) private static func isNumber(_ s: Unicode.Scalar) -> Bool {
        s.value < 0x80 ? (0x30...0x39).contains(s.value) : s.properties.numericType != nil
    }

    private static let pageNumberPunctuation: Set<Unicode.Scalar> = ["-", "–", "—", "(", ")", "[", "]", "|", ".", "·", ",", ":"]
    private static let pageNumberWords: Set<String> = ["#", "page", "p", "seite", "pag", "/", "of", "sur", "de", "#/#"]

    /// "#", "- # -", "page #", "p. #", "# / #", "page # of #", "#/#", "[#]".
    static func isPageNumber(_ key: String) -> Bool {
        // A number is masked as `#`: a key without one is no page number (most keys, told
        // without splitting them into tokens).
        guard key.utf8.contains(UInt8(ascii: "#")) else { return false }
        var sawNumber = false
        for token in key.split(separator: " ") {
            var stripped = String.UnicodeScalarView()
            for s in token.unicodeScalars where !pageNumberPunctuation.contains(s) { stripped.append(s) }
            if stripped.isEmpty { continue }
            let word = String(stripped)
            guard pageNumberWords.contains(word) else { return false }
            if word.contains("#") { sawNumber = true }
        }
        return sawNumber
    }
}
