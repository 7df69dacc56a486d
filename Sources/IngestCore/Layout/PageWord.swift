/// A word of a page with its box in points (y grows downwards): what table cells are made of,
/// whether it comes from a PDF's text layer (IngestPDF) or from OCR (IngestOCR).
public struct PageWord: Sendable, Equatable {
    public var text: String
    public var x0: Double, y0: Double, x1: Double, y1: Double
    // Inlinable: the table finders ask these of every word, from IngestPDF and IngestOCR.
    @inlinable public var midX: Double { (x0 + x1) / 2 }
    @inlinable public var midY: Double { (y0 + y1) / 2 }
    @inlinable public var height: Double { y1 - y0 }

    public init(text: String, x0: Double, y0: Double, x1: Double, y1: Double) {
        self.text = text
        self.x0 = x0; self.y0 = y0; self.x1 = x1; self.y1 = y1
    }
}
