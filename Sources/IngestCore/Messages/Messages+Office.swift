// Codes and messages of the Office domain (IngestOffice: .docx, .pptx, OpenDocument and EPUB
// through our own ZIP reader).
extension ErrorCode {
    public static let officeNoMainPart: ErrorCode = "office.noMainPart"
    public static let officeXMLMalformed: ErrorCode = "office.xmlMalformed"
    public static let officeEntityExpansion: ErrorCode = "office.entityExpansion"
    /// Readiness reason: the document holds pictures but (almost) no text.
    public static let officeImageOnly: ErrorCode = "office.imageOnly"
    /// A part every file of its kind has (`ppt/presentation.xml`, `content.xml`, the EPUB package) is missing.
    public static let officeMissingPart: ErrorCode = "office.missingPart"
    /// An EPUB whose content is encrypted (DRM: Adobe ADEPT, Apple FairPlay, Readium LCP…).
    public static let officeEpubDRM: ErrorCode = "office.epubDRM"
    // What is wrong with a part's XML (office.xmlMalformed's {reason}), in both languages.
    public static let officeXMLTagTooLong: ErrorCode = "office.xml.tagTooLong"
    public static let officeXMLEndsInside: ErrorCode = "office.xml.endsInside"
    public static let officeXMLNoRoot: ErrorCode = "office.xml.noRoot"
    public static let officeXMLUnfinishedTag: ErrorCode = "office.xml.unfinishedTag"
    public static let officeXMLUnknownMarkup: ErrorCode = "office.xml.unknownMarkup"
    public static let officeXMLEndsInsideTag: ErrorCode = "office.xml.endsInsideTag"
    public static let officeXMLUnknownEntity: ErrorCode = "office.xml.unknownEntity"
    public static let officeXMLBadCharacterReference: ErrorCode = "office.xml.badCharacterReference"
    public static let officeXMLTagWithoutName: ErrorCode = "office.xml.tagWithoutName"
    public static let officeXMLSecondRoot: ErrorCode = "office.xml.secondRoot"
    public static let officeXMLAttributeWithoutValue: ErrorCode = "office.xml.attributeWithoutValue"
    public static let officeXMLUnquotedAttribute: ErrorCode = "office.xml.unquotedAttribute"
    public static let officeXMLUnterminatedAttribute: ErrorCode = "office.xml.unterminatedAttribute"
    public static let officeXMLEndTagWithoutName: ErrorCode = "office.xml.endTagWithoutName"
    public static let officeXMLClosesNothing: ErrorCode = "office.xml.closesNothing"
    public static let officeXMLClosesOther: ErrorCode = "office.xml.closesOther"
}

extension MessageCatalog {
    static let officeMessages: [ErrorCode: MessageEntry] = officeErrorMessages.merging(officeWarningMessages) { a, _ in a }

    static let officeErrorMessages: [ErrorCode: MessageEntry] = [
        .officeNoMainPart: .init(
            fr: "Ce fichier n'est pas un document Word lisible : il ne contient pas de partie principale (word/document.xml).",
            en: "This file is not a readable Word document: it has no main part (word/document.xml)."),
        .officeXMLMalformed: .init(
            fr: "Le document est endommagé : « {part} » n'est pas du XML valide ({reason}).",
            en: "The document is damaged: “{part}” is not valid XML ({reason})."),
        .officeEntityExpansion: .init(
            fr: "Document refusé : « {part} » déclare des entités XML (DTD), ce qu'aucun traitement de texte ne fait ; elles pourraient gonfler sans limite.",
            en: "Document refused: “{part}” declares XML entities (a DTD), which no office suite writes; they could grow without bound."),
        .officeImageOnly: .init(
            fr: "Seuls {count} caractères ont été lus : ce document ne contient presque que des images.",
            en: "Only {count} characters were read: this document holds almost nothing but pictures."),
        .officeMissingPart: .init(
            fr: "Ce fichier est incomplet : la partie « {part} », que tout fichier de ce type contient, manque.",
            en: "This file is incomplete: the part “{part}”, which every file of its kind has, is missing."),
        .officeEpubDRM: .init(
            fr: "Ce livre EPUB est protégé par des DRM : son texte est chiffré et ne peut pas être lu. Utilise une version sans DRM.",
            en: "This EPUB book is DRM-protected: its text is encrypted and cannot be read. Use a DRM-free copy."),
        .officeXMLTagTooLong: .init(fr: "une balise de plus de {count} octets", en: "a tag longer than {count} bytes"),
        .officeXMLEndsInside: .init(fr: "la partie s'arrête dans <{name}> (tronquée ?)", en: "the part ends inside <{name}> (truncated?)"),
        .officeXMLNoRoot: .init(fr: "aucun élément racine", en: "no root element"),
        .officeXMLUnfinishedTag: .init(fr: "une balise inachevée", en: "unfinished tag"),
        .officeXMLUnknownMarkup: .init(fr: "un balisage inconnu", en: "unknown markup"),
        .officeXMLEndsInsideTag: .init(fr: "la partie s'arrête dans une balise (tronquée ?)", en: "the part ends inside a tag (truncated?)"),
        .officeXMLUnknownEntity: .init(fr: "entité inconnue &{name};", en: "unknown entity &{name};"),
        .officeXMLBadCharacterReference: .init(fr: "référence de caractère invalide &{name};", en: "invalid character reference &{name};"),
        .officeXMLTagWithoutName: .init(fr: "une balise sans nom", en: "a tag without a name"),
        .officeXMLSecondRoot: .init(fr: "un second élément racine", en: "a second root element"),
        .officeXMLAttributeWithoutValue: .init(fr: "un attribut sans valeur", en: "an attribute without a value"),
        .officeXMLUnquotedAttribute: .init(fr: "une valeur d'attribut sans guillemets", en: "an unquoted attribute value"),
        .officeXMLUnterminatedAttribute: .init(fr: "une valeur d'attribut non terminée", en: "an unterminated attribute value"),
        .officeXMLEndTagWithoutName: .init(fr: "une balise fermante sans nom", en: "an end tag without a name"),
        .officeXMLClosesNothing: .init(fr: "</{name}> ne ferme rien", en: "</{name}> closes nothing"),
        .officeXMLClosesOther: .init(fr: "</{name}> ferme <{open}>", en: "</{name}> closes <{open}>"),
    ]
}

extension ErrorCode {
    /// Warning: a companion part (styles, numbering, notes, properties) could not be read.
    public static let officePartSkipped: ErrorCode = "office.partSkipped"
    /// Warning: hidden slides were left out.
    public static let officeHiddenSlides: ErrorCode = "office.hiddenSlides"
}

extension MessageCatalog {
    static let officeWarningMessages: [ErrorCode: MessageEntry] = [
        .officePartSkipped: .init(
            fr: "« {part} » n'a pas pu être lu ({reason}) : le texte est lu sans lui.",
            en: "“{part}” could not be read ({reason}): the text is read without it."),
        .officeHiddenSlides: .init(
            fr: "{count} diapositive(s) masquée(s) laissée(s) de côté : n° {slides}.",
            en: "{count} hidden slide(s) left out: no. {slides}."),
    ]
}
