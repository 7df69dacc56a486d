// Codes and messages of the OCR domain. Declare each code as a static member of ErrorCode here,
// with its French and English message below; MessageCatalog merges this table.
extension ErrorCode {
    public static let ocrLanguageMissing: ErrorCode = "ocr.languageMissing"
    public static let ocrImageTooLarge: ErrorCode = "ocr.imageTooLarge"
    public static let ocrImageTooSmall: ErrorCode = "ocr.imageTooSmall"
    public static let ocrCorruptImage: ErrorCode = "ocr.corruptImage"
    public static let ocrUnsupportedImage: ErrorCode = "ocr.unsupportedImage"
    /// The file ends before its pixels do (a copy or download cut short).
    public static let ocrTruncatedImage: ErrorCode = "ocr.truncatedImage"
    /// A known format whose compression scheme is not decoded here (TIFF JBIG, BMP CMYK…).
    public static let ocrUnsupportedCompression: ErrorCode = "ocr.unsupportedCompression"
    /// A known format whose samples are laid out in a way not decoded here (TIFF floating point…).
    public static let ocrUnsupportedSamples: ErrorCode = "ocr.unsupportedSamples"
    public static let ocrFramesNotRead: ErrorCode = "ocr.framesNotRead"      // warning
    public static let ocrPageTimeLimit: ErrorCode = "ocr.pageTimeLimit"
    public static let ocrPagesCapped: ErrorCode = "ocr.pagesCapped"          // warning
    public static let ocrPageRotated: ErrorCode = "ocr.pageRotated"          // warning
    public static let ocrRenderFailed: ErrorCode = "ocr.renderFailed"
    public static let ocrEngineFailed: ErrorCode = "ocr.engineFailed"
    /// libtesseract or liblept (opened on first use, not linked) cannot be loaded.
    public static let ocrEngineUnavailable: ErrorCode = "ocr.engineUnavailable"
    /// libtesseract or leptonica loaded, but older than the C API Ingest calls needs.
    public static let ocrEngineTooOld: ErrorCode = "ocr.engineTooOld"
    /// libheif (opened on first use, not linked) cannot be loaded: HEIC/HEIF/AVIF are not read.
    public static let ocrHeifUnavailable: ErrorCode = "ocr.heifUnavailable"
    /// A page in a script no installed Tesseract model reads (Arabic, Han…): not recognised (issue 38).
    public static let ocrScriptNotInstalled: ErrorCode = "ocr.scriptNotInstalled"   // warning
    /// A page whose recognised words are mostly not words: left out of the text (issue 38).
    public static let ocrJunkPageDropped: ErrorCode = "ocr.junkPageDropped"         // warning
    // Why recognition failed (ocr.engineFailed's {reason}), in both languages.
    public static let ocrReasonMemoryLimit: ErrorCode = "ocr.reason.memoryLimit"
    public static let ocrReasonCouldNotStart: ErrorCode = "ocr.reason.couldNotStart"
    public static let ocrReasonStartTimeout: ErrorCode = "ocr.reason.startTimeout"
    public static let ocrReasonProcessEnded: ErrorCode = "ocr.reason.processEnded"
    public static let ocrReasonExitStatus: ErrorCode = "ocr.reason.exitStatus"
    public static let ocrReasonPageImageSize: ErrorCode = "ocr.reason.pageImageSize"
    public static let ocrReasonUnreadableAnswer: ErrorCode = "ocr.reason.unreadableAnswer"
    public static let ocrReasonPageImageUnreadable: ErrorCode = "ocr.reason.pageImageUnreadable"
    public static let ocrReasonNotAPageRequest: ErrorCode = "ocr.reason.notAPageRequest"
    public static let ocrReasonReturned: ErrorCode = "ocr.reason.returned"
    // How an image's pixels are stored (ocr.unsupportedSamples's {samples}), in both languages.
    public static let ocrSamplesBitsPerPixel: ErrorCode = "ocr.samples.bitsPerPixel"
    public static let ocrSamplesCMYK: ErrorCode = "ocr.samples.cmyk"
    public static let ocrSamplesGrayTiles: ErrorCode = "ocr.samples.grayTiles"
    public static let ocrSamplesInteger: ErrorCode = "ocr.samples.integer"
    public static let ocrSamplesSigned: ErrorCode = "ocr.samples.signed"
    public static let ocrSamplesFloat: ErrorCode = "ocr.samples.float"
}

extension MessageCatalog {
    static let ocrMessages: [ErrorCode: MessageEntry] = [
        .ocrLanguageMissing: .init(
            fr: "Les données de reconnaissance de texte pour la langue {language} ne sont pas installées (cherchées dans {path}) : installe le paquet {package} (apt install {package}).",
            en: "Text recognition data for language {language} is not installed (looked for in {path}): install the {package} package (apt install {package})."),
        .ocrImageTooLarge: .init(
            fr: "L'image fait {width} × {height} pixels : c'est plus que la limite de {limit} pixels, elle n'est pas décodée.",
            en: "The image is {width} × {height} pixels: more than the {limit}-pixel limit, so it is not decoded."),
        .ocrImageTooSmall: .init(
            fr: "L'image fait {width} × {height} pixels : trop petite pour contenir du texte lisible.",
            en: "The image is {width} × {height} pixels: too small to hold readable text."),
        .ocrCorruptImage: .init(
            fr: "L'image {file} est abîmée et ne peut pas être décodée.",
            en: "The image {file} is damaged and cannot be decoded."),
        .ocrUnsupportedImage: .init(
            fr: "Le format d'image de {file} ({format}) n'est pas lu. Sont lus : PNG, JPEG, TIFF, WebP, GIF, BMP et HEIC.",
            en: "The image format of {file} ({format}) is not read. Read are: PNG, JPEG, TIFF, WebP, GIF, BMP and HEIC."),
        .ocrTruncatedImage: .init(
            fr: "L'image {file} est incomplète : le fichier s'arrête avant la fin de ses pixels (copie ou téléchargement interrompu ?).",
            en: "The image {file} is incomplete: the file ends before its pixels do (an interrupted copy or download?)."),
        .ocrUnsupportedCompression: .init(
            fr: "L'image {file} ({format}) est compressée en {compression}, une méthode qu'Ingest ne décode pas : enregistre-la en PNG ou en JPEG.",
            en: "The image {file} ({format}) is compressed with {compression}, a method Ingest does not decode: save it as PNG or JPEG."),
        .ocrUnsupportedSamples: .init(
            fr: "L'image {file} ({format}) range ses pixels d'une façon qu'Ingest ne décode pas ({samples}) : enregistre-la en PNG ou en JPEG.",
            en: "The image {file} ({format}) stores its pixels in a way Ingest does not decode ({samples}): save it as PNG or JPEG."),
        .ocrFramesNotRead: .init(
            fr: "L'image {file} est animée : seule sa première image a été lue, les {frames} suivantes ne l'ont pas été.",
            en: "The image {file} is animated: only its first frame was read, the {frames} after it were not."),
        .ocrPageTimeLimit: .init(
            fr: "La page {page} a été abandonnée : sa reconnaissance dépassait {seconds} s.",
            en: "Page {page} was given up: recognising it took longer than {seconds} s."),
        .ocrPagesCapped: .init(
            fr: "Seules {cap} pages sont lues par reconnaissance de texte : les pages {pages} ont été laissées de côté.",
            en: "Only {cap} pages are read by text recognition: pages {pages} were left out."),
        .ocrPageRotated: .init(
            fr: "La page {page} était tournée : elle a été redressée de {degrees}° avant lecture.",
            en: "Page {page} was turned: it was rotated by {degrees}° before reading."),
        .ocrRenderFailed: .init(
            fr: "La page {page} n'a pas pu être rendue en image pour la reconnaissance de texte.",
            en: "Page {page} could not be rendered as an image for text recognition."),
        .ocrEngineFailed: .init(
            fr: "La reconnaissance de texte a échoué ({reason}).",
            en: "Text recognition failed ({reason})."),
        .ocrEngineUnavailable: .init(
            fr: "La reconnaissance de texte n'est pas disponible : la bibliothèque {library} n'a pas pu être chargée. Installe le paquet {package} (apt install {package}).",
            en: "Text recognition is not available: the {library} library could not be loaded. Install the {package} package (apt install {package})."),
        .ocrEngineTooOld: .init(
            fr: "La reconnaissance de texte n'est pas disponible : {library} est en version {version}, il faut au moins la {minimum}. Mets à jour le paquet {package}.",
            en: "Text recognition is not available: {library} is version {version}, and at least {minimum} is needed. Upgrade the {package} package."),
        .ocrHeifUnavailable: .init(
            fr: "Les photos HEIC/HEIF ne peuvent pas être lues : la bibliothèque {library} n'a pas pu être chargée. Installe le paquet {package} (apt install {package}).",
            en: "HEIC/HEIF photos cannot be read: the {library} library could not be loaded. Install the {package} package (apt install {package})."),
        .ocrScriptNotInstalled: .init(
            fr: "La page {page} est écrite en alphabet {script}, qu'aucune langue de reconnaissance installée ne lit : elle n'a pas été lue. Installe le paquet {package} (apt install {package}) et ajoute sa langue à ocr.languages.",
            en: "Page {page} is written in the {script} script, which no installed recognition language reads: it was not read. Install the {package} package (apt install {package}) and add its language to ocr.languages."),
        .ocrJunkPageDropped: .init(
            fr: "Ce qui a été lu sur la page {page} n'est pas du texte (confiance moyenne {confidence}, {known} % de mots connus) : la page est laissée hors du texte.",
            en: "What was read on page {page} is not text (mean confidence {confidence}, {known}% known words): the page is left out of the text."),
        .ocrReasonMemoryLimit: .init(fr: "le processus d'OCR a dépassé workers.memoryLimitMB ({limit} Mo)", en: "the OCR process went over workers.memoryLimitMB ({limit} MB)"),
        .ocrReasonCouldNotStart: .init(fr: "le processus d'OCR n'a pas pu démarrer", en: "the OCR process could not start"),
        .ocrReasonStartTimeout: .init(fr: "le processus d'OCR n'a pas démarré en {seconds} s", en: "the OCR process did not start in {seconds} s"),
        .ocrReasonProcessEnded: .init(fr: "le processus d'OCR s'est arrêté ({how})", en: "the OCR process ended ({how})"),
        .ocrReasonExitStatus: .init(fr: "code de sortie {status}", en: "exit status {status}"),
        .ocrReasonPageImageSize: .init(fr: "l'image de la page est vide ou dépasse 4 Go", en: "the page image is empty or larger than 4 GB"),
        .ocrReasonUnreadableAnswer: .init(fr: "réponse illisible du processus d'OCR", en: "unreadable answer from the OCR process"),
        .ocrReasonPageImageUnreadable: .init(fr: "l'image de la page n'a pas pu être relue", en: "the page image could not be read back"),
        .ocrReasonNotAPageRequest: .init(fr: "ce n'est pas une demande de page", en: "not a page request"),
        .ocrReasonReturned: .init(fr: "{function} a renvoyé {code}", en: "{function} returned {code}"),
        .ocrSamplesBitsPerPixel: .init(fr: "{bits} bits par pixel", en: "{bits} bits per pixel"),
        .ocrSamplesCMYK: .init(fr: "CMJN sur {bits} bits", en: "{bits}-bit CMYK"),
        .ocrSamplesGrayTiles: .init(fr: "gris sur 16 bits en tuiles", en: "16-bit gray in tiles"),
        .ocrSamplesInteger: .init(fr: "entiers sur {bits} bits, {count} par pixel", en: "{bits}-bit integer, {count} per pixel"),
        .ocrSamplesSigned: .init(fr: "entiers signés sur {bits} bits, {count} par pixel", en: "{bits}-bit signed integer, {count} per pixel"),
        .ocrSamplesFloat: .init(fr: "virgule flottante sur {bits} bits, {count} par pixel", en: "{bits}-bit floating-point, {count} per pixel"),
    ]
}
