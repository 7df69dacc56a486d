// Codes and messages of the Zip domain (IngestZip: our own ZIP reader over zlib's raw inflate).
extension ErrorCode {
    public static let zipNotZip: ErrorCode = "zip.notZip"
    public static let zipTruncated: ErrorCode = "zip.truncated"
    public static let zipCorrupt: ErrorCode = "zip.corrupt"
    public static let zipBadCRC: ErrorCode = "zip.badCRC"
    public static let zipOutOfBounds: ErrorCode = "zip.outOfBounds"
    public static let zipEncryptedEntry: ErrorCode = "zip.encryptedEntry"
    public static let zipUnsupportedMethod: ErrorCode = "zip.unsupportedMethod"
    public static let zipBombRatio: ErrorCode = "zip.bomb.ratio"
    public static let zipBombSize: ErrorCode = "zip.bomb.size"
    public static let zipBombEntries: ErrorCode = "zip.bomb.entries"
    // What is damaged or cut short, filled into {entry}/{reason} in both languages.
    public static let zipPartEndOfCentralDirectory: ErrorCode = "zip.part.endOfCentralDirectory"
    public static let zipReasonZip64EndMissing: ErrorCode = "zip.reason.zip64EndMissing"
    public static let zipReasonDirectoryTooSmall: ErrorCode = "zip.reason.directoryTooSmall"
    public static let zipReasonRecordDamaged: ErrorCode = "zip.reason.recordDamaged"
    public static let zipReasonRecordOverruns: ErrorCode = "zip.reason.recordOverruns"
    public static let zipReasonInflateStuck: ErrorCode = "zip.reason.inflateStuck"
    public static let zipReasonSizeMismatch: ErrorCode = "zip.reason.sizeMismatch"
    public static let zipReasonNoLocalHeader: ErrorCode = "zip.reason.noLocalHeader"
    /// zlib's own words about an entry's data, quoted.
    public static let zipReasonCorruptData: ErrorCode = "zip.reason.corruptData"
    public static let zipReasonZlib: ErrorCode = "zip.reason.zlib"
    // What points outside the file (zip.outOfBounds's {what}), in both languages.
    public static let zipWhatZip64End: ErrorCode = "zip.what.zip64End"
    public static let zipWhatZip64Directory: ErrorCode = "zip.what.zip64Directory"
    public static let zipWhatDirectory: ErrorCode = "zip.what.directory"
    public static let zipWhatLocalHeader: ErrorCode = "zip.what.localHeader"
}

extension MessageCatalog {
    static let zipMessages: [ErrorCode: MessageEntry] = [
        .zipNotZip: .init(
            fr: "Ce fichier n'est pas une archive ZIP lisible (aucun répertoire central trouvé).",
            en: "This file is not a readable ZIP archive (no central directory found)."),
        .zipTruncated: .init(
            fr: "L'archive ZIP est tronquée : « {entry} » s'arrête avant sa fin. Le fichier a sans doute été mal copié ou téléchargé.",
            en: "The ZIP archive is truncated: “{entry}” stops before its end. The file was probably copied or downloaded incompletely."),
        .zipCorrupt: .init(
            fr: "L'archive ZIP est endommagée ({reason}).",
            en: "The ZIP archive is damaged ({reason})."),
        .zipBadCRC: .init(
            fr: "L'archive ZIP est endommagée : la somme de contrôle de « {entry} » est fausse.",
            en: "The ZIP archive is damaged: the checksum of “{entry}” is wrong."),
        .zipOutOfBounds: .init(
            fr: "L'archive ZIP est endommagée : son répertoire pointe hors du fichier ({what}).",
            en: "The ZIP archive is damaged: its directory points outside the file ({what})."),
        .zipEncryptedEntry: .init(
            fr: "« {entry} » est chiffré dans l'archive : retire le mot de passe et enregistre le fichier de nouveau.",
            en: "“{entry}” is encrypted in the archive: remove the password and save the file again."),
        .zipUnsupportedMethod: .init(
            fr: "« {entry} » est compressé avec une méthode non lue ({method}) : seules « stockée » et « deflate » le sont.",
            en: "“{entry}” uses a compression method that is not read ({method}): only stored and deflate are."),
        .zipBombRatio: .init(
            fr: "Archive refusée (bombe ZIP probable) : « {entry} » se décompresse plus de {ratio} fois sa taille (limite {limit}).",
            en: "Archive refused (probable ZIP bomb): “{entry}” inflates to more than {ratio} times its size (limit {limit})."),
        .zipBombSize: .init(
            fr: "Archive refusée (bombe ZIP probable) : plus de {size} octets une fois décompressée (limite {limit}).",
            en: "Archive refused (probable ZIP bomb): more than {size} bytes once inflated (limit {limit})."),
        .zipBombEntries: .init(
            fr: "Archive refusée : elle contient {count} entrées (limite {limit}).",
            en: "Archive refused: it holds {count} entries (limit {limit})."),
        .zipPartEndOfCentralDirectory: .init(fr: "fin du répertoire central", en: "end of central directory"),
        .zipReasonZip64EndMissing: .init(fr: "l'enregistrement de fin ZIP64 manque", en: "ZIP64 end record missing"),
        .zipReasonDirectoryTooSmall: .init(fr: "{count} entrées ne tiennent pas dans {size} octets", en: "{count} entries cannot fit in {size} bytes"),
        .zipReasonRecordDamaged: .init(fr: "l'entrée {index} sur {count} du répertoire central est endommagée",
                                       en: "central directory record {index} of {count} is damaged"),
        .zipReasonRecordOverruns: .init(fr: "l'entrée {index} du répertoire central déborde du répertoire",
                                        en: "central directory record {index} overruns the directory"),
        .zipReasonInflateStuck: .init(fr: "la décompression de « {entry} » n'avance plus", en: "inflate made no progress in “{entry}”"),
        .zipReasonSizeMismatch: .init(fr: "« {entry} » se décompresse en {produced} octets, {declared} annoncés",
                                      en: "“{entry}” inflates to {produced} bytes, {declared} declared"),
        .zipReasonNoLocalHeader: .init(fr: "pas d'en-tête local pour « {entry} » à l'octet {offset}",
                                       en: "no local header for “{entry}” at {offset}"),
        .zipReasonCorruptData: .init(fr: "« {entry} » : zlib dit {detail}", en: "“{entry}”: zlib says {detail}"),
        .zipReasonZlib: .init(fr: "zlib dit {detail}", en: "zlib says {detail}"),
        .zipWhatZip64End: .init(fr: "l'enregistrement de fin ZIP64 à l'octet {offset}", en: "ZIP64 end record at {offset}"),
        .zipWhatZip64Directory: .init(fr: "le répertoire central ZIP64", en: "ZIP64 central directory"),
        .zipWhatDirectory: .init(fr: "le répertoire central à l'octet {offset}, {size} octets, dans un fichier de {file} octets", en: "central directory at {offset}, {size} bytes, file {file} bytes"),
        .zipWhatLocalHeader: .init(fr: "l'en-tête local de « {entry} » à l'octet {offset}", en: "local header of “{entry}” at {offset}"),
    ]
}
