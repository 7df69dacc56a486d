import Foundation

/// The pages of one document drawn as pixels, for the OCR stage and for page pictures (the QA
/// report, vision pages). Defined here so that neither OCR nor the runtime imports the PDF reader:
/// IngestPDF implements it (`PDFPageImages`), the pipeline hands it over (issue 35 item 3).
/// Usable from several threads: an implementation serialises what its library cannot do at once.
public protocol PageImageProvider: AnyObject, Sendable {
    var pageCount: Int { get }

    /// Draws 1-based `page` at `dpi` — less when the image would pass `maxPixels` — as 8-bit gray:
    /// `start` gets the size and the resolution used, then `row` each row's luma top to bottom
    /// (valid during the call only). The caller keeps one gray copy of the page, never two.
    func renderRows(page: Int, dpi: Double, maxPixels: Int,
                    start: (_ width: Int, _ height: Int, _ dpi: Double) throws -> Void,
                    row: (_ y: Int, _ luma: UnsafeBufferPointer<UInt8>) -> Void) throws

    /// Lets go of memory kept to draw the next page faster (the pages' reading is over).
    func letGoOfSurface()
}

extension PageImageProvider {
    public func letGoOfSurface() {}
}

/// Opens the page images of the document at `url`, with `password` when given.
public typealias PageImageOpener = @Sendable (_ url: URL, _ password: String?) throws -> any PageImageProvider

/// A document's page images as an extraction carries them to the OCR stage: the document the
/// extractor already opened, so the file is not opened again for its pages (issue 35 item 3).
/// Two are equal when they are the same provider.
public struct PageImages: Sendable, Equatable {
    public let provider: any PageImageProvider
    public init(_ provider: any PageImageProvider) { self.provider = provider }
    public static func == (a: PageImages, b: PageImages) -> Bool { a.provider === b.provider }
}
