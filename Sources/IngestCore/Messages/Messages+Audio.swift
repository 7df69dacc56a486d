// Codes and messages of the Audio domain. MessageCatalog merges this table.
extension ErrorCode {
    /// The file ends before its audio (no complete frame, a header cut short).
    public static let audioTruncated: ErrorCode = "audio.truncated"
    /// A structure of the container is broken (bad Ogg page, atom sizes that do not nest).
    public static let audioCorrupt: ErrorCode = "audio.corrupt"
    /// The bytes are not audio of the sniffed kind (text named .mp3).
    public static let audioNotAudio: ErrorCode = "audio.notAudio"
    /// An ID3 frame's size points past the end of the file.
    public static let audioFrameOutOfBounds: ErrorCode = "audio.frameOutOfBounds"
    /// A RIFF/AIFF chunk's size points past the end of the file.
    public static let audioChunkOutOfBounds: ErrorCode = "audio.chunkOutOfBounds"
    /// Warning: the embedded picture is larger than `limits.coverMaxBytes`, skipped unread.
    public static let audioCoverTooLarge: ErrorCode = "audio.coverTooLarge"
    /// Warning: a tag part could not be read (compressed or encrypted frame, oversized field).
    public static let audioTagSkipped: ErrorCode = "audio.tagSkipped"
    /// Warning: the audio data ends before the size its header announces.
    public static let audioDataTruncated: ErrorCode = "audio.dataTruncated"
    /// Warning: the transcript beside the recording could not be read.
    public static let audioTranscriptUnreadable: ErrorCode = "audio.transcriptUnreadable"
    /// TagLib (opened on first use, not linked) cannot be loaded: WMA and WavPack are not read.
    public static let audioTagLibUnavailable: ErrorCode = "audio.tagLibUnavailable"
    // The part of a file named by audio.truncated and audio.corrupt (`{part}`), in both languages.
    public static let audioPartFirstFrame: ErrorCode = "audio.part.firstFrame"
    public static let audioPartMetadataBlocks: ErrorCode = "audio.part.metadataBlocks"
    public static let audioPartPictureBlock: ErrorCode = "audio.part.pictureBlock"
    public static let audioPartHeaderPages: ErrorCode = "audio.part.headerPages"
    public static let audioPartAudioTrack: ErrorCode = "audio.part.audioTrack"
    public static let audioPartCommentHeader: ErrorCode = "audio.part.commentHeader"
    public static let audioPartIdentificationHeader: ErrorCode = "audio.part.identificationHeader"
    public static let audioPartExtendedHeader: ErrorCode = "audio.part.extendedHeader"
    public static let audioPartHeader: ErrorCode = "audio.part.header"
    public static let audioPartTag: ErrorCode = "audio.part.tag"
    public static let audioPartChunk: ErrorCode = "audio.part.chunk"
    public static let audioPartAtom: ErrorCode = "audio.part.atom"
    public static let audioPartMetadataBlock: ErrorCode = "audio.part.metadataBlock"
    public static let audioPartFrame: ErrorCode = "audio.part.frame"
    public static let audioPartOggPage: ErrorCode = "audio.part.oggPage"
    // Why the transcript beside a recording was not read (audio.transcriptUnreadable's {reason}).
    public static let audioTranscriptTooLarge: ErrorCode = "audio.transcript.tooLarge"
    public static let audioTranscriptCannotOpen: ErrorCode = "audio.transcript.cannotOpen"
    public static let audioTranscriptNotText: ErrorCode = "audio.transcript.notText"
    // The tag part skipped with a warning (audio.tagSkipped's {part}), in both languages.
    public static let audioSkippedCompressedTag: ErrorCode = "audio.skipped.compressedTag"
    public static let audioSkippedUnsynchronisedTag: ErrorCode = "audio.skipped.unsynchronisedTag"
    public static let audioSkippedFramePastEnd: ErrorCode = "audio.skipped.framePastEnd"
    public static let audioSkippedFrameCompressed: ErrorCode = "audio.skipped.frameCompressed"
    public static let audioSkippedFrameTooLarge: ErrorCode = "audio.skipped.frameTooLarge"
    public static let audioSkippedFrameSize: ErrorCode = "audio.skipped.frameSize"
    public static let audioSkippedFLACBlockLength: ErrorCode = "audio.skipped.flacBlockLength"
    public static let audioSkippedSecondFLACComment: ErrorCode = "audio.skipped.secondFLACComment"
    public static let audioSkippedFLACCommentSize: ErrorCode = "audio.skipped.flacCommentSize"
    public static let audioSkippedOggCommentSize: ErrorCode = "audio.skipped.oggCommentSize"
    public static let audioSkippedMP4ItemSize: ErrorCode = "audio.skipped.mp4ItemSize"
    public static let audioSkippedAPETagSize: ErrorCode = "audio.skipped.apeTagSize"
    public static let audioSkippedRIFFInfoSize: ErrorCode = "audio.skipped.riffInfoSize"
    public static let audioSkippedID3Chunk: ErrorCode = "audio.skipped.id3Chunk"
}

extension MessageCatalog {
    static let audioMessages: [ErrorCode: MessageEntry] = [
        .audioTruncated: .init(
            fr: "Ce fichier audio ({format}) est tronqué : il s'arrête avant la fin d'une de ses parties ({part}).",
            en: "This audio file ({format}) is truncated: it ends before the end of {part}."),
        .audioCorrupt: .init(
            fr: "Ce fichier audio ({format}) est endommagé : une de ses parties est illisible ({part}).",
            en: "This audio file ({format}) is damaged: {part} cannot be read."),
        .audioNotAudio: .init(
            fr: "Ce fichier n'est pas un fichier audio {format} : son contenu n'en a pas la structure.",
            en: "This file is not a {format} audio file: its content does not have that structure."),
        .audioFrameOutOfBounds: .init(
            fr: "L'étiquette ID3 est endommagée : le cadre {frame} annonce plus d'octets que le fichier n'en contient.",
            en: "The ID3 tag is damaged: frame {frame} claims more bytes than the file holds."),
        .audioChunkOutOfBounds: .init(
            fr: "Ce fichier {format} est endommagé : le bloc « {chunk} » annonce {size} octets, au-delà de la fin du fichier.",
            en: "This {format} file is damaged: chunk “{chunk}” claims {size} bytes, past the end of the file."),
        .audioCoverTooLarge: .init(
            fr: "La pochette intégrée ({size} octets) dépasse la limite de {limit} octets : elle est ignorée.",
            en: "The embedded cover ({size} bytes) is over the {limit}-byte limit: it is skipped."),
        .audioTagSkipped: .init(
            fr: "Une partie des étiquettes n'a pas pu être lue ({part}) : elle est ignorée.",
            en: "Part of the tags could not be read ({part}): it is skipped."),
        .audioDataTruncated: .init(
            fr: "Les données audio s'arrêtent avant la taille annoncée : la durée est calculée sur ce qui est présent.",
            en: "The audio data ends before its announced size: the duration is computed from what is there."),
        .audioTranscriptUnreadable: .init(
            fr: "La transcription {file} à côté de l'enregistrement n'a pas pu être lue ({reason}).",
            en: "The transcript {file} next to the recording could not be read ({reason})."),
        .audioTagLibUnavailable: .init(
            fr: "Ce fichier audio ({format}) ne peut pas être lu : la bibliothèque {library} n'a pas pu être chargée. Installe le paquet {package} (apt install {package}).",
            en: "This audio file ({format}) cannot be read: the {library} library could not be loaded. Install the {package} package (apt install {package})."),
        .audioPartFirstFrame: .init(fr: "la première trame audio", en: "the first audio frame"),
        .audioPartMetadataBlocks: .init(fr: "les blocs de métadonnées", en: "the metadata blocks"),
        .audioPartPictureBlock: .init(fr: "un bloc d'image", en: "a picture block"),
        .audioPartHeaderPages: .init(fr: "les pages d'en-tête", en: "the header pages"),
        .audioPartAudioTrack: .init(fr: "la piste audio", en: "the audio track"),
        .audioPartCommentHeader: .init(fr: "l'en-tête des commentaires", en: "the comment header"),
        .audioPartIdentificationHeader: .init(fr: "l'en-tête d'identification", en: "the identification header"),
        .audioPartExtendedHeader: .init(fr: "l'en-tête étendu ID3", en: "the ID3 extended header"),
        .audioPartHeader: .init(fr: "l'en-tête {name}", en: "the {name} header"),
        .audioPartTag: .init(fr: "l'étiquette {name}", en: "the {name} tag"),
        .audioPartChunk: .init(fr: "le bloc {name}", en: "the {name} chunk"),
        .audioPartAtom: .init(fr: "l'atome {name}", en: "atom {name}"),
        .audioPartMetadataBlock: .init(fr: "le bloc de métadonnées {name}", en: "metadata block {name}"),
        .audioPartFrame: .init(fr: "le cadre {name}", en: "frame {name}"),
        .audioPartOggPage: .init(fr: "la page Ogg {index}", en: "Ogg page {index}"),
        .audioTranscriptTooLarge: .init(fr: "plus de {size} octets", en: "over {size} bytes"),
        .audioTranscriptCannotOpen: .init(fr: "elle ne peut pas être ouverte", en: "cannot open"),
        .audioTranscriptNotText: .init(fr: "ce n'est pas du texte", en: "not text"),
        .audioSkippedCompressedTag: .init(fr: "étiquette ID3v2.2 compressée", en: "ID3v2.2 compressed tag"),
        .audioSkippedUnsynchronisedTag: .init(fr: "étiquette ID3v2 désynchronisée de {size} octets", en: "ID3v2 unsynchronised tag of {size} bytes"),
        .audioSkippedFramePastEnd: .init(fr: "cadre ID3v2 {name} au-delà de la fin de l'étiquette", en: "ID3v2 frame {name} past the tag's end"),
        .audioSkippedFrameCompressed: .init(fr: "cadre ID3v2 {name} (compressé ou chiffré)", en: "ID3v2 frame {name} (compressed or encrypted)"),
        .audioSkippedFrameTooLarge: .init(fr: "cadre ID3v2 {name} trop grand", en: "ID3v2 frame {name} too large"),
        .audioSkippedFrameSize: .init(fr: "cadre ID3v2 {name} de {size} octets", en: "ID3v2 frame {name} of {size} bytes"),
        .audioSkippedFLACBlockLength: .init(fr: "bloc FLAC {name} de longueur {size}, lu comme {real}", en: "FLAC block {name} length {size}, read as {real}"),
        .audioSkippedSecondFLACComment: .init(fr: "second bloc de commentaires FLAC", en: "second FLAC comment block"),
        .audioSkippedFLACCommentSize: .init(fr: "bloc de commentaires FLAC de {size} octets", en: "FLAC comment block of {size} bytes"),
        .audioSkippedOggCommentSize: .init(fr: "paquet de commentaires Ogg de plus de {size} octets", en: "Ogg comment packet over {size} bytes"),
        .audioSkippedMP4ItemSize: .init(fr: "élément MP4 {name} de {size} octets", en: "MP4 item {name} of {size} bytes"),
        .audioSkippedAPETagSize: .init(fr: "étiquette APEv2 de {size} octets", en: "APEv2 tag of {size} bytes"),
        .audioSkippedRIFFInfoSize: .init(fr: "bloc RIFF INFO de {size} octets", en: "RIFF INFO of {size} bytes"),
        .audioSkippedID3Chunk: .init(fr: "bloc ID3 ({name})", en: "ID3 chunk ({name})"),
    ]
}
