/// A piece of the word-level comparison shown in the HTML report.
public enum DiffSegment: Equatable, Sendable {
    /// Tokens both texts have here.
    case same(String)
    /// Tokens of the expected text that the text lacks here.
    case missing(String)
    /// Tokens of the text that the expected text lacks here.
    case extra(String)
}

/// The text against its expected text token by token, for a person to read: tokens are the
/// whitespace-separated pieces of the normalized texts (`TextComparison.normalize`), so that
/// punctuation stays visible (`mot,` and `mot` differ). Adjacent tokens of one kind make one
/// segment, joined by single spaces; within a change, what is missing comes before what is extra.
///
/// The alignment is Myers' O(ND) difference in linear space (divide and conquer on the middle
/// snake), after the common prefix and suffix are set aside. Two bounds keep it from going
/// quadratic on texts that have little in common, at the price of a longer script than the
/// shortest one there:
/// - a search for a middle snake gives up after a number of edits that grows with the square root
///   of the sizes (at least 1,024) and splits at the furthest point it reached (GNU diff's
///   heuristic);
/// - past the common prefix and suffix, only the first `limit` tokens of each side are aligned;
///   the tokens after them end the middle as one `.missing` segment (the expected text's) then
///   one `.extra` (the text's).
/// Whatever the bounds, the `.same` and `.extra` segments spell the text's tokens in order, and
/// the `.same` and `.missing` ones the expected text's.
public enum WordDiff {
    /// The segments of `text` against `expected`; `limit` is how many tokens of each side are
    /// aligned past their common prefix and suffix (see the type).
    public static func segments(text: String, expected: String, limit: Int = 20_000) -> [DiffSegment] {
        let textTokens = tokens(TextComparison.normalize(text))
        let expectedTokens = tokens(TextComparison.normalize(expected))
        var ids = WordIDs()
        let a = expectedTokens.map { ids.id($0) }, b = textTokens.map { ids.id($0) }

        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix,
              a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let aEnd = a.count - suffix, bEnd = b.count - suffix
        let limit = max(limit, 0)
        let aCut = min(aEnd, prefix + limit), bCut = min(bEnd, prefix + limit)

        var deleted = [Bool](repeating: false, count: a.count)
        var inserted = [Bool](repeating: false, count: b.count)
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in
                deleted.withUnsafeMutableBufferPointer { del in
                    inserted.withUnsafeMutableBufferPointer { ins in
                        var script = Script(a: pa, b: pb, deleted: del, inserted: ins,
                                            xRange: prefix..<aCut, yRange: prefix..<bCut)
                        script.compare(prefix, aCut, prefix, bCut)
                    }
                }
            }
        }
        for i in aCut..<aEnd { deleted[i] = true }
        for j in bCut..<bEnd { inserted[j] = true }

        var builder = SegmentBuilder()
        var i = 0, j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, !deleted[i], !inserted[j] {
                builder.add(.same, textTokens[j]); i += 1; j += 1
                continue
            }
            // A change: its deleted tokens, then its inserted ones, until both sides align again.
            let before = (i, j)
            while i < a.count, deleted[i] { builder.add(.missing, expectedTokens[i]); i += 1 }
            while j < b.count, inserted[j] { builder.add(.extra, textTokens[j]); j += 1 }
            if before == (i, j) {
                // Unreachable with a consistent script; kept so that a bug cannot loop forever.
                if i < a.count { builder.add(.missing, expectedTokens[i]); i += 1 }
                else { builder.add(.extra, textTokens[j]); j += 1 }
            }
        }
        return builder.finish()
    }

    static func tokens(_ normalized: String) -> [Substring] {
        normalized.split(separator: " ", omittingEmptySubsequences: true)
    }
}

/// Joins tokens of one kind into a segment; a segment closes when the kind changes.
private struct SegmentBuilder {
    enum Kind { case same, missing, extra }
    private var segments: [DiffSegment] = []
    private var kind: Kind?
    private var text = ""

    mutating func add(_ k: Kind, _ token: Substring) {
        if k == kind {
            text += " "
        } else {
            close()
            kind = k
        }
        text += token
    }

    private mutating func close() {
        guard let kind else { return }
        switch kind {
        case .same: segments.append(.same(text))
        case .missing: segments.append(.missing(text))
        case .extra: segments.append(.extra(text))
        }
        text = ""
    }

    mutating func finish() -> [DiffSegment] {
        close()
        kind = nil
        return segments
    }
}

/// Marks the tokens of `a` deleted and of `b` inserted by a short edit script (see `WordDiff`).
/// The ranges left to compare are kept on a stack, not in recursion, so a long script cannot
/// exhaust the thread's stack.
private struct Script {
    let a: UnsafeBufferPointer<UInt32>
    let b: UnsafeBufferPointer<UInt32>
    let deleted: UnsafeMutableBufferPointer<Bool>
    let inserted: UnsafeMutableBufferPointer<Bool>
    /// Furthest x reached by the forward and the backward searches, by diagonal k = x − y
    /// (offset so that every diagonal of the whole comparison fits).
    var forward: [Int]
    var backward: [Int]
    let offset: Int
    /// Edits after which a middle-snake search settles for the best point it reached.
    let tooExpensive: Int

    /// `xRange` and `yRange`: the parts of `a` and `b` that will be compared (the vectors are
    /// sized for their diagonals only).
    init(a: UnsafeBufferPointer<UInt32>, b: UnsafeBufferPointer<UInt32>,
         deleted: UnsafeMutableBufferPointer<Bool>, inserted: UnsafeMutableBufferPointer<Bool>,
         xRange: Range<Int>, yRange: Range<Int>) {
        self.a = a; self.b = b; self.deleted = deleted; self.inserted = inserted
        let diagonals = xRange.count + yRange.count + 3
        forward = [Int](repeating: 0, count: diagonals)
        backward = [Int](repeating: 0, count: diagonals)
        // Diagonal k = x − y is at k + offset: from xRange.lowerBound − yRange.upperBound − 1 up.
        offset = yRange.upperBound - xRange.lowerBound + 1
        var expensive = 1, d = diagonals
        while d != 0 { d >>= 2; expensive <<= 1 }
        tooExpensive = max(1024, expensive)
    }

    mutating func compare(_ xStart: Int, _ xEnd: Int, _ yStart: Int, _ yEnd: Int) {
        var stack = [(xStart, xEnd, yStart, yEnd)]
        while let (x0, x1, y0, y1) = stack.popLast() {
            var xoff = x0, xlim = x1, yoff = y0, ylim = y1
            while xoff < xlim, yoff < ylim, a[xoff] == b[yoff] { xoff += 1; yoff += 1 }
            while xlim > xoff, ylim > yoff, a[xlim - 1] == b[ylim - 1] { xlim -= 1; ylim -= 1 }
            if xoff == xlim {
                for y in yoff..<ylim { inserted[y] = true }
            } else if yoff == ylim {
                for x in xoff..<xlim { deleted[x] = true }
            } else {
                let (xmid, ymid) = split(xoff, xlim, yoff, ylim)
                stack.append((xmid, xlim, ymid, ylim))
                stack.append((xoff, xmid, yoff, ymid))
            }
        }
    }

    /// A point (x, y) on a shortest path (or, past `tooExpensive`, on a good one) strictly between
    /// the corners; both ranges are non-empty and differ at both ends. After diffseq.c's `diag`.
    mutating func split(_ xoff: Int, _ xlim: Int, _ yoff: Int, _ ylim: Int) -> (Int, Int) {
        let a = self.a, b = self.b, o = offset, tooExpensive = self.tooExpensive
        return forward.withUnsafeMutableBufferPointer { fd in
            backward.withUnsafeMutableBufferPointer { bd in
                let dmin = xoff - ylim, dmax = xlim - yoff
                let fmid = xoff - yoff, bmid = xlim - ylim
                var fmin = fmid, fmax = fmid, bmin = bmid, bmax = bmid
                let odd = (fmid - bmid) & 1 != 0
                fd[fmid + o] = xoff
                bd[bmid + o] = xlim
                var c = 1
                while true {
                    // Forward: one more edit on every diagonal in reach.
                    if fmin > dmin { fmin -= 1; fd[fmin - 1 + o] = -1 } else { fmin += 1 }
                    if fmax < dmax { fmax += 1; fd[fmax + 1 + o] = -1 } else { fmax -= 1 }
                    var d = fmax
                    while d >= fmin {
                        let low = fd[d - 1 + o], high = fd[d + 1 + o]
                        var x = low >= high ? low + 1 : high
                        var y = x - d
                        while x < xlim, y < ylim, a[x] == b[y] { x += 1; y += 1 }
                        fd[d + o] = x
                        if odd, bmin <= d, d <= bmax, bd[d + o] <= x { return (x, y) }
                        d -= 2
                    }
                    // Backward.
                    if bmin > dmin { bmin -= 1; bd[bmin - 1 + o] = Int.max } else { bmin += 1 }
                    if bmax < dmax { bmax += 1; bd[bmax + 1 + o] = Int.max } else { bmax -= 1 }
                    d = bmax
                    while d >= bmin {
                        let low = bd[d - 1 + o], high = bd[d + 1 + o]
                        var x = low < high ? low : high - 1
                        var y = x - d
                        while x > xoff, y > yoff, a[x - 1] == b[y - 1] { x -= 1; y -= 1 }
                        bd[d + o] = x
                        if !odd, fmin <= d, d <= fmax, x <= fd[d + o] { return (x, y) }
                        d -= 2
                    }
                    if c >= tooExpensive {
                        // Too costly for a shortest script: split where a search got furthest.
                        var fBest = -1, fx = 0
                        d = fmax
                        while d >= fmin {
                            var x = min(fd[d + o], xlim), y = x - d
                            if ylim < y { x = ylim + d; y = ylim }
                            if fBest < x + y { fBest = x + y; fx = x }
                            d -= 2
                        }
                        var bBest = Int.max, bx = 0
                        d = bmax
                        while d >= bmin {
                            var x = max(xoff, bd[d + o]), y = x - d
                            if y < yoff { x = yoff + d; y = yoff }
                            if x + y < bBest { bBest = x + y; bx = x }
                            d -= 2
                        }
                        if (xlim + ylim) - bBest < fBest - (xoff + yoff) { return (fx, fBest - fx) }
                        return (bx, bBest - bx)
                    }
                    c += 1
                }
            }
        }
    }
}
