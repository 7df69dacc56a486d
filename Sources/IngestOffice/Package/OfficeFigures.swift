import IngestCore

/// The pictures of a text document (docx, odt, epub) as `figure` blocks where they stand, each with
/// its caption when it has one. A reader writes a picture as a figure with empty text and its
/// reference (a relationship id, a path in the package) as `image`, and a caption paragraph as a
/// figure with text and no `image`; here each caption joins the picture next to it, and each
/// reference becomes the picture's part in the package (the pipeline writes its bytes beside the
/// document) or nothing (a linked picture, a missing part: a figure without file).
enum OfficeFigures {
    static func isPicture(_ b: Block) -> Bool { b.kind == .figure && b.image != nil && b.text.isEmpty }
    static func isCaption(_ b: Block) -> Bool { b.kind == .figure && b.image == nil && !b.text.isEmpty }
    static func isImageMarker(_ b: Block) -> Bool { b.kind == .paragraph && b.text.hasPrefix("[Image: ") && b.text.hasSuffix("]") }

    /// A paragraph that says nothing but its pictures' descriptions: no caption, though its style
    /// may be a caption's (pandoc's `Captioned Figure` is based on `Figure`).
    static func isDescriptionOnly(_ text: String) -> Bool {
        let t = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return t.hasPrefix("[Image: ") && t.hasSuffix("]")
    }

    /// A body paragraph holding one picture whose words open with a caption label (`Illustration 1:
    /// …` after the picture, as LibreOffice writes a captioned frame into an EPUB, or typed under
    /// a picture in Word with a line break): the picture's caption. A description marker before
    /// the words is passed over (and kept).
    static func isCaptionOfItsPicture(_ text: String, pictures: Int) -> Bool {
        guard pictures == 1 else { return false }
        var words = Substring(text.trimmingCharacters(in: .whitespacesAndNewlines))
        if words.hasPrefix("[Image: "), let end = words.firstIndex(of: "]") { words = words[words.index(after: end)...] }
        let caption = words.trimmingCharacters(in: .whitespacesAndNewlines)
        return caption.count <= 400 && CaptionLabel.opens(caption)
    }

    /// Each caption given to the picture just before it (a caption under its picture), else just
    /// after it (over it; the picture's `[Image: …]` description may stand between them).
    static func attachingCaptions(_ blocks: [Block]) -> [Block] {
        guard blocks.contains(where: isPicture), blocks.contains(where: isCaption) else { return blocks }
        var out = blocks
        var removed = Set<Int>()
        for i in out.indices where isCaption(out[i]) {
            var target: Int?
            if i > 0, !removed.contains(i - 1), isPicture(out[i - 1]) {
                target = i - 1
            } else if i + 1 < out.count, isPicture(out[i + 1]) {
                target = i + 1
            } else if i + 2 < out.count, isImageMarker(out[i + 1]), isPicture(out[i + 2]) {
                target = i + 2
            }
            guard let t = target else { continue }
            out[t].text = out[i].text
            removed.insert(i)
        }
        return out.enumerated().filter { !removed.contains($0.offset) }.map(\.element)
    }

    /// Each figure's reference made its part in the package by `resolve`, or nil (no file).
    static func resolvingPictures(_ blocks: [Block], _ resolve: (String) -> String?) -> [Block] {
        var out = blocks
        for i in out.indices where out[i].kind == .figure {
            guard let reference = out[i].image else { continue }
            out[i].image = resolve(reference)
        }
        return out
    }
}
