import CPoppler

/// One reading of a page's text through poppler-glib's selection, taken out of poppler's
/// memory: the UTF-8 text, one rectangle per scalar (nil when poppler gave none or not one per
/// scalar) and the font runs (scalar indices, inclusive) — what `withText` and `textRuns` hand
/// on, so that a page read twice (`RightToLeft.union`) keeps text, boxes and fonts in step.
struct PageReading {
    var bytes: [UInt8]
    var rects: [PopplerRectangle]?
    var runs: [PopplerTextRun]

    init(bytes: [UInt8], rects: [PopplerRectangle]?, runs: [PopplerTextRun]) {
        self.bytes = bytes
        self.runs = runs
        let scalars = bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        self.rects = rects?.count == scalars ? rects : nil
    }

    /// A line of the reading: its bytes and scalars (without the line break) and its text
    /// trimmed, by which two readings' lines are matched.
    struct Line {
        var bytes: Range<Int>
        var scalars: Range<Int>
        var key: Substring
    }

    /// The reading's lines with a visible character, in order.
    func lines() -> [Line] {
        var out: [Line] = []
        var start = 0, scalarStart = 0, scalar = 0
        func close(_ end: Int) {
            let text = Substring(decoding: bytes[start..<end], as: UTF8.self)
            let trimmed = text.drop { $0.isWhitespace }
            if let last = trimmed.lastIndex(where: { !$0.isWhitespace }) {
                out.append(Line(bytes: start..<end, scalars: scalarStart..<scalar, key: trimmed[...last]))
            }
        }
        for (i, b) in bytes.enumerated() where b & 0xC0 != 0x80 {
            if b == 0x0A {
                close(i)
                start = i + 1
                scalarStart = scalar + 1
            }
            scalar += 1
        }
        close(bytes.count)
        return out
    }

    /// The given lines of their readings one after the other, separated by line breaks, with
    /// their rectangles (when every reading has them) and their font runs moved to their place.
    static func joining(_ parts: [(PageReading, Line)]) -> PageReading {
        var bytes: [UInt8] = []
        var rects: [PopplerRectangle]? = parts.allSatisfy { $0.0.rects != nil } ? [] : nil
        var runs: [PopplerTextRun] = []
        var scalar = 0
        for (k, (reading, line)) in parts.enumerated() {
            if k > 0 {
                bytes.append(0x0A)
                // The break's box: the line's first glyph's (never placed: a break ends a line).
                if let r = reading.rects, !line.scalars.isEmpty { rects?.append(r[line.scalars.lowerBound]) }
                scalar += 1
            }
            bytes += reading.bytes[line.bytes]
            if let r = reading.rects { rects? += r[line.scalars] }
            for run in reading.runs {
                let from = max(run.start, line.scalars.lowerBound), to = min(run.end, line.scalars.upperBound - 1)
                guard from <= to else { continue }
                runs.append(PopplerTextRun(start: scalar + from - line.scalars.lowerBound, end: scalar + to - line.scalars.lowerBound,
                                           fontSize: run.fontSize, fontName: run.fontName))
            }
            scalar += line.scalars.count
        }
        return PageReading(bytes: bytes, rects: rects, runs: runs)
    }
}
