// Codes and messages of the PDF domain. Declare each code as a static member of ErrorCode here,
// with its French and English message below; MessageCatalog merges this table.
extension ErrorCode {
    public static let pdfEncrypted: ErrorCode = "pdf.encrypted"
    public static let pdfWrongPassword: ErrorCode = "pdf.wrongPassword"
    public static let pdfCorrupt: ErrorCode = "pdf.corrupt"
    public static let pdfNotPDF: ErrorCode = "pdf.notPDF"
    public static let pdfNoPages: ErrorCode = "pdf.noPages"
    public static let pdfRepaired: ErrorCode = "pdf.repaired"                    // warning
    public static let pdfPagesWithoutText: ErrorCode = "pdf.pagesWithoutText"    // warning
    public static let pdfJavaScriptIgnored: ErrorCode = "pdf.javascriptIgnored"  // warning
    public static let pdfPageUnreadable: ErrorCode = "pdf.pageUnreadable"        // warning
    public static let pdfFormulasAsText: ErrorCode = "pdf.formulasAsText"        // warning
    public static let pdfSignatureNotRead: ErrorCode = "pdf.signatureNotRead"    // warning
    public static let pdfTextIncomplete: ErrorCode = "pdf.textIncomplete"        // warning
}

extension MessageCatalog {
    static let pdfMessages: [ErrorCode: MessageEntry] = [
        .pdfEncrypted: .init(
            fr: "Ce PDF est protégé par un mot de passe : relance avec --password, ou indique pdf.password dans la configuration.",
            en: "This PDF is password-protected: run again with --password, or set pdf.password in the configuration."),
        .pdfWrongPassword: .init(
            fr: "Le mot de passe donné n'ouvre pas ce PDF.",
            en: "The password given does not open this PDF."),
        .pdfCorrupt: .init(
            fr: "Ce PDF est endommagé et ne peut pas être lu (poppler dit : {reason}).",
            en: "This PDF is damaged and cannot be read (poppler says: {reason})."),
        .pdfNotPDF: .init(
            fr: "Ce fichier porte l'extension .pdf mais ce n'est pas un PDF.",
            en: "This file has a .pdf extension but is not a PDF."),
        .pdfNoPages: .init(
            fr: "Ce PDF ne contient aucune page.",
            en: "This PDF has no pages."),
        .pdfRepaired: .init(
            fr: "Ce PDF était endommagé : il a été réparé pour être lu, du texte peut manquer.",
            en: "This PDF was damaged: it was repaired to be read, some text may be missing."),
        .pdfPagesWithoutText: .init(
            fr: "Pages sans texte utilisable (scannées ou texte illisible) : {pages}.",
            en: "Pages without usable text (scanned or unreadable text): {pages}."),
        .pdfJavaScriptIgnored: .init(
            fr: "Ce PDF contient du JavaScript : il n'a pas été exécuté.",
            en: "This PDF contains JavaScript: it was not run."),
        .pdfPageUnreadable: .init(
            fr: "La page {page} n'a pas pu être lue.",
            en: "Page {page} could not be read."),
        .pdfFormulasAsText: .init(
            fr: "Des formules n'ont pas pu être lues en LaTeX et restent en texte (exposants gardés), pages : {pages}.",
            en: "Some formulas could not be read as LaTeX and stay as text (exponents kept), pages: {pages}."),
        .pdfSignatureNotRead: .init(
            fr: "Une signature est dessinée comme une image, sans texte : elle n'est pas lue, pages : {pages}.",
            en: "A signature is drawn as a picture, without text: it is not read, pages: {pages}."),
        .pdfTextIncomplete: .init(
            fr: "Le texte de droite à gauche (hébreu, arabe) de ces pages n'a pas pu être lu en entier : des lignes peuvent manquer, pages : {pages}.",
            en: "The right-to-left text (Hebrew, Arabic) of these pages could not be read whole: lines may be missing, pages: {pages}."),
    ]
}
