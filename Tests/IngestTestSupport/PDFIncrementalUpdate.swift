import Foundation

/// An incremental update appended to a PDF the way editors append one (PDF 1.7 §7.5.6): a new
/// Info dictionary, an xref section for it and a trailer whose /Prev is the original's xref.
/// The original must use an xref table (`qpdf --object-streams=disable` writes one).
public enum PDFIncrementalUpdate {
    public static func appended(to base: [UInt8], producer: String = "mise a jour") -> [UInt8] {
        let text = String(decoding: base, as: UTF8.self)
        let prev = Int(text.components(separatedBy: "startxref").last!.trimmingCharacters(in: .whitespacesAndNewlines)
            .components(separatedBy: .whitespacesAndNewlines)[0])!
        let trailer = text.components(separatedBy: "trailer").last!
        func value(_ key: String) -> String {
            let after = trailer.components(separatedBy: key)[1]
            return after.trimmingCharacters(in: .whitespaces).components(separatedBy: CharacterSet(charactersIn: " />\n")).prefix(3).joined(separator: " ")
        }
        let size = Int(value("/Size").components(separatedBy: " ")[0])!
        let root = value("/Root")
        var out = base
        if out.last != 0x0A { out.append(0x0A) }
        let objectOffset = out.count
        out += Array("\(size) 0 obj\n<< /Producer (\(producer)) >>\nendobj\n".utf8)
        let xref = out.count
        out += Array("xref\n0 1\n0000000000 65535 f \n\(size) 1\n\(String(format: "%010d", objectOffset)) 00000 n \n".utf8)
        out += Array("trailer\n<< /Size \(size + 1) /Root \(root) /Info \(size) 0 R /Prev \(prev) >>\nstartxref\n\(xref)\n%%EOF\n".utf8)
        return out
    }
}
