/// Exact Levenshtein distance (insertions, deletions and substitutions, each of cost 1) between two
/// sequences of symbols: Unicode scalars for the CER, word ids for the WER.
///
/// Why not the textbook table: a page of text is thousands of symbols and a book hundreds of
/// thousands, so the m×n cells are out of reach. This is the bit-parallel algorithm of Myers (1999)
/// in the blocked form of Hyyrö (2003): the shorter sequence is the *pattern*, cut into blocks of 64
/// rows held as bit vectors, and each symbol of the other sequence advances a whole block in a few
/// word operations. On top of it:
/// - the common prefix and suffix are dropped first (they cost nothing, and extracted texts share
///   most of theirs with the expected text);
/// - narrow passes first: a pass under a bound k computes only the blocks that meet the diagonal
///   band an alignment of cost ≤ k can use (Ukkonen), taking the cells left out at their largest
///   possible values, so it returns an upper bound of the distance, exact when it is ≤ k. With
///   errors spread along the text (OCR noise, extraction slips) the bound of a narrow band is
///   already the distance or close to it;
/// - then one pass exact under that bound, which drops every block that cannot hold a cell of an
///   alignment within it (its value plus the difference of the lengths left exceeds the bound):
///   the tighter the bound, the narrower the pass.
/// Similar texts, the usual case, so cost about O(n·d/64) instead of O(n·m/64); texts with little
/// in common still need most of the table.
/// Memory is O(m) words (two bit vectors per block, and the masks of the pattern's symbols).
public enum Levenshtein {
    /// The distance between `a` and `b`.
    public static func distance(_ a: [UInt32], _ b: [UInt32]) -> Int {
        a.withUnsafeBufferPointer { pa in b.withUnsafeBufferPointer { pb in distance(pa, pb) } }
    }

    /// The distance between `a` and `b`, read in place.
    public static func distance(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>) -> Int {
        distance(a, b, firstBand: 256, sparse: false)
    }

    /// `firstBand` (the slack of the first band over the length difference) and `sparse` (the
    /// sparse masks whatever the alphabet) let tests drive every path on small inputs.
    static func distance(_ a: UnsafeBufferPointer<UInt32>, _ b: UnsafeBufferPointer<UInt32>,
                         firstBand: Int, sparse: Bool) -> Int {
        guard let baseA = a.baseAddress, let baseB = b.baseAddress else { return max(a.count, b.count) }
        var start = 0, endA = a.count, endB = b.count
        while start < endA, start < endB, baseA[start] == baseB[start] { start += 1 }
        while endA > start, endB > start, baseA[endA - 1] == baseB[endB - 1] { endA -= 1; endB -= 1 }
        var pattern = UnsafeBufferPointer(start: baseA + start, count: endA - start)
        var text = UnsafeBufferPointer(start: baseB + start, count: endB - start)
        if pattern.count > text.count { swap(&pattern, &text) }
        let m = pattern.count, n = text.count
        if m == 0 { return n }
        if m == 1 { return text.contains(pattern[0]) ? n - 1 : n }

        let codes = Alphabet(pattern: pattern, text: text)
        defer { codes.deallocate() }
        let blocks = (m + 63) >> 6
        // A table indexed by (symbol, block) is the fastest lookup, but it grows with the alphabet
        // times the blocks: for words (tens of thousands of distinct ones) the masks are kept
        // sparse instead, one short list of (block, mask) per symbol.
        if !sparse, (codes.symbols + 1) * blocks <= 1 << 22 {
            let masks = DenseMasks(pattern: codes.pattern, symbols: codes.symbols, blocks: blocks)
            defer { masks.deallocate() }
            return widening(masks, text: codes.text, m: m, firstBand: firstBand)
        } else {
            let masks = SparseMasks(pattern: codes.pattern, symbols: codes.symbols, blocks: blocks)
            defer { masks.deallocate() }
            return widening(masks, text: codes.text, m: m, firstBand: firstBand)
        }
    }

    /// For tests: the two kinds of pass under `bound` on `a` and `b` as given (no prefix or suffix
    /// dropped, `a` the pattern, `a.count ≤ b.count`, `b.count − a.count ≤ bound`).
    static func passes(_ a: [UInt32], _ b: [UInt32], bound: Int) -> (banded: Int, pruned: Int?) {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                let codes = Alphabet(pattern: pa, text: pb)
                defer { codes.deallocate() }
                let m = a.count, blocks = (m + 63) >> 6
                let masks = DenseMasks(pattern: codes.pattern, symbols: codes.symbols, blocks: blocks)
                defer { masks.deallocate() }
                let vp = UnsafeMutablePointer<UInt64>.allocate(capacity: blocks)
                let vn = UnsafeMutablePointer<UInt64>.allocate(capacity: blocks)
                defer { vp.deallocate(); vn.deallocate() }
                let banded = banded(masks, text: codes.text, m: m, bound: bound, vp: vp, vn: vn)
                return (banded, pruned(masks, text: codes.text, m: m, bound: bound, vp: vp, vn: vn))
            }
        }
    }

    /// Narrow passes for an upper bound, then one pass that is exact under it. `m ≤ n`.
    ///
    /// Why this schedule: a pass over a narrow band is cheap and its result, an upper bound, is
    /// most often the distance already (errors spread along the text keep the best alignment near
    /// the diagonal). The band is widened ×4 until the bound stops improving or the band would
    /// reach it; then `pruned` under the bound gives the distance, and prunes hard exactly because
    /// the bound is tight.
    static func widening<Masks: BlockMasks>(_ masks: Masks, text: UnsafeBufferPointer<UInt32>, m: Int,
                                            firstBand: Int) -> Int {
        let n = text.count
        if m <= 64 { return singleBlock(masks, text: text, m: m) }
        let blocks = (m + 63) >> 6
        let vp = UnsafeMutablePointer<UInt64>.allocate(capacity: blocks)
        let vn = UnsafeMutablePointer<UInt64>.allocate(capacity: blocks)
        defer { vp.deallocate(); vn.deallocate() }
        var bound = min(n, n - m + firstBand)
        var best = n
        while true {
            let found = banded(masks, text: text, m: m, bound: bound, vp: vp, vn: vn)
            if found <= bound { return found }
            let stalled = found >= best
            best = min(best, found)
            // The pruned pass costs about as much as a band of half the bound: widen while a
            // wider band is still much cheaper than that, and the texts are alike enough for a
            // band to tighten the bound.
            if stalled || bound * 8 >= best || best * 2 >= m { break }
            bound = max(bound * 4, bound + 1)
        }
        if let exact = pruned(masks, text: text, m: m, bound: best, vp: vp, vn: vn), exact <= best { return exact }
        // Unreachable (`best` bounds the distance, so the pruned pass keeps an optimal path);
        // the widest band is exact in any case.
        return banded(masks, text: text, m: m, bound: n, vp: vp, vn: vn)
    }

    /// The whole pattern in one 64-bit word: Myers' original algorithm, no band.
    static func singleBlock<Masks: BlockMasks>(_ masks: Masks, text: UnsafeBufferPointer<UInt32>, m: Int) -> Int {
        var vp = UInt64.max, vn: UInt64 = 0
        let shift = UInt64(m - 1)
        var score = m
        for c in text {
            var cursor = masks.cursor(c, from: 0)
            var hp: UInt64 = 1, hn: UInt64 = 0
            advance(masks.mask(&cursor, 0), &vp, &vn, &hp, &hn, shift)
            score += Int(hp) - Int(hn)
        }
        return score
    }

    /// One column of one block: the vertical deltas `vp`/`vn` (bit r: row r+1 of the block is one
    /// more / one less than the row above) move one symbol to the right. `hp`/`hn` carry the
    /// horizontal delta of the row above the block in, and of row `outShift` + 1 out.
    @inline(__always)
    static func advance(_ eq: UInt64, _ vp: inout UInt64, _ vn: inout UInt64,
                        _ hp: inout UInt64, _ hn: inout UInt64, _ outShift: UInt64) {
        let pv = vp, mv = vn
        let x = eq | hn
        let d0 = (((x & pv) &+ pv) ^ pv) | x | mv
        var hPlus = mv | ~(d0 | pv)
        var hMinus = d0 & pv
        let plusOut = (hPlus >> outShift) & 1, minusOut = (hMinus >> outShift) & 1
        hPlus = (hPlus << 1) | hp
        hMinus = (hMinus << 1) | hn
        vp = hMinus | ~(d0 | hPlus)
        vn = hPlus & d0
        hp = plusOut; hn = minusOut
    }

    /// One pass over the text computing only the blocks that meet the band of an alignment of
    /// cost ≤ `bound` (`bound ≥ n − m`). Returns the value found for the bottom-right cell: an
    /// upper bound of the distance, and the distance itself when it is ≤ `bound`.
    ///
    /// Why the values stay upper bounds: a block entering the band at the bottom starts as if each
    /// of its rows cost one more than the row above (`vp` all ones), and the top of the first block
    /// computed is taken as one more than the cell to its left; both are the most a cell can cost
    /// over its neighbour, and the recurrence is monotone.
    static func banded<Masks: BlockMasks>(_ masks: Masks, text: UnsafeBufferPointer<UInt32>, m: Int, bound: Int,
                                          vp: UnsafeMutablePointer<UInt64>, vn: UnsafeMutablePointer<UInt64>) -> Int {
        let n = text.count
        let blocks = (m + 63) >> 6
        vp.update(repeating: .max, count: blocks)
        vn.update(repeating: 0, count: blocks)
        let delta = n - m
        // Diagonals j − i an alignment of cost ≤ bound may use: |d| + |δ − d| ≤ bound.
        let highDiagonal = (delta + bound) >> 1
        let lowDiagonal = -((bound - delta) >> 1)
        let lastShift = UInt64((m - 1) & 63)

        // Rows are 1...m, row i lives in bit (i − 1) & 63 of block (i − 1) >> 6.
        @inline(__always) func blockRange(_ column: Int) -> (Int, Int) {
            let low = max(1, column - highDiagonal), high = min(m, column - lowDiagonal)
            return ((low - 1) >> 6, (high - 1) >> 6)
        }
        @inline(__always) func bottomRow(_ block: Int) -> Int { min((block + 1) << 6, m) }

        // The score tracked is the value at the bottom row of the last block in the band.
        var tracked = blockRange(1).1
        var score = bottomRow(tracked)
        for j in 1...n {
            let (first, last) = blockRange(j)
            while tracked < last {
                tracked += 1
                score += bottomRow(tracked) - bottomRow(tracked - 1)
            }
            var cursor = masks.cursor(text[j - 1], from: first)
            // Horizontal delta entering the top of the block: +1 (row 0, or the upper bound).
            var hp: UInt64 = 1, hn: UInt64 = 0
            var b = first
            while b < last {
                advance(masks.mask(&cursor, b), &vp[b], &vn[b], &hp, &hn, 63)
                b += 1
            }
            advance(masks.mask(&cursor, b), &vp[b], &vn[b], &hp, &hn, b == blocks - 1 ? lastShift : 63)
            score += Int(hp) - Int(hn)
        }
        return score
    }

    /// A pass exact whenever the distance is ≤ `bound`, computing only the blocks that may hold a
    /// cell of an alignment of that cost. Returns the bottom-right value, or nil once no cell is
    /// left (the distance is then > `bound`).
    ///
    /// Why it is exact: a cell (i, j) of an optimal alignment of cost d ≤ bound has
    /// D(i, j) + |(n − j) − (m − i)| ≤ d (what is left costs at least the difference of the
    /// lengths left). A block is dropped only when a lower bound of that sum over its cells
    /// exceeds `bound`, and one is added below the last only when its top cell may pass, which is
    /// enough: going down a column along an alignment, the sum never decreases. Cells never
    /// computed are taken as upper bounds, as in `banded`.
    static func pruned<Masks: BlockMasks>(_ masks: Masks, text: UnsafeBufferPointer<UInt32>, m: Int, bound: Int,
                                          vp: UnsafeMutablePointer<UInt64>, vn: UnsafeMutablePointer<UInt64>) -> Int? {
        let n = text.count
        let blocks = (m + 63) >> 6
        let lastShift = UInt64((m - 1) & 63)
        let finalMask: UInt64 = lastShift == 63 ? .max : (1 << (lastShift + 1)) - 1
        @inline(__always) func topRow(_ b: Int) -> Int { (b << 6) + 1 }
        @inline(__always) func bottomRow(_ b: Int) -> Int { min((b + 1) << 6, m) }
        /// Sum of the vertical deltas of block b: its bottom value minus the value above it.
        @inline(__always) func rise(_ b: Int) -> Int {
            let mask = b == blocks - 1 ? finalMask : .max
            return (vp[b] & mask).nonzeroBitCount - (vn[b] & mask).nonzeroBitCount
        }
        /// Whether block b, whose bottom value is `score`, may hold a cell of cost ≤ bound at
        /// column j. Values rise by at most one a row up; `target` is the row where the lengths
        /// left are equal.
        @inline(__always) func open(_ b: Int, _ score: Int, _ j: Int) -> Bool {
            let target = m - (n - j), top = topRow(b), bottom = bottomRow(b)
            let least = target >= top ? score - bottom + target : score - bottom + 2 * top - target
            return least <= bound
        }
        /// Whether the block below the last (bottom value `score`) may hold such a cell.
        @inline(__always) func worthAdding(_ below: Int, _ score: Int, _ j: Int) -> Bool {
            let target = m - (n - j)
            return score - 1 + abs(target - topRow(below)) <= bound
        }

        var first = 0, last = 0
        vp[0] = .max; vn[0] = 0
        var firstScore = bottomRow(0), lastScore = bottomRow(0)
        while last < blocks - 1, worthAdding(last + 1, lastScore, 0) {
            last += 1
            vp[last] = .max; vn[last] = 0
            lastScore = bottomRow(last)
        }
        for j in 1...n {
            let symbol = text[j - 1]
            var cursor = masks.cursor(symbol, from: first)
            var hp: UInt64 = 1, hn: UInt64 = 0
            var b = first
            if first < last {
                advance(masks.mask(&cursor, b), &vp[b], &vn[b], &hp, &hn, 63)
                firstScore += Int(hp) - Int(hn)
                b += 1
                while b < last {
                    advance(masks.mask(&cursor, b), &vp[b], &vn[b], &hp, &hn, 63)
                    b += 1
                }
            }
            advance(masks.mask(&cursor, b), &vp[b], &vn[b], &hp, &hn, b == blocks - 1 ? lastShift : 63)
            lastScore += Int(hp) - Int(hn)
            if first == last { firstScore = lastScore }

            // Below: a new block starts from the upper bound (each row one more than the one
            // above, at column j − 1) and takes the last block's carry.
            while last < blocks - 1, worthAdding(last + 1, lastScore, j) {
                let left = lastScore - Int(hp) + Int(hn)
                last += 1
                vp[last] = .max; vn[last] = 0
                lastScore = left + bottomRow(last) - bottomRow(last - 1)
                var newCursor = masks.cursor(symbol, from: last)
                advance(masks.mask(&newCursor, last), &vp[last], &vn[last], &hp, &hn,
                        last == blocks - 1 ? lastShift : 63)
                lastScore += Int(hp) - Int(hn)
            }
            while last > first, !open(last, lastScore, j) {
                lastScore -= rise(last)
                last -= 1
            }
            while first < last, !open(first, firstScore, j) {
                first += 1
                firstScore += rise(first)
            }
            if first == last {
                firstScore = lastScore
                if !open(first, firstScore, j) { return nil }
            }
        }
        return last == blocks - 1 ? lastScore : nil
    }
}

// MARK: - Symbols and masks

/// The symbols renumbered densely: the pattern's distinct symbols get 1...symbols, a symbol found
/// only in the text gets 0 (it matches no row). Small codes keep the mask tables small.
struct Alphabet {
    let pattern: UnsafeBufferPointer<UInt32>
    let text: UnsafeBufferPointer<UInt32>
    let symbols: Int

    init(pattern source: UnsafeBufferPointer<UInt32>, text other: UnsafeBufferPointer<UInt32>) {
        let p = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: source.count)
        let t = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: other.count)
        var largest: UInt32 = 0
        for s in source where s > largest { largest = s }
        var next: UInt32 = 0
        // A flat table when the symbols are small (Unicode scalars of most scripts, word ids);
        // a dictionary for the rare text full of high scalars.
        if Int(largest) <= max(1 << 17, 4 * (source.count + other.count)) {
            let table = UnsafeMutableBufferPointer<UInt32>.allocate(capacity: Int(largest) + 1)
            table.initialize(repeating: 0)
            defer { table.deallocate() }
            for (i, s) in source.enumerated() {
                var code = table[Int(s)]
                if code == 0 { next += 1; code = next; table[Int(s)] = code }
                p[i] = code
            }
            for (i, s) in other.enumerated() { t[i] = s <= largest ? table[Int(s)] : 0 }
        } else {
            var table: [UInt32: UInt32] = [:]
            table.reserveCapacity(min(source.count, 1 << 16))
            for (i, s) in source.enumerated() {
                if let code = table[s] { p[i] = code } else { next += 1; table[s] = next; p[i] = next }
            }
            for (i, s) in other.enumerated() { t[i] = table[s] ?? 0 }
        }
        pattern = UnsafeBufferPointer(p)
        text = UnsafeBufferPointer(t)
        symbols = Int(next)
    }

    func deallocate() {
        UnsafeMutableBufferPointer(mutating: pattern).deallocate()
        UnsafeMutableBufferPointer(mutating: text).deallocate()
    }
}

/// Where the pattern has a symbol, block by block: bit r of `mask(symbol, block)` is set when row
/// 64·block + r + 1 holds the symbol. Blocks are asked for in increasing order within a column,
/// which lets the sparse form walk its list instead of searching.
protocol BlockMasks {
    associatedtype Cursor
    func cursor(_ symbol: UInt32, from block: Int) -> Cursor
    func mask(_ cursor: inout Cursor, _ block: Int) -> UInt64
}

/// One row of `blocks` masks per symbol code (row 0, the text-only symbols, stays zero).
struct DenseMasks: BlockMasks {
    let table: UnsafeMutablePointer<UInt64>
    let blocks: Int

    init(pattern: UnsafeBufferPointer<UInt32>, symbols: Int, blocks: Int) {
        self.blocks = blocks
        let count = (symbols + 1) * blocks
        table = .allocate(capacity: count)
        table.initialize(repeating: 0, count: count)
        for (i, s) in pattern.enumerated() {
            table[Int(s) * blocks + (i >> 6)] |= 1 << UInt64(i & 63)
        }
    }

    func deallocate() { table.deallocate() }

    @inline(__always) func cursor(_ symbol: UInt32, from block: Int) -> UnsafeMutablePointer<UInt64> {
        table + Int(symbol) * blocks
    }
    @inline(__always) func mask(_ cursor: inout UnsafeMutablePointer<UInt64>, _ block: Int) -> UInt64 {
        cursor[block]
    }
}

/// Per symbol, the blocks where it occurs with their masks, in block order (CSR layout): memory
/// is at most one entry per row of the pattern, whatever the alphabet.
struct SparseMasks: BlockMasks {
    /// Entries of symbol s are `offsets[s] ..< offsets[s + 1]`.
    let offsets: UnsafeMutablePointer<Int>
    let blockOf: UnsafeMutablePointer<Int32>
    let masks: UnsafeMutablePointer<UInt64>

    init(pattern: UnsafeBufferPointer<UInt32>, symbols: Int, blocks: Int) {
        offsets = .allocate(capacity: symbols + 2)
        offsets.initialize(repeating: 0, count: symbols + 2)
        // Count one entry per (symbol, block) pair: a symbol's rows within a block are adjacent
        // in the scan only per symbol, so remember the last block seen for each.
        let lastBlock = UnsafeMutablePointer<Int32>.allocate(capacity: symbols + 1)
        lastBlock.initialize(repeating: -1, count: symbols + 1)
        defer { lastBlock.deallocate() }
        for (i, s) in pattern.enumerated() where lastBlock[Int(s)] != Int32(i >> 6) {
            lastBlock[Int(s)] = Int32(i >> 6)
            offsets[Int(s) + 1] += 1
        }
        for s in 0...symbols { offsets[s + 1] += offsets[s] }
        let total = offsets[symbols + 1]
        blockOf = .allocate(capacity: max(total, 1))
        masks = .allocate(capacity: max(total, 1))
        let fill = UnsafeMutablePointer<Int>.allocate(capacity: symbols + 1)
        fill.initialize(from: offsets, count: symbols + 1)
        defer { fill.deallocate() }
        lastBlock.update(repeating: -1, count: symbols + 1)
        for (i, s) in pattern.enumerated() {
            let code = Int(s), block = Int32(i >> 6), bit: UInt64 = 1 << UInt64(i & 63)
            if lastBlock[code] != block {
                lastBlock[code] = block
                blockOf[fill[code]] = block
                masks[fill[code]] = bit
                fill[code] += 1
            } else {
                masks[fill[code] - 1] |= bit
            }
        }
    }

    func deallocate() { offsets.deallocate(); blockOf.deallocate(); masks.deallocate() }

    struct Cursor { var at: Int; let end: Int }

    @inline(__always) func cursor(_ symbol: UInt32, from block: Int) -> Cursor {
        var low = offsets[Int(symbol)], high = offsets[Int(symbol) + 1]
        let end = high
        let target = Int32(block)
        while low < high {
            let mid = (low + high) >> 1
            if blockOf[mid] < target { low = mid + 1 } else { high = mid }
        }
        return Cursor(at: low, end: end)
    }
    @inline(__always) func mask(_ cursor: inout Cursor, _ block: Int) -> UInt64 {
        guard cursor.at < cursor.end, blockOf[cursor.at] == Int32(block) else { return 0 }
        defer { cursor.at += 1 }
        return masks[cursor.at]
    }
}
