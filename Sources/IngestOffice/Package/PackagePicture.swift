import Foundation
import IngestCore
import IngestZip

/// A picture stored in an Office package (`ppt/media/image1.png`), as its bytes: what a figure of a
/// slide shows, written beside the document as the figure's image (the PDF's crop counterpart).
public enum PackagePicture {
    public struct Picture: Sendable, Equatable {
        public var data: Data
        /// `png`, `jpg`, `gif` or `webp`, from the bytes (not the part's name).
        public var fileExtension: String
    }

    /// The part `part` of the package at `url`, when it is a picture a vision model reads (PNG, JPEG,
    /// GIF, WebP); nil for another format (EMF, WMF, SVG, TIFF) or a missing or unreadable part.
    public static func read(_ part: String, in url: URL, limits: PipelineConfig.Limits) -> Picture? {
        let zipLimits = ZipLimits(maxUncompressedBytes: limits.zipMaxUncompressedBytes, maxRatio: limits.zipMaxRatio,
                                  maxEntries: limits.zipMaxEntries)
        guard let archive = try? ZipArchive(url: url, limits: zipLimits), let entry = archive.entry(part),
              let bytes = try? archive.data(entry), let ext = fileExtension(bytes) else { return nil }
        return Picture(data: Data(bytes), fileExtension: ext)
    }

    static func fileExtension(_ b: [UInt8]) -> String? {
        if b.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return "png" }
        if b.starts(with: [0xFF, 0xD8, 0xFF]) { return "jpg" }
        if b.starts(with: Array("GIF8".utf8)) { return "gif" }
        if b.count >= 12, b.starts(with: Array("RIFF".utf8)), Array(b[8..<12]) == Array("WEBP".utf8) { return "webp" }
        return nil
    }
}
