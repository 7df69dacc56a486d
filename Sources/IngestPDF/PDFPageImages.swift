import CPoppler
import Foundation
import IngestCore
import Synchronization

/// One PDF page as 8-bit gray pixels (row after row, `width` bytes each).
public struct RenderedPage: Sendable {
    public var width: Int
    public var height: Int
    public var dpi: Double
    public var gray: [UInt8]
}

/// A PDF's pages drawn by poppler onto a white cairo image surface: the `PageImageProvider` the
/// OCR stage and page pictures get (issue 35 item 3). One poppler document serves every thread,
/// one drawing at a time (poppler documents must not be used from two threads at once; OCR draws
/// one page at a time in the process anyway, `RenderGate`).
public final class PDFPageImages: PageImageProvider, Sendable {
    /// Used only inside `lock`: the compiler cannot see that (a `Mutex` holding the document
    /// would not let a page of it meet the caller's row closure).
    nonisolated(unsafe) private let document: PopplerDocumentRef
    /// The last small drawing (`keptPixelsAtMost`), handed again when the same page is asked at
    /// the same size: a scan's page is decoded whole at every drawing (≈ 0.1 s for a 300-dpi
    /// A4 image, whatever the size drawn), and OCR's quick look and the page's vision picture ask
    /// the same drawing (issue 38: a blank scan was decoded three times).
    private let lock = Mutex(Drawings())
    public let pageCount: Int

    private struct Drawings {
        var kept: KeptDrawing?
        /// Pages drawn by poppler so far (tests: a kept drawing is not drawn again).
        var made = 0
        /// Scanned pages handed as their image's own pixels so far (`PageScanImage`).
        var scans = 0
        /// A scanned page's own pixels were exactly the size drawn (a 300-ppi scan read at 300
        /// dpi: cairo's drawing is then the same pixels): the document's other pages are drawn by
        /// cairo, without decoding each scan once more to learn its size (0.14 s of CPU a page).
        var scansAsDrawn = false
        /// The colour pixels pages are drawn on, kept from one drawing to the next (`letGoOfSurface`).
        var surface: SurfaceMemory?
    }

    /// The memory of a colour surface, reused by every drawing that fits in it: a 300-dpi page's
    /// surface is 34 MB, above glibc's largest mmap threshold, so a new one was mapped and its
    /// 8,200 pages faulted in and zeroed at every drawing (≈ 20 ms of a 65-ms drawing; issue 38).
    // @unchecked: its bytes are written and read only inside `lock`, by the drawing that holds it.
    private final class SurfaceMemory: @unchecked Sendable {
        let bytes: UnsafeMutableRawPointer
        let capacity: Int
        init(capacity: Int) {
            self.capacity = capacity
            bytes = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 64)
        }
        deinit { bytes.deallocate() }
    }

    private struct KeptDrawing {
        var page: Int, width: Int, height: Int, dpi: Double
        var gray: [UInt8]
    }

    /// Drawings of at most this many pixels are kept (one at a time): a vision picture's size,
    /// never a page drawn for recognition.
    public static let keptPixelsAtMost = 2_500_000

    /// Draws the pages of `document`, already open (the PDF extractor's: the file is not opened
    /// again). The document is this object's from now on: nobody else uses it.
    public init(document: sending PopplerDocumentRef) {
        pageCount = document.pageCount
        self.document = document
        readsScans = true
    }

    /// `readsScans` false: every page drawn by cairo (tests of the drawing itself).
    init(url: URL, readsScans: Bool) throws {
        document = try PopplerDocumentRef(url: url, password: nil)
        pageCount = document.pageCount
        self.readsScans = readsScans
    }

    /// Whether a scanned page is handed its image's own pixels (`PageScanImage`).
    let readsScans: Bool

    /// Opens `url` with an optional password. Throws `ocr.renderFailed` with poppler's reason.
    public convenience init(url: URL, password: String? = nil) throws {
        let document: PopplerDocumentRef
        do { document = try PopplerDocumentRef(url: url, password: password) } catch {
            throw IngestError(.ocrRenderFailed, ["page": "1"], detail: IngestError.wrap(error).detail ?? "\(error)")
        }
        self.init(document: document)
    }

    /// The opener the pipeline hands to OCR and page pictures.
    public static let open: PageImageOpener = { url, password in try PDFPageImages(url: url, password: password) }

    /// Renders 1-based `page` at `dpi`, lowered if needed so the image stays within `maxPixels`
    /// (and cairo's 32,767-pixel side), so a giant page cannot exhaust memory.
    public func render(page: Int, dpi: Double, maxPixels: Int) throws -> RenderedPage {
        var result = RenderedPage(width: 0, height: 0, dpi: dpi, gray: [])
        try renderRows(page: page, dpi: dpi, maxPixels: maxPixels, start: { w, h, d in
            result = RenderedPage(width: w, height: h, dpi: d, gray: [UInt8](repeating: 255, count: w * h))
        }, row: { y, luma in
            let w = result.width
            result.gray.withUnsafeMutableBufferPointer { out in
                UnsafeMutableRawPointer(out.baseAddress! + y * w).copyMemory(from: luma.baseAddress!, byteCount: w)
            }
        })
        return result
    }

    public func renderRows(page: Int, dpi: Double, maxPixels: Int,
                           start: (_ width: Int, _ height: Int, _ dpi: Double) throws -> Void,
                           row: (_ y: Int, _ luma: UnsafeBufferPointer<UInt8>) -> Void) throws {
        try renderRows(page: page, dpi: dpi, maxPixels: maxPixels, bandBytes: Self.bandBytes, start: start, row: row)
    }

    /// `renderRows` with the band size given (tests draw in small bands).
    public func renderRows(page: Int, dpi: Double, maxPixels: Int, bandBytes: Int,
                           start: (_ width: Int, _ height: Int, _ dpi: Double) throws -> Void,
                           row: (_ y: Int, _ luma: UnsafeBufferPointer<UInt8>) -> Void) throws {
        try lock.withLock { drawings in
            guard page >= 1, page <= pageCount, let p = document.page(at: page - 1) else {
                throw IngestError(.ocrRenderFailed, ["page": String(page)])
            }
            let (wPt, hPt) = p.size
            guard wPt > 0, hPt > 0, wPt.isFinite, hPt.isFinite else { throw IngestError(.ocrRenderFailed, ["page": String(page)]) }
            var scale = dpi / 72
            let pixels = wPt * scale * hPt * scale
            if pixels > Double(maxPixels) { scale *= (Double(maxPixels) / pixels).squareRoot() }
            scale = min(scale, 32_000 / max(wPt, hPt))
            let w = max(1, Int((wPt * scale).rounded(.down))), h = max(1, Int((hPt * scale).rounded(.down)))
            // The page is drawn in horizontal bands of at most `bandBytes` of colour pixels, each
            // turned into gray at once: a giant page (a poster, a 200-inch MediaBox) costs its gray
            // image plus one band, not a colour copy four times the gray one (800 MB at the pixel cap).
            let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(w)))
            guard stride > 0 else { throw IngestError(.ocrRenderFailed, ["page": String(page)], detail: "cairo stride for \(w)") }
            let bandRows = max(1, min(h, bandBytes / stride))
            // A drawing for recognition of a scanned page: the scan's own pixels (`PageScanImage`).
            // Pictures (vision pages, OCR's quick look) are asked within `keptPixelsAtMost`.
            // (Not above 300 dpi: TextSize asks more only for small print, which reads better
            // enlarged — `TextSizeTests`; a scan's pixels as they are would undo its choice.)
            if readsScans, maxPixels > Self.keptPixelsAtMost, !drawings.scansAsDrawn, dpi <= Self.defaultDPI + 0.5,
               let scan = try Self.scanImage(p, width: wPt, height: hPt, page: page, drawings: &drawings) {
                // Its own size when that is the size asked, or when it has fewer pixels than asked
                // at a resolution OCR reads well: a scan's pixels hold no more detail enlarged
                // (200-ppi scans, bench/ocr/RESULTS.md: 365 errors in 11,852 characters as they are;
                // 368 drawn at 300 dpi by cairo, 371 enlarged bilinearly, 366 by leptonica). A scan
                // with more pixels than asked (large print TextSize reads at less) is drawn by cairo,
                // as before, and so are the document's other pages: the path brings them nothing.
                let nativeDPI = Double(scan.width) * 72 / wPt
                let asked = abs(Double(scan.width) - wPt * scale) <= 1 && abs(Double(scan.height) - hPt * scale) <= 1
                let fewer = !asked && Double(scan.width) < wPt * scale && Self.scanResolutions.contains(nativeDPI)
                    && scan.width * scan.height <= maxPixels
                if !fewer { drawings.scansAsDrawn = true }
                if asked || fewer {
                    try start(scan.width, scan.height, nativeDPI)
                    // A drawing handed like any other (`drawingsMade`), from the image's pixels.
                    drawings.made += 1
                    drawings.scans += 1
                    scan.rows(width: scan.width, height: scan.height, row)
                    return
                }
            }
            if let k = drawings.kept, k.page == page, k.width == w, k.height == h {
                try start(w, h, k.dpi)
                k.gray.withUnsafeBufferPointer { all in
                    for y in 0..<h { row(y, UnsafeBufferPointer(rebasing: all[(y * w)..<((y + 1) * w)])) }
                }
                return
            }
            try start(w, h, scale * 72)
            drawings.made += 1
            let keep = w * h <= Self.keptPixelsAtMost
            var gray = keep ? [UInt8](repeating: 0, count: w * h) : []
            let luma = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: w)
            defer { luma.deallocate() }
            var top = 0
            while top < h {
                let rows = min(bandRows, h - top)
                if (drawings.surface?.capacity ?? 0) < stride * rows { drawings.surface = SurfaceMemory(capacity: stride * rows) }
                try Self.renderBand(p, width: w, top: top, rows: rows, scale: scale, page: page, memory: drawings.surface!.bytes,
                                    luma: luma) { y, luma in
                    if keep { gray.withUnsafeMutableBufferPointer { UnsafeMutableRawPointer($0.baseAddress! + y * w).copyMemory(from: luma.baseAddress!, byteCount: w) } }
                    row(y, luma)
                }
                top += rows
            }
            if keep { drawings.kept = KeptDrawing(page: page, width: w, height: h, dpi: scale * 72, gray: gray) }
        }
    }

    /// Pages drawn by poppler so far.
    var drawingsMade: Int { lock.withLock { $0.made } }

    /// Scanned pages handed as their image's own pixels so far.
    public var scansHanded: Int { lock.withLock { $0.scans } }

    /// The resolution OCR draws a page at unless TextSize chooses another.
    static let defaultDPI = 300.0

    /// The resolutions a scan is handed at as it is (OCR's, `TextSize.resolutions`).
    static let scanResolutions = 150.0...400.0

    /// The page's scanned image (`PageScanImage.find`) when cairo's drawing of the page, made
    /// small, shows it as it is: decoded once more for that drawing, which costs far less than
    /// a full-page drawing (the scan is not enlarged onto a surface of the page's size).
    private static func scanImage(_ p: PopplerPageRef, width wPt: Double, height hPt: Double, page: Int,
                                  drawings: inout Drawings) throws -> PageScanImage? {
        guard let scan = PageScanImage.find(on: p) else { return nil }
        // OCR's quick look has drawn this page small just before (kept): checked against that
        // drawing, the scan is decoded once, as cairo's full drawing would (a second decoding
        // for the check cost 0.16 s of CPU a 300-ppi page, scan-10 0.86x).
        let s = PageScanImage.checkLongSide / max(wPt, hPt)
        let dw = max(1, Int((wPt * s).rounded(.down))), dh = max(1, Int((hPt * s).rounded(.down)))
        guard dw <= scan.width, dh <= scan.height else { return nil }
        // (Brought to the check's size first: the thresholds are set for it.)
        if let k = drawings.kept, k.page == page, k.width >= dw, k.height >= dh, k.width <= scan.width, k.height <= scan.height {
            let small = PageScanImage.areaAverage(k.gray, width: k.width, height: k.height, toWidth: dw, toHeight: dh)
            return scan.agrees(withDrawing: small, width: dw, height: dh) ? scan : nil
        }
        let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(dw)))
        if (drawings.surface?.capacity ?? 0) < stride * dh { drawings.surface = SurfaceMemory(capacity: stride * dh) }
        var drawing = [UInt8](repeating: 0, count: dw * dh)
        let luma = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: dw)
        defer { luma.deallocate() }
        try renderBand(p, width: dw, top: 0, rows: dh, scale: s, page: page, memory: drawings.surface!.bytes, luma: luma) { y, row in
            drawing.withUnsafeMutableBufferPointer { UnsafeMutableRawPointer($0.baseAddress! + y * dw).copyMemory(from: row.baseAddress!, byteCount: dw) }
        }
        return scan.agrees(withDrawing: drawing, width: dw, height: dh) ? scan : nil
    }

    /// Lets go of the surface kept for the next drawing (the OCR of the document is over).
    public func letGoOfSurface() { lock.withLock { $0.surface = nil } }

    /// The bytes of the surface kept for the next drawing (0: none).
    var surfaceBytes: Int { lock.withLock { $0.surface?.capacity ?? 0 } }

    /// Colour pixels drawn at once: a 300-dpi A4 page (35 MB) is one band; bigger pages are cut.
    public static let bandBytes = 48 << 20

    /// Draws rows `top..<top+rows` of the page (at `scale`) on a white surface and hands each
    /// row's BT.601 luma to `row` (through `luma`, `width` bytes).
    private static func renderBand(_ p: PopplerPageRef, width w: Int, top: Int, rows: Int, scale: Double, page: Int,
                                   memory: UnsafeMutableRawPointer, luma: UnsafeMutableBufferPointer<UInt8>,
                                   row: (Int, UnsafeBufferPointer<UInt8>) -> Void) throws {
        let stride = cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(w))
        guard let surface = cairo_image_surface_create_for_data(memory.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                                                                Int32(w), Int32(rows), stride) else {
            throw IngestError(.ocrRenderFailed, ["page": String(page)])
        }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            throw IngestError(.ocrRenderFailed, ["page": String(page)], detail: "cairo surface \(w)×\(rows)")
        }
        // A new image surface is black: paint it white like paper first.
        cairo_set_source_rgb(cr, 1, 1, 1)
        cairo_paint(cr)
        cairo_translate(cr, 0, -Double(top))
        cairo_scale(cr, scale, scale)
        p.draw(on: cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw IngestError(.ocrRenderFailed, ["page": String(page)]) }
        for y in 0..<rows {
            let pixels = UnsafeRawPointer(data + y * Int(stride)).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w {
                let v = pixels[x]   // 0x00RRGGBB in native order
                let r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF
                // ITU-R BT.601 luma, integer form.
                luma[x] = UInt8((r * 299 + g * 587 + b * 114 + 500) / 1000)
            }
            row(top + y, UnsafeBufferPointer(luma))
        }
    }
}
