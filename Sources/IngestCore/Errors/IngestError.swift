/// The one error type every stage throws. `code` is stable and decides behaviour; `arguments`
/// fill the catalog's message; `detail` keeps an upstream reason (poppler's words, an errno) for
/// logs and reports, never for logic.
public struct IngestError: Error, Sendable, Equatable, Codable, CustomStringConvertible {
    public var code: ErrorCode
    public var arguments: [String: String]
    public var detail: String?
    public var page: Int?
    /// A second sentence from the catalog that helps the user (a "did you mean", a package to
    /// install), filled from the same arguments.
    public var hint: ErrorCode?

    public init(_ code: ErrorCode, _ arguments: [String: String] = [:], detail: String? = nil, page: Int? = nil,
                hint: ErrorCode? = nil) {
        self.code = code
        self.arguments = arguments
        self.detail = detail
        self.page = page
        self.hint = hint
    }

    /// The user-facing sentence(s), from the catalog.
    public func message(_ language: MessageLanguage = .current) -> String {
        let main = MessageCatalog.message(code, language, arguments)
        guard let hint else { return main }
        return main + " " + MessageCatalog.message(hint, language, arguments)
    }

    public var description: String {
        var s = "\(code): \(message(.en))"
        if let detail { s += " (\(detail))" }
        return s
    }

    /// Wraps anything thrown into an IngestError; unknown errors become `run.internal`.
    public static func wrap(_ error: any Error) -> IngestError {
        if let e = error as? IngestError { return e }
        return IngestError(.internalError, detail: String(describing: error))
    }
}

/// A non-fatal finding attached to a source: the code, and its message rendered from the catalog.
public struct Warning: Codable, Sendable, Equatable, Hashable {
    public var code: ErrorCode
    public var message: String
    public var page: Int?
    public var arguments: [String: String]?

    public init(_ code: ErrorCode, _ arguments: [String: String] = [:], page: Int? = nil,
                language: MessageLanguage = .current) {
        self.code = code
        self.message = MessageCatalog.message(code, language, arguments)
        self.page = page
        self.arguments = arguments.isEmpty ? nil : arguments
    }
}
