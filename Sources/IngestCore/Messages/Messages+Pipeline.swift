// Codes and messages of the runner (IngestPipeline) and the library (IngestStore).
extension ErrorCode {
    /// The document was written but some of its pages could not be read: it is `partial`.
    public static let documentPartial: ErrorCode = "document.partial"
    // Why a worker request cannot be read (worker.badRequest's {reason}), in both languages.
    public static let workerReasonNotJSON: ErrorCode = "worker.reason.notJSON"
    public static let workerReasonUnknownKey: ErrorCode = "worker.reason.unknownKey"
    public static let workerReasonOptionsNotObject: ErrorCode = "worker.reason.optionsNotObject"
    public static let workerReasonUnknownOption: ErrorCode = "worker.reason.unknownOption"
    public static let workerReasonOptionNotBool: ErrorCode = "worker.reason.optionNotBool"
    public static let workerReasonNotString: ErrorCode = "worker.reason.notString"
    public static let workerReasonOutOutside: ErrorCode = "worker.reason.outOutside"
    public static let workerReasonOneOf: ErrorCode = "worker.reason.oneOf"
    public static let workerReasonPathNotString: ErrorCode = "worker.reason.pathNotString"
    public static let workerReasonPathsNotList: ErrorCode = "worker.reason.pathsNotList"
    public static let workerReasonSourcesNotList: ErrorCode = "worker.reason.sourcesNotList"
    public static let workerReasonSourceNeedsFiles: ErrorCode = "worker.reason.sourceNeedsFiles"
    /// The document reader ended before it was ready (`{how}`: a signal, an exit status).
    public static let workerReasonEnded: ErrorCode = "worker.reason.ended"
}

extension MessageCatalog {
    static let pipelineMessages: [ErrorCode: MessageEntry] = [
        .timeout: .init(
            fr: "La lecture a dépassé la limite de {seconds} s par document : elle a été arrêtée.",
            en: "Reading took longer than the {seconds} s limit per document: it was stopped."),
        .internalError: .init(
            fr: "Erreur interne inattendue : ce document n'a pas pu être lu.",
            en: "Unexpected internal error: this document could not be read."),
        .readerCrashed: .init(
            fr: "La lecture de ce document a fait planter le lecteur ({signal}) : il a été écarté et le reste du lot a continué.",
            en: "Reading this document crashed the reader ({signal}): it was set aside and the rest of the run went on."),
        .memoryLimit: .init(
            fr: "La lecture de ce document a dépassé la limite de mémoire du lecteur ({limit} Mo) : elle a été arrêtée et le reste du lot a continué.",
            en: "Reading this document went over the reader's memory limit ({limit} MB): it was stopped and the rest of the run went on."),
        .workerUnavailable: .init(
            fr: "Le lecteur de documents n'a pas pu démarrer : {reason}",
            en: "The document reader could not start: {reason}"),
        .workerBadRequest: .init(
            fr: "Requête illisible (ligne {line}) : {reason}. Une requête est un chemin, ou un objet JSON avec path, paths ou sources, et out, lesson, ref, options.",
            en: "Unreadable request (line {line}): {reason}. A request is a path, or a JSON object with path, paths or sources, and out, lesson, ref, options."),
        .duplicate: .init(
            fr: "Ce contenu a déjà été importé : « {title} » ({source}).",
            en: "This content was already imported: “{title}” ({source})."),
        .possibleDuplicateTitle: .init(
            fr: "Un document porte déjà le même titre : « {title} » ({source}). Est-ce un doublon ?",
            en: "A document already has the same title: “{title}” ({source}). Is it a duplicate?"),
        "library.nearDuplicate": .init(
            fr: "Ce contenu ressemble à {percent} % à « {title} » ({source}), déjà importé.",
            en: "This content is {percent}% similar to “{title}” ({source}), already imported."),
        .libraryUnavailable: .init(
            fr: "La bibliothèque des imports ({path}) ne peut pas être ouverte.",
            en: "The import library ({path}) cannot be opened."),
        .writeFailed: .init(
            fr: "Le résultat n'a pas pu être écrit dans {path}.",
            en: "The result could not be written to {path}."),
        .sinkFailed: .init(
            fr: "Le document n'a pas pu être transmis à la génération de leçon ({sink}).",
            en: "The document could not be handed on to lesson generation ({sink})."),
        .documentPartial: .init(
            fr: "Ce document n'a été lu qu'en partie : {count} page(s) n'ont pas pu être lues ({pages}). Il est écrit pour vérification mais pas transmis ; la prochaine exécution le relira.",
            en: "This document was only partly read: {count} page(s) could not be read ({pages}). It is written for checking but not handed on; the next run reads it again."),
        .tooManySources: .init(
            fr: "Une leçon réunit au plus {limit} sources ; {count} ont été données : {sources}.",
            en: "A lesson combines at most {limit} sources; {count} were given: {sources}."),
        .workerReasonNotJSON: .init(fr: "ce n'est pas du JSON", en: "not JSON"),
        .workerReasonUnknownKey: .init(fr: "clé inconnue {name}", en: "unknown key {name}"),
        .workerReasonOptionsNotObject: .init(fr: "options n'est pas un objet", en: "options is not an object"),
        .workerReasonUnknownOption: .init(fr: "option inconnue {name}", en: "unknown option {name}"),
        .workerReasonOptionNotBool: .init(fr: "l'option {name} n'est ni true ni false", en: "option {name} is not true or false"),
        .workerReasonNotString: .init(fr: "{name} n'est pas une chaîne", en: "{name} is not a string"),
        .workerReasonOutOutside: .init(fr: "out doit rester dans le dossier de sortie", en: "out must stay inside the output folder"),
        .workerReasonOneOf: .init(fr: "donne un seul de path, paths ou sources", en: "give one of path, paths or sources"),
        .workerReasonPathNotString: .init(fr: "path n'est pas une chaîne", en: "path is not a string"),
        .workerReasonPathsNotList: .init(fr: "paths n'est pas une liste de chemins", en: "paths is not a list of paths"),
        .workerReasonSourcesNotList: .init(fr: "sources n'est pas une liste", en: "sources is not a list"),
        .workerReasonSourceNeedsFiles: .init(fr: "une source a besoin de files (une liste de chemins)", en: "a source needs files (a list of paths)"),
        .workerReasonEnded: .init(fr: "il s'est arrêté avant d'être prêt ({how})", en: "it ended before it was ready ({how})"),
    ]
}
