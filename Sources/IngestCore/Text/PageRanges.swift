/// Page numbers as a person reads them in a message: "3, 5, 41–300" (sorted, runs joined).
public enum PageRanges {
    public static func text(_ pages: [Int]) -> String {
        var parts: [String] = []
        let p = pages.sorted()
        var i = 0
        while i < p.count {
            var j = i
            while j + 1 < p.count, p[j + 1] == p[j] + 1 { j += 1 }
            parts.append(j > i ? "\(p[i])–\(p[j])" : "\(p[i])")
            i = j + 1
        }
        return parts.joined(separator: ", ")
    }
}
