import Foundation
import IngestCore

/// Paragraph styles from `styles.xml`: what makes a heading (built-in or localized "Heading N"
/// names, outline levels, styles based on those), list numbering attached to a style, and the
/// document's default language.
struct StyleSheet: Sendable {
    struct Style: Sendable {
        var name: String = ""
        var basedOn: String?
        var outlineLevel: Int?
        var numId: String?
        var ilvl: Int?
    }
    var styles: [String: Style] = [:]
    var defaultParagraphStyle: String?
    var defaultLanguage: String?

    /// `caption`: a figure's caption (`OfficeCaptions`).
    enum Role: Sendable, Equatable { case body, heading(Int), title, subtitle, code, quote, caption }

    /// Names (lower-cased) of heading styles in the languages Word and LibreOffice localize them to.
    static let headingWords = ["heading", "titre", "überschrift", "ueberschrift", "titolo", "título", "titulo",
                               "kop", "rubrik", "overskrift", "otsikko", "nagłówek", "naglowek", "cím",
                               "nadpis", "заголовок", "başlık", "baslik", "επικεφαλίδα", "見出し", "标题", "제목"]

    /// The role of a paragraph style, following `basedOn` (cycles and depth bounded).
    func role(_ styleId: String?) -> Role {
        var id = styleId ?? defaultParagraphStyle
        var depth = 0
        while let current = id, let style = styles[current], depth < 16 {
            if let r = Self.roleByName(style.name.isEmpty ? current : style.name) { return r }
            if let level = style.outlineLevel { return level < 9 ? .heading(level + 1) : .body }
            id = style.basedOn
            depth += 1
        }
        // A style id that is not defined (a damaged or hand-made file) may still say "Heading2".
        if let s = styleId, styles[s] == nil, let r = Self.roleByName(s) { return r }
        return .body
    }

    static func roleByName(_ raw: String) -> Role? {
        let name = raw.lowercased().trimmingCharacters(in: .whitespaces)
        switch name {
        case "title", "titre", "titel", "título", "titulo", "titolo": return .title
        case "subtitle", "sous-titre", "untertitel", "subtítulo": return .subtitle
        case "source code", "sourcecode", "html preformatted", "code", "preformatted text", "plain text":
            return .code
        case "quote", "intense quote", "block text", "citation", "zitat", "quotations", "block quote", "blockquote":
            return .quote
        default: break
        }
        if let role = OfficeCaptions.role(name) {
            return role ? .caption : .body
        }
        for word in headingWords where name.hasPrefix(word) {
            let rest = name.dropFirst(word.count).trimmingCharacters(in: .whitespaces)
            if let n = Int(rest), (1...9).contains(n) { return .heading(n) }
        }
        return nil
    }

    /// The list a style attaches its paragraphs to, following `basedOn`.
    func numbering(_ styleId: String?) -> (numId: String, ilvl: Int?)? {
        var id = styleId ?? defaultParagraphStyle
        var depth = 0
        while let current = id, let style = styles[current], depth < 16 {
            if let n = style.numId { return (n, style.ilvl) }
            id = style.basedOn
            depth += 1
        }
        return nil
    }
}

/// Reads `styles.xml`.
struct StylesHandler: XMLHandler {
    let n: Names
    var sheet = StyleSheet()
    private var current: String?
    private var style = StyleSheet.Style()
    private var skip = 0
    private var inDocDefaults = false

    struct Names {
        let style, name, basedOn, outlineLvl, numId, ilvl, val, styleId, type, defaultAttr, docDefaults, lang: Int32
        let skipped: Set<Int32>
        init(_ t: XMLNameTable) {
            let w = OOXML.w
            style = t.name(w, "style"); name = t.name(w, "name"); basedOn = t.name(w, "basedOn")
            outlineLvl = t.name(w, "outlineLvl"); numId = t.name(w, "numId"); ilvl = t.name(w, "ilvl")
            val = t.name(w, "val"); styleId = t.name(w, "styleId"); type = t.name(w, "type")
            defaultAttr = t.name(w, "default"); docDefaults = t.name(w, "docDefaults"); lang = t.name(w, "lang")
            skipped = [t.name(w, "pPrChange"), t.name(w, "rPrChange"), t.name(w, "tblStylePr"), t.name(OOXML.mc, "Fallback")]
        }
    }

    init(_ names: XMLNameTable) { n = Names(names) }

    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if skip > 0 { skip += 1; return }
        if n.skipped.contains(name) { skip = 1; return }
        switch name {
        case n.style:
            let type = a[n.type] ?? "paragraph"
            current = type == "paragraph" ? (a[n.styleId] ?? "") : nil
            style = StyleSheet.Style()
            if current != nil, let d = a[n.defaultAttr], d == "1" || d == "true" { sheet.defaultParagraphStyle = current }
        case n.docDefaults: inDocDefaults = true
        case n.lang where inDocDefaults:
            if let v = a[n.val], !v.isEmpty { sheet.defaultLanguage = v }
        case n.name where current != nil: style.name = a[n.val] ?? ""
        case n.basedOn where current != nil: style.basedOn = a[n.val]
        case n.outlineLvl where current != nil: style.outlineLevel = a[n.val].flatMap { Int($0) }
        case n.numId where current != nil: style.numId = a[n.val]
        case n.ilvl where current != nil: style.ilvl = a[n.val].flatMap { Int($0) }
        default: break
        }
    }

    mutating func endElement(_ name: Int32) throws {
        if skip > 0 { skip -= 1; return }
        if name == n.style, let id = current { sheet.styles[id] = style; current = nil }
        if name == n.docDefaults { inDocDefaults = false }
    }

    mutating func characters(_ text: UnsafeRawBufferPointer) throws {}
}
