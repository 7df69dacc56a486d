import CPoppler
import Foundation
@testable import IngestOCR

/// Test pages made at test time: known text typeset with cairo (DejaVu Serif) onto a white page,
/// as 8-bit gray at a given resolution. The text is known, so recognition can be scored.
enum TextPage {
    static let french = """
    La photosynthèse est le processus par lequel les plantes vertes transforment l'énergie lumineuse en énergie chimique. \
    Elle se déroule dans les chloroplastes, où la chlorophylle capte la lumière du soleil. \
    Les plantes absorbent le dioxyde de carbone de l'air et l'eau du sol, puis elles produisent du glucose et rejettent de l'oxygène. \
    Ce phénomène est essentiel à la vie sur Terre : il fournit la nourriture de presque tous les êtres vivants et renouvelle l'air que nous respirons.
    En classe de seconde, on étudie aussi la respiration cellulaire, qui libère l'énergie contenue dans le glucose. \
    Les élèves comparent les deux réactions et remarquent qu'elles sont presque inverses l'une de l'autre. \
    Il faut retenir les réactifs, les produits et le rôle de la lumière.
    """

    static let english = """
    The water cycle describes how water moves between the oceans, the atmosphere and the land. \
    The sun heats the surface of the sea, and water evaporates into the air as vapour. \
    As the vapour rises, it cools and condenses into tiny droplets that form clouds. \
    When the droplets grow heavy enough, they fall back to the ground as rain or snow.
    Some of this water soaks into the soil and becomes groundwater, while the rest flows through rivers back to the sea. \
    Students should be able to name each stage of the cycle and explain the role of energy from the sun in every step.
    """

    /// A page's gray pixels as a fresh `PageImage` told `dpi` (each recognition takes its image).
    static func pageImage(_ page: (width: Int, height: Int, gray: [UInt8]), dpi: Int = 300) -> PageImage {
        let p = page.gray.withUnsafeBytes { PageImage.gray(width: page.width, height: page.height, bytesPerRow: page.width, bytes: $0) }!
        p.setResolution(dpi)
        return p
    }

    /// Gray pixels of a letter-size page at `dpi` with `text` (paragraphs separated by "\n").
    static func render(_ text: String, dpi: Double = 300, pointSize: Double = 12,
                       widthInches: Double = 8.5, heightInches: Double = 11) -> (width: Int, height: Int, gray: [UInt8]) {
        let w = Int(widthInches * dpi)
        return canvas(width: w, height: Int(heightInches * dpi)) { cr in
            cairo_select_font_face(cr, "DejaVu Serif", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL)
            let size = pointSize * dpi / 72
            cairo_set_font_size(cr, size)
            let margin = dpi, maxWidth = Double(w) - 2 * margin
            var y = margin + size
            for paragraph in text.split(separator: "\n") {
                var line = ""
                func flush() {
                    cairo_move_to(cr, margin, y)
                    cairo_show_text(cr, line)
                    y += size * 1.5
                    line = ""
                }
                for word in paragraph.split(separator: " ") {
                    let candidate = line.isEmpty ? String(word) : line + " " + word
                    var ext = cairo_text_extents_t()
                    cairo_text_extents(cr, candidate, &ext)
                    if ext.x_advance > maxWidth, !line.isEmpty { flush(); line = String(word) } else { line = candidate }
                }
                if !line.isEmpty { flush() }
                y += size * 0.8
            }
        }
    }

    /// The one white page of the tests drawn with cairo: `width` × `height` pixels painted `paper`
    /// (1 white), the source set to `ink` (0 black) for `draw`, which draws on it; its gray pixels.
    static func canvas(width: Int, height: Int, paper: Double = 1, ink: Double = 0,
                       _ draw: (OpaquePointer) -> Void) -> (width: Int, height: Int, gray: [UInt8]) {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        cairo_set_source_rgb(cr, paper, paper, paper)
        cairo_paint(cr)
        cairo_set_source_rgb(cr, ink, ink, ink)
        draw(cr)
        cairo_destroy(cr)
        return (width, height, gray(of: surface, width: width, height: height))
    }

    /// The grey bytes (the green channel: the pages are drawn black on white) of a cairo RGB24
    /// surface drawn on, one byte a pixel, rows without padding.
    static func gray(of surface: OpaquePointer, width w: Int, height h: Int) -> [UInt8] {
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        var gray = [UInt8](repeating: 255, count: w * h)
        for y in 0..<h {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<w { gray[y * w + x] = UInt8((row[x] >> 8) & 0xFF) }
        }
        return gray
    }

    /// PNG bytes (with its resolution recorded) of a page of `text`.
    static func png(_ text: String, dpi: Double = 300) -> Data {
        pageImage(render(text, dpi: dpi), dpi: Int(dpi)).pngData()!
    }
}

/// Character error rate: Levenshtein distance over the reference length, after collapsing
/// whitespace (the same normalisation as ../shared/tools/textdiff.py).
func characterErrorRate(_ hypothesis: String, _ reference: String) -> Double {
    func norm(_ s: String) -> [Character] {
        Array(s.precomposedStringWithCanonicalMapping.split(whereSeparator: { $0.isWhitespace }).joined(separator: " "))
    }
    let a = norm(hypothesis), b = norm(reference)
    guard !b.isEmpty else { return a.isEmpty ? 0 : 1 }
    var prev = Array(0...b.count), cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...max(a.count, 1) where !a.isEmpty {
        cur[0] = i
        for j in 1...b.count {
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
        }
        swap(&prev, &cur)
    }
    return Double(a.isEmpty ? b.count : prev[b.count]) / Double(b.count)
}
