import CPoppler
import CPopplerFonts
import CPopplerPaths
import Foundation
import IngestCore
import Synchronization

// The one file that owns poppler-glib's document and page handles. Everything else in IngestPDF
// (and the page images OCR gets, `PDFPageImages`) goes through these two classes, so every handle
// is released exactly once, in `deinit`, and every opening is counted (`PopplerDocumentRef.opened`).

/// An open poppler document. Not thread-safe (poppler documents are not): use one per thread.
public final class PopplerDocumentRef {
    /// The `PopplerDocument *`; valid for the lifetime of this object.
    public let handle: OpaquePointer
    /// Poppler's log lines emitted while opening (xref repair and the like), oldest first.
    public let openMessages: [String]
    /// Set by the facts (`PDFScripts.facts`) on their document, before another thread reads it:
    /// its pages were loaded out of the walk's count of poppler's log lines.
    var pagesLoadedByFacts = false

    /// Opens `url` (a local file), with `password` when given.
    /// Throws `pdf.encrypted` (a password is needed and none was given), `pdf.wrongPassword`,
    /// `pdf.notPDF` (no `%PDF-` header), `file.empty`, `file.notFound`, or `pdf.corrupt` with
    /// poppler's own reason in `detail`.
    ///
    /// Its header and its cross-reference tail are read through one descriptor. Poppler opens the
    /// file by its name: `poppler_document_new_from_fd` would share that descriptor, but poppler
    /// 22.12 closes it before its second try of a password (in Latin-1, then as given), so a wrong
    /// password would read as a damaged file (PDFExtractorTests.testEncryptedPDFs).
    ///
    /// Poppler's file stream reads 256 bytes a system call, again at every pass over a page: a
    /// file of at most `readingUpTo` bytes is read into memory through that descriptor and handed
    /// to poppler from there, or `bytes` when given (a copy of a document opened so). Not with a
    /// password: poppler 22.12 crashes opening bytes when its first try of a password fails (its
    /// second try copies the stream as a plain `MemStream`, cast to its `BytesStream`: null).
    public init(url: URL, password: String?, readingUpTo limit: Int = 0, bytes given: PDFFileBytes? = nil) throws {
        let path = url.standardizedFileURL.path
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw IngestError(.fileNotFound, ["path": path]) }
        defer { close(fd) }
        try PopplerDocumentRef.checkHeader(fd)
        let bytes = password != nil ? nil : given ?? PDFFileBytes.read(fd, upTo: limit)
        PopplerLog.install()
        // Poppler wants an absolute file:// URI; g_filename_to_uri does the escaping.
        var uriError: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(path, nil, &uriError) else {
            let reason = PopplerDocumentRef.take(uriError) ?? "invalid path"
            throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", reason), detail: reason)
        }
        defer { g_free(uri) }
        var error: UnsafeMutablePointer<GError>?
        let (opened, messages) = PopplerLog.capture {
            if let bytes { poppler_document_new_from_bytes(bytes.handle, password, &error) } else {
                poppler_document_new_from_file(uri, password, &error)
            }
        }
        guard let opened else {
            let domain = error?.pointee.domain
            let code = error.map { Int($0.pointee.code) } ?? -1
            let reason = PopplerDocumentRef.take(error) ?? "unknown error"
            let detail = ([reason] + messages.suffix(3)).joined(separator: "; ")
            if domain == poppler_error_quark() && code == Int(POPPLER_ERROR_ENCRYPTED.rawValue) {
                if let password, !password.isEmpty { throw IngestError(.pdfWrongPassword, detail: detail) }
                throw IngestError(.pdfEncrypted, detail: detail)
            }
            // poppler's own words, quoted inside our sentence (they are English whatever the run's language).
            throw IngestError(.pdfCorrupt, MessageCatalog.quoted("reason", reason), detail: detail)
        }
        handle = opened
        // Parsed object streams kept: every copy of a long document reads most of them.
        _ = ingest_document_keep_object_streams(UnsafeMutableRawPointer(opened), Int32(Self.objectStreamsKept))
        openMessages = messages
        fileBytes = bytes
        crossReferenceIntact = PopplerDocumentRef.crossReferenceIntact(fd)
        Self.openings.add(1, ordering: .relaxed)
    }

    /// Parsed object streams a document keeps (poppler's own five: `CPopplerObjectStreams`). Each
    /// copy of a long document reads most of its streams: gnuplot.pdf has 73.
    static let objectStreamsKept = 64

    /// The file's bytes the document was opened from (nil: from the file): another copy of the
    /// same document is opened from them (`PageStream`), the file read once.
    public let fileBytes: PDFFileBytes?

    /// Poppler documents opened in this process so far: a test counts a document's openings with it.
    public static var opened: Int { openings.load(ordering: .relaxed) }
    private static let openings = Atomic<Int>(0)

    /// False when `startxref` does not point at a cross-reference section: poppler then rebuilt
    /// the table by scanning the file (silently), so objects may be missing.
    public let crossReferenceIntact: Bool

    static func crossReferenceIntact(_ fd: Int32) -> Bool {
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_size > 0 else { return false }
        let size = Int(st.st_size)
        let tail = String(decoding: read(fd, count: min(size, 2048), at: max(0, size - 2048)), as: UTF8.self)
        guard let marker = tail.range(of: "startxref", options: .backwards) else { return false }
        let digits = tail[marker.upperBound...].drop { $0.isWhitespace }.prefix { $0.isNumber }
        guard let offset = Int(digits), offset < size else { return false }
        let head = String(decoding: read(fd, count: 32, at: offset), as: UTF8.self)
        // A classic table ("xref") or a cross-reference stream object ("12 0 obj").
        return head.hasPrefix("xref") || Self.startsWithObjectHeader(head)
    }

    /// `^\s*\d+\s+\d+\s+obj`, by hand (NSRegularExpression would map ICU's engine for it).
    static func startsWithObjectHeader(_ text: String) -> Bool {
        var rest = Substring(text)
        func skipSpaces(required: Bool) -> Bool {
            let n = rest.prefix { $0.isWhitespace }.count
            rest = rest.dropFirst(n)
            return !required || n > 0
        }
        func digits() -> Bool {
            let n = rest.prefix { $0.isASCII && $0.isNumber }.count
            rest = rest.dropFirst(n)
            return n > 0
        }
        return skipSpaces(required: false) && digits() && skipSpaces(required: true) && digits()
            && skipSpaces(required: true) && rest.hasPrefix("obj")
    }

    deinit { g_object_unref(gpointer(handle)) }

    public var pageCount: Int { Int(poppler_document_get_n_pages(handle)) }

    /// The page at 0-based `index`, or nil when poppler cannot load it.
    public func page(at index: Int) -> PopplerPageRef? {
        guard index >= 0, index < pageCount, let p = poppler_document_get_page(handle, Int32(index)) else { return nil }
        return PopplerPageRef(handle: p, index: index, document: self)
    }

    /// The structure tree's tables, found once per document (at once when it is not tagged); a
    /// table's cells are read when one of its pages is (`TaggedTables`).
    private(set) lazy var taggedTables: [PopplerStructureTable] = structureTables()

    /// Poppler's answer, asked once: it loads every page and its annotations to give it (the
    /// extractor asks it in two parts instead: `PDFScripts`).
    public private(set) lazy var hasJavaScript: Bool = poppler_document_has_javascript(handle) != 0

    /// Takes ownership of a GLib-allocated C string (frees it) and returns it as Swift text.
    static func own(_ s: UnsafeMutablePointer<gchar>?) -> String? {
        guard let s else { return nil }
        defer { g_free(s) }
        return String(cString: s)
    }

    /// Takes a GError's message and frees it.
    static func take(_ error: UnsafeMutablePointer<GError>?) -> String? {
        guard let error else { return nil }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) }
    }

    /// A file that is not a PDF at all (an HTML page named .pdf, an empty file) is named as such
    /// before poppler gives its generic "PDF document is damaged".
    static func checkHeader(_ fd: Int32) throws {
        let prefix = read(fd, count: 1024, at: 0)
        if prefix.isEmpty { throw IngestError(.fileEmpty) }
        if ByteSearch.firstIndex(of: Array("%PDF-".utf8), in: prefix) == nil {
            throw IngestError(.pdfNotPDF, detail: "no %PDF- header in the first 1024 bytes")
        }
    }

    /// Up to `count` bytes of `fd` from `offset` (fewer at the end of the file or on an error).
    static func read(_ fd: Int32, count: Int, at offset: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var got = 0
        while got < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + got, count - got, off_t(offset + got)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        return Array(bytes.prefix(got))
    }
}

/// One page of a `PopplerDocumentRef`. Keeps its document alive; poppler caches the page's text
/// analysis on the page object, so release the page (drop this object) before moving on.
public final class PopplerPageRef {
    /// The `PopplerPage *`.
    public let handle: OpaquePointer
    /// 0-based index in the document.
    public let index: Int

    /// Its document, for what poppler keeps per document (the structure tree's tables).
    let document: PopplerDocumentRef

    /// Whether `chooseReading` ran, and the union it made (nil: the usual reading).
    private var readingChosen = false
    private var mergedReading: PageReading?
    /// The usual text read to choose, kept for the next `withText` (freed here if never taken).
    private var pendingText: UnsafeMutablePointer<gchar>?
    /// The usual text, its boxes and its fonts as poppler gave them, read once and handed to every
    /// reader of the page (its lines, its words, its glyphs for math): poppler caches its text
    /// analysis on the page, but each call walks it again and copies it out (three readers asking
    /// took ≈ 5 % of a run on a LaTeX manual). Freed with the page.
    private var cachedText: UnsafeMutablePointer<gchar>?
    private var cachedRects: UnsafeMutablePointer<PopplerRectangle>?
    private var cachedRectCount = 0
    private var cachedHasLayout = false
    private var textAsked = false
    private var cachedRuns: [PopplerTextRun]?
    /// Each character's font size and font number (`fontAttributes`), for the count last asked:
    /// the page's lines and its words both ask.
    var cachedFontAttributes: (count: Int, sizes: [Float], fonts: [UInt16])?
    /// The page's superior figures (`superiorFigures`), for the count last asked.
    var cachedSuperiors: (count: Int, found: Set<Int>)?
    /// Neither reading held every line of the other: poppler loses lines of this page, and both
    /// may have lost the same one (`pdf.textIncomplete`). Known once the text is read.
    private(set) var textMayBeIncomplete = false
    /// The page's text holds right-to-left words (known once it is read).
    private(set) var hasRightToLeftText = false

    init(handle: OpaquePointer, index: Int, document: PopplerDocumentRef) {
        self.handle = handle; self.index = index; self.document = document
    }
    deinit {
        if let pendingText { g_free(pendingText) }
        if let cachedText { g_free(cachedText) }
        if let cachedRects { g_free(cachedRects) }
        g_object_unref(gpointer(handle))
    }

    /// Width and height in PDF points.
    public var size: (width: Double, height: Double) {
        var w = 0.0, h = 0.0
        poppler_page_get_size(handle, &w, &h)
        return (w, h)
    }

    /// The page label (`iv`, `A-3`); poppler gives the 1-based number when the PDF has no labels.
    public var label: String? { PopplerDocumentRef.own(poppler_page_get_label(handle)) }

    /// Draws the page on the cairo context `cr` (`cairo_t *`), in points, as its transformation says.
    func draw(on cr: OpaquePointer) { poppler_page_render(handle, cr) }

    /// The page's region from (`x0`, `y0`) points, drawn at `scale` pixels a point onto a white
    /// `width`×`height` RGB24 surface, handed to `body` (nil when cairo cannot make it): the one
    /// place a part of a page is drawn small (figure crops, a glyph's ink for `LineScripts`).
    func withRegionDrawn<T>(x0: Double, y0: Double, scale: Double, width: Int, height: Int,
                            _ body: (_ surface: OpaquePointer) -> T?) -> T? {
        guard width > 0, height > 0, let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height)) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else { return nil }
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_scale(cr, scale, scale)
        cairo_translate(cr, -x0, -y0)
        draw(on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        return body(surface)
    }

    /// How the page's text is read, chosen on first use: poppler's usual whole-page selection,
    /// or, for a page with right-to-left words (or with no text at all) that other selections
    /// read lines of — from the top right corner, and the page's top edge alone — the union of
    /// the readings (`RightToLeft.union`). Two Hebrew lines above an English one give no text
    /// at all selected whole, from either corner; the top edge gives the Hebrew lines.
    private func chooseReading() {
        guard !readingChosen else { return }
        readingChosen = true
        let (w, h) = size
        let usual = wholePageArea
        var area = usual
        guard let first = poppler_page_get_text_for_area(handle, &area) else { return }
        pendingText = first
        let firstBytes = Array(UnsafeRawBufferPointer(start: first, count: strlen(first)))
        let rightToLeft = RightToLeft.mayNeedReordering(firstBytes)
        hasRightToLeftText = rightToLeft
        guard rightToLeft || firstBytes.allSatisfy({ $0 <= 0x20 }) else { return }
        var others: [(area: PopplerRectangle, bytes: [UInt8])] = []
        for other in [PopplerRectangle(x1: w, y1: 0, x2: 0, y2: h), PopplerRectangle(x1: 0, y1: 0, x2: w, y2: 0)] {
            area = other
            guard let text = poppler_page_get_text_for_area(handle, &area) else { continue }
            let bytes = Array(UnsafeRawBufferPointer(start: text, count: strlen(text)))
            g_free(text)
            if RightToLeft.mayNeedReordering(bytes) { hasRightToLeftText = true }
            others.append((other, bytes))
        }
        // Boxes and fonts are read only when another reading brings lines.
        let usualText = PageReading(bytes: firstBytes, rects: nil, runs: [])
        let bringing = others.filter { !RightToLeft.holdsEveryLine(usualText, of: PageReading(bytes: $0.bytes, rects: nil, runs: [])) }
        guard !bringing.isEmpty else { return }
        var union = reading(firstBytes, area: usual)
        for other in bringing {
            let (more, incomplete) = RightToLeft.union(union, reading(other.bytes, area: other.area))
            union = more
            if incomplete { textMayBeIncomplete = true }
        }
        mergedReading = union
        g_free(first)
        pendingText = nil
    }

    /// The area the page's usual (whole-page) reading selects: the page and as much again on
    /// every side. Poppler keeps a glyph that starts on the page and ends past its edge (a line
    /// of a footnote running past the right margin); selected with the page's own rectangle, the
    /// selection's end corner then lies inside that line's width, and the last block's selection
    /// stops at the line nearest the corner — the long line, not the block's last
    /// (`TextBlock::visitSelection`): maint-guide.en p.62 lost the footnote's two lines after it,
    /// which `pdftotext` keeps. Poppler drops glyphs that start off the page, so every box lies
    /// inside this area and the selection's corners lie outside every block, as the page's
    /// corners do on a page whose text stays on it (the same text there).
    var wholePageArea: PopplerRectangle {
        let (w, h) = size
        return PopplerRectangle(x1: -w, y1: -h, x2: 2 * w, y2: 2 * h)
    }

    /// The boxes of the page's glyphs as selected from its top left and top right corners (y down).
    func textBoxes() -> [PopplerRectangle] {
        let (w, h) = size
        var boxes: [PopplerRectangle] = []
        for corner in [wholePageArea, PopplerRectangle(x1: w, y1: 0, x2: 0, y2: h)] {
            var area = corner
            var rects: UnsafeMutablePointer<PopplerRectangle>?
            var count: guint = 0
            guard poppler_page_get_text_layout_for_area(handle, &area, &rects, &count) != 0, let rects else { continue }
            boxes += UnsafeBufferPointer(start: rects, count: Int(count))
            g_free(rects)
        }
        return boxes
    }

    /// The page's text as selected by `area`, with its boxes and fonts.
    private func reading(_ bytes: [UInt8], area: PopplerRectangle) -> PageReading {
        var area = area
        var rects: UnsafeMutablePointer<PopplerRectangle>?
        var count: guint = 0
        let hasLayout = poppler_page_get_text_layout_for_area(handle, &area, &rects, &count) != 0 && rects != nil
        defer { if let rects { g_free(rects) } }
        var runs: [PopplerTextRun] = []
        if let list = poppler_page_get_text_attributes_for_area(handle, &area) {
            runs = Self.runs(list)
            poppler_page_free_text_attributes(list)
        }
        return PageReading(bytes: bytes, rects: hasLayout ? Array(UnsafeBufferPointer(start: rects, count: Int(count))) : nil, runs: runs)
    }

}

/// A GLib list poppler returns (image, annotation and form-field mappings): each element's data as
/// `T`, in order. One walk for every mapping, so none forgets to step to the next node.
enum GListItems {
    static func forEach<T>(_ list: UnsafeMutablePointer<GList>, as type: T.Type, _ body: (UnsafeMutablePointer<T>) -> Void) {
        var node: UnsafeMutablePointer<GList>? = list
        while let n = node {
            if let data = n.pointee.data { body(data.assumingMemoryBound(to: T.self)) }
            node = n.pointee.next
        }
    }
}

// MARK: - What the rest of IngestPDF reads through poppler: every raw `poppler_*` call is below,
// each result taken out of poppler's memory (and freed) before it is handed on.

extension PopplerDocumentRef {
    /// The info dictionary's text entries.
    enum InfoField: CaseIterable { case title, author, subject, keywords, creator, producer }

    func info(_ field: InfoField) -> String? {
        let getter: (OpaquePointer) -> UnsafeMutablePointer<gchar>? = switch field {
        case .title: poppler_document_get_title
        case .author: poppler_document_get_author
        case .subject: poppler_document_get_subject
        case .keywords: poppler_document_get_keywords
        case .creator: poppler_document_get_creator
        case .producer: poppler_document_get_producer
        }
        return Self.own(getter(handle))
    }

    /// Seconds since 1970, or ≤ 0 when the document does not say.
    var creationDate: time_t { poppler_document_get_creation_date(handle) }
    var modificationDate: time_t { poppler_document_get_modification_date(handle) }
    /// `PDF-1.7`.
    var versionString: String? { Self.own(poppler_document_get_pdf_version_string(handle)) }
    var isLinearized: Bool { poppler_document_is_linearized(handle) != 0 }

    /// Walks the outline (bookmarks) depth first, down to `maximumDepth` levels: `visit` gets each
    /// entry's title, level (1 = top) and 1-based page when it points to one; the walk stops as
    /// soon as `more` says so (asked before each entry).
    func walkOutline(maximumDepth: Int, more: () -> Bool, visit: (_ title: String, _ level: Int, _ page: Int?) -> Void) {
        guard let root = poppler_index_iter_new(handle) else { return }
        defer { poppler_index_iter_free(root) }
        walkOutline(root, level: 1, maximumDepth: maximumDepth, more: more, visit: visit)
    }

    private func walkOutline(_ iter: OpaquePointer, level: Int, maximumDepth: Int, more: () -> Bool,
                             visit: (String, Int, Int?) -> Void) {
        repeat {
            if !more() { return }
            if let action = poppler_index_iter_get_action(iter) {
                defer { poppler_action_free(action) }
                let title = action.pointee.any.title.map { String(cString: $0) } ?? ""
                var page: Int?
                if action.pointee.type == POPPLER_ACTION_GOTO_DEST, let dest = action.pointee.goto_dest.dest {
                    page = destinationPage(dest)
                }
                visit(title, level, page)
            }
            if level < maximumDepth, let child = poppler_index_iter_get_child(iter) {
                walkOutline(child, level: level + 1, maximumDepth: maximumDepth, more: more, visit: visit)
                poppler_index_iter_free(child)
            }
        } while poppler_index_iter_next(iter) != 0
    }

    private func destinationPage(_ dest: UnsafeMutablePointer<PopplerDest>) -> Int? {
        if dest.pointee.type == POPPLER_DEST_NAMED, let name = dest.pointee.named_dest {
            guard let found = poppler_document_find_dest(handle, name) else { return nil }
            defer { poppler_dest_free(found) }
            return found.pointee.page_num > 0 ? Int(found.pointee.page_num) : nil
        }
        return dest.pointee.page_num > 0 ? Int(dest.pointee.page_num) : nil
    }
}

/// A run of characters of a page's text in one font, indices inclusive (as in the page's text).
struct PopplerTextRun {
    var start: Int, end: Int
    var fontSize: Double
    var fontName: String
}

/// One annotation of a page, as the text reader needs it.
struct PopplerAnnotation {
    enum Kind { case widget, freeText, other }
    var kind: Kind
    /// Flagged hidden or not to be viewed.
    var invisible: Bool
    /// In PDF space (y up from the bottom of the page).
    var area: PopplerRectangle
    /// A FreeText annotation's text (nil for the others).
    var contents: String?
}

/// One form field of a page and what it holds.
struct PopplerFormField {
    enum Kind {
        case text(String?, password: Bool)
        /// The text typed into an editable choice (nil when not editable), and the selected items.
        case choice(typed: String?, selected: [String])
        /// A check box or radio button, on or off.
        case checkable(on: Bool)
        /// A signature field: what it shows is drawn by its appearance, not stored as a value.
        case signature
        case other
    }
    var area: PopplerRectangle
    var kind: Kind
}

extension PopplerPageRef {
    /// The page's text as poppler's text analysis gives it (flows one after the other), with
    /// one rectangle per character when poppler gives them (nil otherwise), valid during `body`
    /// only; nil when the page has no text.
    func withText<T>(_ body: (_ text: UnsafeMutablePointer<gchar>, _ rects: UnsafeMutablePointer<PopplerRectangle>?, _ count: Int) -> T) -> T? {
        chooseReading()
        if let merged = mergedReading {
            var text = merged.bytes.map { gchar(bitPattern: $0) } + [0]
            var rects = merged.rects ?? []
            return text.withUnsafeMutableBufferPointer { t in
                rects.withUnsafeMutableBufferPointer { r in body(t.baseAddress!, merged.rects == nil ? nil : r.baseAddress, r.count) }
            }
        }
        var area = wholePageArea
        if !textAsked, let raw = pendingText.take() ?? poppler_page_get_text_for_area(handle, &area) {
            textAsked = true
            cachedText = raw
            var count: guint = 0
            cachedHasLayout = poppler_page_get_text_layout_for_area(handle, &area, &cachedRects, &count) != 0 && cachedRects != nil
            cachedRectCount = Int(count)
            // More boxes than characters: the layout holds glyphs the text lost (issue19971.pdf's
            // Arabic page: 1,986 boxes for 1,496 characters; `pdftotext` reads 194 Arabic letters, this
            // text 52). The direction marks poppler adds have no box.
            if cachedHasLayout && cachedRectCount > RightToLeft.charactersWithBoxes(UnsafeRawBufferPointer(start: raw, count: strlen(raw))) {
                textMayBeIncomplete = true
            }
        }
        guard let raw = cachedText else { return nil }
        return body(raw, cachedHasLayout ? cachedRects : nil, cachedRectCount)
    }

    /// The fonts of the page's text, run by run.
    func textRuns() -> [PopplerTextRun] {
        chooseReading()
        if let merged = mergedReading { return merged.runs }
        if let cachedRuns { return cachedRuns }
        var area = wholePageArea
        guard let list = poppler_page_get_text_attributes_for_area(handle, &area) else { return [] }
        defer { poppler_page_free_text_attributes(list) }
        cachedRuns = Self.runs(list)
        return cachedRuns!
    }

    private static func runs(_ list: UnsafeMutablePointer<GList>) -> [PopplerTextRun] {
        var runs: [PopplerTextRun] = []
        GListItems.forEach(list, as: PopplerTextAttributes.self) { a in
            runs.append(PopplerTextRun(start: Int(a.pointee.start_index), end: Int(a.pointee.end_index),
                                       fontSize: a.pointee.font_size, fontName: a.pointee.font_name.map { String(cString: $0) } ?? ""))
        }
        return runs
    }

    /// The areas of the page's images (PDF space, unclipped).
    func imageAreas() -> [PopplerRectangle] {
        guard let list = poppler_page_get_image_mapping(handle) else { return [] }
        defer { poppler_page_free_image_mapping(list) }
        var areas: [PopplerRectangle] = []
        GListItems.forEach(list, as: PopplerImageMapping.self) { areas.append($0.pointee.area) }
        return areas
    }

    /// The page's images as poppler maps them: each one's id (for `imagePixels`) and its area
    /// (the box of its placement, in points, y down).
    func imageMappings() -> [(id: Int, area: PopplerRectangle)] {
        guard let list = poppler_page_get_image_mapping(handle) else { return [] }
        defer { poppler_page_free_image_mapping(list) }
        var out: [(id: Int, area: PopplerRectangle)] = []
        GListItems.forEach(list, as: PopplerImageMapping.self) { out.append((Int($0.pointee.image_id), $0.pointee.area)) }
        return out
    }

    /// The image `id` of the page (`imageMappings`) decoded at its own size, one pixel per
    /// sample the PDF stores, as poppler's cairo output draws it with the unit transform (poppler
    /// 22.12 `CairoImageOutputDev::drawImage`: an ARGB32 surface `width`×`height`, colour spaces,
    /// decode arrays and masks applied). Nil when poppler gives none. The caller owns the surface.
    func imagePixels(id: Int) -> OpaquePointer? {
        poppler_page_get_image(handle, Int32(id))
    }

    func annotations() -> [PopplerAnnotation] {
        guard let list = poppler_page_get_annot_mapping(handle) else { return [] }
        defer { poppler_page_free_annot_mapping(list) }
        var out: [PopplerAnnotation] = []
        GListItems.forEach(list, as: PopplerAnnotMapping.self) { mapping in
            guard let annot = mapping.pointee.annot else { return }
            let flags = poppler_annot_get_flags(annot).rawValue
            let invisible = flags & (POPPLER_ANNOT_FLAG_HIDDEN.rawValue | POPPLER_ANNOT_FLAG_NO_VIEW.rawValue) != 0
            switch poppler_annot_get_annot_type(annot) {
            case POPPLER_ANNOT_WIDGET:
                out.append(PopplerAnnotation(kind: .widget, invisible: invisible, area: mapping.pointee.area))
            case POPPLER_ANNOT_FREE_TEXT:
                out.append(PopplerAnnotation(kind: .freeText, invisible: invisible, area: mapping.pointee.area,
                                             contents: invisible ? nil : PopplerDocumentRef.own(poppler_annot_get_contents(annot))))
            default:
                out.append(PopplerAnnotation(kind: .other, invisible: invisible, area: mapping.pointee.area))
            }
        }
        return out
    }

    /// Runs `body` with every annotation of the page hidden (in this document's memory only,
    /// never saved), so that a render shows the page's own content; their flags are put back
    /// after, since the document may draw the page again for OCR (`PDFPageImages`).
    /// `except`: the annotations whose area is exactly this one stay shown (a signature's widget).
    func withAnnotationsHidden<T>(except shown: PopplerRectangle? = nil, _ body: () -> T) -> T {
        guard let list = poppler_page_get_annot_mapping(handle) else { return body() }
        defer { poppler_page_free_annot_mapping(list) }
        var saved: [(OpaquePointer, PopplerAnnotFlag)] = []
        GListItems.forEach(list, as: PopplerAnnotMapping.self) { mapping in
            guard let annot = mapping.pointee.annot else { return }
            if let shown, mapping.pointee.area.sameArea(as: shown) { return }
            let flags = poppler_annot_get_flags(annot)
            saved.append((annot, flags))
            poppler_annot_set_flags(annot, PopplerAnnotFlag(rawValue: flags.rawValue | POPPLER_ANNOT_FLAG_HIDDEN.rawValue))
        }
        defer { for (annot, flags) in saved { poppler_annot_set_flags(annot, flags) } }
        return body()
    }

    func formFields() -> [PopplerFormField] {
        guard let list = poppler_page_get_form_field_mapping(handle) else { return [] }
        defer { poppler_page_free_form_field_mapping(list) }
        var out: [PopplerFormField] = []
        GListItems.forEach(list, as: PopplerFormFieldMapping.self) { mapping in
            guard let field = mapping.pointee.field else { return }
            out.append(PopplerFormField(area: mapping.pointee.area, kind: Self.kind(of: field)))
        }
        return out
    }

    private static func kind(of field: OpaquePointer) -> PopplerFormField.Kind {
        switch poppler_form_field_get_field_type(field) {
        case POPPLER_FORM_FIELD_TEXT:
            let password = poppler_form_field_text_is_password(field) != 0
            return .text(password ? nil : PopplerDocumentRef.own(poppler_form_field_text_get_text(field)), password: password)
        case POPPLER_FORM_FIELD_CHOICE:
            let typed = poppler_form_field_choice_is_editable(field) != 0 ? PopplerDocumentRef.own(poppler_form_field_choice_get_text(field)) : nil
            let n = poppler_form_field_choice_get_n_items(field)
            var selected: [String] = []
            for i in 0..<max(0, n) where poppler_form_field_choice_is_item_selected(field, i) != 0 {
                if let item = PopplerDocumentRef.own(poppler_form_field_choice_get_item(field, i)) { selected.append(item) }
            }
            return .choice(typed: typed, selected: selected)
        case POPPLER_FORM_FIELD_SIGNATURE:
            return .signature
        case POPPLER_FORM_FIELD_BUTTON:
            switch poppler_form_field_button_get_button_type(field) {
            case POPPLER_FORM_BUTTON_CHECK, POPPLER_FORM_BUTTON_RADIO:
                return .checkable(on: poppler_form_field_button_get_state(field) != 0)
            default:
                return .other
            }
        default:
            return .other
        }
    }
}

extension PopplerRectangle {
    /// The same four coordinates (an annotation and its form field are mapped with one area).
    func sameArea(as other: PopplerRectangle) -> Bool { x1 == other.x1 && y1 == other.y1 && x2 == other.x2 && y2 == other.y2 }
}

extension PopplerDocumentRef {
    /// The text of the first page of the PDF in `bytes` (one poppler made itself: a drawing
    /// recorded by cairo's PDF surface), or nil when it cannot be opened or has no text.
    static func firstPageText(ofPDF bytes: [UInt8]) -> String? {
        guard !bytes.isEmpty else { return nil }
        let data = bytes.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(data) }
        var error: UnsafeMutablePointer<GError>?
        guard let document = poppler_document_new_from_bytes(data, nil, &error) else { _ = take(error); return nil }
        defer { g_object_unref(gpointer(document)) }
        guard poppler_document_get_n_pages(document) > 0, let page = poppler_document_get_page(document, 0) else { return nil }
        defer { g_object_unref(gpointer(page)) }
        return own(poppler_page_get_text(page))
    }
}

/// A PDF file's bytes in memory (a `GBytes`), read once and shared by the documents opened from
/// them (the page walk's copies on other threads). Read, not mapped: a file truncated while
/// mapped would kill the process (SIGBUS) at poppler's next read of a lost page; read, a file
/// changed meanwhile is read as it was.
// @unchecked: a GBytes is immutable once made and its reference count is atomic (GLib), so the
// handle may be shared by threads; `deinit` alone releases it.
public final class PDFFileBytes: @unchecked Sendable {
    /// Above this a file is opened from disk: its bytes would be held in memory for as long as a
    /// copy of the document is open (each worker of a batch reading one), and on a file this
    /// large (scans, in practice) the time goes to decoding images, not to poppler's reads.
    public static let largest = 256 << 20

    /// The largest file read into memory by a worker allowed `memoryLimitMB` of resident memory:
    /// `largest`, and at most an eighth of the limit (a low limit that a document met opening
    /// from its file is not overrun by its bytes).
    public static func largest(memoryLimitMB: Int) -> Int { min(largest, max(0, memoryLimitMB) << 17) }

    /// The `GBytes *`.
    let handle: OpaquePointer

    private init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { g_bytes_unref(handle) }

    public var count: Int { Int(g_bytes_get_size(handle)) }

    /// All of `fd`'s bytes, or nil when the file is larger than `limit` or cannot be read whole
    /// (poppler then opens it by name and meets the same fault itself).
    static func read(_ fd: Int32, upTo limit: Int) -> PDFFileBytes? {
        var st = stat()
        guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG, st.st_size > 0, st.st_size <= limit else { return nil }
        let size = Int(st.st_size)
        guard let buffer = g_try_malloc(gsize(size)) else { return nil }
        var got = 0
        while got < size {
            let n = pread(fd, buffer + got, size - got, off_t(got))
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            got += n
        }
        guard got == size, let bytes = g_bytes_new_take(buffer, gsize(size)) else { g_free(buffer); return nil }
        return PDFFileBytes(bytes)
    }
}

/// One element of a tagged PDF's structure tree under a table (the table itself, a row group, a
/// row, a cell), as `TaggedTables` reads it: taken out of poppler's memory whole.
struct PopplerStructureNode: Sendable, Equatable {
    enum Kind: Sendable { case table, rowGroup, row, heading, data, other }
    var kind: Kind
    /// 0-based page of the element (its /Pg), nil when it names none.
    var page: Int?
    /// A cell's text (every content item under it, in order); nil for the others. No row or
    /// column span: poppler-glib 22.12 answers them only for a TABLE element (its
    /// `poppler_structure_element_get_table_row_span` asserts the kind is TABLE, not TH/TD, and
    /// gives 0), so `TaggedTables` reads spans from where the cells' words are.
    var text: String?
    var children: [PopplerStructureNode] = []
}

/// A TABLE element of a tagged PDF's structure tree, kept (an iterator on it) until one of its
/// pages is read: its cells' text is asked then only, since poppler reads a page's content again
/// for every marked-content item it gives.
final class PopplerStructureTable {
    /// 0-based pages named by the table, its rows and cells.
    let pages: Set<Int>
    private let iter: OpaquePointer

    fileprivate init(iter: OpaquePointer, pages: Set<Int>) { self.iter = iter; self.pages = pages }
    deinit { poppler_structure_element_iter_free(iter) }

    /// The table with what is under it, with the text of the cells on 0-based `page` (or on no
    /// page named) and of the TH cells on the table's first page (a header the page may repeat);
    /// the others' text is nil.
    func read(page: Int) -> PopplerStructureNode {
        guard let element = poppler_structure_element_iter_get_element(iter) else { return PopplerStructureNode(kind: .table) }
        defer { g_object_unref(gpointer(element)) }
        return Self.node(iter, element, page: page, headings: pages.min(), inherited: nil)
    }

    private static func node(_ iter: OpaquePointer, _ element: OpaquePointer, page wanted: Int, headings: Int?,
                             inherited: Int?) -> PopplerStructureNode {
        let named = Int(poppler_structure_element_get_page(element))
        var node = PopplerStructureNode(kind: .other, page: named >= 0 ? named : inherited)
        switch poppler_structure_element_get_kind(element) {
        case POPPLER_STRUCTURE_ELEMENT_TABLE: node.kind = .table
        case POPPLER_STRUCTURE_ELEMENT_TABLE_HEADER, POPPLER_STRUCTURE_ELEMENT_TABLE_BODY, POPPLER_STRUCTURE_ELEMENT_TABLE_FOOTER:
            node.kind = .rowGroup
        case POPPLER_STRUCTURE_ELEMENT_TABLE_ROW: node.kind = .row
        case let cell where cell == POPPLER_STRUCTURE_ELEMENT_TABLE_HEADING || cell == POPPLER_STRUCTURE_ELEMENT_TABLE_DATA:
            node.kind = cell == POPPLER_STRUCTURE_ELEMENT_TABLE_HEADING ? .heading : .data
        default: break
        }
        // A cell's text, and the text of anything else under a table (a caption, or a cell
        // outside any row that makes the tree unusable): none of its words may be lost.
        if node.kind == .heading || node.kind == .data || node.kind == .other {
            guard node.page == nil || node.page == wanted || (node.kind == .heading && node.page == headings) else { return node }
            node.text = undoingDocEncoding(PopplerDocumentRef.own(poppler_structure_element_get_text(element, POPPLER_STRUCTURE_GET_TEXT_RECURSIVE)) ?? "")
            return node
        }
        PopplerDocumentRef.forEachChild(iter) { child, element in
            node.children.append(Self.node(child, element, page: wanted, headings: headings, inherited: node.page))
        }
        return node
    }

    /// poppler-glib 22.12 gives a structure element's text (UTF-8 already) to its PDFDocEncoding
    /// decoder: `è` comes out `Ã¨`. Each character is put back to its byte and the bytes read as
    /// UTF-8; text that does not read back (it was not encoded twice) is kept as given. A byte
    /// PDFDocEncoding leaves undefined (0x9F, 0xAD: `í`, `ş`, emoji) ended poppler's string there:
    /// the cell's text is then short of the page's, and `TaggedTables` keeps the geometric table.
    static func undoingDocEncoding(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x80 }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.value < 0x100 {
                bytes.append(UInt8(scalar.value))
            } else if let byte = docEncodingBytes[scalar.value] {
                bytes.append(byte)
            } else {
                return text
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }

    /// PDFDocEncoding's bytes 0x80–0xA0 that are not Latin-1, by the character poppler gives for them.
    private static let docEncodingBytes: [UInt32: UInt8] = [
        0x2022: 0x80, 0x2020: 0x81, 0x2021: 0x82, 0x2026: 0x83, 0x2014: 0x84, 0x2013: 0x85, 0x0192: 0x86, 0x2044: 0x87,
        0x2039: 0x88, 0x203A: 0x89, 0x2212: 0x8A, 0x2030: 0x8B, 0x201E: 0x8C, 0x201C: 0x8D, 0x201D: 0x8E, 0x2018: 0x8F,
        0x2019: 0x90, 0x201A: 0x91, 0x2122: 0x92, 0xFB01: 0x93, 0xFB02: 0x94, 0x0141: 0x95, 0x0152: 0x96, 0x0160: 0x97,
        0x0178: 0x98, 0x017D: 0x99, 0x0131: 0x9A, 0x0142: 0x9B, 0x0153: 0x9C, 0x0161: 0x9D, 0x017E: 0x9E, 0x20AC: 0xA0,
    ]
}

extension PopplerDocumentRef {
    /// Every TABLE element of the structure tree, in document order; empty when the PDF is not
    /// tagged. Elements outside tables are only walked through.
    func structureTables() -> [PopplerStructureTable] {
        guard let root = poppler_structure_element_iter_new(handle) else { return [] }
        defer { poppler_structure_element_iter_free(root) }
        var tables: [PopplerStructureTable] = []
        Self.findTables(root, into: &tables)
        return tables
    }

    private static func findTables(_ iter: OpaquePointer, into tables: inout [PopplerStructureTable]) {
        repeat {
            guard let element = poppler_structure_element_iter_get_element(iter) else { continue }
            defer { g_object_unref(gpointer(element)) }
            let kind = poppler_structure_element_get_kind(element)
            if kind == POPPLER_STRUCTURE_ELEMENT_TABLE, let copy = poppler_structure_element_iter_copy(iter) {
                var pages: Set<Int> = []
                pagesNamed(iter, element, depth: 3, into: &pages)
                tables.append(PopplerStructureTable(iter: copy, pages: pages))
            } else if kind != POPPLER_STRUCTURE_ELEMENT_CONTENT && kind != POPPLER_STRUCTURE_ELEMENT_OBJECT_REFERENCE,
                      let child = poppler_structure_element_iter_get_child(iter) {
                defer { poppler_structure_element_iter_free(child) }
                findTables(child, into: &tables)
            }
        } while poppler_structure_element_iter_next(iter) != 0
    }

    /// The pages named by `element` and its descendants `depth` levels down (table, row group, row, cell).
    private static func pagesNamed(_ iter: OpaquePointer, _ element: OpaquePointer, depth: Int, into pages: inout Set<Int>) {
        let page = Int(poppler_structure_element_get_page(element))
        if page >= 0 { pages.insert(page) }
        guard depth > 0, poppler_structure_element_is_content(element) == 0 else { return }
        forEachChild(iter) { child, element in pagesNamed(child, element, depth: depth - 1, into: &pages) }
    }

    /// Runs `body` on each child of the element at `iter` (an iterator on the child, and the child).
    fileprivate static func forEachChild(_ iter: OpaquePointer, _ body: (OpaquePointer, OpaquePointer) -> Void) {
        guard let child = poppler_structure_element_iter_get_child(iter) else { return }
        defer { poppler_structure_element_iter_free(child) }
        repeat {
            guard let element = poppler_structure_element_iter_get_element(child) else { continue }
            defer { g_object_unref(gpointer(element)) }
            body(child, element)
        } while poppler_structure_element_iter_next(child) != 0
    }
}

/// The fonts of a document, made once by poppler and handed to each of its display passes again
/// (CPopplerFonts' pool; bound where the binary exports its symbols, Package.swift `exportFontPool`).
enum PopplerFontPool {
    /// Fonts poppler made since the process started, and those handed out again instead of being
    /// made (both 0 where the pool is not bound).
    static var counts: (made: Int, reused: Int) {
        var made = 0, reused = 0
        ingest_font_pool_counts(&made, &reused)
        return (made, reused)
    }
    /// Fonts idle in the pool now (at most 512).
    static var idle: Int { ingest_font_pool_idle() }
}
