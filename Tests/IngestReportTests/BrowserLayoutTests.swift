import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// The report of a real `ingest qa` run, laid out by headless Chromium at 1,000 and 2,000 px:
/// nothing wider than the window and no table cut in its box, every page image of a 3-photo
/// lesson in the DOM and decoded, the worst document first, a CER above 100 % as a ratio. The
/// corpus is made here from text we know: photos drawn by ImageMagick, text files, a broken PDF.
/// Screenshots at both widths are kept for a person to look at (their folder is printed).
///
/// Needs `chromium` and ImageMagick's `convert` (scripts/install.sh --tests); skipped without
/// them, failed under CI=true.
final class BrowserLayoutTests: XCTestCase {
    private static let scripts = URL(fileURLWithPath: #filePath).resolvingSymlinksInPath().deletingLastPathComponent()
        .appendingPathComponent("Scripts")

    /// The text of each photo of the lesson (distinct lines: a line on every page would be a
    /// running header, rightly dropped from the text).
    static let photos = [
        "La cellule\nLa cellule est l'unité de base du vivant.\nElle est entourée d'une membrane.",
        "Le noyau contient l'ADN de la cellule.\nLe cytoplasme contient les organites.",
        "Les mitochondries fournissent l'énergie.\nLes chloroplastes font la photosynthèse.",
    ]
    static let longName = "cours/sciences-de-la-vie-et-de-la-terre/chapitre-03-la-photosynthese-version-relue-et-corrigee"
    static let good = """
    La photosynthèse

    Les plantes vertes captent la lumière du soleil grâce à la chlorophylle. Elles fabriquent du glucose à partir du dioxyde de carbone et de l'eau, et rejettent du dioxygène.
    """
    static let chatty = String(repeating: "Le cycle de l'eau commence par l'évaporation des océans et des lacs. ", count: 6)

    struct Probe: Decodable {
        struct Box: Decodable { var id: String; var clientWidth: Int; var scrollWidth: Int }
        struct Section: Decodable { var name: String; var images: Int; var loaded: Int; var captions: [String]; var right: Int }
        struct Row: Decodable { var name: String; var cer: String }
        var innerWidth: Int
        var clientWidth: Int
        var scrollWidth: Int
        var lazy: Int
        var boxes: [Box]
        var sections: [Section]
        var rows: [Row]
    }

    func testReportHoldsFrom1000To2000PixelsWithEveryPageWorstFirst() throws {
        guard runTool("chromium", ["--version"])?.status == 0 else {
            try missingTool("chromium is not installed (apt-get install --no-install-recommends chromium)")
        }
        guard runTool("convert", ["-version"])?.status == 0 else { try missingTool("ImageMagick is not installed (apt-get install imagemagick)") }
        guard runTool("img2pdf", ["--version"])?.status == 0 else { try missingTool("img2pdf is not installed (apt-get install img2pdf)") }
        guard IngestBinary.url != nil else { try missingTool("the ingest executable is not built (run swift build)") }
        let dir = try TemporaryDirectory("ingest-report-layout")
        defer { dir.remove() }
        let screens = try TemporaryDirectory("ingest-report-screenshots")

        // The corpus: a lesson of three photos, a scanned PDF of two pages, a text far longer
        // than its expected one (CER above 100 %), a good text under a long name, a PDF cut short
        // (a failure).
        func draw(_ text: String, _ path: String) throws {
            let image = dir.url.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: image.deletingLastPathComponent(), withIntermediateDirectories: true)
            let made = runTool("convert", ["-size", "1240x1754", "xc:white", "-font", "DejaVu-Serif", "-pointsize", "44",
                                           "-fill", "black", "-annotate", "+110+220", text, "-alpha", "off", "-depth", "8", image.path])
            guard made?.status == 0 else { throw TestSetupFailure("convert: \(String(decoding: made?.stderr ?? Data(), as: UTF8.self))") }
        }
        for (i, text) in Self.photos.enumerated() { try draw(text, "corpus/cellule.lesson/photo-\(i + 1).png") }
        try draw("Chapitre 2\nLes fractions s'additionnent\nsur un même dénominateur.", "pages/p1.png")
        try draw("Un demi plus un quart\nfont trois quarts.", "pages/p2.png")
        let scan = runTool("img2pdf", ["--pagesize", "A4", dir.url.appendingPathComponent("pages/p1.png").path,
                                       dir.url.appendingPathComponent("pages/p2.png").path,
                                       "-o", dir.url.appendingPathComponent("corpus/scan.pdf").path])
        guard scan?.status == 0 else { throw TestSetupFailure("img2pdf: \(String(decoding: scan?.stderr ?? Data(), as: UTF8.self))") }
        try dir.write("corpus/cellule.lesson.expected.txt", Self.photos.joined(separator: "\n\n"))
        try dir.write("corpus/bavard.txt", Self.chatty)
        try dir.write("corpus/bavard.expected.txt", "Oui.")
        try dir.write("corpus/\(Self.longName).txt", Self.good)
        try dir.write("corpus/\(Self.longName).expected.txt", Self.good)
        try dir.write("corpus/cassé.pdf", Data("%PDF-1.7\n1 0 obj\n<< /Type /Catalog".utf8))

        let report = dir.url.appendingPathComponent("report.html"), json = dir.url.appendingPathComponent("qa.json")
        let run = try IngestBinary.run(["qa", dir.url.appendingPathComponent("corpus").path, "--html", report.path,
                                        "--json", json.path, "--lang", "fr", "--quiet"], environment: ["INGEST_CONFIG": ""])
        XCTAssertEqual(run.status, 0, run.stderr)
        let documents = try JSONValue.parse(Data(contentsOf: json))["documents"]?.arrayValue ?? []
        XCTAssertEqual(documents.count, 5)
        let html = try String(contentsOf: report, encoding: .utf8)

        // Worst first, by the report's rule, from the figures the JSON holds.
        func tier(_ d: JSONValue) -> Int {
            let cer = d["scores"]?["cer"]?.doubleValue ?? -1
            if d["status"]?.stringValue == "failed" { return 0 }
            if d["status"]?.stringValue == "partial" || d["readinessMatches"]?.boolValue == false { return 1 }
            if cer > 0.1 { return 2 }
            switch d["readiness"]?.stringValue { case "notReady": return 3; case "short": return 4; default: return 5 }
        }
        let worstFirst = documents.enumerated().sorted { a, b in
            let (ta, tb) = (tier(a.element), tier(b.element))
            let (ca, cb) = (a.element["scores"]?["cer"]?.doubleValue ?? -1, b.element["scores"]?["cer"]?.doubleValue ?? -1)
            return ta != tb ? ta < tb : ca != cb ? ca > cb : a.offset < b.offset
        }.map { $0.element["name"]?.stringValue ?? "" }
        XCTAssertEqual(Array(worstFirst.prefix(2)), ["cassé", "bavard"])
        let chattyCER = try XCTUnwrap(documents.first { $0["name"]?.stringValue == "bavard" }?["scores"]?["cer"]?.doubleValue)
        XCTAssertGreaterThan(chattyCER, 1)

        for width in [1_000, 2_000] {
            let probe = try measure(report, width: width)
            XCTAssertLessThanOrEqual(probe.scrollWidth, probe.clientWidth, "\(width) px: the page scrolls sideways")
            XCTAssertLessThanOrEqual(probe.clientWidth, probe.innerWidth)
            for box in probe.boxes {
                XCTAssertLessThanOrEqual(box.scrollWidth, box.clientWidth, "\(width) px: columns of #\(box.id) cut")
            }
            XCTAssertEqual(probe.rows.map(\.name), worstFirst, "\(width) px: worst first")
            XCTAssertEqual(probe.sections.map(\.name), worstFirst, "\(width) px: sections in the table's order")
            // A CER above 100 % as the ratio it is (×N, N the CER rounded to a whole number here).
            XCTAssertEqual(probe.rows.first { $0.name == "bavard" }?.cer, "×\(Int(chattyCER.rounded()))")
            // Every page of the lesson, in order, decoded, inside the window.
            let lesson = try XCTUnwrap(probe.sections.first { $0.name == "cellule.lesson" })
            XCTAssertEqual(lesson.images, 3)
            XCTAssertEqual(lesson.loaded, 3, "\(width) px: page images that did not load")
            XCTAssertEqual(lesson.captions, (1...3).map { "cellule.lesson/photo-\($0).png" })
            XCTAssertLessThanOrEqual(lesson.right, probe.clientWidth)
            // Every page of the scan, numbered in its file.
            let scanned = try XCTUnwrap(probe.sections.first { $0.name == "scan" })
            XCTAssertEqual(scanned.loaded, 2, "\(width) px: the scan's pages")
            XCTAssertEqual(scanned.captions, ["scan.pdf · 1", "scan.pdf · 2"])
            XCTAssertEqual(probe.lazy, 5, "every page image is lazy-loaded")

            let shot = screens.url.appendingPathComponent("report-\(width).png")
            let taken = runTool("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                                             "--window-size=\(width),2000", "--screenshot=\(shot.path)", report.absoluteString])
            XCTAssertEqual(taken?.status, 0, String(decoding: taken?.stderr ?? Data(), as: UTF8.self))
            let png = try Data(contentsOf: shot)
            XCTAssertEqual(Array(png.prefix(4)), [0x89, 0x50, 0x4E, 0x47])
            XCTAssertGreaterThan(png.count, 20_000, "a screenshot of a blank page is small")
        }
        XCTAssertFalse(html.contains("base64"), "page images are files beside the report, not embedded")

        // The constructed corpus of the other report tests (failures with codes, a regression
        // badge, duplicates, hostile names, a long text), in both languages: it holds too.
        for language in MessageLanguage.allCases {
            let fixture = screens.url.appendingPathComponent("fixture-\(language.rawValue).html")
            try ReportFixture.make(count: 30).write(to: fixture, language: language)
            // 1,400 px too: the width at which the report used to cut its last columns.
            for width in [1_000, 1_400, 2_000] {
                let probe = try measure(fixture, width: width)
                XCTAssertLessThanOrEqual(probe.scrollWidth, probe.clientWidth, "\(language) \(width) px: the page scrolls sideways")
                for box in probe.boxes {
                    XCTAssertLessThanOrEqual(box.scrollWidth, box.clientWidth, "\(language) \(width) px: columns of #\(box.id) cut")
                }
                XCTAssertEqual(probe.sections.reduce(0) { $0 + $1.loaded }, 1, "the fixture's one page image decodes")
            }
        }
        print("screenshots of the report at 1,000 and 2,000 px, and the fixture's reports: \(screens.url.path)")
    }

    /// The report laid out at `width`: a copy beside it (so its page images are found) with the
    /// probe script added under the report's own CSP nonce, printed by `--dump-dom`.
    private func measure(_ report: URL, width: Int) throws -> Probe {
        var html = try String(contentsOf: report, encoding: .utf8)
        guard let nonce = html.range(of: "nonce-").map({ html[$0.upperBound...].prefix { $0.isHexDigit } }) else {
            throw TestSetupFailure("the report has no CSP nonce")
        }
        let script = try String(contentsOf: Self.scripts.appendingPathComponent("layout_probe.js"), encoding: .utf8)
        html = html.replacingOccurrences(of: "</body>", with: "<script nonce=\"\(nonce)\">\n\(script)</script>\n</body>")
        let copy = report.deletingLastPathComponent().appendingPathComponent("probe-\(width).html")
        try Data(html.utf8).write(to: copy)
        let run = runTool("chromium", ["--headless", "--no-sandbox", "--disable-gpu", "--window-size=\(width),1200",
                                       "--virtual-time-budget=15000", "--dump-dom", copy.absoluteString])
        let dom = String(decoding: run?.stdout ?? Data(), as: UTF8.self)
        guard let start = dom.range(of: "<pre id=\"probe\">", options: .backwards), let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex) else {
            throw TestSetupFailure("\(width) px: no probe in the DOM (status \(run?.status ?? -1)): "
                                   + String(decoding: run?.stderr ?? Data(), as: UTF8.self).suffix(1500))
        }
        // The DOM is serialised as HTML: its text escapes &, <, > and the no-break space.
        let text = dom[start.upperBound..<end.lowerBound].replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&nbsp;", with: "\u{A0}")
            .replacingOccurrences(of: "&amp;", with: "&")
        do {
            return try JSONDecoder().decode(Probe.self, from: Data(text.utf8))
        } catch {
            throw TestSetupFailure("\(width) px: the probe's figures do not decode (\(error)): \(text.prefix(2000))")
        }
    }
}
