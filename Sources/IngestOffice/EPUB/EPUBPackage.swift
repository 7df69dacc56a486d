import IngestCore

enum EPUBNames {
    static let container = "urn:oasis:names:tc:opendocument:xmlns:container"
    static let opf = "http://www.idpf.org/2007/opf"
    static let xhtml = "http://www.w3.org/1999/xhtml"
    static let ops = "http://www.idpf.org/2007/ops"
    static let enc = "http://www.w3.org/2001/04/xmlenc#"
    static let svg = "http://www.w3.org/2000/svg"
    static let mathml = "http://www.w3.org/1998/Math/MathML"
    /// Font obfuscation (IDPF, Adobe): fonts scrambled against copying, not DRM over the text.
    static let fontObfuscation: Set<String> = ["http://www.idpf.org/2008/embedding", "http://ns.adobe.com/pdf/enc#RC"]
}

/// `META-INF/container.xml`: the package document's path.
struct ContainerHandler: XMLHandler {
    let rootfile, fullPath: Int32
    var paths: [String] = []
    init(_ t: XMLNameTable) { rootfile = t.name(EPUBNames.container, "rootfile"); fullPath = t.name("", "full-path") }
    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if name == rootfile, let p = a[fullPath], paths.count < 16 { paths.append(p) }
    }
    mutating func endElement(_ name: Int32) throws {}
    mutating func characters(_ text: UnsafeRawBufferPointer) throws {}
}

/// `META-INF/encryption.xml`: the resources it lists and the algorithm of each.
struct EncryptionHandler: XMLHandler {
    let method, reference, algorithm, uri, data: Int32
    var encrypted: [(uri: String, algorithm: String)] = []
    private var current = ""
    init(_ t: XMLNameTable) {
        method = t.name(EPUBNames.enc, "EncryptionMethod"); reference = t.name(EPUBNames.enc, "CipherReference")
        data = t.name(EPUBNames.enc, "EncryptedData")
        algorithm = t.name("", "Algorithm"); uri = t.name("", "URI")
    }
    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if name == data { current = "" }
        if name == method { current = a[algorithm] ?? "" }
        if name == reference, let u = a[uri], encrypted.count < 100_000 { encrypted.append((u, current)) }
    }
    mutating func endElement(_ name: Int32) throws {}
    mutating func characters(_ text: UnsafeRawBufferPointer) throws {}
}

/// The package document (OPF): metadata, manifest and spine.
struct OPFHandler: XMLHandler {
    struct Item { var href: String; var mediaType: String }
    let item, itemref, id, href, mediaType, idref: Int32
    let fields: [Int32: String]
    var manifest: [String: Item] = [:]
    var spine: [String] = []
    var metadata: [String: String] = [:]
    private var field: String?
    private var text = TextBuffer()

    init(_ t: XMLNameTable) {
        item = t.name(EPUBNames.opf, "item"); itemref = t.name(EPUBNames.opf, "itemref")
        id = t.name("", "id"); href = t.name("", "href"); mediaType = t.name("", "media-type"); idref = t.name("", "idref")
        fields = [t.name(OOXML.dc, "title"): "title", t.name(OOXML.dc, "creator"): "author",
                  t.name(OOXML.dc, "language"): "language", t.name(OOXML.dc, "publisher"): "publisher",
                  t.name(OOXML.dc, "date"): "date"]
    }
    mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws {
        if name == item, let i = a[id], let h = a[href], manifest.count < 100_000 {
            manifest[i] = Item(href: h, mediaType: a[mediaType] ?? "")
        } else if name == itemref, let r = a[idref], spine.count < 100_000 {
            spine.append(r)
        } else if let f = fields[name] { field = f; text.reset() }
    }
    mutating func endElement(_ name: Int32) throws {
        if let f = field, fields[name] == f {
            let v = text.take()
            if !v.isEmpty, metadata[f] == nil { metadata[f] = v }
            field = nil
        }
    }
    mutating func characters(_ t: UnsafeRawBufferPointer) throws { if field != nil { text.appendFlowing(t) } }
}
