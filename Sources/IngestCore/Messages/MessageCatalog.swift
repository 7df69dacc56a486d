import Foundation

/// The language of user-facing messages.
public enum MessageLanguage: String, Codable, Sendable, CaseIterable {
    case fr, en

    /// The process-wide default: `INGEST_LANG`, else the locale (`LANG`/`LC_ALL`), else French.
    /// Read once from the environment; the pipeline passes an explicit language where it knows one.
    public static let current: MessageLanguage = {
        let env = ProcessInfo.processInfo.environment
        for key in ["INGEST_LANG", "LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = env[key]?.lowercased(), !v.isEmpty {
                if v.hasPrefix("en") { return .en }
                if v.hasPrefix("fr") { return .fr }
                if key == "INGEST_LANG" { break }
            }
        }
        return .fr
    }()
}

/// One message in both languages. Placeholders are `{name}`, filled from an error's arguments.
public struct MessageEntry: Sendable, Equatable {
    public let fr: String
    public let en: String
    public init(fr: String, en: String) { self.fr = fr; self.en = en }
    public func text(_ language: MessageLanguage) -> String { language == .fr ? fr : en }
}

/// The single message catalog, keyed by `ErrorCode`. Entries are grouped by domain in
/// `Messages+<Domain>.swift` files; they are all merged here, and a test checks that no key is
/// defined twice and that both languages use the same placeholders.
public enum MessageCatalog {
    public static let tables: [(domain: String, entries: [ErrorCode: MessageEntry])] = [
        ("core", coreMessages), ("readiness", readinessMessages), ("pdf", pdfMessages),
        ("ocr", ocrMessages), ("zip", zipMessages), ("office", officeMessages),
        ("audio", audioMessages), ("youtube", youtubeMessages), ("pipeline", pipelineMessages),
        ("http", httpMessages), ("watch", watchMessages), ("qa", qaMessages),
        ("terminal", terminalMessages), ("schema", schemaMessages), ("kindFamily", kindFamilyMessages),
        ("cli", cliMessages), ("cliHelp", cliHelpMessages),
        ("report", reportMessages), ("sheet", studySheetMessages),
    ]

    public static let entries: [ErrorCode: MessageEntry] = {
        var all: [ErrorCode: MessageEntry] = [:]
        for table in tables { all.merge(table.entries) { first, _ in first } }
        return all
    }()

    public static func entry(_ code: ErrorCode) -> MessageEntry? { entries[code] }

    /// The message for `code` in `language`, placeholders filled. An unknown code still yields a
    /// readable sentence (and a test makes sure every declared code has an entry).
    public static func message(_ code: ErrorCode, _ language: MessageLanguage = .current,
                               _ arguments: [String: String] = [:]) -> String {
        guard let entry = entries[code] else {
            let args = arguments.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
            return args.isEmpty ? code.rawValue : "\(code.rawValue) (\(args))"
        }
        return fill(entry.text(language), arguments, language)
    }

    /// `template` with each `{name}` replaced by its argument — in French by `name@fr` when the
    /// argument has a French wording (a configuration error's expected value), so a sentence
    /// never mixes the two languages.
    public static func fill(_ template: String, _ arguments: [String: String], _ language: MessageLanguage = .en) -> String {
        guard template.contains("{") else { return template }
        var out = ""
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{") {
            out += rest[..<open]
            guard let close = rest[open...].firstIndex(of: "}") else { break }
            let name = String(rest[rest.index(after: open)..<close])
            out += (language == .fr ? arguments[name + "@fr"] : nil) ?? arguments[name] ?? "{\(name)}"
            rest = rest[rest.index(after: close)...]
        }
        out += rest
        return out
    }

    /// Placeholder names used by a template, for the catalog's consistency test.
    public static func placeholders(_ template: String) -> Set<String> {
        var names = Set<String>()
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            names.insert(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
