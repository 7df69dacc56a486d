import CPoppler
import Foundation
import IngestCore

extension PopplerDocumentRef {
    /// The info dictionary and document facts, as `Extraction.metadata`.
    func metadata() -> [String: JSONValue] {
        var m: [String: JSONValue] = [:]
        let strings: [(String, (OpaquePointer) -> UnsafeMutablePointer<gchar>?)] = [
            ("title", poppler_document_get_title), ("author", poppler_document_get_author),
            ("subject", poppler_document_get_subject), ("keywords", poppler_document_get_keywords),
            ("creator", poppler_document_get_creator), ("producer", poppler_document_get_producer),
        ]
        for (key, getter) in strings {
            if let value = PopplerDocumentRef.own(getter(handle))?.trimmingCharacters(in: .whitespacesAndNewlines),
               !value.isEmpty {
                m[key] = .string(value)
            }
        }
        for (key, time) in [("creationDate", poppler_document_get_creation_date(handle)),
                            ("modificationDate", poppler_document_get_modification_date(handle))] where time > 0 {
            m[key] = .string(PDFMetadata.iso8601(time))
        }
        m["pageCount"] = .int(pageCount)
        if let version = PopplerDocumentRef.own(poppler_document_get_pdf_version_string(handle)) {
            m["pdfVersion"] = .string(version.replacingOccurrences(of: "PDF-", with: ""))
        }
        m["linearized"] = .bool(poppler_document_is_linearized(handle) != 0)
        m["hasJavaScript"] = .bool(hasJavaScript)
        return m
    }
}

enum PDFMetadata {
    static func iso8601(_ time: time_t) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime]
        f.timeZone = TimeZone(identifier: "UTC")
        return f.string(from: Date(timeIntervalSince1970: TimeInterval(time)))
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
        if lower.range(of: #"^(document|doc|untitled|sans titre|diapositive|slide|presentation)\s*\d*$"#,
                       options: .regularExpression) != nil { return nil }
        if lower.range(of: #"\.(docx?|pdf|odt|rtf|txt|tex|dvi|pptx?|xlsx?|indd|qxd|pages|key|ps|eps|html?)$"#,
                       options: .regularExpression) != nil { return nil }
        if title.contains("\\") || lower.hasPrefix("/") || lower.range(of: #"^[a-z]:"#, options: .regularExpression) != nil {
            return nil
        }
        let stem = (fileName as NSString).deletingPathExtension.lowercased()
        if !stem.isEmpty && lower == stem { return nil }
        let letters = title.unicodeScalars.filter { $0.properties.isAlphabetic }.count
        if letters < 3 { return nil }
        return title
    }
}
