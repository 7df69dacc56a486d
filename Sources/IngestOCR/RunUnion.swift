/// Runs of pixels on sampled rows joined into marks (runs that touch, row to row) by a union-find
/// that keeps each mark's box and pixel count: how `PageInk` and `LineMarks` find a page's marks.
struct RunUnion {
    typealias Box = (x0: Int32, y0: Int32, x1: Int32, y1: Int32, area: Int32)
    private(set) var parent: [Int32] = []
    /// Each mark's box (inclusive, in sampled pixels) and pixels, kept at its root.
    private(set) var box: [Box] = []

    /// Runs added so far.
    var count: Int { parent.count }

    /// A new mark of one run, columns `start...end` of row `y`; its id.
    mutating func add(_ start: Int, _ end: Int, row y: Int) -> Int32 {
        let id = Int32(parent.count)
        parent.append(id)
        box.append((Int32(start), Int32(y), Int32(end), Int32(y), Int32(end - start + 1)))
        return id
    }

    /// The mark run `i` belongs to (paths halved on the way).
    mutating func root(_ i: Int32) -> Int32 {
        var i = i
        while parent[Int(i)] != i { parent[Int(i)] = parent[Int(parent[Int(i)])]; i = parent[Int(i)] }
        return i
    }

    /// Joins the marks of runs `a` and `b`.
    mutating func join(_ a: Int32, _ b: Int32) {
        let ra = root(a), rb = root(b)
        guard ra != rb else { return }
        parent[Int(rb)] = ra
        let p = box[Int(ra)], q = box[Int(rb)]
        box[Int(ra)] = (min(p.x0, q.x0), min(p.y0, q.y0), max(p.x1, q.x1), max(p.y1, q.y1), p.area + q.area)
    }
}
