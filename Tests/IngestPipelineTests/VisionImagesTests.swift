import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// Page images for a vision model (SPEC §5), end to end through `ingest convert`: written beside
/// a document that is not ready, or short with thin text; at most 6; real JPEG files with a long
/// side of 1600 px at most; named in `readiness.visionImages`; none for a ready document; and the
/// ones a re-read no longer offers are removed.
final class VisionImagesTests: XCTestCase {
    var dir: TemporaryDirectory!
    var input: URL { dir.url.appendingPathComponent("in") }
    var out: URL { dir.url.appendingPathComponent("out") }

    override func setUpWithError() throws {
        dir = try TemporaryDirectory("vision")
        try FileManager.default.createDirectory(at: input, withIntermediateDirectories: true)
    }
    override func tearDown() { dir.remove() }

    /// Runs `ingest convert` over the input folder; `notReady`: whether a document is not ready
    /// (exit code 1), else all are (0).
    func convert(notReady: Bool) throws {
        let r = try IngestBinary.run(["convert", input.path, "--out", out.path, "--library", dir.url.appendingPathComponent("l.sqlite").path,
                                      "--lang", "en"], environment: ["INGEST_CONFIG": ""], currentDirectory: dir.url)
        XCTAssertEqual(r.status, notReady ? 1 : 0, r.stdout + r.stderr)
        XCTAssertTrue((r.stdout + r.stderr).contains(" 0 failed"), r.stdout + r.stderr)
    }

    func document(_ stem: String) throws -> JSONValue { try JSONValue.parse(Data(contentsOf: out.appendingPathComponent(stem + ".json"))) }

    /// The page images beside the document `stem`, by file name.
    func imagesBeside(_ stem: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasPrefix(stem + ".") && $0.hasSuffix(".jpg") }.sorted()
    }

    /// Checks what the document names against the files beside it, and each file as a JPEG;
    /// returns the names.
    @discardableResult
    func assertImages(_ stem: String, pages: [Int], file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let doc = try document(stem)
        let listed = doc["readiness"]?["visionImages"]?.arrayValue ?? []
        XCTAssertEqual(listed.compactMap { $0["page"]?.intValue }, pages, "pages offered", file: file, line: line)
        XCTAssertLessThanOrEqual(listed.count, 6, file: file, line: line)
        let names = listed.compactMap { $0["path"]?.stringValue }
        XCTAssertEqual(names.sorted(), try imagesBeside(stem), "the files beside the document are the ones it names", file: file, line: line)
        for image in listed {
            let name = try XCTUnwrap(image["path"]?.stringValue)
            let data = try Data(contentsOf: out.appendingPathComponent(name))
            let size = try XCTUnwrap(JPEGFile.size(data), "\(name) is not a JPEG file", file: file, line: line)
            XCTAssertLessThanOrEqual(max(size.width, size.height), 1600, name, file: file, line: line)
            XCTAssertGreaterThanOrEqual(max(size.width, size.height), 800, "\(name): a page a model can read", file: file, line: line)
            XCTAssertEqual(image["width"]?.intValue, size.width, name, file: file, line: line)
            XCTAssertEqual(image["height"]?.intValue, size.height, name, file: file, line: line)
            XCTAssertEqual(image["byteSize"]?.intValue, data.count, name, file: file, line: line)
        }
        try validateWithJSONSchema(schema: "imported-document.schema.json", files: [out.appendingPathComponent(stem + ".json")], file: file, line: line)
        return names
    }

    func testANotReadyScanGetsAtMostSixPagesAndAReReadRemovesStaleOnes() throws {
        // Seven scanned pages with nothing legible: not ready, six pages offered.
        try ScanPDF.make([ScanPDF.Page](repeating: .blankScan, count: 7)).write(to: input.appendingPathComponent("cours.pdf"))
        // A born-digital lesson, long enough to be ready: nothing offered.
        try ScanPDF.make([.text(ScanPDF.lesson), .text(ScanPDF.lesson)]).write(to: input.appendingPathComponent("lecon.pdf"))
        try convert(notReady: true)
        XCTAssertEqual(try document("cours")["readiness"]?["status"], "notReady")
        XCTAssertEqual(try assertImages("cours", pages: [1, 2, 3, 4, 5, 6]),
                       (1...6).map { "cours.page-\($0).jpg" })
        XCTAssertEqual(try document("lecon")["readiness"]?["status"], "ready")
        XCTAssertNil(try document("lecon")["readiness"]?["visionImages"])
        XCTAssertEqual(try imagesBeside("lecon"), [])

        // The scan replaced by one of two pages: pages 3 to 6 are no longer offered, nor kept.
        try ScanPDF.make([.blankScan, .blankScan]).write(to: input.appendingPathComponent("cours.pdf"))
        try convert(notReady: true)
        XCTAssertEqual(try assertImages("cours", pages: [1, 2]), ["cours.page-1.jpg", "cours.page-2.jpg"])

        // Then by a born-digital lesson: ready, and no image left beside it.
        try ScanPDF.make([.text(ScanPDF.otherLesson), .text(ScanPDF.otherLesson)]).write(to: input.appendingPathComponent("cours.pdf"))
        try convert(notReady: false)
        XCTAssertEqual(try document("cours")["readiness"]?["status"], "ready")
        XCTAssertNil(try document("cours")["readiness"]?["visionImages"])
        XCTAssertEqual(try imagesBeside("cours"), [])
    }

    func testAShortDocumentWithThinTextGetsTheImagesOfItsScannedPages() throws {
        // A typed page, then a scanned page with nothing legible: short, thin, page 2 offered.
        try ScanPDF.make([.text(String(ScanPDF.lesson.prefix(400))), .blankScan]).write(to: input.appendingPathComponent("fiche.pdf"))
        try convert(notReady: false)
        let doc = try document("fiche")
        XCTAssertEqual(doc["readiness"]?["status"], "short")
        try assertImages("fiche", pages: [2])
    }

    func testNotReadyPhotosGetOneImagePerPhoto() throws {
        // Two photos of one lesson (a blank sheet each), rendered by pdftoppm as a phone would give them.
        let pdf = dir.url.appendingPathComponent("sheets.pdf")
        try ScanPDF.make([.blankScan, .blankScan]).write(to: pdf)
        guard let r = runTool("pdftoppm", ["-r", "200", "-gray", "-png", pdf.path, input.appendingPathComponent("feuille").path]),
              r.status == 0 else { try missingTool("pdftoppm is not installed (apt-get install poppler-utils)") }
        for (i, name) in try FileManager.default.contentsOfDirectory(atPath: input.path).sorted().enumerated() {
            try FileManager.default.moveItem(at: input.appendingPathComponent(name), to: input.appendingPathComponent("feuille_\(i + 1).png"))
        }
        try convert(notReady: true)
        XCTAssertEqual(try document("feuille")["readiness"]?["status"], "notReady")
        XCTAssertEqual(try assertImages("feuille", pages: [1, 2]), ["feuille.page-1.jpg", "feuille.page-2.jpg"])
    }

    func testALessonOfSeveralSourcesNamesEachImageWithItsSource() throws {
        // A typed summary and a scan of two blank pages: short, thin; the scan's pages offered.
        let lesson = input.appendingPathComponent("revision.lesson")
        try FileManager.default.createDirectory(at: lesson, withIntermediateDirectories: true)
        try Data(String(ScanPDF.lesson.prefix(500)).utf8).write(to: lesson.appendingPathComponent("1-resume.txt"))
        try ScanPDF.make([.blankScan, .blankScan]).write(to: lesson.appendingPathComponent("2-scan.pdf"))
        try convert(notReady: false)
        let doc = try document("revision.lesson")
        XCTAssertEqual(doc["readiness"]?["status"], "short")
        XCTAssertEqual(try assertImages("revision.lesson", pages: [1, 2]), ["revision.lesson.s2-page-1.jpg", "revision.lesson.s2-page-2.jpg"])
        XCTAssertEqual(doc["readiness"]?["visionImages"]?.arrayValue?.compactMap { $0["source"]?.intValue }, [1, 1])

        // The scan taken out and the summary completed: ready, and the scan's images are gone.
        try FileManager.default.removeItem(at: lesson.appendingPathComponent("2-scan.pdf"))
        try Data((ScanPDF.lesson + "\n\n" + ScanPDF.otherLesson).utf8).write(to: lesson.appendingPathComponent("1-resume.txt"))
        try convert(notReady: false)
        XCTAssertEqual(try document("revision.lesson")["readiness"]?["status"], "ready")
        XCTAssertEqual(try imagesBeside("revision.lesson"), [])
    }

    /// The reader of the test: start and end markers, and the size from the frame header.
    func testJPEGReaderReadsTheFrameSize() {
        let frame: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x04, 0x00, 0x00, 0xFF, 0xC0, 0x00, 0x0B, 0x08, 0x06, 0x40, 0x04, 0x6C, 0x01, 0x01, 0x11, 0x00,
                              0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9]
        XCTAssertEqual(JPEGFile.size(Data(frame))?.width, 1132)
        XCTAssertEqual(JPEGFile.size(Data(frame))?.height, 1600)
        XCTAssertNil(JPEGFile.size(Data(frame.dropLast(2))), "no end marker")
        XCTAssertNil(JPEGFile.size(Data([0x89, 0x50, 0x4E, 0x47] + frame.dropFirst(4))), "no start marker")
    }
}

/// A JPEG file read as far as its frame header: start (SOI) and end (EOI) markers, then the
/// segments up to the first start-of-frame marker, which holds the size.
enum JPEGFile {
    static func size(_ data: Data) -> (width: Int, height: Int)? {
        let b = [UInt8](data)
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8, b[b.count - 2] == 0xFF, b[b.count - 1] == 0xD9 else { return nil }
        var i = 2
        while i + 4 <= b.count {
            guard b[i] == 0xFF else { return nil }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }                     // fill byte
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            // SOF0–SOF15, except DHT (C4), JPG (C8) and DAC (CC).
            if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                guard i + 9 <= b.count else { return nil }
                let height = Int(b[i + 5]) << 8 | Int(b[i + 6]), width = Int(b[i + 7]) << 8 | Int(b[i + 8])
                return width > 0 && height > 0 ? (width, height) : nil
            }
            if marker == 0xDA { return nil }                           // scan data before any frame
            i += 2 + length
        }
        return nil
    }
}

/// PDFs written at test time: typed pages (a text layer in Helvetica) and scanned pages (a
/// full-page grey image, white, with nothing legible on it).
enum ScanPDF {
    enum Page { case text(String), blankScan }

    static let lesson = "La photosynthèse est le processus par lequel les plantes vertes fabriquent leur matière organique "
        + "à partir de la lumière du soleil, de l'eau et du dioxyde de carbone. Elle a lieu dans les chloroplastes des cellules "
        + "des feuilles, qui contiennent la chlorophylle. Le glucose produit sert à la croissance de la plante et à ses réserves, "
        + "et le dioxygène est rejeté dans l'atmosphère. Sans elle, il n'y aurait ni oxygène dans l'air ni nourriture pour les "
        + "animaux. Les facteurs qui la limitent sont la lumière, la température, l'eau disponible et la concentration en dioxyde "
        + "de carbone. Les stomates, de petites ouvertures sur la face inférieure des feuilles, laissent entrer le gaz et sortir "
        + "la vapeur d'eau. La respiration, elle, a lieu jour et nuit dans toutes les cellules vivantes : elle consomme du "
        + "glucose et du dioxygène et rejette du dioxyde de carbone. Le bilan des échanges gazeux d'une plante dépend donc de "
        + "l'éclairement : le jour, la photosynthèse l'emporte ; la nuit, seule la respiration se fait. Une expérience simple "
        + "le montre : une plante aquatique éclairée dégage des bulles de dioxygène, de moins en moins quand on l'éloigne de "
        + "la lampe, et plus du tout dans le noir complet."

    static let otherLesson = "Un volcan est une ouverture de l'écorce terrestre par laquelle le magma remonte des profondeurs. "
        + "Le magma se forme dans le manteau, entre soixante et deux cents kilomètres de profondeur, là où la roche fond en partie. "
        + "Plus léger que les roches qui l'entourent, il monte et s'accumule dans un réservoir, la chambre magmatique. Quand la "
        + "pression des gaz devient trop forte, il remonte par la cheminée jusqu'au cratère : c'est l'éruption. On distingue "
        + "deux grands types d'éruptions. Les éruptions effusives émettent une lave fluide et chaude, pauvre en silice, qui "
        + "s'écoule en longues coulées : ce sont celles des volcans d'Hawaï ou du Piton de la Fournaise, à La Réunion. Les "
        + "éruptions explosives projettent une lave visqueuse, riche en silice et en gaz, qui bouche la cheminée puis explose "
        + "en nuées ardentes, en cendres et en bombes volcaniques : le Vésuve, qui détruisit Pompéi en 79, ou la montagne Pelée, "
        + "en Martinique, en 1902. La plupart des volcans se trouvent aux limites des plaques tectoniques, le long des dorsales "
        + "océaniques et des zones de subduction, comme la ceinture de feu du Pacifique. Les volcanologues surveillent les "
        + "séismes, le gonflement du sol et les gaz émis pour prévoir les éruptions et protéger les populations."

    static func make(_ pages: [Page]) -> Data {
        let width = 310, height = 438     // a little under 40 dpi on A4: small, and rendered up to page size
        let white = Data(repeating: 0xFF, count: width * height)
        var objects: [Data] = []
        // 1: catalog, 2: pages, 3: font, then per page: page, contents, image.
        let kids = pages.indices.map { "\(4 + 3 * $0) 0 R" }.joined(separator: " ")
        objects.append(Data("<< /Type /Catalog /Pages 2 0 R >>".utf8))
        objects.append(Data("<< /Type /Pages /Kids [\(kids)] /Count \(pages.count) >>".utf8))
        objects.append(Data("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".utf8))
        for (i, page) in pages.enumerated() {
            let contents: Data
            switch page {
            case .blankScan: contents = Data("q 595 0 0 842 0 0 cm /Im0 Do Q".utf8)
            case .text(let text): contents = textStream(text)
            }
            let image = 6 + 3 * i
            objects.append(Data(("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> "
                                 + "/XObject << /Im0 \(image) 0 R >> >> /Contents \(5 + 3 * i) 0 R >>").utf8))
            objects.append(Data("<< /Length \(contents.count) >>\nstream\n".utf8) + contents + Data("\nendstream".utf8))
            objects.append(Data(("<< /Type /XObject /Subtype /Image /Width \(width) /Height \(height) /ColorSpace /DeviceGray "
                                 + "/BitsPerComponent 8 /Length \(white.count) >>\nstream\n").utf8) + white + Data("\nendstream".utf8))
        }
        return PDFAssembler.assemble(objects)
    }

    /// The text in lines of about 90 characters, Windows-1252 (the font's encoding).
    static func textStream(_ text: String) -> Data {
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ") {
            if line.count + word.count > 90 { lines.append(line); line = "" }
            line += (line.isEmpty ? "" : " ") + word
        }
        if !line.isEmpty { lines.append(line) }
        var s = "BT /F1 10 Tf 14 TL 50 790 Td\n"
        for l in lines {
            let escaped = l.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(").replacingOccurrences(of: ")", with: "\\)")
            s += "(\(escaped)) Tj T*\n"
        }
        s += "ET"
        return s.data(using: .windowsCP1252) ?? Data(s.utf8)
    }
}
