import Foundation
import IngestCore
@testable import IngestPDF
import IngestTestSupport
import XCTest

/// Pictures without a caption, against a pdflatex course whose pictures are known: a logo in every
/// page's header (fancyhdr), a captioned figure, two pictures set alone (`\includegraphics` in a
/// `center`, no caption), a small icon in a line of text and a rule. The two lone pictures are
/// figure blocks with no text, each at the box TeX placed it (`\pdfsavepos`, within 2 pt); the
/// captioned figure keeps its caption; the logo, the icon and the rule are no figures.
final class UncaptionedFiguresTests: XCTestCase {
    func testLonePicturesAreFiguresDecorationsAreNot() throws {
        guard runTool("pdflatex", ["--version"])?.status == 0 else {
            try missingTool("pdflatex missing (apt-get install texlive-latex-base texlive-latex-recommended texlive-latex-extra lmodern)")
        }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        _ = try FiguresTests.picture("photo.png", in: tmp, width: 400, height: 250)
        _ = try FiguresTests.picture("carte.png", in: tmp, width: 300, height: 300)
        _ = try FiguresTests.picture("logo.png", in: tmp, width: 120, height: 60)
        _ = try FiguresTests.picture("icone.png", in: tmp, width: 40, height: 40)
        let p = (0..<3).map { FiguresTests.paragraph($0, french: true) }
        let tex = """
        \\documentclass{article}
        \\usepackage[T1]{fontenc}\\usepackage[utf8]{inputenc}\\usepackage{lmodern}\\usepackage{graphicx}\\usepackage[french]{babel}
        \\usepackage{fancyhdr}\\pagestyle{fancy}\\fancyhead[L]{\\includegraphics[height=0.8cm]{logo.png}}\\fancyhead[R]{Cours de physique}
        \\newwrite\\positions\\immediate\\openout\\positions=\\jobname.pos
        \\newcommand\\placed[1]{\\leavevmode\\sbox0{#1}\\edef\\record{\\noexpand\\write\\noexpand\\positions{\\the\\wd0,\\the\\ht0,\\the\\dp0,\\noexpand\\the\\noexpand\\pdflastxpos,\\noexpand\\the\\noexpand\\pdflastypos,\\noexpand\\thepage}}\\pdfsavepos\\record\\usebox0}
        \\begin{document}
        \\section{Le circuit}
        \(p[0])

        \\begin{figure}[h]\\centering\\includegraphics[width=6cm]{photo.png}\\caption{Le circuit en série.}\\end{figure}

        \(p[1]) \\includegraphics[height=0.4cm]{icone.png} \(p[2])

        \\begin{center}\\placed{\\includegraphics[width=6cm]{carte.png}}\\end{center}

        \(p[0])
        \\newpage
        \\section{La suite}
        \(p[1])

        \\noindent\\rule{\\textwidth}{0.4pt}

        \\begin{center}\\placed{\\includegraphics[width=9cm]{photo.png}}\\end{center}

        \(p[2])
        \\end{document}

        """
        let source = try tmp.write("lone.tex", Data(tex.utf8))
        guard runTool("pdflatex", ["-interaction=batchmode", "-halt-on-error", "-output-directory", tmp.url.path, source.path])?.status == 0 else {
            throw TestSetupFailure("pdflatex failed on lone.tex")
        }
        let pdf = tmp.url.appendingPathComponent("lone.pdf")
        let placed = try FiguresTests.placed(pdf, pageHeight: 792)
        XCTAssertEqual(placed.count, 2)
        let figures = try LaTeXPDFs.extract(pdf).blocks.filter { $0.kind == .figure }
        XCTAssertEqual(figures.map(\.text), ["Figure 1 – Le circuit en série.", "", ""], "\(figures.map { ($0.page, $0.bbox) })")
        let lone = figures.filter(\.text.isEmpty)
        XCTAssertEqual(lone.map(\.page), placed.map(\.page))
        for (figure, source) in zip(lone, placed) {
            let box = try XCTUnwrap(figure.bbox)
            for (v, e) in zip(box, source.box) { XCTAssertEqual(v, e, accuracy: 2, "\(box) vs \(source.box)") }
        }
    }

    /// The same through Word's road: pandoc writes a .docx (a captioned picture, a picture alone 8 cm
    /// wide, an icon in a sentence), LibreOffice prints it to PDF. The lone picture is a figure
    /// without text, 8 cm wide with the picture's proportions; the icon is none.
    func testLibreOfficePDF() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc missing (apt-get install pandoc)") }
        guard runTool("soffice", ["--version"])?.status == 0 else { try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui)") }
        let tmp = try TemporaryDirectory(); defer { tmp.remove() }
        _ = try FiguresTests.picture("photo.png", in: tmp, width: 400, height: 250)
        _ = try FiguresTests.picture("icone.png", in: tmp, width: 40, height: 40)
        let p = (0..<3).map { FiguresTests.paragraph($0, french: true) }
        let markdown = """
        # Le circuit

        \(p[0])

        ![Figure 1 – Le circuit en série.](photo.png){width=6cm}

        \(p[1]) ![](icone.png){height=0.4cm} \(p[2])

        ![](photo.png){width=8cm}

        \(p[0])

        """
        let md = try tmp.write("lone.md", Data(markdown.utf8))
        let docx = tmp.url.appendingPathComponent("lone.docx")
        guard runTool("pandoc", [md.path, "-o", docx.path, "--resource-path", tmp.url.path])?.status == 0 else { throw TestSetupFailure("pandoc failed") }
        let profile = "file://" + tmp.url.appendingPathComponent("lo-profile").path
        guard runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", "pdf", "--outdir", tmp.url.path, docx.path])?.status == 0
        else { throw TestSetupFailure("soffice could not print lone.docx") }
        let figures = try LaTeXPDFs.extract(tmp.url.appendingPathComponent("lone.pdf")).blocks.filter { $0.kind == .figure }
        XCTAssertEqual(figures.map(\.text), ["Figure 1 – Le circuit en série.", ""], "\(figures.map { ($0.page, $0.bbox) })")
        let box = try XCTUnwrap(figures.last?.bbox)
        XCTAssertEqual(box[2] - box[0], 8 / 2.54 * 72, accuracy: 2)
        XCTAssertEqual((box[2] - box[0]) / (box[3] - box[1]), 400.0 / 250, accuracy: 0.03)
    }

    /// The rules on boxes alone: size, bands, backgrounds, text over the picture, captioned figures.
    func testDecorationRules() {
        let w = 612.0, h = 792.0
        func r(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> PageRect { PageRect(x0: x0, y0: y0, x1: x1, y1: y1) }
        let photo = r(150, 300, 450, 500)
        let images = [photo,
                      r(60, 20, 160, 70),      // a logo in the header band
                      r(200, 740, 400, 780),   // a banner in the footer band
                      r(300, 200, 320, 220),   // an icon
                      r(0, 0, 612, 792),       // a full-page background
                      r(100, 600, 300, 640),   // a strip of a picture cut in two...
                      r(100, 640, 300, 700),   // ...and the rest of it
                      r(60, 100, 140, 180), r(146, 100, 226, 180), // two small pictures side by side: one figure
                      r(400, 100, 424, 124), r(430, 100, 454, 124)] // two icons side by side: none
        let found = UncaptionedFigures.pick(images: images, lines: [], width: w, height: h, besides: [])
        XCTAssertEqual(found.map(\.box), [photo, r(100, 600, 300, 700), r(60, 100, 226, 180)])
        XCTAssertTrue(found.allSatisfy { $0.caption == nil })
        // Already a captioned figure's picture.
        XCTAssertEqual(UncaptionedFigures.pick(images: [photo], lines: [], width: w, height: h,
                                               besides: [PageFigure(box: photo, caption: r(150, 510, 450, 520))]).count, 0)
    }
}
