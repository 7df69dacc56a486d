import Foundation
import IngestTestSupport

/// Minimal PDFs written at test time (no fixtures to commit): a valid cross-reference table is
/// computed so poppler opens them without repair unless a test damages them on purpose.
enum PDFTestFiles {
    /// A PDF whose pages each run `content(pageIndex)` (a content stream using font /F1 = Helvetica).
    static func make(pages: Int, extraCatalog: String = "", content: (Int) -> String) -> Data {
        var objects: [String] = []
        // 1: catalog, 2: pages, 3: font, then page/content pairs.
        let kids = (0..<pages).map { "\(4 + 2 * $0) 0 R" }.joined(separator: " ")
        objects.append("<< /Type /Catalog /Pages 2 0 R \(extraCatalog)>>")
        objects.append("<< /Type /Pages /Kids [\(kids)] /Count \(pages) >>")
        objects.append("<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>")
        for i in 0..<pages {
            let stream = content(i)
            objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 3 0 R >> >> /Contents \(5 + 2 * i) 0 R >>")
            objects.append("<< /Length \(stream.utf8.count) >>\nstream\n\(stream)\nendstream")
        }
        return assemble(objects)
    }

    static func assemble(_ objects: [String]) -> Data { assemble(objects.map { Data($0.utf8) }) }

    /// A PDF of these objects (object i + 1 is `objects[i]`, object 1 the catalog), with its
    /// cross-reference table; bodies are bytes, so image streams can be binary.
    static func assemble(_ objects: [Data]) -> Data {
        return PDFAssembler.assemble(objects)
    }

    /// A line of text at (x, y) in the given size.
    static func text(_ s: String, x: Double, y: Double, size: Double = 11) -> String {
        let escaped = s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
            .replacingOccurrences(of: ")", with: "\\)")
        return "BT /F1 \(size) Tf \(x) \(y) Td (\(escaped)) Tj ET"
    }
}
