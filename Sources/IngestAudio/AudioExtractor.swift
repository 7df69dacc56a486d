import Foundation
import IngestCore

/// Audio files: tags and stream properties only — never decoded, never transcribed, never sent
/// anywhere. Text comes from embedded lyrics, chapters and a transcript beside the file.
public struct AudioExtractor: Extractor {
    public init() {}

    /// The transcript file that belongs to `audio` (same base name; `.srt`, `.vtt`, `.lrc`, `.txt`),
    /// if any: the planner should not make it a document of its own, it is this recording's text.
    public static func transcriptFile(beside audio: URL) -> URL? { Transcript.find(beside: audio) }

    public var kinds: Set<SourceKind> { [.mp3, .m4a, .flac, .ogg, .opus, .wav, .aiff, .wma, .wavpack] }

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        guard kinds.contains(input.kind) else { throw AudioError.notAudio(input.kind.rawValue) }
        var found: [(code: ErrorCode, arguments: [String: String])] = []
        let info = try AudioReader.read(input.url, kind: input.kind, coverMaxBytes: context.config.limits.coverMaxBytes,
                                        warnings: &found, deadline: { try context.checkDeadline() })
        var extraction = Extraction()
        extraction.metadata = Self.metadata(info)
        if let t = TagText.clean(info.title) { extraction.title = TitleCandidate(t, origin: .metadata) }
        extraction.language = info.tagLanguage.flatMap(Self.iso639_1)
        if let p = info.picture { extraction.cover = CoverImage(origin: .albumArt, data: p.data, mimeType: p.mimeType) }

        // Text: the transcript beside the file (with chapters placed at their times), then lyrics.
        var transcript: [Block] = []
        if let url = Transcript.find(beside: input.url) {
            do {
                transcript = try Transcript.blocks(url)
                extraction.metadata["transcriptFile"] = .string(url.lastPathComponent)
            } catch Transcript.Failure.unreadable(let reason) {
                found.append((.audioTranscriptUnreadable, ["file": url.lastPathComponent].merging(reason) { a, _ in a }))
            }
        }
        let chapters = info.chapters.enumerated().compactMap { i, c -> Block? in
            guard let title = TagText.clean(c.title) else { return nil }
            let end = c.end ?? (i + 1 < info.chapters.count ? info.chapters[i + 1].start : info.duration)
            return Block(kind: .heading, text: title, level: 2, start: c.start, end: end, provenance: .tags)
        }
        extraction.blocks = Self.merge(chapters: chapters, transcript: transcript)
        for lyrics in info.lyrics {
            for p in Transcript.paragraphs(lyrics) { extraction.blocks.append(Block(kind: .paragraph, text: p, provenance: .tags)) }
        }
        if transcript.isEmpty && info.lyrics.isEmpty { extraction.thinTextReason = .readinessAudioNoText }
        extraction.warnings = found.map { context.warning($0.code, $0.arguments) }
        return extraction
    }

    /// Chapters go before the first transcript block that starts at or after them.
    static func merge(chapters: [Block], transcript: [Block]) -> [Block] {
        guard !chapters.isEmpty, transcript.contains(where: { $0.start != nil }) else { return chapters + transcript }
        var out: [Block] = []
        var pending = chapters[...]
        for b in transcript {
            while let c = pending.first, let cs = c.start, let bs = b.start, cs <= bs + 0.001 {
                out.append(c); pending = pending.dropFirst()
            }
            out.append(b)
        }
        return out + pending
    }

    static func metadata(_ info: AudioInfo) -> [String: JSONValue] {
        var m: [String: JSONValue] = [:]
        func put(_ k: String, _ v: String?) { if let v = TagText.clean(v) { m[k] = .string(v) } }
        func put(_ k: String, _ v: Int?) { if let v { m[k] = .int(v) } }
        put("title", info.title); put("artist", info.artist); put("album", info.album)
        put("albumArtist", info.albumArtist); put("composer", info.composer); put("date", info.date)
        put("year", info.year); put("genre", info.genre); put("track", info.track); put("trackTotal", info.trackTotal)
        put("disc", info.disc); put("comment", info.comment)
        if let d = info.duration, d.isFinite, d >= 0 { m["duration"] = .double((d * 1000).rounded() / 1000) }
        put("bitrate", info.bitrate); put("sampleRate", info.sampleRate); put("channels", info.channels)
        put("bitsPerSample", info.bitsPerSample); put("codec", info.codec)
        if !info.tagFormats.isEmpty { m["tagFormats"] = .array(info.tagFormats.map { .string($0) }) }
        if !info.chapters.isEmpty { m["chapters"] = .int(info.chapters.count) }
        if !info.lyrics.isEmpty { m["lyrics"] = .bool(true) }
        return m
    }

    /// ISO 639-2 (as ID3 stores it) to ISO 639-1, for the languages a course is likely in.
    static func iso639_1(_ code: String) -> String? {
        let map = ["fra": "fr", "fre": "fr", "eng": "en", "deu": "de", "ger": "de", "spa": "es", "ita": "it",
                   "por": "pt", "nld": "nl", "dut": "nl", "ara": "ar", "zho": "zh", "chi": "zh", "jpn": "ja", "rus": "ru"]
        let c = code.lowercased()
        if c.count == 2, c.allSatisfy({ $0 >= "a" && $0 <= "z" }) { return c }
        return map[c]
    }
}
