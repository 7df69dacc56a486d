import Foundation
import IngestCore
@testable import IngestPipeline
import IngestTestSupport
import XCTest

/// A figure's crop beside its document, through `ingest convert` on a pdflatex course whose one
/// figure is a PNG drawn by ImageMagick at a known size: the block names `NAME.figure-1.png`, that
/// file is the figure's region at 150 dpi, the document is valid against its schema, and the
/// Markdown shows the crop then the caption, the caption's words once.
final class FigureImagesTests: XCTestCase {
    static let caption = "Le cycle de l'eau : évaporation, condensation et pluie."

    static func course(in tmp: TemporaryDirectory, figure: Bool = true) throws -> URL {
        guard runTool("pdflatex", ["--version"])?.status == 0 else {
            try missingTool("pdflatex missing (apt-get install texlive-latex-base texlive-latex-recommended lmodern texlive-lang-french)")
        }
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick (convert) missing (apt-get install imagemagick)") }
        let picture = tmp.url.appendingPathComponent("eau.png")
        guard runTool("convert", ["-size", "400x250", "xc:white", "-fill", "#2050b0", "-draw", "circle 200,125 200,30", picture.path])?.status == 0 else {
            throw TestSetupFailure("convert could not draw eau.png")
        }
        let paragraph = (0..<60).map { ["l'eau", "s'évapore", "au", "soleil", "puis", "retombe", "en", "pluie"][$0 % 8] }.joined(separator: " ")
        let tex = """
        \\documentclass{article}
        \\usepackage[T1]{fontenc}\\usepackage[utf8]{inputenc}\\usepackage{lmodern}\\usepackage{graphicx}\\usepackage[french]{babel}
        \\pagestyle{empty}
        \\begin{document}
        \\section{Le cycle de l'eau}
        \(paragraph).

        \(figure ? "\\begin{figure}[h]\\centering\\includegraphics[width=10cm]{eau.png}\\caption{\(caption)}\\end{figure}" : "")

        \(paragraph).
        \\end{document}

        """
        let source = try tmp.write("cours-eau.tex", Data(tex.utf8))
        guard runTool("pdflatex", ["-interaction=batchmode", "-halt-on-error", "-output-directory", tmp.url.path, source.path])?.status == 0 else {
            throw TestSetupFailure("pdflatex failed on cours-eau.tex")
        }
        let input = tmp.url.appendingPathComponent("in")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(at: input.appendingPathComponent("cours-eau.pdf"))
        try FileManager.default.moveItem(at: tmp.url.appendingPathComponent("cours-eau.pdf"), to: input.appendingPathComponent("cours-eau.pdf"))
        return input
    }

    func testCropBesideDocumentAndInMarkdown() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let input = try Self.course(in: tmp)
        let out = tmp.url.appendingPathComponent("out")
        let result = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", tmp.url.appendingPathComponent("lib").path,
                                           "--sink", "none", "--format", "markdown", "--quiet"])
        XCTAssertEqual(result.status, 0, result.stderr)
        let jsonURL = out.appendingPathComponent("cours-eau.json")
        let document = try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: jsonURL))
        let figures = document.blocks.filter { $0.kind == .figure }
        XCTAssertEqual(figures.count, 1)
        let figure = try XCTUnwrap(figures.first)
        let flat = figure.text.split(whereSeparator: \.isWhitespace).joined(separator: " ").replacingOccurrences(of: "\u{2019}", with: "'")
        XCTAssertEqual(flat, "Figure 1 – " + Self.caption)
        XCTAssertEqual(figure.image, "cours-eau.figure-1.png")
        let box = try XCTUnwrap(figure.bbox)
        // 10 cm wide, 400 × 250 pixels: 283.5 × 177.2 points.
        XCTAssertEqual(box[2] - box[0], 283.46, accuracy: 3)
        XCTAssertEqual(box[3] - box[1], 177.17, accuracy: 3)
        // The crop: that region at 150 dpi, a PNG.
        let png = try Data(contentsOf: out.appendingPathComponent("cours-eau.figure-1.png"))
        XCTAssertEqual(Array(png.prefix(8)), [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let width = png[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = png[20..<24].reduce(0) { $0 << 8 | Int($1) }
        XCTAssertEqual(Double(width), (box[2] - box[0]) * 150 / 72, accuracy: 1.5)
        XCTAssertEqual(Double(height), (box[3] - box[1]) * 150 / 72, accuracy: 1.5)
        // The caption is in the text once, and in no paragraph.
        XCTAssertEqual(document.text.components(separatedBy: "évaporation, condensation").count - 1, 1)
        XCTAssertFalse(document.blocks.contains { $0.kind != .figure && $0.text.contains("évaporation") })
        try validateWithJSONSchema(schema: "imported-document.schema.json", files: [jsonURL])
        // Markdown: the crop, then the caption as a paragraph.
        let markdown = try String(contentsOf: out.appendingPathComponent("cours-eau.md"), encoding: .utf8)
        let image = try XCTUnwrap(markdown.range(of: "![](cours-eau.figure-1.png)\n\nFigure 1"), markdown)
        XCTAssertEqual(markdown.components(separatedBy: "condensation").count - 1, 1)
        XCTAssertLessThan(markdown.range(of: "# Le cycle")!.lowerBound, image.lowerBound)
        // Chunks never cut a caption, even when the paragraphs around it are cut to the budget.
        for budget in [24, 40, 512] {
            let chunks = ChunkBuilder.chunks(of: document, budget: budget)
            let holding = chunks.filter { $0.text.contains("évaporation") || $0.text.contains("pluie.") && $0.text.contains("condensation") }
            XCTAssertEqual(holding.count, 1, "budget \(budget): \(holding.map(\.text))")
            XCTAssertTrue(holding.first?.text.replacingOccurrences(of: "\u{2019}", with: "'").contains("Figure 1 – " + Self.caption) == true,
                          "budget \(budget): \(holding.map(\.text))")
        }
    }

    /// A crop named after a document called `cours (1)` or `a<b>` is a link pandoc reads back
    /// to that file name.
    func testCropPathsPandocReadsBack() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc missing (apt-get install pandoc)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        for name in ["cours.figure-1.png", "cours (1).figure-2.png", "a b\\c.figure-3.png", "x<y>.figure-4.png"] {
            let md = try tmp.write("f.md", Data(("![](" + MarkdownFigure.destination(name) + ")\n").utf8))
            guard let r = runTool("pandoc", ["-f", "markdown", "-t", "json", md.path]), r.status == 0 else { throw TestSetupFailure("pandoc failed") }
            // Pandoc keeps the target URL-encoded (a space as %20): decoded, it is the file's name.
            let ast = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]
            let para = (ast?["blocks"] as? [[String: Any]])?.first?["c"] as? [[String: Any]]
            let target = ((para?.first?["c"] as? [Any])?[2] as? [Any])?.first as? String
            XCTAssertEqual(target?.removingPercentEncoding, name, String(decoding: r.stdout, as: UTF8.self))
        }
    }

    /// The course read again without its figure (an edited source, same output): the crop the
    /// first reading wrote is removed with the new revision, nothing else of the folder is.
    func testCropOfAnEarlierReadingIsRemoved() throws {
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        let out = tmp.url.appendingPathComponent("out"), library = tmp.url.appendingPathComponent("lib").path
        func convert(_ input: URL) throws {
            let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", library, "--sink", "none", "--quiet"])
            XCTAssertEqual(r.status, 0, r.stderr)
        }
        try convert(try Self.course(in: tmp))
        let crop = out.appendingPathComponent("cours-eau.figure-1.png")
        XCTAssertTrue(FileManager.default.fileExists(atPath: crop.path))
        try convert(try Self.course(in: tmp, figure: false))
        let document = try JSONDecoder().decode(ImportedDocument.self, from: Data(contentsOf: out.appendingPathComponent("cours-eau.json")))
        XCTAssertEqual(document.revision, 2)
        XCTAssertFalse(document.blocks.contains { $0.kind == .figure })
        XCTAssertFalse(FileManager.default.fileExists(atPath: crop.path), "stale crop left")
        XCTAssertTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("cours-eau.json").path))
    }
}
