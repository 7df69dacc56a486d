import Foundation
import IngestCore
import IngestOCR
import IngestPDF
import Synchronization

/// The pages of one file as pictures for a person (the QA report) or a vision model: a PDF's
/// drawn through IngestPDF's page images — the extraction's own when given, else opened once, on
/// the first page asked, with the password — a photo's or a scan's decoded by IngestOCR
/// (`PagePreview`). Wired here so that the runtime imports neither module (issue 35 item 3).
public final class PagePictures: Sendable {
    public static let jpegType = PagePreview.Format.jpeg(quality: 80).mimeType

    private let file: URL
    private let password: String?
    private let pages: Mutex<(any PageImageProvider)?>

    public init(file: URL, password: String? = nil, pages: (any PageImageProvider)? = nil) {
        self.file = file; self.password = password; self.pages = Mutex(pages)
    }

    /// Page `page` (1-based) as a JPEG whose long side is at most `longSide` pixels, with its size;
    /// nil when the file has no such page or is no picture (the caller shows its text alone).
    public func jpeg(page: Int, longSide: Int, quality: Int) -> (data: Data, width: Int, height: Int)? {
        PagePreview.picture(of: file, page: page, longSide: longSide, format: .jpeg(quality: quality), pdfPages: { try self.pdfPages() })
    }

    private func pdfPages() throws -> any PageImageProvider {
        try pages.withLock { pages in
            if let pages { return pages }
            let opened = try ExtractorRegistry.pdfPageImages(file, password)
            pages = opened
            return opened
        }
    }
}
