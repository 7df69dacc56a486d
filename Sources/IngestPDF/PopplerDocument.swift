import CPoppler
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

    /// Opens `url` (a local file), with `password` when given.
    /// Throws `pdf.encrypted` (a password is needed and none was given), `pdf.wrongPassword`,
    /// `pdf.notPDF` (no `%PDF-` header), `file.empty`, `file.notFound`, or `pdf.corrupt` with
    /// poppler's own reason in `detail`.
    public init(url: URL, password: String?) throws {
        let path = url.standardizedFileURL.path
        try PopplerDocumentRef.checkHeader(path: path)
        PopplerLog.install()
        // Poppler wants an absolute file:// URI; g_filename_to_uri does the escaping.
        var uriError: UnsafeMutablePointer<GError>?
        guard let uri = g_filename_to_uri(path, nil, &uriError) else {
            let reason = PopplerDocumentRef.take(uriError) ?? "invalid path"
            throw IngestError(.fileUnreadable, MessageCatalog.quoted("reason", reason), detail: reason)
        }
        defer { g_free(uri) }
        var error: UnsafeMutablePointer<GError>?
        let (opened, messages) = PopplerLog.capture { poppler_document_new_from_file(uri, password, &error) }
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
        openMessages = messages
        self.path = path
        Self.openings.add(1, ordering: .relaxed)
    }

    private let path: String

    /// Poppler documents opened in this process so far: a test counts a document's openings with it.
    public static var opened: Int { openings.load(ordering: .relaxed) }
    private static let openings = Atomic<Int>(0)

    /// False when `startxref` does not point at a cross-reference section: poppler then rebuilt
    /// the table by scanning the file (silently), so objects may be missing. Read from the file
    /// when first asked (the extractor asks; the page images' document does not).
    public private(set) lazy var crossReferenceIntact: Bool = PopplerDocumentRef.crossReferenceIntact(path: path)

    static func crossReferenceIntact(path: String) -> Bool {
        guard let file = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? file.close() }
        guard let size = try? file.seekToEnd(), size > 0 else { return false }
        try? file.seek(toOffset: size > 2048 ? size - 2048 : 0)
        let tail = String(decoding: (try? file.readToEnd()) ?? Data(), as: UTF8.self)
        guard let marker = tail.range(of: "startxref", options: .backwards) else { return false }
        let digits = tail[marker.upperBound...].drop { $0.isWhitespace }.prefix { $0.isNumber }
        guard let offset = UInt64(digits), offset < size else { return false }
        try? file.seek(toOffset: offset)
        let head = String(decoding: (try? file.read(upToCount: 32)) ?? Data(), as: UTF8.self)
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
        return PopplerPageRef(handle: p, index: index)
    }

    /// Asked once: poppler walks every page's annotations to answer.
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
    static func checkHeader(path: String) throws {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw IngestError(.fileNotFound, ["path": path])
        }
        defer { try? handle.close() }
        let prefix = (try? handle.read(upToCount: 1024)) ?? Data()
        if prefix.isEmpty { throw IngestError(.fileEmpty) }
        if prefix.range(of: Data("%PDF-".utf8)) == nil {
            throw IngestError(.pdfNotPDF, detail: "no %PDF- header in the first 1024 bytes")
        }
    }
}

/// One page of a `PopplerDocumentRef`. Keeps its document alive; poppler caches the page's text
/// analysis on the page object, so release the page (drop this object) before moving on.
public final class PopplerPageRef {
    /// The `PopplerPage *`.
    public let handle: OpaquePointer
    /// 0-based index in the document.
    public let index: Int

    init(handle: OpaquePointer, index: Int) { self.handle = handle; self.index = index }
    deinit { g_object_unref(gpointer(handle)) }

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
