import Foundation

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
        var out = Data("%PDF-1.4\n%\u{E2}\u{E3}\u{CF}\u{D3}\n".utf8)
        var offsets: [Int] = []
        for (i, body) in objects.enumerated() {
            offsets.append(out.count)
            out.append(Data("\(i + 1) 0 obj\n".utf8))
            out.append(body)
            out.append(Data("\nendobj\n".utf8))
        }
        let xref = out.count
        var table = "xref\n0 \(objects.count + 1)\n0000000000 65535 f \n"
        for o in offsets { table += String(format: "%010d 00000 n \n", o) }
        table += "trailer\n<< /Size \(objects.count + 1) /Root 1 0 R >>\nstartxref\n\(xref)\n%%EOF\n"
        out.append(Data(table.utf8))
        return out
    }

    /// A line of text at (x, y) in the given size.
    static func text(_ s: String, x: Double, y: Double, size: Double = 11) -> String {
        let escaped = s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "(", with: "\\(")
            .replacingOccurrences(of: ")", with: "\\)")
        return "BT /F1 \(size) Tf \(x) \(y) Td (\(escaped)) Tj ET"
    }
}
