import IngestCore

/// YouTube's auto-generated WebVTT rolls: each cue repeats the previous cue's last line above a
/// new one, and 10 ms transition cues repeat the whole screen. Keeps each spoken line once.
/// Lines are compared as UTF-8 bytes (what was on screen, exactly).
public enum RollingCaptions {
    public static func dedupe(_ cues: [Cue]) -> [Cue] {
        var out: [Cue] = []
        out.reserveCapacity(cues.count)
        var previous: [ArraySlice<UInt8>] = []
        for cue in cues {
            let bytes = Array(cue.text.utf8)
            let lines = bytes.split(separator: 0x0A).map(trimmed).filter { !$0.isEmpty }
            let fresh = lines.filter { line in !previous.contains { $0.elementsEqual(line) } }
            previous = lines
            guard !fresh.isEmpty else {
                // Nothing new on screen: the previous line just stays longer.
                if let e = cue.end, !out.isEmpty, (out[out.count - 1].end ?? 0) < e, !lines.isEmpty { out[out.count - 1].end = e }
                continue
            }
            if fresh.count == lines.count && lines.count == 1 && fresh[0].count == bytes.count {
                out.append(cue)   // the common case: one new line, unchanged
                continue
            }
            var joined: [UInt8] = []
            joined.reserveCapacity(bytes.count)
            for (k, l) in fresh.enumerated() {
                if k > 0 { joined.append(0x20) }
                joined.append(contentsOf: l)
            }
            out.append(Cue(start: cue.start, end: cue.end, text: String(decoding: joined, as: UTF8.self)))
        }
        return out
    }

    /// Spaces and tabs off both ends.
    static func trimmed(_ s: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var t = s
        while let f = t.first, f == 0x20 || f == 0x09 { t = t.dropFirst() }
        while let l = t.last, l == 0x20 || l == 0x09 { t = t.dropLast() }
        return t
    }
}
