/// A stable, dotted error or warning code (`pdf.encrypted`). The code decides behaviour; it is also
/// the key into `MessageCatalog`. New codes are static members, so adding one breaks no caller.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral,
    CustomStringConvertible
{
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    public init(from decoder: Decoder) throws {
        rawValue = try decoder.singleValueContainer().decode(String.self)
    }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
}

// Codes of the core and the runner. Each extractor declares its own codes beside its messages
// in `Messages/Messages+<Domain>.swift`.
extension ErrorCode {
    // Files
    public static let fileNotFound: ErrorCode = "file.notFound"
    public static let fileEmpty: ErrorCode = "file.empty"
    public static let fileTooLarge: ErrorCode = "file.tooLarge"
    public static let fileUnreadable: ErrorCode = "file.unreadable"
    public static let fileSymlinkLoop: ErrorCode = "file.symlinkLoop"
    public static let fileChanging: ErrorCode = "file.changing"
    public static let fileNotRegular: ErrorCode = "file.notRegular"
    public static let fileNameNotUTF8: ErrorCode = "file.nameNotUTF8"
    /// A file of a watched inbox that really lies outside it (a symbolic link out of it).
    public static let fileLinkOutsideInbox: ErrorCode = "file.linkOutsideInbox"
    /// A symbolic link in a folder given to `convert` whose target lies outside every folder given
    /// (followed only with `--follow-links`).
    public static let fileLinkOutsideTree: ErrorCode = "file.linkOutsideTree"
    // Sniffing
    public static let unknownKind: ErrorCode = "sniff.unknownKind"
    public static let legacyDoc: ErrorCode = "sniff.legacyDoc"
    public static let encryptedOffice: ErrorCode = "sniff.encryptedOffice"
    public static let notSupportedYet: ErrorCode = "sniff.notSupportedYet"
    public static let extensionMismatch: ErrorCode = "sniff.extensionMismatch"   // warning
    // Text
    public static let textBinary: ErrorCode = "text.binary"
    public static let textDecodedAsWindows1252: ErrorCode = "text.decodedAsWindows1252" // warning
    public static let textInvalidUTF8Repaired: ErrorCode = "text.invalidUTF8Repaired"   // warning
    // Readiness reasons
    public static let readinessEmpty: ErrorCode = "readiness.empty"
    public static let readinessTooLittleText: ErrorCode = "readiness.tooLittleText"
    public static let readinessScanned: ErrorCode = "readiness.scanned"
    public static let readinessHandwriting: ErrorCode = "readiness.handwriting"
    public static let readinessEmptyPage: ErrorCode = "readiness.emptyPage"
    public static let readinessAudioNoText: ErrorCode = "readiness.audioNoText"
    public static let readinessShort: ErrorCode = "readiness.short"
    // Configuration and usage
    public static let configInvalidJSON: ErrorCode = "config.invalidJSON"
    public static let configUnknownKey: ErrorCode = "config.unknownKey"
    public static let configDidYouMean: ErrorCode = "config.didYouMean"   // hint
    public static let configWrongType: ErrorCode = "config.wrongType"
    public static let configOutOfRange: ErrorCode = "config.outOfRange"
    public static let configInvalidValue: ErrorCode = "config.invalidValue"
    public static let configMissingKey: ErrorCode = "config.missingKey"
    /// Where and what in malformed JSON (`at byte 81, unexpected end in object`); the what is `json.<reason>`.
    public static let jsonAt: ErrorCode = "json.at"
    public static let usage: ErrorCode = "usage.invalid"
    public static let outputNotDirectory: ErrorCode = "usage.outputNotDirectory"
    // Runner
    public static let timeout: ErrorCode = "run.timeout"
    public static let internalError: ErrorCode = "run.internal"
    public static let readerCrashed: ErrorCode = "run.crashed"
    public static let memoryLimit: ErrorCode = "run.memory"
    public static let workerUnavailable: ErrorCode = "run.workerUnavailable"
    public static let workerBadRequest: ErrorCode = "worker.badRequest"
    public static let duplicate: ErrorCode = "library.duplicate"
    public static let possibleDuplicateTitle: ErrorCode = "library.sameTitle"          // warning
    public static let libraryUnavailable: ErrorCode = "library.unavailable"
    public static let writeFailed: ErrorCode = "output.writeFailed"
    public static let sinkFailed: ErrorCode = "sink.failed"
    public static let tooManySources: ErrorCode = "import.tooManySources"
}
