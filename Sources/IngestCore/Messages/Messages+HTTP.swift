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
    ]
}
