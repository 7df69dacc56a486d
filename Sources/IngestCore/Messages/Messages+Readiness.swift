extension MessageCatalog {
    static let readinessMessages: [ErrorCode: MessageEntry] = [
        .readinessEmpty: .init(
            fr: "Aucun texte n'a été lu : le document est vide.",
            en: "No text was read: the document is empty."),
        .readinessTooLittleText: .init(
            fr: "Seuls {count} caractères ont été lus : c'est trop peu pour écrire une fiche.",
            en: "Only {count} characters were read: too little to write a sheet."),
        .readinessScanned: .init(
            fr: "Seuls {count} caractères ont été lus : c'est un PDF scanné, sans texte lisible.",
            en: "Only {count} characters were read: this is a scanned PDF with no readable text."),
        .readinessHandwriting: .init(
            fr: "Seuls {count} caractères ont été lus : l'écriture est trop serrée ou illisible.",
            en: "Only {count} characters were read: the handwriting is too tight or illegible."),
        .readinessEmptyPage: .init(
            fr: "Seuls {count} caractères ont été lus : la page semble vide.",
            en: "Only {count} characters were read: the page looks empty."),
        .readinessAudioNoText: .init(
            fr: "Cet enregistrement n'a pas de texte : place un fichier de transcription (.srt, .vtt, .lrc ou .txt, même nom) à côté de lui.",
            en: "This recording has no text: put a transcript file (.srt, .vtt, .lrc or .txt, same name) next to it."),
        .readinessShort: .init(
            fr: "Texte court ({count} caractères) : la fiche sera écrite, mais un mot mal lu ne pourra pas être compensé.",
            en: "Short text ({count} characters): the sheet will be written, but one misread word cannot be made up for."),
        "readiness.visionOffer": .init(
            fr: "Les images de {pages} page(s) peuvent être proposées à un modèle de vision.",
            en: "The images of {pages} page(s) can be offered to a vision model."),
    ]
}
