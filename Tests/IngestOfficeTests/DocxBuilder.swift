import Foundation
import IngestTestSupport

/// Writes a minimal but complete .docx package around a body, for tests.
struct DocxBuilder {
    var body: String
    var styles: String = DocxBuilder.defaultStyles
    var numbering: String? = nil
    var footnotes: String? = nil
    var core: String? = nil
    var mainPart = "word/document.xml"
    var extra: [(String, [UInt8])] = []
    var contentType = "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"

    static let ns = #"xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" xmlns:wps="http://schemas.microsoft.com/office/word/2010/wordprocessingShape" xmlns:v="urn:schemas-microsoft-com:vml" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main""#

    static let defaultStyles = """
    <w:styles \(ns)>
      <w:docDefaults><w:rPrDefault><w:rPr><w:lang w:val="en-US"/></w:rPr></w:rPrDefault></w:docDefaults>
      <w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style>
      <w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style>
      <w:style w:type="paragraph" w:styleId="Heading2"><w:name w:val="heading 2"/></w:style>
      <w:style w:type="paragraph" w:styleId="Titre3"><w:name w:val="Titre 3"/></w:style>
      <w:style w:type="paragraph" w:styleId="MonChapitre"><w:name w:val="Mon chapitre"/><w:basedOn w:val="Heading2"/></w:style>
      <w:style w:type="paragraph" w:styleId="Plan"><w:name w:val="Plan"/><w:pPr><w:outlineLvl w:val="3"/><w:pPrChange><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:pPrChange></w:pPr></w:style>
      <w:style w:type="paragraph" w:styleId="Title"><w:name w:val="Title"/></w:style>
    </w:styles>
    """

    func bytes() -> [UInt8] {
        var w = ZipWriter()
        var overrides = "<Override PartName=\"/\(mainPart)\" ContentType=\"\(contentType)\"/>"
        if core != nil { overrides += #"<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>"# }
        w.add("[Content_Types].xml", #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="xml" ContentType="application/xml"/>"# + overrides + "</Types>")
        w.add("_rels/.rels", #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="\#(mainPart)"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>"#)
        let folder = (mainPart as NSString).deletingLastPathComponent
        let file = (mainPart as NSString).lastPathComponent
        var rels = #"<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rS" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>"#
        if numbering != nil { rels += #"<Relationship Id="rN" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/numbering" Target="numbering.xml"/>"# }
        if footnotes != nil { rels += #"<Relationship Id="rF" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/footnotes" Target="footnotes.xml"/>"# }
        rels += #"<Relationship Id="rH" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink" Target="https://example.org" TargetMode="External"/></Relationships>"#
        w.add("\(folder)/_rels/\(file).rels", rels)
        w.add(mainPart, #"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>"# + "<w:document \(Self.ns)><w:body>\(body)<w:sectPr><w:pgSz w:w=\"11906\"/></w:sectPr></w:body></w:document>")
        w.add("\(folder)/styles.xml", styles)
        if let numbering { w.add("\(folder)/numbering.xml", "<w:numbering \(Self.ns)>\(numbering)</w:numbering>") }
        if let footnotes { w.add("\(folder)/footnotes.xml", "<w:footnotes \(Self.ns)>\(footnotes)</w:footnotes>") }
        if let core { w.add("docProps/core.xml", core) }
        for (name, data) in extra { w.add(name, data) }
        return w.bytes()
    }

    func write(_ dir: TemporaryDirectory, _ name: String = "test.docx") throws -> URL {
        try dir.write(name, Data(bytes()))
    }

    static func p(_ text: String, style: String? = nil, num: (Int, Int)? = nil, lang: String? = nil) -> String {
        var ppr = ""
        if let style { ppr += "<w:pStyle w:val=\"\(style)\"/>" }
        if let (id, lvl) = num { ppr += "<w:numPr><w:ilvl w:val=\"\(lvl)\"/><w:numId w:val=\"\(id)\"/></w:numPr>" }
        let rpr = lang.map { "<w:rPr><w:lang w:val=\"\($0)\"/></w:rPr>" } ?? ""
        return "<w:p>\(ppr.isEmpty ? "" : "<w:pPr>\(ppr)</w:pPr>")<w:r>\(rpr)<w:t xml:space=\"preserve\">\(text)</w:t></w:r></w:p>"
    }
}
