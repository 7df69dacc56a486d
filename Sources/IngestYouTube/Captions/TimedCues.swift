import Foundation
import IngestCore

/// WebVTT and SRT read on bytes, with the semantics of the core's `CaptionParser` (blocks between
/// blank lines, a `-->` timing line, tags stripped, entities decoded, `NOTE`/`STYLE`/`REGION`
/// skipped) — a test holds it to the core parser's output. The core parser works on `String`
/// (splitting, replacing) and takes ~0.1 s for an hour of rolling auto-captions; YouTube tracks
/// are read here in one pass instead.
public enum TimedCues {
    public static func parse(_ data: Data, webVTT: Bool) -> [Cue] {
        data.withUnsafeBytes { raw in parse(raw.bindMemory(to: UInt8.self), webVTT: webVTT) }
    }

    static func parse(_ b: UnsafeBufferPointer<UInt8>, webVTT: Bool) -> [Cue] {
        var cues: [Cue] = []
        var lines: [Range<Int>] = []   // the current block's lines, `\r` removed
        let n = b.count
        var i = 0
        // A UTF-8 BOM is not text.
        if n >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { i = 3 }
        var lineStart = i
        while true {
            if i == n || b[i] == 0x0A || b[i] == 0x0D {
                if i > lineStart {
                    lines.append(lineStart..<i)
                } else if !lines.isEmpty {
                    // A blank line ends the block.
                    block(b, lines, webVTT: webVTT, into: &cues)
                    lines.removeAll(keepingCapacity: true)
                }
                if i == n { break }
                // `\r\n` and a lone `\r` end a line like `\n`.
                if b[i] == 0x0D && i + 1 < n && b[i + 1] == 0x0A { i += 1 }
                i += 1
                lineStart = i
            } else {
                i += 1
            }
        }
        if !lines.isEmpty { block(b, lines, webVTT: webVTT, into: &cues) }
        return cues
    }

    static func block(_ b: UnsafeBufferPointer<UInt8>, _ lines: [Range<Int>], webVTT: Bool, into cues: inout [Cue]) {
        guard !lines.isEmpty, let timingIndex = lines.firstIndex(where: { contains(b, $0, arrow) }) else { return }
        if webVTT {
            let first = lines[0]
            if starts(b, first, "NOTE") || starts(b, first, "STYLE") || starts(b, first, "REGION") { return }
        }
        let timing = lines[timingIndex]
        guard let arrowAt = find(b, timing, arrow) else { return }
        // Exactly one arrow.
        if find(b, (arrowAt + 3)..<timing.upperBound, arrow) != nil { return }
        guard let start = timestamp(b, trimmed(b, timing.lowerBound..<arrowAt)) else { return }
        var endField = trimmed(b, (arrowAt + 3)..<timing.upperBound)
        if let space = (endField.lowerBound..<endField.upperBound).first(where: { b[$0] == 0x20 }) { endField = endField.lowerBound..<space }
        let end = timestamp(b, endField)
        var body = [UInt8]()
        for (k, line) in lines[(timingIndex + 1)...].enumerated() {
            if k > 0 { body.append(0x0A) }
            stripTags(b, line, into: &body)
        }
        // Trim whitespace and newlines.
        var s = 0, e = body.count
        while s < e && isSpace(body[s]) { s += 1 }
        while e > s && isSpace(body[e - 1]) { e -= 1 }
        guard e > s else { return }
        var text: [UInt8] = []
        text.reserveCapacity(e - s)
        var amp = false
        body[s..<e].withUnsafeBufferPointer { TextCleaner.decode($0, into: &text, sawAmp: &amp) }
        var str = String(decoding: text, as: UTF8.self)
        if amp { str = CaptionParser.decodeEntities(str) }
        cues.append(Cue(start: start, end: end, text: str))
    }

    static let arrow: [UInt8] = [0x2D, 0x2D, 0x3E]

    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D }

    static func find(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ needle: [UInt8]) -> Int? {
        ByteSearch.firstIndex(of: needle, in: UnsafeRawBufferPointer(b), within: r)
    }

    static func contains(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ needle: [UInt8]) -> Bool { find(b, r, needle) != nil }

    static func starts(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, _ word: StaticString) -> Bool {
        guard r.count >= word.utf8CodeUnitCount else { return false }
        let p = word.utf8Start
        for k in 0..<word.utf8CodeUnitCount where b[r.lowerBound + k] != p[k] { return false }
        return true
    }

    /// Spaces and tabs off both ends.
    static func trimmed(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Range<Int> {
        var s = r.lowerBound, e = r.upperBound
        while s < e && (b[s] == 0x20 || b[s] == 0x09) { s += 1 }
        while e > s && (b[e - 1] == 0x20 || b[e - 1] == 0x09) { e -= 1 }
        return s..<e
    }

    /// `HH:MM:SS.mmm`, `MM:SS.mmm` (`,` accepted for `.`): seconds; only the last field may have a fraction.
    static func timestamp(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>) -> Double? {
        var total = 0.0
        var fields = 0
        var value = 0.0, scale = 1.0, inFrac = false, digits = false
        for i in r {
            let c = b[i]
            if c >= 0x30 && c <= 0x39 {
                digits = true
                if inFrac { scale /= 10; value += Double(c - 0x30) * scale } else { value = value * 10 + Double(c - 0x30) }
            } else if (c == 0x2E || c == 0x2C) && !inFrac {
                inFrac = true
            } else if c == 0x3A {
                guard digits, !inFrac else { return nil }
                total = total * 60 + value
                fields += 1
                value = 0; digits = false
            } else {
                return nil
            }
        }
        guard digits, (1...2).contains(fields) else { return nil }
        return total * 60 + value
    }

    /// Copies `b[r]` without `<…>` tags (WebVTT voice/class/timestamp tags, SRT's `<i>`).
    static func stripTags(_ b: UnsafeBufferPointer<UInt8>, _ r: Range<Int>, into out: inout [UInt8]) {
        var inTag = false
        for i in r {
            let c = b[i]
            if c == 0x3C { inTag = true; continue }
            if c == 0x3E && inTag { inTag = false; continue }
            if !inTag { out.append(c) }
        }
    }
}
