/// The long thin rules of an image whose rows are read as ink bits (bit `x % 64` of word `x / 64`
/// is pixel x; bits past the width are 0): a rendered PDF page (IngestPDF's `PageRules`) or a
/// scanned one (IngestOCR). Text is not a rule: glyph strokes are short, and the rows of a word
/// stack into blobs thicker than any rule.
///
/// One pass over the rows: runs along a row are read from its bits a word at a time, runs down
/// the columns from where a row's bits differ from the row above (a column's run starts where ink
/// appears and ends where it stops).
public enum InkRules {
    /// Shortest rule, in points (an em dash of 12 pt text is shorter).
    public static let minimumLength = 14.0
    /// Thickest rule, in points.
    public static let maximumThickness = 2.5

    /// How rules are told from ink: `scale` pixels per point, the shortest rule and the thickest,
    /// in points.
    public struct Measures: Sendable {
        public var scale: Double, minimumLength: Double, maximumThickness: Double
        public init(scale: Double, minimumLength: Double, maximumThickness: Double) {
            self.scale = scale; self.minimumLength = minimumLength; self.maximumThickness = maximumThickness
        }
    }

    /// The rules of a `width` × `height` image, in points from its top-left corner; `read(y, bits)`
    /// fills row y's ink bits.
    public static func rules(width: Int, height: Int, _ m: Measures,
                             read: (Int, UnsafeMutableBufferPointer<UInt64>) -> Void) -> (horizontal: [PageRule], vertical: [PageRule]) {
        let minimum = Int(m.minimumLength * m.scale)
        let words = (width + 63) / 64
        var rows = [[Run]](repeating: [], count: height)
        var columns = [[Run]](repeating: [], count: width)
        var columnStart = [Int](repeating: 0, count: width)
        var above = [UInt64](repeating: 0, count: words), current = above
        for y in 0..<height {
            current.withUnsafeMutableBufferPointer { bits in read(y, bits) }
            runs(current, width: width, minimum: minimum) { rows[y].append($0) }
            columnStart.withUnsafeMutableBufferPointer { starts in
                for w in 0..<words {
                    let now = current[w], before = above[w]
                    var appearing = now & ~before, stopping = before & ~now
                    while appearing != 0 {
                        starts[w << 6 | appearing.trailingZeroBitCount] = y
                        appearing &= appearing &- 1
                    }
                    while stopping != 0 {
                        let x = w << 6 | stopping.trailingZeroBitCount
                        if y - starts[x] >= minimum { columns[x].append(Run(first: starts[x], last: y - 1)) }
                        stopping &= stopping &- 1
                    }
                }
            }
            swap(&above, &current)
        }
        for w in 0..<words {
            var open = above[w]
            while open != 0 {
                let x = w << 6 | open.trailingZeroBitCount
                if height - columnStart[x] >= minimum { columns[x].append(Run(first: columnStart[x], last: height - 1)) }
                open &= open &- 1
            }
        }
        return (stacks(rows, m), stacks(columns, m))
    }

    /// The runs of set bits at least `minimum` long, in order.
    static func runs(_ bits: [UInt64], width: Int, minimum: Int, _ found: (Run) -> Void) {
        var x = 0
        while let first = next(bits, from: x, ink: true, width: width) {
            let end = next(bits, from: first, ink: false, width: width) ?? width
            if end - first >= minimum { found(Run(first: first, last: end - 1)) }
            x = end
        }
    }

    /// The first pixel from `x` on that is (or is not) ink; nil when none is before `width`.
    static func next(_ bits: [UInt64], from x: Int, ink: Bool, width: Int) -> Int? {
        guard x < width else { return nil }
        var w = x >> 6
        var word = (ink ? bits[w] : ~bits[w]) & (~0 << UInt64(x & 63))
        while word == 0 {
            w += 1
            guard w < bits.count else { return nil }
            word = ink ? bits[w] : ~bits[w]
        }
        let found = w << 6 | word.trailingZeroBitCount
        return found < width ? found : nil
    }

    /// A run of ink along a row or a column, from its `first` to its `last` pixel.
    struct Run: Equatable { var first: Int; var last: Int }

    /// Runs of consecutive rows (or columns) stacked over at most `maximumThickness`: each stack
    /// is one rule, at its middle, in points.
    static func stacks(_ lines: [[Run]], _ m: Measures) -> [PageRule] {
        let scale = m.scale
        let thickest = Int((m.maximumThickness * scale).rounded(.up))
        struct Open { var first: Int; var last: Int; var lower: Int; var upper: Int; var seen: Bool }
        var open: [Open] = []
        var rules: [PageRule] = []
        func close(_ o: Open) {
            guard o.last - o.first + 1 <= thickest else { return }
            rules.append(PageRule(position: Double(o.first + o.last + 1) / 2 / scale,
                                  lower: Double(o.lower) / scale, upper: Double(o.upper + 1) / scale))
        }
        for (line, runs) in lines.enumerated() {
            if runs.isEmpty && open.isEmpty { continue }
            for k in open.indices { open[k].seen = false }
            for run in runs {
                let (i, j) = (run.first, run.last)
                // Continues a stack when it covers most of it (a rule's rows share their ends).
                if let k = open.firstIndex(where: { o in !o.seen && min(o.upper, j) - max(o.lower, i) >= (max(o.upper, j) - min(o.lower, i)) * 8 / 10 }) {
                    open[k].last = line; open[k].seen = true
                    open[k].lower = min(open[k].lower, i); open[k].upper = max(open[k].upper, j)
                } else {
                    open.append(Open(first: line, last: line, lower: i, upper: j, seen: true))
                }
            }
            var kept: [Open] = []
            for o in open { if o.seen { kept.append(o) } else { close(o) } }
            open = kept
        }
        open.forEach(close)
        return rules
    }
}
