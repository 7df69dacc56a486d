// The words the study sheet's Markdown adds to the document's own text: the notes that say how a
// passage was read. The sheet is written in the document's language when it is French or English.
extension MessageCatalog {
    static let studySheetMessages: [ErrorCode: MessageEntry] = [
        "sheet.ocrLegend": .init(
            fr: "Les passages marqués [OCR] ont été lus sur une image par reconnaissance de caractères : des lettres ou des chiffres peuvent y être faux.",
            en: "Passages marked [OCR] were read from an image by character recognition: letters or figures in them may be wrong."),
        "sheet.captionsLegend": .init(
            fr: "Les passages marqués [sous-titres automatiques] viennent de sous-titres générés par la machine : noms propres, nombres et ponctuation peuvent y être faux.",
            en: "Passages marked [auto-captions] come from machine-generated captions: names, numbers and punctuation in them may be wrong."),
        "sheet.ocr": .init(fr: "OCR", en: "OCR"),
        "sheet.captions": .init(fr: "sous-titres automatiques", en: "auto-captions"),
        "sheet.page": .init(fr: "p. {page}", en: "p. {page}"),
        // Opens a part of a bundle that has no heading of its own (a video's captions after a glossary).
        "sheet.part": .init(fr: "Partie : {name}", en: "Part: {name}"),
    ]
}
