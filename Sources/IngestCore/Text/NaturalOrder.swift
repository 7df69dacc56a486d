import Foundation

/// Orders file names the way a person reads them: runs of digits compare as numbers, so
/// `IMG_2.jpg` comes before `IMG_10.jpg`; letters compare without case first.
public func naturalOrder(_ urls: [URL]) -> [URL] {
    urls.sorted { NaturalOrder.less($0.lastPathComponent, $1.lastPathComponent) }
}

public enum NaturalOrder {
    /// True when `a` comes before `b` in natural order. Ties are broken by plain comparison so the
    /// order is total and stable across runs.
    public static func less(_ a: String, _ b: String) -> Bool {
        let x = Array(a.lowercased()), y = Array(b.lowercased())
        var i = 0, j = 0
        while i < x.count, j < y.count {
            if isDigit(x[i]), isDigit(y[j]) {
                let (m, ni) = digits(x, i), (n, nj) = digits(y, j)
                // Compared as numbers without converting (no overflow): length, then digits.
                if m.count != n.count { return m.count < n.count }
                if m != n { return m.lexicographicallyPrecedes(n) }
                i = ni; j = nj
                continue
            }
            if x[i] != y[j] { return x[i] < y[j] }
            i += 1; j += 1
        }
        if (x.count - i) != (y.count - j) { return (x.count - i) < (y.count - j) }
        return a < b
    }

    private static func isDigit(_ c: Character) -> Bool { c.isASCII && c.isNumber }

    /// The digit run starting at `start`, leading zeros dropped, and the index after it.
    private static func digits(_ s: [Character], _ start: Int) -> ([Character], Int) {
        var end = start
        while end < s.count, isDigit(s[end]) { end += 1 }
        var first = start
        while first < end - 1, s[first] == "0" { first += 1 }
        return (Array(s[first..<end]), end)
    }
}
