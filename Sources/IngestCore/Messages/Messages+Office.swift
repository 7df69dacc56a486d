// Codes and messages of the Office domain (IngestOffice: .docx through our own ZIP reader).
extension ErrorCode {
    public static let officeNoMainPart: ErrorCode = "office.noMainPart"
    public static let officeXMLMalformed: ErrorCode = "office.xmlMalformed"
    public static let officeEntityExpansion: ErrorCode = "office.entityExpansion"
    /// Readiness reason: the document holds pictures but (almost) no text.
    public static let officeImageOnly: ErrorCode = "office.imageOnly"
}

extension MessageCatalog {
    static let officeMessages: [ErrorCode: MessageEntry] = officeErrorMessages.merging(officeWarningMessages) { a, _ in a }

    static let officeErrorMessages: [ErrorCode: MessageEntry] = [
        .officeNoMainPart: .init(
            fr: "Ce fichier n'est pas un document Word lisible : il ne contient pas de partie principale (word/document.xml).",
            en: "This file is not a readable Word document: it has no main part (word/document.xml)."),
        .officeXMLMalformed: .init(
            fr: "Le document Word est endommagé : « {part} » n'est pas du XML valide ({reason}).",
            en: "The Word document is damaged: “{part}” is not valid XML ({reason})."),
        .officeEntityExpansion: .init(
            fr: "Document refusé : « {part} » déclare des entités XML (DTD), ce que Word ne fait jamais ; elles pourraient gonfler sans limite.",
            en: "Document refused: “{part}” declares XML entities (a DTD), which Word never does; they could grow without bound."),
        .officeImageOnly: .init(
            fr: "Seuls {count} caractères ont été lus : ce document Word ne contient presque que des images.",
            en: "Only {count} characters were read: this Word document holds almost nothing but pictures."),
    ]
}

extension ErrorCode {
    /// Warning: a companion part (styles, numbering, notes, properties) could not be read.
    public static let officePartSkipped: ErrorCode = "office.partSkipped"
}

extension MessageCatalog {
    static let officeWarningMessages: [ErrorCode: MessageEntry] = [
        .officePartSkipped: .init(
            fr: "« {part} » n'a pas pu être lu ({reason}) : le texte est lu sans lui.",
            en: "“{part}” could not be read ({reason}): the text is read without it."),
    ]
}
