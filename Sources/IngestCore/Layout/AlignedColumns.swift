/// Tables without rules: consecutive text lines cut by wide gaps into segments that line up in
/// columns (a gutter no row crosses) over at least three rows.
public enum AlignedColumns {
    public static let minimumRows = 3

    public static func find(words: [PageWord], pageWidth: Double) -> [PageTable] {
        find(lines: WordLines.group(words), pageWidth: pageWidth)
    }

    /// `find(words:pageWidth:)` of words already grouped by `WordLines.group`.
    public static func find(lines: [[PageWord]], pageWidth: Double) -> [PageTable] {
        // Whether each line is cut into cells, found once: the run below asks it of a line again
        // at every line after it (a page of code listings asked it thousands of times).
        let cut = lines.map { WordLines.segments($0).count >= 2 }
        var tables: [PageTable] = []
        // A run of lines close together, its first line cut into cells; lines not cut may be cells
        // wrapped onto a line of their own. `start` is the run's first line in `lines`.
        var start = 0, end = 0
        // The columns of the run's cut lines so far, by the run's start and how many cut lines it
        // holds (lines are added in order: the same two numbers are the same lines).
        var known: (start: Int, cuts: Int, left: Double, mono: Bool, boundaries: [Double])?
        var widestOf: (start: Int, end: Int, value: Double) = (-1, 0, 0)
        // Each line's `monospacedLine` verdict, found once (the run asks again at every cut line).
        var monospaced = [Bool?](repeating: nil, count: lines.count)
        func monospacedLine(_ i: Int) -> Bool? {
            if let known = monospaced[i] { return known }
            let verdict = Self.monospacedLine(lines[i])
            monospaced[i] = verdict
            return verdict
        }
        func close() {
            defer { start = end }
            // Lines not cut after the run's last cut line are `table`'s to take (a cell's last
            // lines) or leave (a paragraph after the table).
            var last = end
            while last > start && !cut[last - 1] { last -= 1 }
            var from = start
            while last - from >= minimumRows {
                let (found, stop) = table(lines[from..<end], above: from > 0 ? lines[from - 1] : nil, pageWidth: pageWidth)
                if let found { tables.append(found) }
                // The rows stopped at a line that does not fit the columns (a sentence between two
                // tables the run took as one): the lines from there may make a table of their own.
                guard let stop, stop < last, stop > from else { return }
                from = stop
                while from < last && !cut[from] { from += 1 }
            }
        }
        for (i, line) in lines.enumerated() {
            if end > start {
                let last = lines[end - 1]
                let h = max(last.lazy.map(\.height).max()!, line.lazy.map(\.height).max()!)
                let gap = line.lazy.map(\.y0).min()! - last.lazy.map(\.y1).max()!
                if gap > h * 1.5 { close(); end = i; start = i }
            }
            if end == start && !cut[i] { start = i + 1; end = i + 1; continue }
            // A line not cut that does not fit the columns found so far ends the run (a sentence
            // between two tables); so does one set further below than any line of the run from
            // the one above (a paragraph after the table, spaced from it, a short one fitting
            // the first column). Lines set in a monospaced font (code, verbatim text, whose
            // tables are `MonospacedTables`'): their words against the usual lines' gutters.
            if !cut[i] {
                let cuts = (start..<end).filter { cut[$0] }
                if cuts.count >= 2 {
                    if known.map({ $0.start != start || $0.cuts != cuts.count }) ?? true {
                        let cutLines = cuts.map { lines[$0] }
                        let all = cutLines.flatMap { $0 }
                        let left = all.map(\.x0).min()!, right = all.map(\.x1).max()!
                        // (Gutters every cut line leaves open: few lines, one with a cell
                        // empty, tell too little to end a run on; `table` tells its end.)
                        let mono = isMonospaced(cuts.map { monospacedLine($0) })
                        known = (start, cuts.count, left, mono, mono ? Gutters.boundaries(cutLines, left: left, right: right, minimum: 6)
                                    : alignedBoundaries(cutLines, left: left, right: right, everyRow: true).boundaries)
                    }
                    let (left, mono, boundaries) = (known!.left, known!.mono, known!.boundaries)
                    if mono {
                        if line.contains(where: { w in w.x0 < left - 2 || boundaries.contains { w.x0 < $0 && w.x1 > $0 } }) {
                            close(); start = i + 1; end = i + 1; continue
                        }
                    } else {
                        let top = { (k: Int) in lines[k].lazy.map(\.y0).min()! }
                        // (The widest pitch of the run so far, carried on as the run grows.)
                        if widestOf.start != start || widestOf.end > end { widestOf = (start, start + 1, -Double.infinity) }
                        for k in widestOf.end..<end { widestOf.value = max(widestOf.value, top(k) - top(k - 1)) }
                        widestOf.end = end
                        let widest = widestOf.value
                        // (Not cut, the line is one piece: across a boundary, even between two
                        // of its words, it is not a cell's.)
                        let (x0, x1) = (line.first!.x0, line.lazy.map(\.x1).max()!)
                        if top(i) - top(end - 1) > widest * 1.2 || x0 < left - 2 || boundaries.contains(where: { x0 < $0 && x1 > $0 }) {
                            close(); start = i + 1; end = i + 1; continue
                        }
                    }
                }
            }
            end = i + 1
        }
        close()
        return tables
    }

    /// The table of `run` (lines from a cut one on), and the index in `lines` of the line its rows
    /// stopped at when one did not fit its columns (nil when they took the run to its end).
    private static func table(_ lines: ArraySlice<[PageWord]>, above: [PageWord]?, pageWidth: Double, beside: Bool = false) -> (PageTable?, Int?) {
        // (`origin`: each line's index in `lines`.)
        let (run, origin) = withFormulaPieces(lines)
        let isCut = run.map { WordLines.segments($0).count >= 2 }
        let cutLines = zip(run, isCut).filter(\.1).map(\.0)
        guard cutLines.count >= minimumRows else { return (nil, nil) }
        // The lines after the last cut one: a cell's wrapped lines, or the text after the table.
        let lastCut = isCut.lastIndex(of: true)!
        let all = cutLines.flatMap { $0 }
        let left = all.map(\.x0).min()!, right = all.map(\.x1).max()!
        // Lines in a monospaced font (verbatim text, code): no cell wraps there, and its columns
        // are the gutters of the usual lines (the rules below for Writer's and Word's cells are
        // not asked).
        let mono = isMonospaced(cutLines)
        let (boundaries, starts) = alignedBoundaries(cutLines, left: left, right: right, moved: !mono)
        // Two columns across the page are as likely a two-column index or glossary (read column by
        // column), or marginal notes beside the text, as a table: only narrower pairs are taken.
        guard boundaries.count >= 2 || (boundaries.count == 1 && right - left < pageWidth * 0.5) else { return (nil, nil) }
        let probe = TableGrid(rows: [], boundaries: boundaries, left: left, right: right)
        func fits(_ line: [PageWord]) -> Bool {
            // Past the right edge only in the last column (a wrapped cell there may be wider).
            line.allSatisfy { w in w.x0 >= left - 2 && !boundaries.contains { w.x0 < $0 && w.x1 > $0 } }
                && WordLines.segments(line).allSatisfy { probe.column(of: $0.first!.x0) == probe.column(of: $0.last!.x1) }
        }
        // Rows: a cut line opens one, a line that fits the columns continues it (a wrapped cell);
        // one that does not ends the table.
        // Where rows are set further apart than the lines of a cell (Word's spacing after a cell's
        // paragraph), a line at the shorter pitch — closer than its own height, as lines of one
        // paragraph are — continues the row above even when it is cut.
        // (A line's foot and height: most of its words', not a script's or a formula's, set higher
        // or taller: an integral sign. Its foot, not its top: words of two fonts on one line reach
        // as low and not as high — scrguide-en p. 486's sans-serif `scrartcl and true for scrbook`
        // stood 5 pt lower than the lines of the serif text around it by their tops, and the row
        // under it was taken for the same row's next line.)
        let feet = run.map { line in line.map(\.y1).sorted()[line.count / 2] }
        func height(_ line: [PageWord]) -> Double { line.map(\.height).sorted()[line.count / 2] }
        let pitches = zip(feet.dropFirst(), feet).map { $0 - $1 }
        // (Between lines that fit the columns — not a caption's beside — and further apart at
        // least twice past the first line: scrguide-en p. 35's rows, at the shortest pitch but for
        // one wider space under its header, are rows.)
        let fitting = run.map(fits)
        let measured = pitches.indices.prefix(lastCut).filter { fitting[$0] && fitting[$0 + 1] }
        let shortest = measured.map { pitches[$0] }.min() ?? pitches.prefix(lastCut).min() ?? 0
        let spaced = measured.filter { $0 > 0 && pitches[$0] > shortest * 1.15 }.count >= 2
        // How far right each column's words reach (in the cut lines).
        var reach = [Double](repeating: -.infinity, count: boundaries.count + 1)
        for w in cutLines.joined() { let c = probe.column(of: w.midX); reach[c] = max(reach[c], w.x1) }
        // Whether `line` holds the next lines of cells of the line above it, wrapped there because
        // their first word did not fit: each of its cells under one of the line above that ends
        // too close to its column's edge (the next column's start, less a line's height for the
        // cell's margins) for that word and a space — one of them, not in the last column (whose
        // edge is not known), even without the margins — and at least one column empty.
        // Writer sets a table's rows at the pitch of a cell's lines: this is what tells them apart.
        func wrapped(_ line: [PageWord], below upper: [PageWord]) -> Bool {
            guard !mono else { return false }
            func byColumn(_ words: [PageWord]) -> [Int: [PageWord]] { Dictionary(grouping: words) { probe.column(of: $0.midX) } }
            let cells = byColumn(line), uppers = byColumn(upper)
            guard cells.count < boundaries.count + 1 else { return false }
            var sure = false
            for (c, words) in cells {
                // (A dot leader fills its cell to the edge: no word was pushed onto the next line.)
                guard let above = uppers[c], !(above.max { $0.x1 < $1.x1 }!.text.allSatisfy { $0 == "." }) else { return false }
                let first = words.min { $0.x0 < $1.x0 }!
                let edge = c < boundaries.count ? boundaries[c] : right
                let end = above.map(\.x1).max()! + first.height * 0.25 + (first.x1 - first.x0)
                guard end > edge - first.height else { return false }
                // (Sure too: a line above as wide as its column reaches, or cut at a hyphen — a
                // paragraph's line TeX set to the width of a `p` column, the last one included.)
                let last = above.max { $0.x1 < $1.x1 }!
                if (end > edge && c < boundaries.count) || last.x1 >= reach[c] - first.height * 0.5 || last.text.hasSuffix("-") { sure = true }
            }
            return sure
        }
        // Whether `line` opens a row of its own (its other cells empty) rather than going on with
        // the cells above: each of its cells under none, or its first word would have fitted after
        // the words above it in its column — within as wide as another line of the column reaches.
        func opensRow(_ line: [PageWord], below upper: [PageWord]) -> Bool {
            guard !mono else { return false }
            let uppers = Dictionary(grouping: upper) { probe.column(of: $0.midX) }
            return Dictionary(grouping: line) { probe.column(of: $0.midX) }.allSatisfy { c, words in
                guard let above = uppers[c] else { return true }
                let first = words.min { $0.x0 < $1.x0 }!, last = above.max { $0.x1 < $1.x1 }!
                // (A line above as wide as the column reaches, or cut at a hyphen, is a paragraph's
                // line TeX set to the column's width: its next line goes on with it.)
                guard last.x1 < reach[c] - first.height, !last.text.hasSuffix("-") else { return false }
                return last.x1 + first.height * 0.25 + (first.x1 - first.x0) <= reach[c]
            }
        }
        // A line cut only inside one column (a justified line's wide space after a full stop in
        // a column of text: scrguide-en p. 486, `the behaviour.   If the value of beforeskip`)
        // opens no row as a cut line does: it is read as a line of that column's cell. (The
        // run's first line opens the first row; lines in a monospaced font keep their rules: a
        // command's words are set apart by spaces as wide as a gutter.)
        let acrossColumns = run.indices.map { k in
            k == 0 || mono ? isCut[k] : isCut[k] && Set(WordLines.segments(run[k]).map { probe.column(of: $0[0].midX) }).count >= 2
        }
        var rows: [[PageWord]] = []
        var stop: Int?
        for (k, line) in run.enumerated() {
            let pitch = k > 0 ? feet[k] - feet[k - 1] : 0
            if k > lastCut {
                // Past the last cut line only a cell's wrapped lines, at its lines' pitch: closer
                // than the line's height where rows are set further apart (Word), else `wrapped`.
                guard !mono, pitch <= shortest * 1.08, fits(line),
                      spaced ? pitch < height(line) : wrapped(line, below: run[k - 1]) else { break }
                rows[rows.count - 1] += line
                continue
            }
            let continues = spaced && k > 0 && pitch <= shortest * 1.08 && pitch < height(line)
            let upper = k > 0 ? run[k - 1] : []
            if acrossColumns[k] && !(continues && fits(line)) && !(!spaced && k > 0 && fits(line) && wrapped(line, below: upper)) {
                rows.append(line)
            } else if !acrossColumns[k], k > 0, fits(line), spaced ? pitch > shortest * 1.15 && opensRow(line, below: upper) : opensRow(line, below: upper) {
                // A row whose other cells are empty (`Période sujet |  |`).
                rows.append(line)
            } else if fits(line), !rows.isEmpty { rows[rows.count - 1] += line }
            else { stop = origin[k]; break }
        }
        if mono { stop = nil }
        guard rows.count >= minimumRows else { return (nil, stop) }
        // A header cell aligned to its bottom starts a line higher ("Masse" over "atomique"): a line
        // right above, outside the first column, each piece aligned with the header's cell below it.
        if let above, fits(above), let first = rows.first, above.map(\.y1).max()! > first.map(\.y0).min()! - first[0].height * 0.8 {
            let headers = WordLines.segments(first)
            let aligned = WordLines.segments(above).allSatisfy { piece in
                let c = probe.column(of: piece[0].x0)
                return c > 0 && headers.contains { h in probe.column(of: h[0].x0) == c
                    && (abs(h[0].x0 - piece[0].x0) <= 2 || abs(h.last!.x1 - piece.last!.x1) <= 2) }
            }
            if aligned { rows[0] = above + rows[0] }
        }
        // Two columns of running text side by side are not a table: their lines are long and wordy.
        var columns = [[Double]](repeating: [], count: boundaries.count + 1)
        var wordCounts = [Int](repeating: 0, count: boundaries.count + 1)
        var crossings = 0
        for line in rows {
            // A word across a gutter: a cell spanning columns (cells set close together may run into
            // one segment without any word crossing).
            if boundaries.indices.contains(where: { Self.spans(line, boundaries[$0], start: starts[$0]) }) { crossings += 1 }
            var extent: [Int: (Double, Double)] = [:]
            for w in line {
                let c = probe.column(of: w.midX)
                let e = extent[c] ?? (w.x0, w.x1)
                extent[c] = (min(e.0, w.x0), max(e.1, w.x1))
                wordCounts[c] += 1
            }
            for (c, e) in extent { columns[c].append(e.1 - e.0) }
        }
        guard crossings * 5 <= rows.count else { return (nil, stop) }
        let prose = columns.indices.filter { c in
            let sorted = columns[c].sorted()
            guard !sorted.isEmpty else { return false }
            return sorted[sorted.count / 2] > pageWidth * 0.28 || wordCounts[c] > sorted.count * 6
        }
        if prose.count >= 2 { return (nil, stop) }
        // Every column holds something in at least half of the rows, or it is stray text — but a
        // first column of labels, each on the first row of its group of rows (a `\multirow`:
        // `headings=big` over nine rows, scrguide-en's Table 3.15), from the header and the first
        // row on, each group of two rows or more.
        for c in columns.indices where columns[c].count * 2 < rows.count && !(c == 0 && labelsGroups(rows, probe)) {
            // A first column of a few lines beside the others: a caption set in the margin
            // (KOMA-Script's, scrguide-en p. 35): the table is the lines right of it.
            if c == 0, !beside, !mono, boundaries.count >= 2 {
                let kept = lines.map { $0.filter { $0.midX > boundaries[0] } }.filter { !$0.isEmpty }
                guard let first = kept.firstIndex(where: { WordLines.segments($0).count >= 2 }) else { return (nil, stop) }
                return (table(kept[first...], above: nil, pageWidth: pageWidth, beside: true).0, stop)
            }
            return (nil, stop)
        }
        // Text set in vertical lines (Japanese: pdfminer's jo.pdf) reads as rows of single
        // characters in many columns: not a table.
        if boundaries.count >= 9 {
            let pieces = rows.flatMap { WordLines.segments($0) }
            if pieces.filter({ $0.count == 1 && $0[0].text.count == 1 }).count * 5 >= pieces.count * 4 { return (nil, stop) }
        }
        // A column of bullets or numbers before text is a list (LibreOffice sets a list's markers
        // apart from their items), not a table.
        let markers = rows.compactMap { row in row.filter { probe.column(of: $0.midX) == 0 } }
        if markers.allSatisfy({ $0.count == 1 && isMarker($0[0].text) }) { return (nil, stop) }
        let gridRows = rows.map { TableGrid.Row(words: $0, top: $0.map(\.y0).min()!, bottom: $0.map(\.y1).max()!) }
        let grid = TableGrid(rows: gridRows, boundaries: boundaries, left: left, right: right)
        let cells = grid.cells(joinsAcross: { r, k in Self.spans(gridRows[r].words, boundaries[k], start: starts[k]) }, joinsDown: { _, _ in false })
        return (PageTable(x0: left, y0: gridRows.first!.top, x1: right, y1: gridRows.last!.bottom, rows: cells), stop)
    }

    /// `lines` with the pieces of formulas set as lines of their own (a radical sign, a fraction's
    /// numerator and denominator, scripts: lower than most lines of `lines`, by a sixth) put in
    /// the line of text nearest them that they overlap (with half its height around it): gnuplot's
    /// `length of x, √(real(x)² + imag(x)²)` (p. 37) set the rows it stood between at the pitch of
    /// a cell's lines, and two source rows came out as one. With each line's index in `lines`.
    static func withFormulaPieces(_ lines: ArraySlice<[PageWord]>) -> (lines: [[PageWord]], origin: [Int]) {
        let heights = lines.map { $0.lazy.map(\.height).max()! }
        let typical = heights.sorted()[heights.count / 2]
        guard heights.contains(where: { $0 < typical * 0.85 }) else { return (Array(lines), Array(lines.indices)) }
        var out: [[PageWord]] = [], origin: [Int] = []
        var pieces: [[PageWord]] = []
        for (k, line) in zip(lines.indices, lines) {
            if heights[k - lines.startIndex] < typical * 0.85 { pieces.append(line) } else { out.append(line); origin.append(k) }
        }
        guard !out.isEmpty else { return (Array(lines), Array(lines.indices)) }
        // Pieces touching side by side are one formula's (`√` and `π` over the `2` of √π/2).
        func touch(_ a: PageWord, _ b: PageWord) -> Bool {
            (abs(a.x0 - b.x1) <= 1 || abs(b.x0 - a.x1) <= 1) && a.y0 < b.y1 && b.y0 < a.y1
        }
        var k = 0
        while k < pieces.count {
            if let j = pieces.indices.first(where: { j in j != k && pieces[j].contains { a in pieces[k].contains { touch(a, $0) } } }) {
                pieces[min(j, k)] += pieces[max(j, k)]
                pieces.remove(at: max(j, k))
                k = 0
            } else { k += 1 }
        }
        let boxes = out.map { (top: $0.lazy.map(\.y0).min()!, bottom: $0.lazy.map(\.y1).max()!) }
        for piece in pieces {
            let top = piece.lazy.map(\.y0).min()!, bottom = piece.lazy.map(\.y1).max()!, middle = (top + bottom) / 2
            let near = boxes.indices.filter { i in
                let half = (boxes[i].bottom - boxes[i].top) / 2
                return top < boxes[i].bottom + half && bottom > boxes[i].top - half
            }
            guard let i = near.min(by: { abs((boxes[$0].top + boxes[$0].bottom) / 2 - middle) < abs((boxes[$1].top + boxes[$1].bottom) / 2 - middle) }) else {
                // Near no line: no formula's piece (the lines as they are).
                return (Array(lines), Array(lines.indices))
            }
            out[i] = (out[i] + piece).sorted { $0.x0 < $1.x0 }
        }
        return (out, origin)
    }

    /// Most lines set in a monospaced font (`WordLines.monospaced`), of those with three words of
    /// two characters or more (two such words may be as wide per character by chance), two at least.
    static func isMonospaced(_ lines: [[PageWord]]) -> Bool { isMonospaced(lines.map(monospacedLine)) }

    /// The same of each line's `monospacedLine`.
    static func isMonospaced(_ verdicts: [Bool?]) -> Bool {
        let telling = verdicts.compactMap { $0 }
        return telling.count >= 2 && telling.filter { $0 }.count * 2 > telling.count
    }

    /// Whether a line is set in a monospaced font; nil when it has fewer than three words of two
    /// characters or more to tell.
    static func monospacedLine(_ line: [PageWord]) -> Bool? {
        line.lazy.filter { $0.text.unicodeScalars.count >= 2 }.count >= 3 ? WordLines.monospaced(line) : nil
    }

    /// Whether the first column of `rows` holds labels of groups of rows: something in the first
    /// two rows (the header's and the first group's), then only on the first row of each group,
    /// every group two rows or more.
    static func labelsGroups(_ rows: [[PageWord]], _ probe: TableGrid) -> Bool {
        let labelled = rows.indices.filter { r in rows[r].contains { probe.column(of: $0.midX) == 0 } }
        guard rows.count >= 5, labelled.count >= 3, labelled.prefix(2) == [0, 1] else { return false }
        let starts = labelled.dropFirst() + [rows.count]
        return zip(starts, starts.dropFirst()).allSatisfy { $1 - $0 >= 2 }
    }

    /// The column boundaries of a run's cut lines (`Gutters`, from the lines cut into the usual
    /// number of cells), each moved to just before the column right of it where that column's
    /// cells start at one x (left-aligned, as Writer, Word and `l` set them) — with that start.
    /// A boundary in the middle of the gutter cut a cell run long in a line cut into fewer cells
    /// (`Force complément 652,95`: two cells a space apart), or a wrapped line reaching past it.
    /// Not moved over the start of a cell (a cell of the right column not starting there).
    static func alignedBoundaries(_ cutLines: [[PageWord]], left: Double, right: Double, everyRow: Bool = false,
                                  moved: Bool = true) -> (boundaries: [Double], starts: [Double?]) {
        var boundaries = Gutters.boundaries(cutLines, left: left, right: right, minimum: 6, everyRow: everyRow)
        var starts = [Double?](repeating: nil, count: boundaries.count)
        guard moved, !boundaries.isEmpty else { return (boundaries, starts) }
        let segments = cutLines.flatMap { WordLines.segments($0) }
        for k in boundaries.indices {
            let lower = boundaries[k], upper = k + 1 < boundaries.count ? boundaries[k + 1] : right
            let firsts = segments.map { $0[0].x0 }.filter { $0 > lower && $0 < upper }.sorted()
            guard firsts.count >= 2 else { continue }
            // The column's start: the leftmost x at which most of its cells start (within a point).
            guard let x = firsts.first(where: { x in firsts.filter { abs($0 - x) <= 1 }.count * 2 > firsts.count }) else { continue }
            let moved = x - 1
            guard moved > lower, !firsts.contains(where: { $0 < moved }),
                  !cutLines.joined().contains(where: { $0.x0 > lower && $0.x0 < moved && $0.x1 > moved }) else { continue }
            boundaries[k] = moved
            starts[k] = x
        }
        return (boundaries, starts)
    }

    /// Words set as one phrase (spaced less than a third of their height) that run across the
    /// boundary by more than a few points on each side: a cell spanning the two columns.
    /// `start`: where the cells of the column right of `x` start; a word starting there begins a
    /// cell of that column, however close to the word before it.
    public static func spans(_ words: [PageWord], _ x: Double, start: Double? = nil) -> Bool {
        var phrase: (x0: Double, x1: Double)?
        for w in words.sorted(by: { $0.x0 < $1.x0 }) {
            if let p = phrase, w.x0 - p.x1 < w.height * 0.35, !(start.map { abs(w.x0 - $0) <= 1 && p.x1 < w.x0 } ?? false) {
                phrase = (p.x0, w.x1)
            } else { phrase = (w.x0, w.x1) }
            if let p = phrase, p.x0 < x - 3 && p.x1 > x + 3 { return true }
        }
        return false
    }

    /// A bullet, or an enumerator: up to three digits, letters or roman numerals, then `.` or `)`.
    public static func isMarker(_ text: String) -> Bool {
        if text.count == 1, let c = text.first, !c.isLetter && !c.isNumber { return true }
        guard let last = text.last, last == "." || last == ")", text.count <= 4 else { return false }
        return text.dropLast().allSatisfy { $0.isNumber || $0.isLetter }
    }
}
