// Codes and messages of the HTTP client (IngestHTTP). Its callers (the HTTP sink, the YouTube
// client) throw their own domain's refusal and keep these as the detail, except
// `http.libraryMissing`, which they attach as a hint: the user can act on it.
extension ErrorCode {
    /// libcurl cannot be loaded: `{library}` (the soname), `{package}` (the apt package).
    public static let httpLibraryMissing: ErrorCode = "http.libraryMissing"
    /// No complete answer from `{host}` within `{seconds}` s.
    public static let httpTimeout: ErrorCode = "http.timeout"
    /// `{host}` could not be reached (name not resolved, connection refused).
    public static let httpUnreachable: ErrorCode = "http.unreachable"
    /// The TLS handshake with `{host}` failed (certificate, protocol).
    public static let httpTLS: ErrorCode = "http.tls"
    /// The answer from `{host}` is over `{limit}` bytes: the transfer was stopped.
    public static let httpTooLarge: ErrorCode = "http.tooLarge"
    /// Any other transfer failure with `{host}` (connection dropped, bad answer); curl's words in `detail`.
    public static let httpFailed: ErrorCode = "http.failed"

    // Deliveries to the other consumers (issue 34): not errors of the HTTP client, but sentences
    // of the same hand-off, kept beside it.
    /// The reader of standard output went away (`--sink jsonl`): `{pending}` documents not
    /// delivered, `{notRead}` files not read yet.
    public static let sinkConsumerGone: ErrorCode = "sink.consumerGone"
    /// `ingest deliver --all`/`--since`: `{delivered}` of the `{total}` documents of the output folder sent again.
    public static let sinkReplayed: ErrorCode = "sink.replayed"
    /// `ingest worker`: the reader of its results went away; `{count}` results not written.
    public static let workerConsumerGone: ErrorCode = "worker.consumerGone"
    /// Where a run keeps things: the library `{library}` and the caches `{cache}`.
    public static let runLocations: ErrorCode = "run.locations"
}

extension MessageCatalog {
    static let httpMessages: [ErrorCode: MessageEntry] = [
        .httpLibraryMissing: .init(
            fr: "La bibliothèque réseau {library} ne peut pas être chargée : installe le paquet {package} (apt install {package}).",
            en: "The network library {library} cannot be loaded: install the {package} package (apt install {package})."),
        .httpTimeout: .init(
            fr: "Le serveur {host} n'a pas répondu dans les {seconds} s.",
            en: "The server {host} did not answer within {seconds} s."),
        .httpUnreachable: .init(
            fr: "Le serveur {host} est injoignable.",
            en: "The server {host} cannot be reached."),
        .httpTLS: .init(
            fr: "La connexion sécurisée avec {host} a échoué.",
            en: "The secure connection with {host} failed."),
        .httpTooLarge: .init(
            fr: "La réponse de {host} dépasse {limit} octets.",
            en: "The answer from {host} is over {limit} bytes."),
        .httpFailed: .init(
            fr: "L'échange avec {host} a échoué.",
            en: "The exchange with {host} failed."),
        .sinkConsumerGone: .init(
            fr: "Le lecteur de la sortie standard s'est arrêté : {pending} document(s) non transmis, {notRead} fichier(s) pas encore lu(s). Le prochain lancement les transmet, ou `ingest deliver --sink jsonl`.",
            en: "The reader of standard output stopped: {pending} document(s) not delivered, {notRead} file(s) not read yet. The next run delivers them, or `ingest deliver --sink jsonl`."),
        .sinkReplayed: .init(
            fr: "{delivered} document(s) sur {total} du dossier de sortie transmis à nouveau.",
            en: "{delivered} of the {total} document(s) of the output folder delivered again."),
        .workerConsumerGone: .init(
            fr: "Le lecteur des résultats s'est arrêté : {count} résultat(s) non transmis ; relancer ingest worker avec le même --out les donne en premier.",
            en: "The reader of the results stopped: {count} result(s) not delivered; running ingest worker again with the same --out gives them first."),
        .runLocations: .init(
            fr: "Bibliothèque : {library} — caches : {cache}",
            en: "Library: {library} — caches: {cache}"),
    ]
}
