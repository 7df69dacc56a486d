import Foundation
import IngestCore
import IngestTestSupport
import IngestZip
@testable import IngestOffice

/// Runs an extractor on a file as the pipeline would (kind decided by content first).
func extractFile(_ url: URL, with extractor: any Extractor, config: PipelineConfig = PipelineConfig()) throws -> Extraction {
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    let kind = OfficeKind.detect(url, limits: ZipLimits(maxUncompressedBytes: config.limits.zipMaxUncompressedBytes,
                                                        maxRatio: config.limits.zipMaxRatio, maxEntries: config.limits.zipMaxEntries))
    return try extractor.extract(SourceInput(files: [url], kind: kind, byteSize: size, name: url.lastPathComponent),
                                 context: ExtractionContext(config: config, language: .en))
}

/// Writes a minimal but complete .pptx around slides (each: its `p:spTree` content, optional notes,
/// hidden flag), for tests.
struct PptxBuilder {
    struct Slide { var shapes: String; var notes: String? = nil; var hidden = false }
    var slides: [Slide]
    /// The order of `p:sldIdLst`, as indexes into `slides` (default: as listed).
    var order: [Int]? = nil
    var core: String? = nil
    var extra: [(String, [UInt8])] = []
    /// Parts written as given instead of as built (a hostile slide, a bomb entry).
    var replaced: [String: ZipWriter.Entry] = [:]

    static let ns = #"xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main""#
    static let rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"

    func bytes() -> [UInt8] {
        var w = ZipWriter()
        w.add("[Content_Types].xml", #"<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/><Override PartName="/ppt/presentation.xml" ContentType="application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml"/></Types>"#)
        w.add("_rels/.rels", #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="\#(Self.rel)/officeDocument" Target="ppt/presentation.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>"#)
        var ids = "", rels = ""
        for i in order ?? Array(slides.indices) {
            ids += "<p:sldId id=\"\(256 + i)\" r:id=\"rIdS\(i)\"/>"
        }
        for i in slides.indices {
            rels += "<Relationship Id=\"rIdS\(i)\" Type=\"\(Self.rel)/slide\" Target=\"slides/slide\(i + 1).xml\"/>"
        }
        w.add("ppt/presentation.xml", "<p:presentation \(Self.ns)><p:sldIdLst>\(ids)</p:sldIdLst></p:presentation>")
        w.add("ppt/_rels/presentation.xml.rels", "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\">\(rels)</Relationships>")
        for (i, s) in slides.enumerated() {
            w.add("ppt/slides/slide\(i + 1).xml", "<p:sld \(Self.ns)\(s.hidden ? " show=\"0\"" : "")><p:cSld><p:spTree>\(s.shapes)</p:spTree></p:cSld></p:sld>")
            if let notes = s.notes {
                w.add("ppt/slides/_rels/slide\(i + 1).xml.rels", "<Relationships xmlns=\"http://schemas.openxmlformats.org/package/2006/relationships\"><Relationship Id=\"rN\" Type=\"\(Self.rel)/notesSlide\" Target=\"../notesSlides/notesSlide\(i + 1).xml\"/></Relationships>")
                w.add("ppt/notesSlides/notesSlide\(i + 1).xml", "<p:notes \(Self.ns)><p:cSld><p:spTree>"
                      + Self.shape(ph: "sldImg", []) + Self.shape(ph: "body", [notes]) + Self.shape(ph: "sldNum", ["\(i + 1)"])
                      + "</p:spTree></p:cSld></p:notes>")
            }
        }
        if let core { w.add("docProps/core.xml", core) }
        for (name, data) in extra { w.add(name, data) }
        w.entries = w.entries.map { replaced[String(decoding: $0.name, as: UTF8.self)] ?? $0 }
        return w.bytes()
    }

    static func entry(_ name: String, _ text: String) -> ZipWriter.Entry {
        var w = ZipWriter(); w.add(name, text); return w.entries[0]
    }

    func write(_ dir: TemporaryDirectory, _ name: String = "slides.pptx") throws -> URL { try dir.write(name, Data(bytes())) }

    /// A shape: a placeholder of `ph` type (nil: a text box), its paragraphs (`para` output or plain text).
    static func shape(ph: String?, _ paragraphs: [String]) -> String {
        let nv = ph.map { "<p:nvSpPr><p:cNvPr id=\"2\" name=\"x\"/><p:cNvSpPr/><p:nvPr><p:ph type=\"\($0)\"/></p:nvPr></p:nvSpPr>" }
            ?? "<p:nvSpPr><p:cNvPr id=\"3\" name=\"box\"/><p:cNvSpPr txBox=\"1\"/><p:nvPr/></p:nvSpPr>"
        let body = paragraphs.map { $0.hasPrefix("<a:p") ? $0 : para($0) }.joined()
        return "<p:sp>\(nv)<p:spPr/><p:txBody><a:bodyPr/><a:lstStyle/>\(body)</p:txBody></p:sp>"
    }

    static func para(_ text: String, lvl: Int? = nil, bullet: String? = nil, lang: String = "fr-FR") -> String {
        var ppr = ""
        if lvl != nil || bullet != nil {
            ppr = "<a:pPr\(lvl.map { " lvl=\"\($0)\"" } ?? "")>\(bullet ?? "")</a:pPr>"
        }
        return "<a:p>\(ppr)<a:r><a:rPr lang=\"\(lang)\" dirty=\"0\"/><a:t>\(text)</a:t></a:r></a:p>"
    }

    static func table(_ rows: [[String]]) -> String {
        let trs = rows.map { r in "<a:tr h=\"370840\">" + r.map { "<a:tc><a:txBody><a:bodyPr/>\(para($0))</a:txBody><a:tcPr/></a:tc>" }.joined() + "</a:tr>" }.joined()
        return "<p:graphicFrame><p:nvGraphicFramePr><p:cNvPr id=\"4\" name=\"t\"/><p:cNvGraphicFramePr/><p:nvPr/></p:nvGraphicFramePr><p:xfrm/><a:graphic><a:graphicData uri=\"http://schemas.openxmlformats.org/drawingml/2006/table\"><a:tbl><a:tblGrid/>\(trs)</a:tbl></a:graphicData></a:graphic></p:graphicFrame>"
    }
}

/// Writes a minimal OpenDocument package (mimetype first and stored, as the standard asks).
struct ODFBuilder {
    var body: String
    var presentation = false
    var automaticStyles = ""
    var styles = ""
    var meta: String? = nil
    var manifest: String? = nil
    var mimetype: String? = nil
    var replaced: [String: String] = [:]

    static let ns = #"xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" xmlns:draw="urn:oasis:names:tc:opendocument:xmlns:drawing:1.0" xmlns:presentation="urn:oasis:names:tc:opendocument:xmlns:presentation:1.0" xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" xmlns:svg="urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:meta="urn:oasis:names:tc:opendocument:xmlns:meta:1.0" office:version="1.3""#

    func bytes() -> [UInt8] {
        var w = ZipWriter()
        w.add("mimetype", Array((mimetype ?? "application/vnd.oasis.opendocument.\(presentation ? "presentation" : "text")").utf8), stored: true, flags: 0)
        let kind = presentation ? "presentation" : "text"
        var parts: [(String, String)] = [
            ("content.xml", "<?xml version=\"1.0\" encoding=\"UTF-8\"?><office:document-content \(Self.ns)><office:automatic-styles>\(automaticStyles)</office:automatic-styles><office:body><office:\(kind)>\(body)</office:\(kind)></office:body></office:document-content>"),
            ("styles.xml", "<office:document-styles \(Self.ns)><office:styles>\(styles)</office:styles><office:master-styles><style:master-page style:name=\"Standard\"><style:header><text:p>En-tête répété</text:p></style:header></style:master-page></office:master-styles></office:document-styles>"),
        ]
        if let meta { parts.append(("meta.xml", "<office:document-meta \(Self.ns)><office:meta>\(meta)</office:meta></office:document-meta>")) }
        parts.append(("META-INF/manifest.xml", manifest ?? #"<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"><manifest:file-entry manifest:full-path="/" manifest:media-type="application/vnd.oasis.opendocument.text"/></manifest:manifest>"#))
        for (name, text) in parts { w.add(name, replaced[name] ?? text) }
        return w.bytes()
    }

    func write(_ dir: TemporaryDirectory, _ name: String? = nil) throws -> URL {
        try dir.write(name ?? (presentation ? "slides.odp" : "cours.odt"), Data(bytes()))
    }
}

/// Writes a minimal EPUB: mimetype, container, package document with its spine, chapters.
struct EPUBBuilder {
    var chapters: [(name: String, body: String)]
    var spine: [Int]? = nil
    var title = "Physique"
    var extra: [(String, String)] = []

    static func xhtml(_ body: String) -> String {
        #"<?xml version="1.0" encoding="utf-8"?><!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.1//EN" "http://www.w3.org/TR/xhtml11/DTD/xhtml11.dtd"><html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops"><head><title>t</title><style>p { color: red }</style></head><body>"# + body + "</body></html>"
    }

    func bytes() -> [UInt8] {
        var w = ZipWriter()
        w.add("mimetype", Array("application/epub+zip".utf8), stored: true, flags: 0)
        w.add("META-INF/container.xml", #"<?xml version="1.0"?><container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container"><rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles></container>"#)
        let items = chapters.enumerated().map { "<item id=\"c\($0.offset)\" href=\"text/\($0.element.name)\" media-type=\"application/xhtml+xml\"/>" }.joined()
            + #"<item id="css" href="style.css" media-type="text/css"/>"#
        let refs = (spine ?? Array(chapters.indices)).map { "<itemref idref=\"c\($0)\"/>" }.joined() + #"<itemref idref="css"/>"#
        w.add("OEBPS/content.opf", #"<?xml version="1.0"?><package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id"><metadata xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>\#(title)</dc:title><dc:creator>A. Auteur</dc:creator><dc:language>fr-FR</dc:language></metadata><manifest>\#(items)</manifest><spine>\#(refs)</spine></package>"#)
        for c in chapters { w.add("OEBPS/text/\(c.name)", Self.xhtml(c.body)) }
        for (name, text) in extra { w.add(name, text) }
        return w.bytes()
    }

    func write(_ dir: TemporaryDirectory, _ name: String = "livre.epub") throws -> URL { try dir.write(name, Data(bytes())) }
}
