import Foundation
import IngestCore

/// Limits and findings of one read: parsers add warnings here instead of failing the whole file.
final class ReadState {
    let coverMaxBytes: Int
    /// Largest tag field other than a picture we load (lyrics, comments, a Vorbis comment packet).
    let textFieldMaxBytes: Int
    private(set) var warnings: [(code: ErrorCode, arguments: [String: String])] = []

    init(coverMaxBytes: Int, textFieldMaxBytes: Int = 16 << 20) {
        self.coverMaxBytes = max(0, coverMaxBytes)
        self.textFieldMaxBytes = textFieldMaxBytes
    }

    func warn(_ code: ErrorCode, _ arguments: [String: String] = [:]) {
        if !warnings.contains(where: { $0.code == code && $0.arguments == arguments }) {
            warnings.append((code, arguments))
        }
    }

    /// True when a picture of `size` bytes may be loaded; otherwise warns once and returns false.
    func acceptPicture(size: Int64) -> Bool {
        if size <= Int64(coverMaxBytes) { return true }
        warn(.audioCoverTooLarge, ["size": String(size), "limit": String(coverMaxBytes)])
        return false
    }
}

/// Named errors of this module, with the arguments their messages need.
enum AudioError {
    static func truncated(_ format: String, _ part: AudioPart) -> IngestError {
        IngestError(.audioTruncated, ["format": format].merging(part.argument) { a, _ in a })
    }
    static func corrupt(_ format: String, _ part: AudioPart, detail: String? = nil) -> IngestError {
        IngestError(.audioCorrupt, ["format": format].merging(part.argument) { a, _ in a }, detail: detail)
    }
    static func notAudio(_ format: String, detail: String? = nil) -> IngestError {
        IngestError(.audioNotAudio, ["format": format], detail: detail)
    }
}

/// The part of a file that is cut short or damaged, named in the message's language (catalog
/// keys `audio.part.*`); a structure's own name (`fmt`, `moov`, `STREAMINFO`) is kept as is.
enum AudioPart {
    case firstFrame, metadataBlocks, pictureBlock, headerPages, audioTrack, commentHeader, identificationHeader, extendedHeader
    case header(String), tag(String), chunk(String), atom(String), metadataBlock(String), frame(String)
    case oggPage(Int)

    /// `part` (English) and `part@fr` (French), for the message's `{part}`.
    var argument: [String: String] {
        switch self {
        case .firstFrame: MessageCatalog.phrase("part", .audioPartFirstFrame)
        case .metadataBlocks: MessageCatalog.phrase("part", .audioPartMetadataBlocks)
        case .pictureBlock: MessageCatalog.phrase("part", .audioPartPictureBlock)
        case .headerPages: MessageCatalog.phrase("part", .audioPartHeaderPages)
        case .audioTrack: MessageCatalog.phrase("part", .audioPartAudioTrack)
        case .commentHeader: MessageCatalog.phrase("part", .audioPartCommentHeader)
        case .identificationHeader: MessageCatalog.phrase("part", .audioPartIdentificationHeader)
        case .extendedHeader: MessageCatalog.phrase("part", .audioPartExtendedHeader)
        case .header(let name): MessageCatalog.phrase("part", .audioPartHeader, ["name": name])
        case .tag(let name): MessageCatalog.phrase("part", .audioPartTag, ["name": name])
        case .chunk(let name): MessageCatalog.phrase("part", .audioPartChunk, ["name": name])
        case .atom(let name): MessageCatalog.phrase("part", .audioPartAtom, ["name": name])
        case .metadataBlock(let name): MessageCatalog.phrase("part", .audioPartMetadataBlock, ["name": name])
        case .frame(let name): MessageCatalog.phrase("part", .audioPartFrame, ["name": name])
        case .oggPage(let index): MessageCatalog.phrase("part", .audioPartOggPage, ["index": String(index)])
        }
    }
}
