import Foundation

/// A PDF written by hand: objects (object i + 1 is `objects[i]`, object 1 the catalog) and their
/// cross-reference table. Bodies are bytes, so image streams can be binary. Shared by the tests
/// that build the exact PDFs they need (page decisions, vision images).
public enum PDFAssembler {
    public static func assemble(_ objects: [Data]) -> Data {
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
}
