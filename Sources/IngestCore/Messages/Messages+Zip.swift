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
    ]
}
