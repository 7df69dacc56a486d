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
            let first = buf
            buf.removeAll(keepingCapacity: true)
            var again = false
            first.withUnsafeBufferPointer { decode($0, into: &buf, sawAmp: &again) }
        }
        var out = [UInt8]()
        out.reserveCapacity(buf.count)
        var i = 0
        let n = buf.count
        var pendingSpace = false
        while i < n {
            let c = buf[i]
            if c == 0x3C, i + 1 < n, isTagStart(buf[i + 1]), let close = buf[(i + 1)...].firstIndex(of: 0x3E) {
                i = close + 1
                continue
            }
            if c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 {
                pendingSpace = !out.isEmpty
            } else {
                if pendingSpace { out.append(0x20); pendingSpace = false }
                out.append(c)
            }
            i += 1
        }
        var s = String(decoding: out, as: UTF8.self)
        if s.contains("&") { s = CaptionParser.decodeEntities(s) }  // rare named entities
        return s
    }

    @inline(__always) static func isTagStart(_ c: UInt8) -> Bool {
        (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2F || c == 0x21
    }

    /// Decodes `&amp; &lt; &gt; &quot; &apos; &#N; &#xN;`; other `&…;` are kept for a later pass.
    static func decode(_ b: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], sawAmp: inout Bool) {
        let n = b.count
        var i = 0
        while i < n {
            let c = b[i]
            guard c == 0x26 else { out.append(c); i += 1; continue }
            var semi = i + 1
            while semi < n && semi - i <= 10 && b[semi] != 0x3B { semi += 1 }
            guard semi < n, b[semi] == 0x3B else { out.append(c); sawAmp = true; i += 1; continue }
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
        switch Array(name) {
        case [0x61, 0x6D, 0x70]: return 0x26            // amp
        case [0x6C, 0x74]: return 0x3C                  // lt
        case [0x67, 0x74]: return 0x3E                  // gt
        case [0x71, 0x75, 0x6F, 0x74]: return 0x22      // quot
        case [0x61, 0x70, 0x6F, 0x73]: return 0x27      // apos
        case [0x6E, 0x62, 0x73, 0x70]: return 0x20      // nbsp: a space in captions
        default: return nil
        }
    }

    static func appendUTF8(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case 0..<0x80: out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (v >> 6))); out.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (v >> 12))); out.append(UInt8(0x80 | ((v >> 6) & 0x3F))); out.append(UInt8(0x80 | (v & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (v >> 18))); out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F))); out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }

    /// Sound annotations that are not speech: any `[…]` (YouTube's `[Musique]`, `[Music]`,
    /// `[Applaudissements]`, `[Rires]`), a few parenthesised ones, and music notes.
    static let parenthesisedAnnotations: Set<String> = [
        "musique", "music", "applaudissements", "applause", "rires", "laughter", "laughs", "rire",
        "inaudible", "silence", "bruit", "noise", "cheering", "acclamations",
    ]

    public static func dropAnnotations(_ s: String) -> String {
        guard s.contains("[") || s.contains("(") || s.contains("♪") || s.contains("♫") else { return s }
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
