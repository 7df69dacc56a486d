import CPoppler
import Foundation

/// A figure cut out of its page as a PNG, for a vision model or a person: the page region drawn by
/// poppler (colour, white paper) at up to `dpi`, its long side at most `longSide` pixels.
public enum FigureCrop {
    public struct Picture: Sendable {
        public var data: Data
        public var width: Int
        public var height: Int
    }

    /// One PDF opened once for the crops of its figures (used by one thread).
    public final class Source {
        private let document: PopplerDocumentRef
        /// Opens `url`; nil when it cannot be opened.
        public init?(url: URL, password: String? = nil) {
            guard let document = try? PopplerDocumentRef(url: url, password: password) else { return nil }
            self.document = document
        }

        /// The region `box` (`[x0, y0, x1, y1]`, points from the top-left corner) of 1-based
        /// `page`; nil when there is no such page or the box is empty.
        public func png(page: Int, box: [Double], dpi: Double = 150, longSide: Int = 1600) -> Picture? {
            guard box.count == 4, page >= 1, let pageRef = document.page(at: page - 1) else { return nil }
            return FigureCrop.png(of: pageRef, box: box, dpi: dpi, longSide: longSide)
        }
    }

    static func png(of page: PopplerPageRef, box: [Double], dpi: Double, longSide: Int) -> Picture? {
        let (pw, ph) = page.size
        let x0 = max(0, box[0]), y0 = max(0, box[1]), x1 = min(pw, box[2]), y1 = min(ph, box[3])
        guard x1 > x0, y1 > y0 else { return nil }
        let scale = min(dpi / 72, Double(longSide) / max(x1 - x0, y1 - y0))
        let w = max(1, Int(((x1 - x0) * scale).rounded())), h = max(1, Int(((y1 - y0) * scale).rounded()))
        return page.withRegionDrawn(x0: x0, y0: y0, scale: scale, width: w, height: h) { surface -> Picture? in
            final class Sink { var data = Data() }
            let sink = Sink()
            let status = cairo_surface_write_to_png_stream(surface, { closure, bytes, length in
                guard let closure, let bytes else { return CAIRO_STATUS_WRITE_ERROR }
                Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().data.append(bytes, count: Int(length))
                return CAIRO_STATUS_SUCCESS
            }, Unmanaged.passUnretained(sink).toOpaque())
            guard status == CAIRO_STATUS_SUCCESS, !sink.data.isEmpty else { return nil }
            return Picture(data: sink.data, width: w, height: h)
        }
    }
}
