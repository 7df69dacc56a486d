/// Namespace URIs of the parts we read. Strict (ISO 29500) URIs are aliased to Transitional ones.
enum OOXML {
    static let w = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"
    static let r = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    static let mc = "http://schemas.openxmlformats.org/markup-compatibility/2006"
    static let m = "http://schemas.openxmlformats.org/officeDocument/2006/math"
    static let a = "http://schemas.openxmlformats.org/drawingml/2006/main"
    static let p = "http://schemas.openxmlformats.org/presentationml/2006/main"
    static let v = "urn:schemas-microsoft-com:vml"
    static let packageRels = "http://schemas.openxmlformats.org/package/2006/relationships"
    static let contentTypes = "http://schemas.openxmlformats.org/package/2006/content-types"
    static let cp = "http://schemas.openxmlformats.org/package/2006/metadata/core-properties"
    static let dc = "http://purl.org/dc/elements/1.1/"
    static let dcterms = "http://purl.org/dc/terms/"
    static let wp = "http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing"
    static let c = "http://schemas.openxmlformats.org/drawingml/2006/chart"
    static let dgm = "http://schemas.openxmlformats.org/drawingml/2006/diagram"

    static let strictAliases: [(String, String)] = [
        ("http://purl.oclc.org/ooxml/wordprocessingml/main", w),
        ("http://purl.oclc.org/ooxml/officeDocument/relationships", r),
        ("http://purl.oclc.org/ooxml/officeDocument/math", m),
        ("http://purl.oclc.org/ooxml/drawingml/main", a),
        ("http://purl.oclc.org/ooxml/presentationml/main", p),
        ("http://purl.oclc.org/ooxml/drawingml/wordprocessingDrawing", wp),
        ("http://purl.oclc.org/ooxml/drawingml/chart", c),
        ("http://purl.oclc.org/ooxml/drawingml/diagram", dgm),
    ]

    /// A name table with the Strict aliases installed, shared by all parts of one document.
    static func nameTable() -> XMLNameTable {
        let t = XMLNameTable()
        for (strict, transitional) in strictAliases { t.alias(strict, as: transitional) }
        return t
    }
}
