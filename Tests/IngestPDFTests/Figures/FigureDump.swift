import Foundation
import IngestCore
@testable import IngestPDF
import XCTest

/// A tool for looking at real files by hand, skipped by design otherwise: the figure blocks of
/// each PDF of `$FIGURE_DUMP` (paths separated by `:`) with page, box and caption, and what the
/// figure pass costs (pages with a caption-like line, time of `FigureFinder.find` beside the
/// text layer's). With `$FIGURE_CROPS` (a folder), the finder alone: each figure without caption
/// printed and cropped there (`FILE.pN-K.png`) to be looked at, the extractor not run.
final class FigureDump: XCTestCase {
    func testDump() throws {
        guard let paths = ProcessInfo.processInfo.environment["FIGURE_DUMP"] else { throw XCTSkip("by design: set FIGURE_DUMP=a.pdf:b.pdf") }
        let clock = ContinuousClock()
        for path in paths.split(separator: ":").map(String.init) {
            let url = URL(fileURLWithPath: path)
            let document = try PopplerDocumentRef(url: url, password: nil)
            var text = Duration.zero, figures = Duration.zero, candidates = 0, roomPages = 0, roomTime = Duration.zero
            let only = ProcessInfo.processInfo.environment["FIGURE_PAGE"].flatMap { Int($0) }
            for index in 0..<document.pageCount {
                guard let page = document.page(at: index) else { continue }
                var lines: [TextLine] = []
                text += clock.measure { lines = page.textLines().lines }
                if let only, only == index + 1 {
                    for l in lines { print("LINE [\(Int(l.x0)) \(Int(l.y0)) \(Int(l.x1)) \(Int(l.y1)) h\(l.glyphHeight)] \(l.text)") }
                    let ink = PageInk.read(page, lines: lines)
                    print("REGIONS", ink?.regions().map { "[\(Int($0.x0)) \(Int($0.y0)) \(Int($0.x1)) \(Int($0.y1))]" } ?? [])
                    print("IMAGES", page.imageRects().map { "[\(Int($0.x0)) \(Int($0.y0)) \(Int($0.x1)) \(Int($0.y1))]" })
                }
                if lines.contains(where: { FigureCaptions.opensCaption($0.text) }) { candidates += 1 }
                var roomy = false
                roomTime += clock.measure { roomy = UncaptionedFigures.hasRoom(lines, height: page.size.1) }
                if roomy { roomPages += 1 }
                var found: [PageFigure] = []
                figures += clock.measure { found = FigureFinder.find(on: page, lines: lines) }
                if let crops = ProcessInfo.processInfo.environment["FIGURE_CROPS"] {
                    for (k, f) in found.enumerated() where f.caption == nil {
                        let box = [f.box.x0, f.box.y0, f.box.x1, f.box.y1]
                        print("LONE \(url.lastPathComponent) p\(index + 1) \(box.map { Int($0) })")
                        if let png = FigureCrop.png(of: page, box: box, dpi: 72, longSide: 400) {
                            try png.data.write(to: URL(fileURLWithPath: crops).appendingPathComponent("\(url.lastPathComponent).p\(index + 1)-\(k).png"))
                        }
                    }
                }
                if only != nil { print("FINDER p\(index + 1)", found.map { "\($0.box) \($0.caption.map { "\($0)" } ?? "no caption")" }) }
            }
            if ProcessInfo.processInfo.environment["FIGURE_CROPS"] != nil {
                print("FILE \(url.lastPathComponent) pages \(document.pageCount) caption-pages \(candidates) textLines \(text) figurePass \(figures) roomPages \(roomPages) roomTime \(roomTime)")
                continue
            }
            let input = SourceInput(files: [url], kind: .pdf, byteSize: 0, name: url.lastPathComponent)
            let extraction = try PDFExtractor().extract(input, context: ExtractionContext(language: .fr))
            let blocks = extraction.blocks.filter { $0.kind == .figure }
            print("FILE \(url.lastPathComponent) pages \(document.pageCount) caption-pages \(candidates) figures \(blocks.count) textLines \(text) figurePass \(figures)")
            for b in blocks {
                print("FIG p\(b.page ?? 0) \((b.bbox ?? []).map { Int($0) }) | " + b.text.split(whereSeparator: \.isNewline).joined(separator: " ⏎ "))
            }
        }
    }
}
