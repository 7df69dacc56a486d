import IngestCore

/// Cues made into the document's blocks: annotations dropped, order and overlaps repaired,
/// repeats merged, the duration cap applied, and paragraphs assembled by pauses (auto-generated
/// captions have no punctuation to go by). Each paragraph keeps its start and end.
public struct Transcript: Sendable, Equatable, Codable {
    public var blocks: [Block]
    /// Cues kept after clean-up (before the cap).
    public var cueCount: Int
    /// Text after the cap was cut.
    public var truncated: Bool
    /// End of the last cue read (before the cap), for a video whose duration is unknown.
    public var lastCueEnd: Double
    public var characters: Int

    public struct Options: Sendable {
        public var auto: Bool
        public var capSeconds: Double?
        /// A paragraph ends at a pause at least this long, once it holds `minParagraph` characters.
        public var pause: Double
        public var minParagraph: Int
        /// Without a pause, a paragraph ends at a sentence end past `softMax`, or at any cue past `hardMax`.
        public var softMax: Int
        public var hardMax: Int
        public init(auto: Bool, capSeconds: Double?) {
            self.auto = auto; self.capSeconds = capSeconds
            pause = auto ? 1.2 : 2.0
            minParagraph = 120
            softMax = auto ? 600 : 700
            hardMax = auto ? 900 : 1500
        }
    }

    /// Unicode scalars, counted from UTF-8 lead bytes (no index walking).
    static func scalarCount(_ s: String) -> Int {
        var s = s
        return s.withUTF8 { p in p.reduce(0) { $0 + ($1 & 0xC0 == 0x80 ? 0 : 1) } }
    }

    public static func assemble(_ raw: [Cue], options: Options) -> Transcript {
        // Clean, then order by start (stable: equal starts keep their order).
        var cues: [Cue] = []
        cues.reserveCapacity(raw.count)
        for c in raw where c.start.isFinite && c.start >= 0 {
            var text = TextCleaner.dropAnnotations(c.text.utf8.contains(0x0A) ? c.text.split(separator: "\n").joined(separator: " ") : c.text)
            if let f = text.utf8.first, let l = text.utf8.last, f == 0x20 || l == 0x20 || f == 0x09 || l == 0x09 {
                text = text.trimmingCharacters(in: .whitespaces)
            }
            guard !text.isEmpty else { continue }
            let end = c.end.flatMap { $0.isFinite && $0 >= c.start ? $0 : nil }
            cues.append(Cue(start: c.start, end: end, text: text))
        }
        if zip(cues, cues.dropFirst()).contains(where: { $0.start > $1.start }) {
            cues = cues.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
        }
        // The same text again while it is still on screen (overlapping repeats) is one cue.
        var merged: [Cue] = []
        merged.reserveCapacity(cues.count)
        for c in cues {
            if var last = merged.last, last.text == c.text, c.start <= (last.end ?? last.start) + 0.5 {
                last.end = max(last.end ?? c.start, c.end ?? c.start)
                merged[merged.count - 1] = last
                continue
            }
            merged.append(c)
        }
        // Missing ends: the next start.
        for i in merged.indices where merged[i].end == nil {
            merged[i].end = i + 1 < merged.count ? merged[i + 1].start : merged[i].start
        }
        let lastEnd = merged.last.map { max($0.end ?? $0.start, $0.start) } ?? 0
        var truncated = false
        if let cap = options.capSeconds {
            let before = merged.count
            merged = merged.filter { $0.start < cap }
            truncated = merged.count < before
            if let last = merged.last, let e = last.end, e > cap { merged[merged.count - 1].end = cap }
        }
        let provenance: Provenance = options.auto ? .captionsAuto : .captionsManual
        var blocks: [Block] = []
        var text = ""
        var start = 0.0, end = 0.0
        var characters = 0
        func flush() {
            guard !text.isEmpty else { return }
            characters += scalarCount(text)
            blocks.append(Block(kind: .paragraph, text: text, start: start, end: end, provenance: provenance))
            text = ""
        }
        for c in merged {
            if !text.isEmpty {
                let gap = c.start - end
                let last = text.utf8.last ?? 0
                let sentenceEnd = last == 0x2E || last == 0x21 || last == 0x3F || text.hasSuffix("…")
                let count = text.utf8.count
                if (gap >= options.pause && count >= options.minParagraph)
                    || (sentenceEnd && count >= options.softMax) || count >= options.hardMax {
                    flush()
                }
            }
            if text.isEmpty {
                start = c.start; text = c.text; end = c.end ?? c.start
            } else {
                text.append(" "); text.append(c.text); end = max(end, c.end ?? c.start)
            }
        }
        flush()
        return Transcript(blocks: blocks, cueCount: merged.count, truncated: truncated, lastCueEnd: lastEnd, characters: characters)
    }
}
