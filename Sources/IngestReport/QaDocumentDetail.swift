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
    /// Every page of the document as a picture, in reading order (the three photos of a lesson,
    /// each page of a scan). Each is written to the report's pages folder and shown lazily.
    public var pageImages: [QaPageImage]
    /// The pages the document has when `pageImages` stops short of them (the report's image
    /// limit was reached), so the report says it shows only the first ones.
    public var pageCount: Int?
    /// The readiness verdict's reason as the document states it (`Texte court (900 caractères)…`),
    /// in the run's language.
    public var readinessMessage: String?

    public init(text: String, expected: String? = nil, lowConfidence: [String] = [], pageImages: [QaPageImage] = [],
                pageCount: Int? = nil, readinessMessage: String? = nil) {
        self.text = text; self.expected = expected; self.lowConfidence = lowConfidence
        self.pageImages = pageImages; self.pageCount = pageCount; self.readinessMessage = readinessMessage
    }
}

/// One page of a document as a picture: a PNG or JPEG, long side at most 1000 px.
public struct QaPageImage: Sendable {
    public var data: Data
    /// `image/png` or `image/jpeg`, as the caller knows it. The bytes' signature has the last
    /// word (a PNG declared JPEG is shown as a PNG), and an image that is neither is left out.
    public var type: String?
    /// Where the page comes from, as a person names it: the file, and its page in a file of
    /// several (`photo-2.jpg`, `manuel.pdf, p. 3`).
    public var caption: String?

    public init(data: Data, type: String? = nil, caption: String? = nil) {
        self.data = data; self.type = type; self.caption = caption
    }
}
