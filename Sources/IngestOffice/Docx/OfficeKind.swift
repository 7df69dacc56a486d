import Foundation
import IngestCore
import IngestZip

/// Tells ZIP-based files apart by what they declare: `[Content_Types].xml` for OOXML (the main
/// part's content type: document, macro-enabled document or template), `mimetype` for ODF.
public enum OfficeKind {
    static let wordTypes: Set<String> = [
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
        "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
        "application/vnd.ms-word.document.macroEnabled.main+xml",
        "application/vnd.ms-word.template.macroEnabledTemplate.main+xml",
    ]
    static let presentationTypes: Set<String> = [
        "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
        "application/vnd.openxmlformats-officedocument.presentationml.slideshow.main+xml",
        "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
        "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
        "application/vnd.ms-powerpoint.slideshow.macroEnabled.main+xml",
        "application/vnd.ms-powerpoint.template.macroEnabled.main+xml",
    ]
    static let spreadsheetTypes: Set<String> = [
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
        "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
        "application/vnd.ms-excel.template.macroEnabled.main+xml",
        "application/vnd.ms-excel.sheet.binary.macroEnabled.main",
    ]

    /// The kind of a ZIP file: `.docx`, `.pptx`, `.xlsx`, `.odt`, `.odp`, `.epub`, or `.zip`. A damaged archive whose
    /// name says Word is still `.docx`, so the Word reader reports what exactly is wrong with it.
    public static func detect(_ url: URL, limits: ZipLimits) -> SourceKind {
        do {
            let archive = try ZipArchive(url: url, limits: limits)
            return try detect(archive)
        } catch {
            let ext = url.pathExtension.lowercased()
            // The same for the other readers: each names what is wrong with its own kind of file.
            return ["docx", "docm", "dotx", "dotm"].contains(ext) ? .docx
                : ["pptx", "pptm", "ppsx", "potx"].contains(ext) ? .pptx : .zip
        }
    }

    static func detect(_ archive: ZipArchive) throws -> SourceKind {
        if let m = archive.entry("mimetype"), m.uncompressedSize < 256 {
            let type = String(decoding: try archive.data(m, maxBytes: 256), as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            if let kind = Sniffer.zipMimeTypes[type] { return kind }
        }
        let package = DocxPackage(archive: archive)
        var h = ContentTypesHandler(package.names)
        if (try? package.parse("[Content_Types].xml", &h)) == true {
            for type in h.types {
                if wordTypes.contains(type) { return .docx }
                if presentationTypes.contains(type) { return .pptx }
                if spreadsheetTypes.contains(type) { return .xlsx }
            }
        }
        if archive.entry("word/document.xml") != nil { return .docx }
        if archive.entry("ppt/presentation.xml") != nil { return .pptx }
        if archive.entry("META-INF/container.xml") != nil, archive.entry("mimetype") != nil { return .epub }
        return .zip
    }
}

/// The content types a package declares (Override and Default).
struct ContentTypesHandler: XMLHandler {
    let override, defaultType, contentType: Int32
    var types: [String] = []
    init(_ t: XMLNameTable) {
        override = t.name(OOXML.contentTypes, "Override"); defaultType = t.name(OOXML.contentTypes, "Default")
        contentType = t.name("", "ContentType")
    }
    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if (name == override || name == defaultType), let t = a[contentType], types.count < 10_000 { types.append(t) }
    }
    mutating func endElement(_ name: Int32) throws {}
    mutating func characters(_ text: UnsafeRawBufferPointer) throws {}
}
