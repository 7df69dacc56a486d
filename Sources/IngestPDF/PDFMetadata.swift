import Foundation
import IngestCore

extension PopplerDocumentRef {
    /// The info dictionary and document facts, as `Extraction.metadata` (but `hasJavaScript`).
    func metadata() -> [String: JSONValue] {
        var m: [String: JSONValue] = [:]
        for field in InfoField.allCases {
            if let value = info(field)?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty {
                m["\(field)"] = .string(value)
            }
        }
        for (key, time) in [("creationDate", creationDate), ("modificationDate", modificationDate)] where time > 0 {
            m[key] = .string(PDFMetadata.iso8601(time))
        }
        m["pageCount"] = .int(pageCount)
        if let version = versionString {
            m["pdfVersion"] = .string(version.replacingOccurrences(of: "PDF-", with: ""))
        }
        m["linearized"] = .bool(isLinearized)
        // ("hasJavaScript" is the extractor's: asked in two parts, `PDFScripts`.)
        return m
    }
}

enum PDFMetadata {
    /// UTC, `2026-12-01T21:15:12Z`. Not ISO8601DateFormatter: it builds an ICU calendar and time
    /// zone, which maps ICU's code and data (≈2 MB resident) for two dates per document.
    static func iso8601(_ time: time_t) -> String {
        Timestamp.iso8601(Date(timeIntervalSince1970: TimeInterval(time)))
    }

    /// A metadata title worth showing: not empty, not a placeholder ("untitled", "Document1"),
    /// not what a converter writes ("Microsoft Word - cours.docx"), not a file name or path.
    static func meaningfulTitle(_ raw: String?, fileName: String) -> String? {
        guard var title = raw?.trimmingCharacters(in: .whitespacesAndNewlines), !title.isEmpty else { return nil }
        title = title.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let lower = title.lowercased()
        let placeholders: Set<String> = ["untitled", "sans titre", "titre", "title", "document", "untitled document",
                                         "document sans titre", "présentation powerpoint", "powerpoint presentation",
                                         "slide 1", "diapositive 1", "no title", "unknown", "none", "null", "-"]
        if placeholders.contains(lower) { return nil }
        for prefix in ["microsoft word - ", "microsoft powerpoint - ", "microsoft excel - ", "untitled-"]
        where lower.hasPrefix(prefix) { return nil }
        // (Plain string tests, not NSRegularExpression: ICU's engine maps ≈2 MB for these.)
        // "Document1", "slide 3": a placeholder word, spaces, digits.
        let withoutNumber = String(lower.reversed().drop { $0.isASCII && $0.isNumber }.reversed())
        if ["document", "doc", "untitled", "sans titre", "diapositive", "slide", "presentation"]
            .contains(withoutNumber.trimmingCharacters(in: .whitespaces)) { return nil }
        if let dot = lower.lastIndex(of: "."),
           ["doc", "docx", "pdf", "odt", "rtf", "txt", "tex", "dvi", "ppt", "pptx", "xls", "xlsx", "indd", "qxd",
            "pages", "key", "ps", "eps", "htm", "html"].contains(String(lower[lower.index(after: dot)...])) { return nil }
        let letterColon = lower.unicodeScalars.count >= 2 && ("a"..."z").contains(lower.unicodeScalars.first!)
            && lower.unicodeScalars.dropFirst().first == ":"
        if title.contains("\\") || lower.hasPrefix("/") || letterColon {
            return nil
        }
        let stem = (fileName as NSString).deletingPathExtension.lowercased()
        if !stem.isEmpty && lower == stem { return nil }
        let letters = title.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        if letters < 3 { return nil }
        return title
    }
}
