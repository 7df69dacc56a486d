import Foundation
import IngestCore

/// Reads an audio file's tags and stream properties by its sniffed kind (never by extension).
public enum AudioReader {
    /// Reads `url` as `kind`. Throws `IngestError` (audio.*, file.*) on unreadable input.
    /// `warnings` receives non-fatal findings (picture over the limit, skipped tag parts).
    public static func read(_ url: URL, kind: SourceKind, coverMaxBytes: Int = 10 << 20,
                            warnings: inout [(code: ErrorCode, arguments: [String: String])],
                            deadline: () throws -> Void = {}) throws -> AudioInfo {
        let state = ReadState(coverMaxBytes: coverMaxBytes)
        defer { warnings = state.warnings }
        if kind == .wma || kind == .wavpack { return try TagLibReader.read(url, kind: kind) }
        let source = try FileSource(url: url)
        return try read(source, kind: kind, state: state, deadline: deadline)
    }

    public static func read(_ url: URL, kind: SourceKind, coverMaxBytes: Int = 10 << 20) throws -> AudioInfo {
        var w: [(code: ErrorCode, arguments: [String: String])] = []
        return try read(url, kind: kind, coverMaxBytes: coverMaxBytes, warnings: &w)
    }

    /// Reads bytes in memory (tests, property tests).
    public static func read(bytes: [UInt8], kind: SourceKind, coverMaxBytes: Int = 10 << 20) throws -> AudioInfo {
        try read(MemorySource(bytes), kind: kind, state: ReadState(coverMaxBytes: coverMaxBytes), deadline: {})
    }

    static func read(_ source: ByteSource, kind: SourceKind, state: ReadState, deadline: () throws -> Void) throws -> AudioInfo {
        guard source.size > 0 else { throw IngestError(.fileEmpty) }
        // Some taggers put an ID3v2 tag in front of FLAC, Ogg or RIFF: the sniffer looks past it,
        // and so do we (the container's own tags win, the ID3 tag fills their gaps).
        if kind != .mp3, kind != .m4a, try source.read(at: 0, count: 3).hasBytes("ID3", at: 0) {
            let (tag, offset) = try ID3v2.readStacked(source, state: state)
            guard offset > 0, offset < source.size else { throw AudioError.truncated(kind.rawValue, .tag("ID3")) }
            var info = try read(SliceSource(source, offset: offset, size: source.size - offset), kind: kind, state: state,
                                deadline: deadline)
            info.fillGaps(from: tag)
            return info
        }
        switch kind {
        case .mp3: return try MP3Reader.read(source, state: state, deadline: deadline)
        case .flac: return try FLACReader.read(source, state: state)
        case .ogg: return try OggReader.read(source, state: state, expectOpus: false)
        case .opus: return try OggReader.read(source, state: state, expectOpus: true)
        case .m4a: return try MP4Reader.read(source, state: state)
        case .wav: return try ChunkReaders.readWAV(source, state: state)
        case .aiff: return try ChunkReaders.readAIFF(source, state: state)
        default: throw AudioError.notAudio(kind.rawValue)
        }
    }
}
