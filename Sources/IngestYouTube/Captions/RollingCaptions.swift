import IngestCore

/// YouTube's auto-generated WebVTT rolls: each cue repeats the previous cue's last line above a
/// new one, and 10 ms transition cues repeat the whole screen. Keeps each spoken line once.
public enum RollingCaptions {
    public static func dedupe(_ cues: [Cue]) -> [Cue] {
        var out: [Cue] = []
        out.reserveCapacity(cues.count)
        var previous: [Substring] = []
        for cue in cues {
            let lines = cue.text.split(separator: "\n").map(trimmed).filter { !$0.isEmpty }
            let fresh = lines.filter { !previous.contains($0) }
            previous = lines
            guard !fresh.isEmpty else {
                // Nothing new on screen: the previous line just stays longer.
                if let e = cue.end, !out.isEmpty, (out[out.count - 1].end ?? 0) < e, !lines.isEmpty { out[out.count - 1].end = e }
                continue
            }
            out.append(Cue(start: cue.start, end: cue.end, text: fresh.joined(separator: " ")))
        }
        return out
    }

    /// Spaces off both ends, without Foundation's character sets.
    static func trimmed(_ s: Substring) -> Substring {
        var t = s
        while let f = t.utf8.first, f == 0x20 || f == 0x09 { t = t.dropFirst() }
        while let l = t.utf8.last, l == 0x20 || l == 0x09 { t = t.dropLast() }
        return t
    }
}
