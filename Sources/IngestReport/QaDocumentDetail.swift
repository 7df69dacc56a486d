import Foundation

/// What the report shows of one document beyond its figures. `QaReport` (the JSON) keeps only
/// figures; texts and page images are large, so the caller hands them over one document at a
/// time while the report is written, and can drop each once it is written.
public struct QaDocumentDetail: Sendable {
    /// The extracted text, as written in the document.
    public var text: String
    /// The expected text it was compared with; its differences with `text` are marked.
    public var expected: String?
    /// The OCR words under the confidence threshold, as read (punctuation included or not):
    /// every occurrence of each in `text` is highlighted.
    public var lowConfidence: [String]
    /// A PNG or JPEG of the first page or the photo, long side at most 1000 px: it goes into the
    /// file whole (as a data URI), so its size is the report's size.
    public var pageImage: Data?
    /// `image/png` or `image/jpeg`, as the caller knows it. The bytes' signature has the last
    /// word (a PNG declared JPEG is shown as a PNG), and an image that is neither is left out:
    /// nothing else goes into the report as a data URI.
    public var pageImageType: String?

    public init(text: String, expected: String? = nil, lowConfidence: [String] = [], pageImage: Data? = nil,
                pageImageType: String? = nil) {
        self.text = text; self.expected = expected; self.lowConfidence = lowConfidence
        self.pageImage = pageImage; self.pageImageType = pageImageType
    }
}
