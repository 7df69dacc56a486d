/// What a source is, decided by its content (see `Sniffer`), never by its extension alone.
public enum SourceKind: String, Codable, Sendable, CaseIterable, Hashable {
    case pdf
    case docx, pptx, xlsx, odt
    case odp, epub    // OpenDocument presentation; EPUB (told apart by their `mimetype` entry)
    case rtf          // Rich Text Format (`{\rtf`)
    case zip          // a ZIP whose content types are not an office document we know
    case legacyDoc    // OLE2 Word 97–2003
    case encryptedOffice // OLE2 holding an EncryptedPackage (password-protected .docx/.xlsx/.pptx)
    case ole2         // another OLE2 compound file (.xls, .ppt, .msg)
    case png, jpeg, tiff, heic, webp, gif, bmp
    case mp3, flac, ogg, opus, m4a, wav, aiff, wma, wavpack
    case text         // plain text or Markdown
    case subtitles    // SRT or WebVTT
    case youtubeLink  // a YouTube URL (pasted, or a .url/.webloc/text file holding one)
    case youtubeInfo  // a yt-dlp .info.json or a saved player response / watch page
    case html
    case unknown

    public var isImage: Bool { [.png, .jpeg, .tiff, .heic, .webp, .gif, .bmp].contains(self) }
    public var isAudio: Bool { [.mp3, .flac, .ogg, .opus, .m4a, .wav, .aiff, .wma, .wavpack].contains(self) }
    public var isOffice: Bool { [.docx, .pptx, .xlsx, .odt, .odp, .epub].contains(self) }
}

/// Where a piece of text came from. Lesson generation treats OCR errors (rn/m, l/i/1, lost
/// accents) differently from caption errors (proper nouns, numbers), so this travels with the text.
public enum Provenance: String, Codable, Sendable, CaseIterable, Hashable {
    case textLayer, ocr, captionsManual, captionsAuto, sidecarTranscript, tags, typed
    /// PDF text drawn over the page by an annotation rather than its content: a value typed
    /// into a form field, a FreeText comment (the text as typed, not read from the drawing).
    case formField, annotation
    /// PDF text drawn by a signature field's appearance: who signed, when, why, as the signing
    /// tool drew them (read from the drawing's text, `SignatureAppearance`).
    case signature
}
