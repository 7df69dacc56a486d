import CPoppler
import Foundation
import IngestCore

/// One PDF page as 8-bit gray pixels (row after row, `width` bytes each), for OCR.
public struct RenderedPage: Sendable {
    public var width: Int
    public var height: Int
    public var dpi: Double
    public var gray: [UInt8]
}

/// Renders PDF pages with poppler-glib onto a white cairo image surface. One renderer per
/// thread: poppler documents must not be used from two threads at once.
/// (Self-contained on purpose; the PDF extractor's document wrapper may replace the opening code.)
public final class PDFPageRenderer {
    private let document: OpaquePointer
    public let pageCount: Int

    /// Opens `url` (made absolute: poppler wants a file:// URI) with an optional password.
    public init(url: URL, password: String? = nil) throws {
        let uri = url.standardizedFileURL.absoluteURL.absoluteString
        var error: UnsafeMutablePointer<GError>?
        guard let doc = poppler_document_new_from_file(uri, password, &error) else {
            let reason = error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "poppler"
            if let error { g_error_free(error) }
            throw IngestError(.ocrRenderFailed, ["page": "1"], detail: reason)
        }
        document = doc
        pageCount = Int(poppler_document_get_n_pages(doc))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(document)) }

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

    /// Renders `page` as `render` does, but hands the gray rows over as they are made: `start`
    /// gets the size and the resolution, then `row` each row's luma (valid during the call only),
    /// top to bottom. The caller keeps one gray copy of the page (OCR: leptonica's), never two.
    public func renderRows(page: Int, dpi: Double, maxPixels: Int, bandBytes: Int = PDFPageRenderer.bandBytes,
                           start: (_ width: Int, _ height: Int, _ dpi: Double) throws -> Void,
                           row: (_ y: Int, _ luma: UnsafeBufferPointer<UInt8>) -> Void) throws {
        guard page >= 1, page <= pageCount, let p = poppler_document_get_page(document, Int32(page - 1)) else {
            throw IngestError(.ocrRenderFailed, ["page": String(page)])
        }
        defer { g_object_unref(UnsafeMutableRawPointer(p)) }
        var wPt = 0.0, hPt = 0.0
        poppler_page_get_size(p, &wPt, &hPt)
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
        try start(w, h, scale * 72)
        let luma = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: w)
        defer { luma.deallocate() }
        var top = 0
        while top < h {
            let rows = min(bandRows, h - top)
            try renderBand(p, width: w, top: top, rows: rows, scale: scale, page: page, luma: luma, row: row)
            top += rows
        }
    }

    /// Colour pixels drawn at once: a 300-dpi A4 page (35 MB) is one band; bigger pages are cut.
    public static let bandBytes = 48 << 20

    /// Draws rows `top..<top+rows` of the page (at `scale`) on a white surface and hands each
    /// row's BT.601 luma to `row` (through `luma`, `width` bytes).
    private func renderBand(_ p: OpaquePointer, width w: Int, top: Int, rows: Int, scale: Double, page: Int,
                            luma: UnsafeMutableBufferPointer<UInt8>, row: (Int, UnsafeBufferPointer<UInt8>) -> Void) throws {
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(w), Int32(rows)) else {
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
        poppler_page_render(p, cr)
        cairo_destroy(cr)
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { throw IngestError(.ocrRenderFailed, ["page": String(page)]) }
        let stride = Int(cairo_image_surface_get_stride(surface))
        for y in 0..<rows {
            let pixels = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
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
