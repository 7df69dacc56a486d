import Foundation

/// TEDS (tree-edit-distance-based similarity, Zhong et al. 2020) between two tables, the figure
/// bench/tables/teds.py gives (this is its Swift form; `TableTEDSTests` holds them together).
///
/// A table is rows of cell texts; a cell spanning rows or columns holds its text in its top-left
/// slot and the slots it covers are empty (Ingest's `rows`). The tree is table → row → cell;
/// renaming a cell costs the normalised Levenshtein distance of the two texts (whitespace
/// collapsed, NFC), inserting or deleting any node costs 1. TEDS = 1 − distance ÷ the larger
/// tree's node count. Tree edit distance by Zhang & Shasha (1989): a table tree is three levels
/// deep, so its keyroots are few and the quadratic tables small.
public enum TableTEDS {
    /// The similarity of `found` to `truth`, in 0…1 (0 when nothing was found).
    public static func similarity(_ found: [[String]], _ truth: [[String]]) -> Double {
        guard !found.isEmpty else { return 0 }
        let a = Tree(found), b = Tree(truth)
        return 1 - distance(a, b) / Double(max(a.count, b.count))
    }

    /// The edit distance between the trees of two tables.
    public static func distance(_ found: [[String]], _ truth: [[String]]) -> Double {
        distance(Tree(found), Tree(truth))
    }

    /// A table's tree in post-order: each node's tag (0 table, 1 row, 2 cell), its text (cells),
    /// and the post-order index of its leftmost leaf.
    struct Tree {
        var tags: [UInt8] = []
        var texts: [[Unicode.Scalar]] = []
        var leftmost: [Int] = []
        var count: Int { tags.count }

        init(_ rows: [[String]]) {
            for row in rows {
                let first = tags.count
                for cell in row { append(2, TableTEDS.normalize(cell), leftmost: tags.count) }
                append(1, [], leftmost: row.isEmpty ? tags.count : first)
            }
            append(0, [], leftmost: 0)
        }

        private mutating func append(_ tag: UInt8, _ text: [Unicode.Scalar], leftmost l: Int) {
            tags.append(tag); texts.append(text); leftmost.append(l)
        }

        /// The nodes with no left sibling's leftmost leaf above them: the largest node of each
        /// distinct leftmost leaf, ascending.
        var keyroots: [Int] {
            var seen = Set<Int>(), out: [Int] = []
            for i in stride(from: count - 1, through: 0, by: -1) where seen.insert(leftmost[i]).inserted { out.append(i) }
            return out.sorted()
        }
    }

    /// Whitespace collapsed to single spaces, trimmed, NFC: as teds.py's `norm`.
    static func normalize(_ text: String) -> [Unicode.Scalar] {
        let words = text.precomposedStringWithCanonicalMapping.unicodeScalars
            .split(whereSeparator: { $0.properties.isWhitespace })
        var out: [Unicode.Scalar] = []
        for (i, w) in words.enumerated() {
            if i > 0 { out.append(" ") }
            out.append(contentsOf: w)
        }
        return out
    }

    static func rename(_ a: Tree, _ i: Int, _ b: Tree, _ j: Int) -> Double {
        guard a.tags[i] == b.tags[j] else { return 1 }
        guard a.tags[i] == 2 else { return 0 }
        let s = a.texts[i], t = b.texts[j]
        if s == t { return 0 }
        let d = Levenshtein.distance(s.map(\.value), t.map(\.value))
        return Double(d) / Double(max(s.count, t.count, 1))
    }

    static func distance(_ a: Tree, _ b: Tree) -> Double {
        let n = a.count, m = b.count
        var treeDistance = [Double](repeating: 0, count: n * m)
        for i in a.keyroots {
            for j in b.keyroots {
                let li = a.leftmost[i], lj = b.leftmost[j]
                let rows = i - li + 2, columns = j - lj + 2
                var forest = [Double](repeating: 0, count: rows * columns)
                for x in 1..<rows { forest[x * columns] = forest[(x - 1) * columns] + 1 }
                for y in 1..<columns { forest[y] = forest[y - 1] + 1 }
                for x in 1..<rows {
                    for y in 1..<columns {
                        let p = li + x - 1, q = lj + y - 1
                        let delete = forest[(x - 1) * columns + y] + 1, insert = forest[x * columns + y - 1] + 1
                        if a.leftmost[p] == li && b.leftmost[q] == lj {
                            let v = min(delete, insert, forest[(x - 1) * columns + y - 1] + rename(a, p, b, q))
                            forest[x * columns + y] = v
                            treeDistance[p * m + q] = v
                        } else {
                            let before = forest[(a.leftmost[p] - li) * columns + (b.leftmost[q] - lj)]
                            forest[x * columns + y] = min(delete, insert, before + treeDistance[p * m + q])
                        }
                    }
                }
            }
        }
        return treeDistance[(n - 1) * m + (m - 1)]
    }
}
