import Foundation
import IngestCore
import IngestPipeline

/// What a worker needs to read documents like its supervisor would: the configuration in force
/// (after files and flags), where documents go, the library and the PDF password. Sent on the
/// channel, never on the command line (a password must not show in `ps`).
public struct WorkerHello: Codable, Sendable, Equatable {
    public var config: PipelineConfig
    public var outputDirectory: String
    public var libraryPath: String?
    public var password: String?
    public var cacheDirectory: String?
    /// Whether the worker reports each stage (a progress bar shows them; otherwise they would
    /// cost a message and a wake-up each for nothing).
    public var reportsStages: Bool

    public init(config: PipelineConfig, outputDirectory: URL, libraryPath: String?, password: String?, cacheDirectory: URL?,
                reportsStages: Bool = false) {
        self.config = config; self.outputDirectory = outputDirectory.path; self.libraryPath = libraryPath
        self.password = password; self.cacheDirectory = cacheDirectory?.path; self.reportsStages = reportsStages
    }
}

/// One unit to read, and whether a unit already done may be skipped.
struct WorkerRequest: Sendable, Equatable {
    var unit: ImportUnit
    var skipsDone: Bool

    // The project's own JSON writer and parser: a request costs microseconds.
    func encoded() -> Data {
        var o: [String: JSONValue] = [
            "out": .string(unit.outputName), "skip": .bool(skipsDone),
            "sources": .array(unit.sources.map { source in
                var s: [String: JSONValue] = ["name": .string(source.name), "files": .array(source.files.map { .string($0.path) })]
                if let text = source.inlineText { s["text"] = .string(text) }
                if let root = source.root { s["root"] = .string(root.path) }
                if !source.trees.isEmpty { s["trees"] = .array(source.trees.map { .string($0.path) }) }
                return .object(s)
            }),
        ]
        if let title = unit.title { o["title"] = .string(title) }
        return (try? StreamingJSONEncoder.encode(JSONValue.object(o), pretty: false)) ?? Data()
    }

    init(unit: ImportUnit, skipsDone: Bool) { self.unit = unit; self.skipsDone = skipsDone }

    init?(_ data: Data) {
        guard let json = try? JSONValue.parse(data), let out = json["out"]?.stringValue,
              let sources = json["sources"]?.arrayValue else { return nil }
        unit = ImportUnit(sources: sources.map { s in
            UnitSource(files: (s["files"]?.arrayValue ?? []).compactMap(\.stringValue).map { URL(fileURLWithPath: $0, isDirectory: false) },
                       name: s["name"]?.stringValue ?? "", inlineText: s["text"]?.stringValue,
                       root: s["root"]?.stringValue.map { URL(fileURLWithPath: $0, isDirectory: true) },
                       trees: (s["trees"]?.arrayValue ?? []).compactMap(\.stringValue).map { URL(fileURLWithPath: $0, isDirectory: true) })
        }, outputName: out, title: json["title"]?.stringValue)
        skipsDone = json["skip"]?.boolValue ?? true
    }
}

/// A worker's reason for not working at all, as it crosses the channel.
struct WorkerFatal: Codable, Sendable {
    var code: ErrorCode
    var message: String
    var detail: String?
}
