import IngestCore

/// Namespace URIs of OpenDocument parts.
enum ODF {
    static let office = "urn:oasis:names:tc:opendocument:xmlns:office:1.0"
    static let text = "urn:oasis:names:tc:opendocument:xmlns:text:1.0"
    static let table = "urn:oasis:names:tc:opendocument:xmlns:table:1.0"
    static let draw = "urn:oasis:names:tc:opendocument:xmlns:drawing:1.0"
    static let presentation = "urn:oasis:names:tc:opendocument:xmlns:presentation:1.0"
    static let style = "urn:oasis:names:tc:opendocument:xmlns:style:1.0"
    static let fo = "urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0"
    static let svg = "urn:oasis:names:tc:opendocument:xmlns:svg-compatible:1.0"
    static let meta = "urn:oasis:names:tc:opendocument:xmlns:meta:1.0"
    static let manifest = "urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"
}

/// The element and attribute ids an ODF handler compares against, asked for once per document.
struct ODFNames {
    let p, h, span, s, tab, lineBreak, list, listItem, listHeader, note, noteCitation, noteBody: Int32
    let tableTable, tableRow, tableCell, coveredCell: Int32
    /// `draw:master-page-name` of a slide: LibreOffice names a .pptx layout's master after it.
    let masterPageName: Int32
    let page, frame, image, notes, annotation, trackedChanges, svgTitle, svgDesc: Int32
    let styleStyle, defaultStyle, textProperties, drawingPageProperties, listStyle, bulletLevel, numberLevel: Int32
    let body: Int32
    let footerDecl, dateTimeDecl, object, pageNumber: Int32
    let useFooterName, useDateTimeName, declName, source, href: Int32
    /// Shapes of a slide that hold text beside its pictures, and where shapes stand (`SlideFigures`).
    let customShape, rect, svgX, svgY, svgWidth, svgHeight: Int32
    // attributes
    let outlineLevel, styleName, name, parentStyleName, defaultOutlineLevel, displayName, family, c, level,
        bulletChar, numFormat, numPrefix, numSuffix, startValue, columnsRepeated, rowsRepeated, presentationClass,
        visibility, language, drawStyleName, presentation, officeText, textPosition: Int32

    init(_ t: XMLNameTable) {
        func x(_ local: String) -> Int32 { t.name(ODF.text, local) }
        p = x("p"); h = x("h"); span = x("span"); s = x("s"); tab = x("tab"); lineBreak = x("line-break")
        list = x("list"); listItem = x("list-item"); listHeader = x("list-header"); note = x("note")
        noteCitation = x("note-citation"); noteBody = x("note-body")
        tableTable = t.name(ODF.table, "table"); tableRow = t.name(ODF.table, "table-row")
        tableCell = t.name(ODF.table, "table-cell"); coveredCell = t.name(ODF.table, "covered-table-cell")
        masterPageName = t.name(ODF.draw, "master-page-name")
        page = t.name(ODF.draw, "page"); frame = t.name(ODF.draw, "frame"); image = t.name(ODF.draw, "image")
        notes = t.name(ODF.presentation, "notes"); annotation = t.name(ODF.office, "annotation")
        trackedChanges = x("tracked-changes"); svgTitle = t.name(ODF.svg, "title"); svgDesc = t.name(ODF.svg, "desc")
        styleStyle = t.name(ODF.style, "style"); defaultStyle = t.name(ODF.style, "default-style")
        textProperties = t.name(ODF.style, "text-properties")
        drawingPageProperties = t.name(ODF.style, "drawing-page-properties")
        listStyle = x("list-style"); bulletLevel = x("list-level-style-bullet"); numberLevel = x("list-level-style-number")
        body = t.name(ODF.office, "body")
        outlineLevel = x("outline-level"); styleName = x("style-name"); name = t.name(ODF.style, "name")
        parentStyleName = t.name(ODF.style, "parent-style-name")
        defaultOutlineLevel = t.name(ODF.style, "default-outline-level"); displayName = t.name(ODF.style, "display-name")
        family = t.name(ODF.style, "family"); c = x("c"); level = x("level"); bulletChar = x("bullet-char")
        numFormat = t.name(ODF.style, "num-format"); numPrefix = t.name(ODF.style, "num-prefix")
        numSuffix = t.name(ODF.style, "num-suffix"); startValue = x("start-value")
        columnsRepeated = t.name(ODF.table, "number-columns-repeated"); rowsRepeated = t.name(ODF.table, "number-rows-repeated")
        presentationClass = t.name(ODF.presentation, "class"); visibility = t.name(ODF.presentation, "visibility")
        language = t.name(ODF.fo, "language"); drawStyleName = t.name(ODF.draw, "style-name")
        presentation = t.name(ODF.office, "presentation"); officeText = t.name(ODF.office, "text")
        footerDecl = t.name(ODF.presentation, "footer-decl"); dateTimeDecl = t.name(ODF.presentation, "date-time-decl")
        object = t.name(ODF.draw, "object"); pageNumber = x("page-number")
        useFooterName = t.name(ODF.presentation, "use-footer-name"); useDateTimeName = t.name(ODF.presentation, "use-date-time-name")
        declName = t.name(ODF.presentation, "name"); source = t.name(ODF.presentation, "source")
        href = t.name("http://www.w3.org/1999/xlink", "href")
        textPosition = t.name(ODF.style, "text-position")
        customShape = t.name(ODF.draw, "custom-shape"); rect = t.name(ODF.draw, "rect")
        svgX = t.name(ODF.svg, "x"); svgY = t.name(ODF.svg, "y"); svgWidth = t.name(ODF.svg, "width"); svgHeight = t.name(ODF.svg, "height")
    }
}

/// Paragraph styles (heading levels through the parent chain), list styles and hidden drawing
/// pages, from `styles.xml` and the automatic styles of `content.xml`.
struct ODFStyles {
    struct Paragraph { var parent: String?; var outline: Int?; var display: String }
    struct ListLevel { var bullet: String?; var format: String?; var prefix: String; var suffix: String }
    var paragraphs: [String: Paragraph] = [:]
    var lists: [String: [Int: ListLevel]] = [:]
    var hiddenPages: Set<String> = []
    var language: String?
    /// Text styles that raise or lower their text (`style:text-position`: `super`, `sub`, or a
    /// signed percentage), for spans written as they read (`10⁸`, `H₂O`).
    var scripts: [String: ScriptText.Position] = [:]

    /// The position `style:text-position="…"` gives, nil for the baseline.
    static func scriptPosition(_ value: String) -> ScriptText.Position? {
        guard let first = value.split(separator: " ").first else { return nil }
        if first == "super" { return .superscript }
        if first == "sub" { return .subscript }
        guard let percent = Double(first.dropLast(first.hasSuffix("%") ? 1 : 0)), percent != 0 else { return nil }
        return percent > 0 ? .superscript : .subscript
    }

    /// The heading level a paragraph style gives (outline level, or Title as level 1), if any.
    func headingLevel(_ style: String?) -> Int? {
        var name = style, hops = 0
        while let n = name, let s = paragraphs[n], hops < 32 {
            if let o = s.outline, o > 0 { return min(o, 9) }
            let lower = s.display.lowercased()
            if lower == "title" || lower == "titre" || n == "Title" { return 1 }
            name = s.parent; hops += 1
        }
        return nil
    }

    /// Whether a paragraph style is a figure caption's (`OfficeCaptions.role` of the first style
    /// up its parents that says; LibreOffice's frame captions are `Illustration`, `Figure`,
    /// `Drawing`, pandoc's `Image Caption`).
    func isFigureCaption(_ style: String?) -> Bool {
        var name = style, hops = 0
        while let n = name, let s = paragraphs[n], hops < 32 {
            if let role = OfficeCaptions.role(s.display.lowercased()) { return role }
            name = s.parent; hops += 1
        }
        return false
    }
}
