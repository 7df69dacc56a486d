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
        asciiLess(a, b) ?? characterLess(a, b)
    }

    /// `less` on Characters, for any names.
    static func characterLess(_ a: String, _ b: String) -> Bool {
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

    /// `less` for two ASCII names (nearly all of them), on bytes: the same steps, without
    /// building Characters (sorting a folder of a thousand files ran before any worker started).
    /// Nil when either name is not plain ASCII (or holds a CR, which forms one Character with LF).
    static func asciiLess(_ a: String, _ b: String) -> Bool? {
        var a = a, b = b
        return a.withUTF8 { x in
            b.withUTF8 { y -> Bool? in
                func plain(_ s: UnsafeBufferPointer<UInt8>) -> Bool { !s.contains { $0 >= 0x80 || $0 == 0x0D } }
                guard plain(x), plain(y) else { return nil }
                @inline(__always) func lower(_ c: UInt8) -> UInt8 { c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
                @inline(__always) func digit(_ c: UInt8) -> Bool { c >= 0x30 && c <= 0x39 }
                /// The digit run at `start` without its leading zeros, and the index after it.
                func run(_ s: UnsafeBufferPointer<UInt8>, _ start: Int) -> (Range<Int>, Int) {
                    var end = start
                    while end < s.count, digit(s[end]) { end += 1 }
                    var first = start
                    while first < end - 1, s[first] == 0x30 { first += 1 }
                    return (first..<end, end)
                }
                var i = 0, j = 0
                while i < x.count, j < y.count {
                    if digit(x[i]), digit(y[j]) {
                        let (m, ni) = run(x, i), (n, nj) = run(y, j)
                        if m.count != n.count { return m.count < n.count }
                        if !x[m].elementsEqual(y[n]) { return x[m].lexicographicallyPrecedes(y[n]) }
                        i = ni; j = nj
                        continue
                    }
                    let c = lower(x[i]), d = lower(y[j])
                    if c != d { return c < d }
                    i += 1; j += 1
                }
                if (x.count - i) != (y.count - j) { return (x.count - i) < (y.count - j) }
                return x.lexicographicallyPrecedes(y)
            }
        }
    }

    /// The digit run starting at `start`, leading zeros dropped, and the index after it.
    private static func digits(_ s: [Character], _ start: Int) -> ([Character], Int) {
        var end = start
        while end < s.count, isDigit(s[end]) { end += 1 }
        var first = start
        while first < end - 1, s[first] == "0" { first += 1 }
        return (Array(s[first..<end]), end)
    }
}
