// Codes and messages of the YouTube domain (SPEC §4). The five refusals and the announcement are
// SPEC's exact sentences; every upstream failure is thrown as one of them, with the upstream reason
// in `detail` and, where it helps the user, a hint sentence (`youtube.hint.*`).
extension ErrorCode {
    public static let youtubeNotYouTube: ErrorCode = "youtube.notYouTube"
    public static let youtubeUnavailable: ErrorCode = "youtube.unavailable"
    public static let youtubeNoCaptions: ErrorCode = "youtube.noCaptions"
    public static let youtubeTooShort: ErrorCode = "youtube.tooShort"
    /// Announcement (warning), not a refusal: `{duration}` and `{cap}` are formatted durations.
    public static let youtubeTooLong: ErrorCode = "youtube.tooLong"
    /// Network use is off and no offline captions of this video were found.
    public static let youtubeNetworkOff: ErrorCode = "youtube.networkOff"
    /// Warning: the chosen track was generated automatically.
    public static let youtubeAutoCaptions: ErrorCode = "youtube.autoCaptions"
    // Hints attached to `youtube.unavailable` (second sentence).
    public static let youtubeHintRateLimited: ErrorCode = "youtube.hint.rateLimited"
    public static let youtubeHintNetwork: ErrorCode = "youtube.hint.network"
    public static let youtubeHintSignIn: ErrorCode = "youtube.hint.signIn"
    public static let youtubeHintChanged: ErrorCode = "youtube.hint.changed"
    /// Hint of `youtube.networkOff`: which files to save where (`{folder}`, `{command}`).
    public static let youtubeHintSaveFiles: ErrorCode = "youtube.hint.saveFiles"
    /// First line of `ingest youtube URL --preview`: the link passed the offline check.
    public static let youtubeLinkValid: ErrorCode = "youtube.linkValid"
    /// The saved file a preview was read from.
    public static let youtubeSavedFile: ErrorCode = "youtube.savedFile"
    /// Preview offline from a saved file without the chosen track's captions: the transcript
    /// will need them (the hint says how to save them).
    public static let youtubeCaptionsNotSaved: ErrorCode = "youtube.captionsNotSaved"
    // Labels of the preview shown by `ingest youtube URL --preview`.
    public static let youtubePreviewVideo: ErrorCode = "youtube.preview.video"
    public static let youtubePreviewThumbnail: ErrorCode = "youtube.preview.thumbnail"
    public static let youtubePreviewTracks: ErrorCode = "youtube.preview.tracks"
    public static let youtubePreviewChosen: ErrorCode = "youtube.preview.chosen"
    public static let youtubeTrackManual: ErrorCode = "youtube.track.manual"
    public static let youtubeTrackAuto: ErrorCode = "youtube.track.auto"
    public static let youtubeTrackDefault: ErrorCode = "youtube.track.default"
    public static let youtubeTrackTranslatable: ErrorCode = "youtube.track.translatable"
    public static let youtubeTrackTranslation: ErrorCode = "youtube.track.translation"
    public static let youtubeReasonUserLanguage: ErrorCode = "youtube.reason.userLanguage"
    public static let youtubeReasonVideoDefault: ErrorCode = "youtube.reason.videoDefault"
    public static let youtubeReasonOriginalLanguage: ErrorCode = "youtube.reason.originalLanguage"
    public static let youtubeReasonFirstAvailable: ErrorCode = "youtube.reason.firstAvailable"
}

extension MessageCatalog {
    static let youtubeMessages: [ErrorCode: MessageEntry] = [
        .youtubeNotYouTube: .init(
            fr: "Ce lien n'est pas une vidéo YouTube.",
            en: "This link is not a YouTube video."),
        .youtubeUnavailable: .init(
            fr: "Cette vidéo n'est pas accessible.",
            en: "This video is not available."),
        .youtubeNoCaptions: .init(
            fr: "Cette vidéo n'a pas de sous-titres. Micabo ne peut pas la lire.",
            en: "This video has no captions. Micabo cannot read it."),
        .youtubeTooShort: .init(
            fr: "Cette vidéo est trop courte pour générer des cartes.",
            en: "This video is too short to make cards from."),
        .youtubeTooLong: .init(
            fr: "Cette vidéo dure {duration}. On écrira la fiche à partir des {cap} du début.",
            en: "This video lasts {duration}. The sheet will be written from its first {cap}."),
        .youtubeNetworkOff: .init(
            fr: "Les sous-titres de cette vidéo ne sont pas dans le dossier et l'accès au réseau est désactivé (youtube.network ou --network).",
            en: "This video's captions are not in the folder and network use is off (youtube.network or --network)."),
        .youtubeHintSaveFiles: .init(
            fr: "Pour la lire sans réseau, enregistre sa fiche et ses sous-titres dans {folder} avec yt-dlp : {command} — puis relance ; ou relance avec --network.",
            en: "To read it without network, save its info file and captions in {folder} with yt-dlp: {command} — then run again; or run again with --network."),
        .youtubeLinkValid: .init(fr: "Lien YouTube valide : vidéo {id}.", en: "Valid YouTube link: video {id}."),
        .youtubeSavedFile: .init(fr: "Lu hors ligne depuis {file}.", en: "Read offline from {file}."),
        .youtubeCaptionsNotSaved: .init(
            fr: "Les sous-titres de cette piste ne sont pas enregistrés dans le dossier et l'accès au réseau est désactivé : la transcription ne pourra pas être lue.",
            en: "This track's captions are not saved in the folder and network use is off: the transcript cannot be read."),
        .youtubeAutoCaptions: .init(
            fr: "Les sous-titres de cette vidéo sont générés automatiquement ({language}) : noms propres, nombres et ponctuation peuvent être faux.",
            en: "This video's captions are generated automatically ({language}): proper nouns, numbers and punctuation may be wrong."),
        .youtubeHintRateLimited: .init(
            fr: "YouTube refuse les demandes pour le moment : réessaie plus tard.",
            en: "YouTube is refusing requests for now: try again later."),
        .youtubeHintNetwork: .init(
            fr: "YouTube n'a pas pu être joint : vérifie la connexion.",
            en: "YouTube could not be reached: check the connection."),
        .youtubeHintSignIn: .init(
            fr: "YouTube demande une connexion (vidéo privée ou réservée aux adultes).",
            en: "YouTube asks to sign in (private or age-restricted video)."),
        .youtubeHintChanged: .init(
            fr: "La réponse de YouTube n'a pas la forme attendue.",
            en: "YouTube's answer does not have the expected shape."),
        .youtubePreviewVideo: .init(
            fr: "« {title} » — {channel}, {duration}", en: "“{title}” — {channel}, {duration}"),
        .youtubePreviewThumbnail: .init(fr: "Miniature : {url}", en: "Thumbnail: {url}"),
        .youtubePreviewTracks: .init(fr: "Pistes de sous-titres ({count}) :", en: "Caption tracks ({count}):"),
        .youtubePreviewChosen: .init(fr: "Piste lue : {track} — {why}.", en: "Track read: {track} — {why}."),
        .youtubeTrackManual: .init(fr: "écrite par une personne", en: "written by a person"),
        .youtubeTrackAuto: .init(fr: "générée automatiquement", en: "auto-generated"),
        .youtubeTrackDefault: .init(fr: "par défaut", en: "default"),
        .youtubeTrackTranslatable: .init(fr: "traduisible", en: "translatable"),
        .youtubeTrackTranslation: .init(fr: "traduction automatique", en: "machine translation"),
        .youtubeReasonUserLanguage: .init(fr: "dans ta langue ({language})", en: "in your language ({language})"),
        .youtubeReasonVideoDefault: .init(fr: "la piste par défaut de la vidéo ({language})", en: "the video's default track ({language})"),
        .youtubeReasonOriginalLanguage: .init(fr: "la langue d'origine de la vidéo ({language})", en: "the video's original language ({language})"),
        .youtubeReasonFirstAvailable: .init(fr: "la première piste disponible ({language})", en: "the first track available ({language})"),
    ]
}
