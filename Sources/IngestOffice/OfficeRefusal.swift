import Foundation
import IngestCore

/// Old binary Word files and password-protected OOXML (both OLE2 compound files) are refused, each
/// with its own message. The sniffer already tells them apart; this extractor gives the refusal
/// when the pipeline routes those kinds here, and `DocxExtractor` checks again in case a `.docx`
/// reaches it without sniffing.
public struct OfficeRefusal: Extractor {
    public var kinds: Set<SourceKind> { [.legacyDoc, .encryptedOffice] }
    public init() {}

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        try Self.refuseOLE2(input.url)
        throw IngestError(input.kind == .encryptedOffice ? .encryptedOffice : .legacyDoc)
    }

    static let ole2Magic: [UInt8] = [0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1]

    /// Throws `sniff.encryptedOffice` or `sniff.legacyDoc` when the file is an OLE2 compound file.
    static func refuseOLE2(_ url: URL) throws {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return }
        defer { try? handle.close() }
        guard let head = try? handle.read(upToCount: 8), [UInt8](head) == ole2Magic else { return }
        // The directory may sit anywhere in the file: its first 64 MiB are read (as the source
        // reader does), never mapped — a file cut short under a mapping kills the reader (SIGBUS).
        let data = (try? FileBytes.read(url, maxBytes: 64 << 20)) ?? Data()
        switch OLE2Directory.kind(data) {
        case .encryptedOffice: throw IngestError(.encryptedOffice)
        case .legacyDoc: throw IngestError(.legacyDoc)
        default: throw IngestError(.unknownKind, detail: "OLE2 compound file that is neither Word nor encrypted OOXML")
        }
    }
}
