extension MessageCatalog {
    static let coreMessages: [ErrorCode: MessageEntry] = [
        .fileNotFound: .init(fr: "Fichier introuvable : {path}.", en: "File not found: {path}."),
        .fileEmpty: .init(fr: "Le fichier est vide (0 octet).", en: "The file is empty (0 bytes)."),
        .fileTooLarge: .init(
            fr: "Le fichier est trop gros ({size}) : la limite est de {limit}.",
            en: "The file is too large ({size}): the limit is {limit}."),
        .fileUnreadable: .init(
            fr: "Le fichier ne peut pas être lu ({reason}).",
            en: "The file cannot be read ({reason})."),
        .fileSymlinkLoop: .init(
            fr: "Boucle de liens symboliques : {path} renvoie à un dossier déjà parcouru.",
            en: "Symbolic link loop: {path} leads back to a folder already visited."),
        .fileChanging: .init(
            fr: "Le fichier est encore en cours d'écriture ; il sera lu quand il ne changera plus.",
            en: "The file is still being written; it will be read once it stops changing."),
        // {type}: FIFO, socket, device or other (InputPlanner.fileTypeName).
        .fileLinkOutsideTree: .init(
            fr: "« {path} » est un lien vers un fichier hors des dossiers donnés : il n'est pas lu. Ajoute --follow-links pour suivre de tels liens.",
            en: "“{path}” is a link to a file outside the folders given: it is not read. Add --follow-links to follow such links."),
        .fileNotRegular: .init(
            fr: "« {path} » n'est pas un fichier ordinaire ({type}) : il n'est pas ouvert. Un tube nommé, une socket ou un périphérique ne sont pas des documents.",
            en: "“{path}” is not a regular file ({type}): it is not opened. A named pipe, a socket or a device is not a document."),
        .fileNameNotUTF8: .init(
            fr: "Le nom de ce fichier n'est pas en UTF-8 ({path}) : il ne peut pas être ouvert sous ce nom. Renomme-le.",
            en: "This file's name is not UTF-8 ({path}): it cannot be opened under that name. Rename it."),
        .unknownKind: .init(
            // The list is generated from the kinds the sniffer tells apart (ReadKinds).
            fr: "Ce type de fichier n'est pas lu. Sont lus : \(ReadKinds.sentence(.fr)).",
            en: "This kind of file is not read. Read are: \(ReadKinds.sentence(.en))."),
        .legacyDoc: .init(
            fr: "Les anciens .doc ne sont pas lus : exporte-les en .docx depuis Word.",
            en: "Old .doc files are not read: export them as .docx from Word."),
        .encryptedOffice: .init(
            fr: "Ce document Office est protégé par un mot de passe : ouvre-le dans Word, retire la protection et enregistre-le de nouveau.",
            en: "This Office document is password-protected: open it in Word, remove the protection and save it again."),
        .notSupportedYet: .init(
            fr: "Les fichiers {kind} ne sont pas encore lus par cette version.",
            en: "{kind} files are not read by this version yet."),
        .extensionMismatch: .init(
            fr: "L'extension .{ext} ne correspond pas au contenu, qui est du {kind} : lu comme {kind}.",
            en: "The .{ext} extension does not match the content, which is {kind}: read as {kind}."),
        .textBinary: .init(
            fr: "Ce fichier n'est pas du texte : il contient des données binaires.",
            en: "This file is not text: it holds binary data."),
        .textDecodedAsWindows1252: .init(
            fr: "Le texte n'était pas en UTF-8 : lu comme Windows-1252.",
            en: "The text was not UTF-8: read as Windows-1252."),
        .textInvalidUTF8Repaired: .init(
            fr: "Le texte contenait {count} séquences UTF-8 invalides, remplacées par « � ».",
            en: "The text held {count} invalid UTF-8 sequences, replaced by “�”."),
        .configInvalidJSON: .init(
            fr: "La configuration {file} n'est pas du JSON valide : {reason}.",
            en: "The configuration {file} is not valid JSON: {reason}."),
        .configUnknownKey: .init(
            fr: "Clé inconnue {path} dans la configuration.",
            en: "Unknown key {path} in the configuration."),
        .configDidYouMean: .init(fr: "Vouliez-vous dire {didYouMean} ?", en: "Did you mean {didYouMean}?"),
        .configWrongType: .init(
            fr: "{path} doit être {expected}, pas {actual}.",
            en: "{path} must be {expected}, not {actual}."),
        .configOutOfRange: .init(
            fr: "{path} vaut {value} : la valeur attendue est {expected}.",
            en: "{path} is {value}: the expected value is {expected}."),
        .configInvalidValue: .init(
            fr: "{path} vaut {value} : la valeur attendue est {expected}.",
            en: "{path} is {value}: the expected value is {expected}."),
        .configMissingKey: .init(
            fr: "{path} manque dans la configuration.", en: "{path} is missing from the configuration."),
        .usage: .init(fr: "{reason}", en: "{reason}"),
        .jsonAt: .init(fr: "à l'octet {offset}, {reason}", en: "at byte {offset}, {reason}"),
        JSONParseError.Reason.dataAfterValue.code: .init(fr: "du texte suit la valeur", en: "unexpected data after the value"),
        JSONParseError.Reason.unexpectedEnd.code: .init(fr: "fin inattendue", en: "unexpected end"),
        JSONParseError.Reason.invalidLiteral.code: .init(fr: "mot inconnu (true, false ou null attendu)", en: "invalid literal (true, false or null expected)"),
        JSONParseError.Reason.nestingTooDeep.code: .init(fr: "imbrication trop profonde", en: "nesting too deep"),
        JSONParseError.Reason.expectedKey.code: .init(fr: "une clé entre guillemets est attendue", en: "expected a key in quotes"),
        JSONParseError.Reason.expectedColon.code: .init(fr: "« : » est attendu", en: "expected “:”"),
        JSONParseError.Reason.unexpectedEndInObject.code: .init(fr: "fin inattendue dans un objet", en: "unexpected end in object"),
        JSONParseError.Reason.expectedCommaOrBrace.code: .init(fr: "« , » ou « } » est attendu", en: "expected “,” or “}”"),
        JSONParseError.Reason.unexpectedEndInArray.code: .init(fr: "fin inattendue dans un tableau", en: "unexpected end in array"),
        JSONParseError.Reason.expectedCommaOrBracket.code: .init(fr: "« , » ou « ] » est attendu", en: "expected “,” or “]”"),
        JSONParseError.Reason.controlCharacter.code: .init(fr: "caractère de contrôle dans une chaîne", en: "control character in string"),
        JSONParseError.Reason.invalidEscape.code: .init(fr: "séquence d'échappement invalide", en: "invalid escape"),
        JSONParseError.Reason.unterminatedString.code: .init(fr: "chaîne non terminée", en: "unterminated string"),
        JSONParseError.Reason.shortUnicodeEscape.code: .init(fr: "échappement \\u trop court", en: "short \\u escape"),
        JSONParseError.Reason.badHexDigit.code: .init(fr: "chiffre hexadécimal invalide", en: "bad hex digit"),
        JSONParseError.Reason.unexpectedCharacter.code: .init(fr: "caractère inattendu", en: "unexpected character"),
        JSONParseError.Reason.invalidNumber.code: .init(fr: "nombre invalide", en: "invalid number"),
        .outputNotDirectory: .init(
            fr: "Le dossier de sortie {path} est un fichier, pas un dossier.",
            en: "The output folder {path} is a file, not a folder."),
    ]
}

extension MessageCatalog {
    /// The families of kinds that are read, listed by sniff.unknownKind (`ReadKinds.sentence`). A
    /// table of its own: that sentence is built while `coreMessages` is, so it reads this table
    /// directly rather than the merged catalog.
    static let kindFamilyMessages: [ErrorCode: MessageEntry] = [
        "sniff.family.pdf": .init(fr: "PDF", en: "PDF"),
        "sniff.family.youtube": .init(fr: "liens YouTube", en: "YouTube links"),
        "sniff.family.images": .init(fr: "photos et scans ({names})", en: "photos and scans ({names})"),
        "sniff.family.documents": .init(fr: "documents ({names})", en: "documents ({names})"),
        "sniff.family.audio": .init(fr: "audio ({names})", en: "audio ({names})"),
        "sniff.family.text": .init(fr: "texte ({names})", en: "text ({names})"),
    ]
}
