/// The figures of a page: a caption (`FigureCaptions`) with a picture or drawing right above it
/// (or, failing that, right below it); then pictures of a figure's size without one
/// (`UncaptionedFigures`). Only pages with a line that opens a caption are rendered.
enum FigureFinder {
    /// Farthest a caption stands from its figure, in points (LaTeX puts 10 pt; sub-figure
    /// labels such as `(a)` between the two add a line).
    static let maximumGap = 40.0
    /// Smallest figure side, in points: a rule under a heading or a fraction bar is none.
    static let minimumSide = 8.0
    static let minimumArea = 400.0

    static func find(on page: PopplerPageRef, lines: [TextLine]) -> [PageFigure] {
        let captioned = withCaptions(on: page, lines: lines)
        return captioned + UncaptionedFigures.find(on: page, lines: lines, besides: captioned)
    }

    static func withCaptions(on page: PopplerPageRef, lines: [TextLine]) -> [PageFigure] {
        let openers = lines.indices.filter {
            lines[$0].hasGeometry && lines[$0].origin == .content && FigureCaptions.opensCaption(lines[$0].text)
        }
        guard !openers.isEmpty, let ink = PageInk.read(page, lines: lines) else { return [] }
        let captions = openers.map { first -> PageRect in
            let range = FigureCaptions.lines(from: first, in: lines)
            return lines[range].reduce(PageRect(x0: .infinity, y0: .infinity, x1: -.infinity, y1: -.infinity)) {
                PageRect(x0: min($0.x0, $1.x0), y0: min($0.y0, $1.y0), x1: max($0.x1, $1.x1), y1: max($0.y1, $1.y1))
            }
        }
        let figures = match(captions: captions, regions: ink.regions(), images: page.imageRects())
        return figures.map { withLabels($0, lines: lines, captions: figures) }
    }

    /// The figure's box grown to take in the text lines it cuts (a drawing's labels at its edges,
    /// painted out of the ink), not the captions' lines.
    static func withLabels(_ figure: PageFigure, lines: [TextLine], captions: [PageFigure]) -> PageFigure {
        var out = figure
        // A label taken in may widen the box onto the next one (a column of labels): a few rounds.
        for _ in 0..<3 {
            let before = out.box
            for line in lines where line.hasGeometry && line.origin == .content {
                let r = PageRect(x0: line.x0, y0: line.y0, x1: line.x1, y1: line.y1)
                guard overlaps(r, out.box), !captions.contains(where: { $0.holdsCaptionLine(line) }) else { continue }
                out.box = union(out.box, r)
            }
            if out.box == before { break }
        }
        return out
    }

    /// Each caption with the nearest region above it (else below), nearest pairs first, a region
    /// to one caption; regions beside the chosen one at its height (sub-figures) and the images
    /// that overlap them are part of the figure.
    static func match(captions: [PageRect], regions all: [PageRect], images: [PageRect]) -> [PageFigure] {
        // A caption's line box takes in its ascenders: a picture may reach 3 pt into it.
        let cores = captions.map { PageRect(x0: $0.x0 + 3, y0: $0.y0 + 3, x1: $0.x1 - 3, y1: $0.y1 - 3) }
        // Images are regions of their own: a frame drawn around a picture and its caption (LibreOffice)
        // makes one ink region of both, which is no figure's.
        let regions = (all + images).filter { r in
            let w = r.x1 - r.x0, h = r.y1 - r.y0
            return w >= minimumSide && h >= minimumSide && w * h >= minimumArea
                && !cores.contains { overlaps($0, r) }
        }
        // Pairs (caption, region, gap); a caption below its figure is preferred by a point.
        var pairs: [(caption: Int, region: Int, gap: Double)] = []
        for (c, caption) in captions.enumerated() {
            for (r, region) in regions.enumerated() where horizontallyOverlap(caption, region) {
                let above = caption.y0 - region.y1, below = region.y0 - caption.y1
                if above >= -2, above <= maximumGap { pairs.append((c, r, max(0, above))) }
                else if below >= -2, below <= maximumGap { pairs.append((c, r, max(0, below) + 1)) }
            }
        }
        pairs.sort { $0.gap < $1.gap }
        var usedRegions = Set<Int>(), done = Set<Int>()
        var figures: [(caption: Int, figure: PageFigure)] = []
        for pair in pairs where !done.contains(pair.caption) && !usedRegions.contains(pair.region) {
            done.insert(pair.caption); usedRegions.insert(pair.region)
            let caption = captions[pair.caption]
            var box = regions[pair.region]
            let isAbove = box.y1 <= caption.y0 + 2
            // Sub-figures side by side: regions on the same side of the caption, at the same height.
            for (r, other) in regions.enumerated() where !usedRegions.contains(r) {
                let sameSide = isAbove ? other.y1 <= caption.y0 + 2 && caption.y0 - other.y1 <= maximumGap
                    : other.y0 >= caption.y1 - 2 && other.y0 - caption.y1 <= maximumGap
                let shared = min(box.y1, other.y1) - max(box.y0, other.y0)
                guard sameSide, shared >= 0.5 * min(box.y1 - box.y0, other.y1 - other.y0) else { continue }
                usedRegions.insert(r)
                box = union(box, other)
            }
            // An image's placed box is its edge, though its own margins are paper white.
            for image in images where overlaps(image, box) && !overlaps(image, cores[pair.caption]) { box = union(box, image) }
            figures.append((pair.caption, PageFigure(box: box, caption: caption)))
        }
        // A listing set between two rules (lshort's framed examples): the rules are its box.
        let rules = all.filter { $0.y1 - $0.y0 <= 3 && $0.x1 - $0.x0 >= 50 }
        for (c, caption) in captions.enumerated() where !done.contains(c) {
            let below = rules.filter { caption.y0 - $0.y1 >= -2 && caption.y0 - $0.y1 <= maximumGap && horizontallyOverlap(caption, $0) }
                .max { $0.y1 < $1.y1 }
            guard let bottom = below else { continue }
            let top = rules.filter { r in
                r.y1 < bottom.y0 - minimumSide && abs(r.x0 - bottom.x0) <= 3 && abs(r.x1 - bottom.x1) <= 3
                    && !captions.contains { $0.y0 > r.y1 && $0.y1 < bottom.y0 }
            }.max { $0.y1 < $1.y1 }
            guard let top, !figures.contains(where: { overlaps($0.figure.box, union(top, bottom)) }) else { continue }
            done.insert(c)
            figures.append((c, PageFigure(box: union(top, bottom), caption: caption)))
        }
        return figures.sorted { $0.caption < $1.caption }.map(\.figure)
    }

    static func overlaps(_ a: PageRect, _ b: PageRect) -> Bool {
        a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1
    }

    static func horizontallyOverlap(_ a: PageRect, _ b: PageRect) -> Bool {
        min(a.x1, b.x1) - max(a.x0, b.x0) > 0.3 * min(a.x1 - a.x0, b.x1 - b.x0)
    }

    static func union(_ a: PageRect, _ b: PageRect) -> PageRect {
        PageRect(x0: min(a.x0, b.x0), y0: min(a.y0, b.y0), x1: max(a.x1, b.x1), y1: max(a.y1, b.y1))
    }
}
