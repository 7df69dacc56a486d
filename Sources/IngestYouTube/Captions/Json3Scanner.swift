import Foundation
import IngestCore

/// json3 read in one pass over the bytes, materializing only `events[].tStartMs`, `dDurationMs`
/// and `segs[].utf8` and skipping everything else (a DOM of an hour of json3 is ~100,000 values).
/// Same cues as `Json3Captions.parse` on the core JSON parser — a test holds them together.
/// Malformed input is `youtube.noCaptions`, never a crash; skipping is iterative (no recursion).
struct Json3Scanner {
    let b: UnsafeBufferPointer<UInt8>
    var i = 0

    struct Malformed: Error { var offset: Int }

    static func parse(_ data: Data) throws -> [Cue] {
        try data.withUnsafeBytes { raw -> [Cue] in
            var s = Json3Scanner(b: raw.bindMemory(to: UInt8.self))
            do { return try s.document() } catch let e as Malformed {
                throw IngestError(.youtubeNoCaptions, detail: "json3 captions are not valid JSON near byte \(e.offset)")
            }
        }
    }

    mutating func document() throws -> [Cue] {
        if b.count >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
        try expect(0x7B)
        var cues: [Cue]?
        try members { s, key in
            if key == .events { cues = try s.events() } else { try s.skipValue() }
        }
        ws()
        guard i == b.count else { throw Malformed(offset: i) }
        guard let cues else { throw IngestError(.youtubeNoCaptions, detail: "json3 captions without events") }
        return cues
    }

    mutating func events() throws -> [Cue] {
        var cues: [Cue] = []
        try elements { s in
            guard s.peek() == 0x7B else { try s.skipValue(); return }
            s.i += 1
            var start: Double?, duration: Double?
            var text: [UInt8] = []
            var hasSegs = false
            try s.members { s, key in
                switch key {
                case .tStartMs: start = try s.numberOrSkip()
                case .dDurationMs: duration = try s.numberOrSkip()
                case .segs:
                    guard s.peek() == 0x5B else { try s.skipValue(); return }
                    hasSegs = true
                    try s.elements { s in
                        guard s.peek() == 0x7B else { try s.skipValue(); return }
                        s.i += 1
                        try s.members { s, key in
                            if key == .utf8, s.peek() == 0x22 { try s.string(into: &text) } else { try s.skipValue() }
                        }
                    }
                default: try s.skipValue()
                }
            }
            guard hasSegs, let start else { return }
            // Newlines are line breaks on screen; trimmed like the DOM reader.
            for k in text.indices where text[k] == 0x0A { text[k] = 0x20 }
            var lo = 0, hi = text.count
            while lo < hi && (text[lo] == 0x20 || text[lo] == 0x09) { lo += 1 }
            while hi > lo && (text[hi - 1] == 0x20 || text[hi - 1] == 0x09) { hi -= 1 }
            guard hi > lo else { return }
            let s0 = start / 1000
            cues.append(Cue(start: s0, end: duration.map { s0 + $0 / 1000 }, text: String(decoding: text[lo..<hi], as: UTF8.self)))
        }
        return cues
    }

    // MARK: Structure

    @inline(__always) mutating func ws() {
        while i < b.count, b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09 { i += 1 }
    }
    @inline(__always) mutating func peek() -> UInt8? { ws(); return i < b.count ? b[i] : nil }
    mutating func expect(_ c: UInt8) throws { guard peek() == c else { throw Malformed(offset: i) }; i += 1 }

    /// `"key": value, …}` after the `{`; `body` must consume the value.
    mutating func members(_ body: (inout Json3Scanner, Key) throws -> Void) throws {
        if peek() == 0x7D { i += 1; return }
        while true {
            guard peek() == 0x22 else { throw Malformed(offset: i) }
            let key = try self.key()
            try expect(0x3A)
            _ = peek()
            try body(&self, key)
            switch peek() {
            case 0x2C: i += 1
            case 0x7D: i += 1; return
            default: throw Malformed(offset: i)
            }
        }
    }

    /// The member names we look for; anything else is `.other` and skipped.
    enum Key { case events, tStartMs, dDurationMs, segs, utf8, other }

    /// Reads a member name without building a string (escaped names are never ours).
    mutating func key() throws -> Key {
        let start = i + 1
        try skipString()
        let name = UnsafeBufferPointer(rebasing: b[start..<(i - 1)])
        switch name.count {
        case 6 where name.elementsEqual("events".utf8): return .events
        case 8 where name.elementsEqual("tStartMs".utf8): return .tStartMs
        case 11 where name.elementsEqual("dDurationMs".utf8): return .dDurationMs
        case 4 where name.elementsEqual("segs".utf8): return .segs
        case 4 where name.elementsEqual("utf8".utf8): return .utf8
        default: return .other
        }
    }

    /// `[value, …]`; `body` must consume each value.
    mutating func elements(_ body: (inout Json3Scanner) throws -> Void) throws {
        try expect(0x5B)
        if peek() == 0x5D { i += 1; return }
        while true {
            _ = peek()
            try body(&self)
            switch peek() {
            case 0x2C: i += 1
            case 0x5D: i += 1; return
            default: throw Malformed(offset: i)
            }
        }
    }

    /// A number, or nil after skipping any other value.
    mutating func numberOrSkip() throws -> Double? {
        let start = i
        while i < b.count, (b[i] >= 0x30 && b[i] <= 0x39) || b[i] == 0x2D || b[i] == 0x2B || b[i] == 0x2E || b[i] == 0x65 || b[i] == 0x45 { i += 1 }
        if i > start {
            // Plain integers (all of json3's times) without a string round trip.
            var v = 0.0
            var plain = true
            for k in start..<i { let c = b[k]; if c >= 0x30 && c <= 0x39 { v = v * 10 + Double(c - 0x30) } else { plain = false; break } }
            if plain && i - start <= 15 { return v }
            return Double(String(decoding: UnsafeBufferPointer(rebasing: b[start..<i]), as: UTF8.self))
        }
        try skipValue()
        return nil
    }

    /// Skips one value of any depth, iteratively.
    mutating func skipValue() throws {
        guard let c = peek() else { throw Malformed(offset: i) }
        switch c {
        case 0x22:
            try skipString()
        case 0x7B, 0x5B:
            var depth = 0
            while i < b.count {
                let d = b[i]
                if d == 0x22 { try skipString(); continue }
                if d == 0x7B || d == 0x5B { depth += 1 } else if d == 0x7D || d == 0x5D { depth -= 1 }
                i += 1
                if depth == 0 { return }
            }
            throw Malformed(offset: i)
        default:
            let start = i
            while i < b.count, !(b[i] == 0x2C || b[i] == 0x7D || b[i] == 0x5D || b[i] == 0x20 || b[i] == 0x0A || b[i] == 0x0D || b[i] == 0x09) { i += 1 }
            let word = UnsafeBufferPointer(rebasing: b[start..<i])
            let ok = word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) || word.elementsEqual("null".utf8)
                || (word.count > 0 && Double(String(decoding: word, as: UTF8.self)) != nil)
            if !ok { throw Malformed(offset: start) }
        }
    }

    mutating func skipString() throws {
        i += 1
        while i < b.count {
            if b[i] == 0x5C { i += 2; continue }
            if b[i] == 0x22 { i += 1; return }
            i += 1
        }
        throw Malformed(offset: i)
    }

    /// A JSON string's content, escapes decoded, appended to `out`.
    mutating func string(into out: inout [UInt8]) throws {
        i += 1
        while i < b.count {
            var j = i
            while j < b.count && b[j] != 0x22 && b[j] != 0x5C { j += 1 }
            if j > i { out.append(contentsOf: UnsafeBufferPointer(rebasing: b[i..<j])) }
            i = j
            guard i < b.count else { break }
            if b[i] == 0x22 { i += 1; return }
            // Escape.
            guard i + 1 < b.count else { break }
            let e = b[i + 1]
            i += 2
            switch e {
            case 0x22, 0x5C, 0x2F: out.append(e)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0C)
            case 0x6E: out.append(0x0A)
            case 0x72: out.append(0x0D)
            case 0x74: out.append(0x09)
            case 0x75:
                var v = try hex4()
                if (0xD800..<0xDC00).contains(v), i + 1 < b.count, b[i] == 0x5C, b[i + 1] == 0x75 {
                    let save = i
                    i += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) { v = 0x10000 + ((v - 0xD800) << 10) + (low - 0xDC00) } else { i = save }
                }
                if (0xD800..<0xE000).contains(v) { v = 0xFFFD }   // lone surrogate
                TextCleaner.appendUTF8(v, to: &out)
            default: throw Malformed(offset: i - 1)
            }
        }
        throw Malformed(offset: i)
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= b.count else { throw Malformed(offset: i) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = b[i]
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            default: throw Malformed(offset: i)
            }
            v = v << 4 | d
            i += 1
        }
        return v
    }
}
