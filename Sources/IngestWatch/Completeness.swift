import Foundation
import IngestCore

/// Whether a file that stopped changing is whole, judged from its end markers: a download or copy
/// cut short has its head but not its tail. Reads a bounded head and tail (and an MP4's top-level
/// box headers), never the whole file; the format comes from magic bytes, not the extension.
public enum Completeness {
    public enum Verdict: Sendable, Equatable {
        case complete
        /// The reason is for logs (English, technical); the code decides, not the wording.
        case incomplete(reason: String)
        /// Not a format with a checkable end (or the file cannot be opened): the extractor will
        /// judge.
        case notApplicable
    }

    /// The formats with an end marker worth checking.
    enum Format: Equatable { case zip, pdf, mp4, jpeg, png }

    public static func check(_ url: URL) -> Verdict {
        guard let file = try? FileSource(url: url) else { return .notApplicable }
        return check(file)
    }

    public static func check(data: Data) -> Verdict { check(MemorySource(Array(data))) }

    static func check(_ source: some ByteSource) -> Verdict {
        let head = source.bytes(at: 0, count: 1024)
        guard let format = format(of: head) else { return .notApplicable }
        switch format {
        case .zip: return zip(source)
        case .pdf: return pdf(source)
        case .mp4: return mp4(source, head: head)
        case .jpeg: return jpeg(source)
        case .png: return png(source)
        }
    }

    static func format(of head: [UInt8]) -> Format? {
        if head.starts(with: [0x50, 0x4B, 0x03, 0x04]) || head.starts(with: [0x50, 0x4B, 0x05, 0x06])
            || head.starts(with: [0x50, 0x4B, 0x07, 0x08]) { return .zip }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.count >= 8, Array(head[4..<8]) == Array("ftyp".utf8) { return .mp4 }
        // As the sniffer does: `%PDF-` anywhere in the first 1,024 bytes.
        if ByteSearch.firstIndex(of: Array("%PDF-".utf8), in: head) != nil { return .pdf }
        return nil
    }
}
