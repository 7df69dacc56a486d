import CTagLibShim
import Foundation
import IngestCore

/// WMA (ASF) and WavPack through TagLib: formats we don't parse ourselves. TagLib opens the file
/// with the class of our sniffed kind. (Also used by tests as an independent second reader.)
enum TagLibReader {
    static func kind(for kind: SourceKind) -> ingest_taglib_kind? {
        switch kind {
        case .wma: INGEST_TAGLIB_ASF
        case .wavpack: INGEST_TAGLIB_WAVPACK
        case .mp3: INGEST_TAGLIB_MPEG
        case .flac: INGEST_TAGLIB_FLAC
        case .ogg: INGEST_TAGLIB_VORBIS
        case .opus: INGEST_TAGLIB_OPUS
        case .m4a: INGEST_TAGLIB_MP4
        case .wav: INGEST_TAGLIB_WAV
        case .aiff: INGEST_TAGLIB_AIFF
        default: nil
        }
    }

    static func read(_ url: URL, kind: SourceKind) throws -> AudioInfo {
        guard let k = TagLibReader.kind(for: kind) else { throw AudioError.notAudio(kind.rawValue) }
        try requireLibrary(format: name(of: kind))
        var raw = ingest_taglib_info()
        let ok = ingest_taglib_read(url.path, k, &raw)
        defer { ingest_taglib_free(&raw) }
        guard ok == 1, raw.valid == 1 else {
            throw AudioError.notAudio(name(of: kind), detail: "TagLib found no audio stream")
        }
        func s(_ p: UnsafeMutablePointer<CChar>?) -> String? { p.map { String(cString: $0) }.flatMap { TagText.clean($0) } }
        var info = AudioInfo()
        info.title = s(raw.title)
        info.artist = s(raw.artist)
        info.album = s(raw.album)
        info.genre = s(raw.genre)
        info.comment = s(raw.comment)
        info.date = s(raw.date)
        (info.track, info.trackTotal) = TagText.numberPair(s(raw.track))
        info.duration = Double(raw.length_ms) / 1000
        info.durationMethod = "taglib"
        info.bitrate = Int(raw.bitrate_kbps) * 1000
        info.sampleRate = Int(raw.sample_rate)
        info.channels = Int(raw.channels)
        info.codec = kind == .wma ? "wma" : kind == .wavpack ? "wavpack" : nil
        info.tagFormats = [kind == .wma ? "asf" : "apev2"]
        return info
    }

    private static func name(of kind: SourceKind) -> String {
        kind == .wma ? "WMA" : kind == .wavpack ? "WavPack" : kind.rawValue
    }

    /// libtag is opened with dlopen on first use (the binary does not link it): a machine
    /// without it gets a named error, not a crash.
    static func requireLibrary(format: String) throws {
        guard ingest_taglib_load() != 1 else { return }
        throw IngestError(.audioTagLibUnavailable, ["format": format, "library": "libtag.so.1", "package": "libtag1v5"],
                          detail: String(cString: ingest_taglib_error()))
    }
}
