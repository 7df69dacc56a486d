import Foundation
import IngestCore

/// Caption text clean-up on bytes: entities, tags, whitespace; and the annotations (`[Musique]`)
/// that are not speech.
public enum TextCleaner {
    /// The text of `b[from..<to]`: XML entities decoded, then HTML entities (YouTube escapes twice),
    /// tags removed, whitespace collapsed and trimmed.
    static func markupText(_ b: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> String {
        var buf = [UInt8]()
        buf.reserveCapacity(to - from)
        var hasAmp = false
        decode(UnsafeBufferPointer(rebasing: b[from..<to]), into: &buf, sawAmp: &hasAmp)
        if hasAmp {
            var second = [UInt8]()
            second.reserveCapacity(buf.count)
            var again = false
            buf.withUnsafeBufferPointer { decode($0, into: &second, sawAmp: &again) }
            buf = second
        }
        // Tags out, whitespace collapsed, in place.
        var leftAmp = false
        let w = buf.withUnsafeMutableBufferPointer { p -> Int in
            var w = 0
            var i = 0
            let n = p.count
            var pendingSpace = false
            while i < n {
                let c = p[i]
                if c == 0x3C, i + 1 < n, isTagStart(p[i + 1]) {
                    var k = i + 2
                    while k < n && p[k] != 0x3E { k += 1 }
                    if k < n {
                        // `<br/>` separates words; other tags (`<i>`, `<s>`, `<font>`) do not.
                        if k - i >= 3, p[i + 1] | 0x20 == 0x62, p[i + 2] | 0x20 == 0x72 { pendingSpace = w > 0 }
                        i = k + 1
                        continue
                    }
                }
                if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
                    pendingSpace = w > 0
                } else {
                    if pendingSpace { p[w] = 0x20; w += 1; pendingSpace = false }
                    if c == 0x26 { leftAmp = true }
                    p[w] = c
                    w += 1
                }
                i += 1
            }
            return w
        }
        let s = buf.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[0..<w]), as: UTF8.self) }
        return leftAmp ? CaptionParser.decodeEntities(s) : s  // rare named entities (&eacute;)
    }

    @inline(__always) static func isTagStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2F || c == 0x21
    }

    /// Decodes `&amp; &lt; &gt; &quot; &apos; &#N; &#xN;`; other `&…;` are kept for a later pass.
    static func decode(_ b: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], sawAmp: inout Bool) {
        let n = b.count
        var i = 0
        while i < n {
            // Copy the run up to the next `&` in one go.
            var j = i
            while j < n && b[j] != 0x26 { j += 1 }
            if j > i { out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<j])) }
            guard j < n else { return }
            i = j
            var semi = i + 1
            while semi < n && semi - i <= 10 && b[semi] != 0x3B { semi += 1 }
            guard semi < n, b[semi] == 0x3B else { out.append(0x26); sawAmp = true; i += 1; continue }
            let name = UnsafeBufferPointer(rebasing: b[(i + 1)..<semi])
            if let scalar = entityScalar(name) {
                appendUTF8(scalar, to: &out)
                if scalar == 0x26 { sawAmp = true }
            } else {
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i...semi]))
                sawAmp = true
            }
            i = semi + 1
        }
    }

    static func entityScalar(_ name: UnsafeBufferPointer<UInt8>) -> UInt32? {
        guard let first = name.first else { return nil }
        if first == 0x23 {  // '#'
            var v: UInt32 = 0
            var i = 1
            let hex = name.count > 1 && (name[1] == 0x78 || name[1] == 0x58)
            if hex { i = 2 }
            guard i < name.count else { return nil }
            while i < name.count {
                let c = name[i]
                let d: UInt32
                if c >= 0x30 && c <= 0x39 { d = UInt32(c - 0x30) }
                else if hex && c >= 0x61 && c <= 0x66 { d = UInt32(c - 0x61 + 10) }
                else if hex && c >= 0x41 && c <= 0x46 { d = UInt32(c - 0x41 + 10) }
                else { return nil }
                v = v &* (hex ? 16 : 10) &+ d
                if v > 0x10FFFF { return nil }
                i += 1
            }
            return Unicode.Scalar(v) == nil || v == 0 ? nil : v
        }
        @inline(__always) func matches(_ word: StaticString) -> Bool {
            guard word.utf8CodeUnitCount == name.count else { return false }
            let p = word.utf8Start
            for k in 0..<name.count where p[k] != name[k] { return false }
            return true
        }
        if matches("amp") { return 0x26 }
        if matches("lt") { return 0x3C }
        if matches("gt") { return 0x3E }
        if matches("quot") { return 0x22 }
        if matches("apos") { return 0x27 }
        if matches("nbsp") { return 0x20 }   // a space in captions
        return nil
    }

    static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) { UTF8Encoding.append(v, to: &out) }

    /// Sound annotations that are not speech: any `[…]` (YouTube's `[Musique]`, `[Music]`,
    /// `[Applaudissements]`, `[Rires]`), a few parenthesised ones, and music notes.
    static let parenthesisedAnnotations: Set<String> = [
        "musique", "music", "applaudissements", "applause", "rires", "laughter", "laughs", "rire",
        "inaudible", "silence", "bruit", "noise", "cheering", "acclamations",
    ]

    public static func dropAnnotations(_ s: String) -> String {
        // Fast path: no bracket, parenthesis or music note (U+266A/U+266B start with E2 99).
        var probe = s
        let worth = probe.withUTF8 { p in p.contains { $0 == 0x5B || $0 == 0x28 || $0 == 0xE2 } }
        guard worth else { return s }
        var out = ""
        var i = s.startIndex
        while i < s.endIndex {
            let ch = s[i]
            if ch == "[", let close = s[i...].firstIndex(of: "]") { i = s.index(after: close); continue }
            if ch == "(", let close = s[i...].firstIndex(of: ")"),
               parenthesisedAnnotations.contains(s[s.index(after: i)..<close].trimmingCharacters(in: .whitespaces).lowercased()) {
                i = s.index(after: close); continue
            }
            if ch == "♪" || ch == "♫" { i = s.index(after: i); continue }
            out.append(ch)
            i = s.index(after: i)
        }
        return out.split(whereSeparator: { $0 == " " }).joined(separator: " ")
    }
}
