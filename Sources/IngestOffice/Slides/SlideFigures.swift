import Foundation
import IngestCore

/// The pictures of one slide as `figure` blocks: where each picture stands on the slide (its
/// `a:xfrm`, through the groups it sits in, EMU → points), its picture part (by relationship id
/// until the extractor resolves it), and its caption — a text box just under or over it that opens
/// with a caption label (`Figure 3 – …`, `Fig. 2`, `Schéma 1`, `Tableau 4`), whose paragraphs leave
/// the body for the figure's text. The picture's description stays an `[Image: …]` paragraph
/// before the figure (alternative text is never lost), unless the caption says the same words.
struct SlideFigures {
    /// A box on the slide in EMU (914,400 an inch).
    struct Box: Equatable { var x: Double, y: Double, w: Double, h: Double }
    /// A group's transform: its place on the slide (`off`/`ext`) and its children's frame (`chOff`/`chExt`).
    struct Transform { var off = Box(x: 0, y: 0, w: 0, h: 0), child = Box(x: 0, y: 0, w: 0, h: 0) }
    struct TextShape { var box: Box; var range: Range<Int> }

    static let emuPerPoint = 12_700.0
    /// Farthest a caption's text box stands from its picture: half an inch.
    static let maximumGap = 457_200.0

    /// Groups open around the current element, innermost last (nil: a group without a transform).
    var groups: [Transform?] = []
    /// The `a:xfrm` being read: offset, extent, children's offset and extent.
    private var xfrm: (off: (Double, Double)?, ext: (Double, Double)?, chOff: (Double, Double)?, chExt: (Double, Double)?)?
    /// Text boxes with a place, and the body blocks their paragraphs became.
    var shapes: [TextShape] = []
    /// Body indices of the figure blocks.
    var figures: [Int] = []

    mutating func startXfrm() { xfrm = (nil, nil, nil, nil) }

    /// An `a:off`/`a:ext`/`a:chOff`/`a:chExt` of the open `a:xfrm`.
    mutating func point(_ kind: Int, _ first: String?, _ second: String?) {
        guard xfrm != nil, let a = first.flatMap(Double.init), let b = second.flatMap(Double.init) else { return }
        switch kind {
        case 0: xfrm?.off = (a, b)
        case 1: xfrm?.ext = (a, b)
        case 2: xfrm?.chOff = (a, b)
        default: xfrm?.chExt = (a, b)
        }
    }

    /// The `a:xfrm` just closed, as a box on the slide (through the open groups); nil when it has
    /// no offset or extent.
    mutating func endXfrm(ofGroup: Bool) -> Box? {
        defer { xfrm = nil }
        guard let x = xfrm, let off = x.off, let ext = x.ext else { return nil }
        if ofGroup {
            // The slide's own shape tree has a group transform too (identity): no group is open.
            guard !groups.isEmpty else { return nil }
            let chOff = x.chOff ?? off, chExt = x.chExt ?? ext
            groups[groups.count - 1] = Transform(off: Box(x: off.0, y: off.1, w: ext.0, h: ext.1),
                                                 child: Box(x: chOff.0, y: chOff.1, w: chExt.0, h: chExt.1))
            return nil
        }
        return onSlide(Box(x: off.0, y: off.1, w: ext.0, h: ext.1), groups: groups[...])
    }

    /// A box given in its groups' frames, on the slide.
    func onSlide(_ box: Box, groups: ArraySlice<Transform?>) -> Box {
        var b = box
        for t in groups.reversed() {
            guard let t, t.child.w > 0, t.child.h > 0 else { continue }
            let sx = t.off.w / t.child.w, sy = t.off.h / t.child.h
            b = Box(x: t.off.x + (b.x - t.child.x) * sx, y: t.off.y + (b.y - t.child.y) * sy, w: b.w * sx, h: b.h * sy)
        }
        return b
    }

    /// Slides' pictures that are the deck's decoration, not figures: the same picture at the same
    /// place on `repeats` slides or more (a logo pasted on each slide rather than on the master),
    /// without a caption, are left out (their alt text, a paragraph of its own, stays).
    static func withoutRepeatedPictures(_ blocks: [Block], repeats: Int = 3) -> [Block] {
        func key(_ b: Block) -> String? {
            guard b.kind == .figure, b.text.isEmpty, let image = b.image, let box = b.bbox else { return nil }
            return image + "|" + box.map { String(Int($0.rounded())) }.joined(separator: ",")
        }
        var slides: [String: Set<Int>] = [:]
        for b in blocks { if let k = key(b) { slides[k, default: []].insert(b.page ?? 0) } }
        guard slides.values.contains(where: { $0.count >= repeats }) else { return blocks }
        return blocks.filter { b in key(b).map { slides[$0, default: []].count < repeats } ?? true }
    }

    /// An ODF length (`5.08cm`, `20mm`, `2in`, `144pt`, `12pc`, `96px`) in EMU; nil when unreadable.
    static func odfLength(_ s: String?) -> Double? {
        guard let s else { return nil }
        let units: [(String, Double)] = [("cm", 360_000), ("mm", 36_000), ("in", 914_400), ("pt", emuPerPoint), ("pc", 12 * emuPerPoint),
                                         ("px", 9_525)]
        for (unit, emu) in units where s.hasSuffix(unit) {
            return Double(s.dropLast(unit.count)).map { $0 * emu }
        }
        return nil
    }

    /// A shape's box from its ODF `svg:x`/`svg:y`/`svg:width`/`svg:height`.
    static func odfBox(x: String?, y: String?, width: String?, height: String?) -> Box? {
        guard let x = odfLength(x), let y = odfLength(y), let w = odfLength(width), let h = odfLength(height) else { return nil }
        return Box(x: x, y: y, w: w, h: h)
    }

    /// A picture's figure block: no caption yet, its box in points, its relationship id as `image`.
    static func block(box: Box?, rid: String?, page: Int) -> Block {
        func points(_ v: Double) -> Double { (v / emuPerPoint * 10).rounded() / 10 }
        var block = Block(figure: "", bbox: box.map { [points($0.x), points($0.y), points($0.x + $0.w), points($0.y + $0.h)] },
                          page: page, provenance: .textLayer)
        block.image = rid
        return block
    }

    /// Whether a text box's first paragraph is a caption.
    static func isCaption(_ text: String) -> Bool {
        CaptionLabel.opens(text) || CaptionLabel.opens(text, labels: CaptionLabel.table)
    }

    /// Gives each figure of `body` the caption text box nearest under (else over) its picture;
    /// the caption's paragraphs leave the body. Returns, for each old index, its new one (nil:
    /// taken into a caption), so positions kept elsewhere (charts) can follow.
    mutating func attachCaptions(_ body: inout [Block]) -> [Int?] {
        var pairs: [(figure: Int, shape: Int, gap: Double)] = []
        for (f, index) in figures.enumerated() {
            guard let bbox = body[index].bbox else { continue }
            let picture = Box(x: bbox[0] * Self.emuPerPoint, y: bbox[1] * Self.emuPerPoint,
                              w: (bbox[2] - bbox[0]) * Self.emuPerPoint, h: (bbox[3] - bbox[1]) * Self.emuPerPoint)
            for (s, shape) in shapes.enumerated() where !shape.range.isEmpty && Self.isCaption(body[shape.range.lowerBound].text) {
                let b = shape.box
                let shared = min(b.x + b.w, picture.x + picture.w) - max(b.x, picture.x)
                guard shared > 0.3 * min(b.w, picture.w) else { continue }
                let below = b.y - (picture.y + picture.h), above = picture.y - (b.y + b.h)
                let slack = -0.25 * b.h
                if below >= slack, below <= Self.maximumGap { pairs.append((f, s, max(0, below))) }
                else if above >= slack, above <= Self.maximumGap { pairs.append((f, s, max(0, above) + 1)) }
            }
        }
        pairs.sort { $0.gap < $1.gap }
        var taken = Set<Int>(), done = Set<Int>()
        var captions: [Int: Range<Int>] = [:]
        for p in pairs where !done.contains(p.figure) && !taken.contains(p.shape) {
            done.insert(p.figure); taken.insert(p.shape)
            captions[figures[p.figure]] = shapes[p.shape].range
        }
        guard !captions.isEmpty else { return Array(body.indices) }
        var removed = Set(captions.values.flatMap { $0 })
        for (index, range) in captions {
            let caption = body[range].map(\.text).joined(separator: "\n")
            body[index].text = caption
            // The picture's description when it says the caption again: the caption keeps the words once.
            let m = index - 1
            guard m >= 0, !removed.contains(m), body[m].kind == .paragraph, body[m].text.hasPrefix("[Image: "), body[m].text.hasSuffix("]") else { continue }
            let parts = body[m].text.dropFirst(8).dropLast().components(separatedBy: FigureText.separator)
            let kept = parts.filter { $0.trimmingCharacters(in: .whitespaces) != caption.trimmingCharacters(in: .whitespacesAndNewlines) }
            if kept.isEmpty { removed.insert(m) } else { body[m].text = "[Image: " + kept.joined(separator: FigureText.separator) + "]" }
        }
        var map: [Int?] = []
        var kept: [Block] = []
        for (i, b) in body.enumerated() {
            if removed.contains(i) { map.append(nil); continue }
            map.append(kept.count)
            kept.append(b)
        }
        body = kept
        figures = figures.compactMap { map[$0] }
        return map
    }
}
