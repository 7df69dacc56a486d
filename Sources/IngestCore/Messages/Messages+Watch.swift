// Codes and messages of `ingest watch` (IngestWatch): the inbox watcher's limits and failures.
extension ErrorCode {
    /// inotify_add_watch failed with ENOSPC: the per-user watch limit is spent.
    public static let watchLimitReached: ErrorCode = "watch.limitReached"
    /// inotify_init1 failed with EMFILE: the per-user instance limit is spent.
    public static let watchInstanceLimitReached: ErrorCode = "watch.instanceLimitReached"
    /// The inbox cannot be watched for another reason (not a folder, no permission…).
    public static let watchUnavailable: ErrorCode = "watch.unavailable"
}

extension MessageCatalog {
    static let watchMessages: [ErrorCode: MessageEntry] = [
        .watchLimitReached: .init(
            fr: "Le système ne permet pas de surveiller plus de dossiers (limite actuelle : {limit}) ; {path} n'est pas surveillé en direct et sera relu régulièrement. Pour relever la limite : sudo sysctl fs.inotify.max_user_watches=524288",
            en: "The system allows no more watched folders (current limit: {limit}); {path} is not watched live and will be rescanned regularly. To raise the limit: sudo sysctl fs.inotify.max_user_watches=524288"),
        .watchInstanceLimitReached: .init(
            fr: "Trop de programmes surveillent déjà des dossiers (limite actuelle : {limit}) : {path} sera relu régulièrement. Pour relever la limite : sudo sysctl fs.inotify.max_user_instances=1024",
            en: "Too many programs already watch folders (current limit: {limit}): {path} will be rescanned regularly. To raise the limit: sudo sysctl fs.inotify.max_user_instances=1024"),
        .fileLinkOutsideInbox: .init(
            fr: "{path} est un lien vers un fichier hors du dossier surveillé : il n'est pas lu. Dépose le fichier lui-même.",
            en: "{path} is a link to a file outside the watched folder: it is not read. Drop the file itself."),
        .watchUnavailable: .init(
            fr: "Le dossier {path} ne peut pas être surveillé ({reason}).",
            en: "The folder {path} cannot be watched ({reason})."),
    ]
}
