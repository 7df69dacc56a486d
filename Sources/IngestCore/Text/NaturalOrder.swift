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
        let x = chunks(a), y = chunks(b)
        for (p, q) in zip(x, y) {
            switch (p, q) {
            case let (.number(m, ms), .number(n, ns)):
                if m != n { return m.count != n.count ? m.count < n.count : m < n }
                if ms != ns { return ms < ns }   // "02" before "2" is arbitrary but fixed
            case let (.text(s), .text(t)):
                let ls = s.lowercased(), lt = t.lowercased()
                if ls != lt { return ls < lt }
            case (.number, .text): return true
            case (.text, .number): return false
            }
        }
        if x.count != y.count { return x.count < y.count }
        return a < b
    }

    private enum Chunk {
        /// Digits without leading zeros (compared by length then lexically: no overflow), and the original.
        case number(String, String)
        case text(String)
    }

    private static func chunks(_ s: String) -> [Chunk] {
        var out: [Chunk] = []
        var current = ""
        var inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if inDigits {
                let trimmed = String(current.drop { $0 == "0" })
                out.append(.number(trimmed, current))
            } else {
                out.append(.text(current))
            }
            current = ""
        }
        for ch in s {
            let digit = ch.isASCII && ch.isNumber
            if digit != inDigits { flush(); inDigits = digit }
            current.append(ch)
        }
        flush()
        return out
    }
}
