import IngestCore

/// The track that will be read, and why (SPEC §4), recorded in the document.
public struct TrackChoice: Codable, Sendable, Equatable {
    public enum Reason: String, Codable, Sendable {
        /// The first of the user's languages that has a track.
        case userLanguage
        /// None of the user's languages: the video's default track's language.
        case videoDefault
        /// No default track: the video's original (spoken) language.
        case originalLanguage
        /// Nothing else decides: the first track written by a person, else the first one.
        case firstAvailable
    }
    public var index: Int
    public var track: CaptionTrack
    public var reason: Reason
    /// The language code that decided (`fr` for a user language `fr-CA`).
    public var language: String

    public var json: JSONValue {
        .object(["track": track.json, "reason": .string(reason.rawValue), "language": .string(language)])
    }
}

/// SPEC §4's track choice. Pure: tracks and languages in, choice out.
public enum TrackChooser {
    /// Chooses among `tracks` for `userLanguages` (any tags; reduced to language codes).
    /// Machine translations are never chosen; nil when no track can be read (`noCaptions`).
    public static func choose(_ tracks: [CaptionTrack], userLanguages: [String], originalLanguage: String? = nil) -> TrackChoice? {
        let candidates = tracks.indices.filter { !tracks[$0].isTranslation }
        guard !candidates.isEmpty else { return nil }
        var codes: [String] = []
        for l in userLanguages {
            let c = PipelineConfig.languageCode(l)
            if !c.isEmpty && !codes.contains(c) { codes.append(c) }
        }
        for code in codes {
            if let i = best(in: candidates.filter { tracks[$0].language == code }, tracks) {
                return TrackChoice(index: i, track: tracks[i], reason: .userLanguage, language: code)
            }
        }
        if let d = candidates.first(where: { tracks[$0].isDefault }) {
            let code = tracks[d].language
            let i = best(in: candidates.filter { tracks[$0].language == code }, tracks) ?? d
            return TrackChoice(index: i, track: tracks[i], reason: .videoDefault, language: code)
        }
        if let orig = originalLanguage.map(PipelineConfig.languageCode) ?? candidates.first(where: { tracks[$0].isOriginal }).map({ tracks[$0].language }),
           let i = best(in: candidates.filter { tracks[$0].language == orig }, tracks) {
            return TrackChoice(index: i, track: tracks[i], reason: .originalLanguage, language: orig)
        }
        let i = best(in: candidates, tracks)!
        return TrackChoice(index: i, track: tracks[i], reason: .firstAvailable, language: tracks[i].language)
    }

    /// At equal language: written by a person beats auto-generated; among auto-generated tracks the
    /// original-language one wins; then the default track; then the exact tag without region
    /// (`fr` before `fr-CA`); then list order.
    static func best(in indices: [Int], _ tracks: [CaptionTrack]) -> Int? {
        indices.min { a, b in
            let x = tracks[a], y = tracks[b]
            if x.isAuto != y.isAuto { return !x.isAuto }
            if x.isOriginal != y.isOriginal { return x.isOriginal }
            if x.isDefault != y.isDefault { return x.isDefault }
            let xb = x.languageCode == x.language, yb = y.languageCode == y.language
            if xb != yb { return xb }
            return a < b
        }
    }
}
