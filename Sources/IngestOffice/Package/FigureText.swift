import IngestCore

/// Words that stand for a picture or a chart rather than beside it: an image's description (alt
/// text) and a chart's title. They are written where the figure stands, marked `[Image: …]` /
/// `[Chart: …]` so a lesson generator can tell them from the body text. File names that tools
/// put in a description field (`pic.png`, python-pptx's default) are not descriptions.
enum FigureText {
    static let separator = " — "

    /// `[Image: title — description]`, from the parts that say something; nil when none does.
    static func image(title: String?, description: String?) -> String? {
        var parts: [String] = []
        for raw in [title, description] {
            guard let s = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !s.isEmpty, !isFileName(s),
                  !parts.contains(s) else { continue }
            parts.append(s.split(whereSeparator: \.isNewline).joined(separator: " "))
        }
        return parts.isEmpty ? nil : "[Image: " + parts.joined(separator: separator) + "]"
    }

    static func chart(_ parts: [String]) -> String {
        let words = parts.filter { !$0.isEmpty }
        return words.isEmpty ? "[Chart]" : "[Chart: " + words.joined(separator: separator) + "]"
    }

    static let imageExtensions: Set<String> = ["png", "jpg", "jpeg", "gif", "bmp", "tif", "tiff", "emf", "wmf", "svg", "webp", "heic"]

    static func isFileName(_ s: String) -> Bool {
        guard !s.contains(" "), let dot = s.lastIndex(of: ".") else { return false }
        return imageExtensions.contains(s[s.index(after: dot)...].lowercased())
    }

    /// A picture alone in its block whose description says what the caption beside it says:
    /// the caption keeps the words once, the marker keeps only what the caption does not say.
    static func droppingCaptionEchoes(_ blocks: [Block]) -> [Block] {
        var out: [Block] = []
        out.reserveCapacity(blocks.count)
        for (i, b) in blocks.enumerated() {
            guard b.text.hasPrefix("[Image: "), b.text.hasSuffix("]"), !b.text.dropFirst().contains("[") else { out.append(b); continue }
            let neighbours = [i > 0 ? blocks[i - 1].text : nil, i + 1 < blocks.count ? blocks[i + 1].text : nil]
                .compactMap { $0.map(normalized) }
            let parts = b.text.dropFirst(8).dropLast().components(separatedBy: separator)
            let kept = parts.filter { !neighbours.contains(normalized($0)) }
            if kept.count == parts.count { out.append(b); continue }
            if kept.isEmpty { continue }
            var copy = b
            copy.text = "[Image: " + kept.joined(separator: separator) + "]"
            out.append(copy)
        }
        return out
    }

    private static func normalized(_ s: String) -> String {
        s.replacingOccurrences(of: "\u{2019}", with: "'").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
