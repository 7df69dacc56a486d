import Foundation
import IngestCore

/// YouTube timedtext XML, read with a byte scanner (no DOM): format 1 (`<text start dur>`, seconds),
/// format 2 (`<text t d>`, milliseconds) and srv3 (`<p t d>` with `<s>` word spans, milliseconds).
/// Text is XML-unescaped, then HTML-unescaped (YouTube escapes twice: `&amp;#39;`), tags removed,
/// whitespace collapsed — as youtube-transcript-api does.
public enum TimedTextXML {
    public static func parse(_ data: Data) -> [Cue] {
        data.withUnsafeBytes { raw in parse(raw.bindMemory(to: UInt8.self)) }
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>) -> [Cue] {
        var cues: [Cue] = []
        let n = b.count
        var i = 0
        while i < n {
            // Next `<text` or `<p` element start.
            guard b[i] == 0x3C, i + 2 < n else { i += 1; continue }
            let isText = i + 5 < n && b[i + 1] == 0x74 && b[i + 2] == 0x65 && b[i + 3] == 0x78 && b[i + 4] == 0x74 && isSpaceOrEnd(b[i + 5])
            let isP = b[i + 1] == 0x70 && isSpaceOrEnd(b[i + 2])
            guard isText || isP else { i += 1; continue }
            let nameEnd = i + (isText ? 5 : 2)
            // Attributes up to `>`, noting `/>`.
            var j = nameEnd
            var quote: UInt8 = 0
            while j < n {
                let c = b[j]
                if quote != 0 { if c == quote { quote = 0 } } else if c == 0x22 || c == 0x27 { quote = c } else if c == 0x3E { break }
                j += 1
            }
            guard j < n else { break }
            let selfClosing = j > nameEnd && b[j - 1] == 0x2F
            var start: Double?, dur: Double?
            var scale = 1.0
            attributes(b, nameEnd, j) { ns, ne, vs, ve in
                // start, dur (seconds); t, d (milliseconds)
                switch ne - ns {
                case 5 where b[ns] == 0x73 && b[ns + 1] == 0x74 && b[ns + 2] == 0x61 && b[ns + 3] == 0x72 && b[ns + 4] == 0x74:
                    start = number(b, vs, ve)
                case 3 where b[ns] == 0x64 && b[ns + 1] == 0x75 && b[ns + 2] == 0x72:
                    dur = number(b, vs, ve)
                case 1 where b[ns] == 0x74: start = number(b, vs, ve); scale = 0.001
                case 1 where b[ns] == 0x64: dur = number(b, vs, ve); scale = 0.001
                default: break
                }
            }
            i = j + 1
            if selfClosing { continue }
            // Content up to the matching close tag (`</text>` or `</p>`; srv3 `<s>` spans inside).
            let close: [UInt8] = isText ? [0x3C, 0x2F, 0x74, 0x65, 0x78, 0x74, 0x3E] : [0x3C, 0x2F, 0x70, 0x3E]
            var k = i
            var found = -1
            while k + close.count <= n {
                if b[k] == 0x3C && b[k + 1] == 0x2F {
                    var m = 2
                    while m < close.count && b[k + m] == close[m] { m += 1 }
                    if m == close.count { found = k; break }
                }
                k += 1
            }
            let contentEnd = found >= 0 ? found : n
            if let s = start, s.isFinite, s >= 0 {
                let text = TextCleaner.markupText(b, i, contentEnd)
                if !text.isEmpty {
                    let st = s * scale
                    cues.append(Cue(start: st, end: dur.map { st + $0 * scale }, text: text))
                }
            }
            i = found >= 0 ? contentEnd + close.count : n
        }
        return cues
    }

    @inline(__always) static func isSpaceOrEnd(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x3E || c == 0x2F }

    /// Calls `body(nameStart, nameEnd, valueStart, valueEnd)` for each `name="value"` in `b[from..<to]`.
    @inline(__always)
    static func attributes(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int, _ body: (Int, Int, Int, Int) -> Void) {
        var i = from
        while i < to {
            while i < to && (b[i] == 0x20 || b[i] == 0x09 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x2F) { i += 1 }
            let ns = i
            while i < to && b[i] != 0x3D && b[i] != 0x20 { i += 1 }
            let ne = i
            guard i < to, b[i] == 0x3D else { i += 1; continue }
            i += 1
            guard i < to, b[i] == 0x22 || b[i] == 0x27 else { continue }
            let q = b[i]
            i += 1
            let vs = i
            while i < to && b[i] != q { i += 1 }
            body(ns, ne, vs, i)
            i += 1
        }
    }

    /// A decimal number (`1.54`, `5700`), without allocating.
    static func number(_ b: UnsafeBufferPointer<UInt8>, _ s: Int, _ e: Int) -> Double? {
        var intPart = 0.0, frac = 0.0, scale = 1.0, seenDigit = false, inFrac = false
        var i = s
        while i < e {
            let c = b[i]
            if c >= 0x30 && c <= 0x39 {
                seenDigit = true
                if inFrac { scale /= 10; frac += Double(c - 0x30) * scale } else { intPart = intPart * 10 + Double(c - 0x30) }
            } else if c == 0x2E && !inFrac {
                inFrac = true
            } else {
                return nil
            }
            i += 1
        }
        return seenDigit ? intPart + frac : nil
    }
}
