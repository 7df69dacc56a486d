import CPoppler
import Foundation

// A signature field stores no value a reader can show: who signed, when and why are drawn by the
// widget's appearance stream, which poppler-glib's page text (content only) leaves out while
// `pdftotext` (which draws annotations) reads it. Poppler draws that appearance alone — the
// page's other annotations hidden, the surface cut to the field's box — onto cairo's PDF
// surface, which records glyphs as text with their Unicode; poppler's text analysis then reads
// the recording. The text is the one the signing tool drew (« Rüschlikon »), not a guess at its
// pixels: OCR of the same box read « Rischlikon » (bug854315.pdf of pdf.js's corpus).

extension PopplerPageRef {
    /// What the page's visible signature fields show, given their widgets' areas (the page as
    /// shown, PDF space): their appearances' text as lines in each box, marked `.signature`, and
    /// how many draw something that holds no text (a picture of a handwritten signature), which
    /// is not read. Text of the page's own content that lies under a box is left to the content.
    func signatureLines(_ areas: [PopplerRectangle]) -> (lines: [TextLine], unread: Int) {
        let height = size.height
        var lines: [TextLine] = []
        var unread = 0
        for area in areas {
            let drawn = appearanceText(area).map { SignatureText.withoutContent($0, content: appearanceText(area, contentOnly: true) ?? "") } ?? ""
            if drawn.isEmpty {
                if drawsInk(area) { unread += 1 }
                continue
            }
            lines += AnnotationText.lines(drawn, area: area, pageHeight: height, origin: .signature)
        }
        return (lines, unread)
    }

    /// The text the annotation at `area` draws (with the page's content under it; only that
    /// content when `contentOnly`), recorded by cairo's PDF surface cut to that box and read back
    /// by poppler. (Poppler's text for an area is a selection between two corners in reading
    /// order, not what lies inside them: on a turned page it reaches the body's lines.)
    private func appearanceText(_ area: PopplerRectangle, contentOnly: Bool = false) -> String? {
        let box = SignatureText.Box(area, pageHeight: size.height)
        guard box.width >= 1, box.height >= 1 else { return nil }
        let recording = PDFRecording()
        let unmanaged = Unmanaged.passRetained(recording)
        defer { unmanaged.release() }
        guard let surface = cairo_pdf_surface_create_for_stream({ closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<PDFRecording>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }, unmanaged.toOpaque(), box.width, box.height) else { return nil }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let cr = cairo_create(surface) else {
            cairo_surface_destroy(surface)
            return nil
        }
        cairo_translate(cr, -box.left, -box.top)
        withAnnotationsHidden(except: contentOnly ? nil : area) { draw(on: cr) }
        cairo_destroy(cr)
        cairo_surface_finish(surface)
        let ok = cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        cairo_surface_destroy(surface)
        return ok ? PopplerDocumentRef.firstPageText(ofPDF: recording.bytes) : nil
    }

    /// Whether the annotation at `area` draws anything there: its box drawn at 72 dpi with
    /// only it shown and with no annotation shown differ.
    private func drawsInk(_ area: PopplerRectangle) -> Bool {
        let box = SignatureText.Box(area, pageHeight: size.height)
        let w = Int32(max(1, min(2000, box.width.rounded(.up)))), h = Int32(max(1, min(2000, box.height.rounded(.up))))
        func pixels(_ body: (OpaquePointer) -> Void) -> [UInt32] {
            guard let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, w, h) else { return [] }
            defer { cairo_surface_destroy(surface) }
            guard let cr = cairo_create(surface) else { return [] }
            cairo_set_source_rgb(cr, 1, 1, 1)
            cairo_paint(cr)
            cairo_translate(cr, -box.left, -box.top)
            body(cr)
            cairo_destroy(cr)
            cairo_surface_flush(surface)
            guard let data = cairo_image_surface_get_data(surface) else { return [] }
            let stride = Int(cairo_image_surface_get_stride(surface))
            var out: [UInt32] = []
            out.reserveCapacity(Int(w) * Int(h))
            for y in 0..<Int(h) {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<Int(w) { out.append(row[x] & 0x00FF_FFFF) }
            }
            return out
        }
        let with = pixels { cr in withAnnotationsHidden(except: area) { draw(on: cr) } }
        let without = pixels { cr in withAnnotationsHidden { draw(on: cr) } }
        return with != without
    }
}

/// The bytes cairo's PDF surface writes, gathered in memory.
private final class PDFRecording {
    var bytes: [UInt8] = []
}

/// Pure helpers of the signature reader.
enum SignatureText {
    /// An annotation's area (PDF space, y up) as a box on the page, y down.
    struct Box {
        var left: Double, top: Double, width: Double, height: Double
        init(_ area: PopplerRectangle, pageHeight: Double) {
            left = min(area.x1, area.x2); width = abs(area.x2 - area.x1)
            top = pageHeight - max(area.y1, area.y2); height = abs(area.y2 - area.y1)
        }
    }

    /// `drawn` (the field's box as drawn, content and appearance) without the words of the
    /// page's own `content` in that box, each taken once, in order; lines left empty are dropped.
    static func withoutContent(_ drawn: String, content: String) -> String {
        var left: [Substring: Int] = [:]
        for word in content.split(whereSeparator: \.isWhitespace) { left[word, default: 0] += 1 }
        var out: [String] = []
        for line in drawn.split(whereSeparator: \.isNewline) {
            var kept: [Substring] = []
            for word in line.split(whereSeparator: \.isWhitespace) {
                if let n = left[word], n > 0 { left[word] = n - 1 } else { kept.append(word) }
            }
            if !kept.isEmpty { out.append(kept.joined(separator: " ")) }
        }
        return out.joined(separator: "\n")
    }
}
