import Foundation
import IngestCore

/// Finds and loads the configuration for a command: `--config FILE`, else `$INGEST_CONFIG`, else
/// `pipeline.json` in the current folder, else the defaults built into the tool; then the
/// command-line overrides (`--set path=value` and the named flags), validated like the file.
enum ConfigLoading {
    static let valuedFlags: Set<String> = ["--config", "--set", "--concurrency", "--lang", "--sink", "--library"]
    static let booleanFlags: Set<String> = ["--network", "--reproducible"]

    static func load(_ args: Arguments) throws -> (PipelineConfig, String) {
        var overrides: [(path: String, value: JSONValue)] = []
        for item in args.all("--set") {
            guard let eq = item.firstIndex(of: "=") else {
                throw Arguments.UsageError(message: "--set takes path=value, e.g. --set ocr.pageCap=20")
            }
            overrides.append((String(item[..<eq]), ConfigLoader.parseOverrideValue(String(item[item.index(after: eq)...]))))
        }
        if let c = args.value("--concurrency") { overrides.append(("concurrency", ConfigLoader.parseOverrideValue(c))) }
        if let l = args.value("--lang") { overrides.append(("messageLanguage", .string(l))) }
        if let s = args.value("--sink") { overrides.append(("sink.kind", .string(s))) }
        if let l = args.value("--library") { overrides.append(("library.path", .string(l))) }
        if args.has("--network") { overrides.append(("youtube.network", .bool(true))) }
        if args.has("--reproducible") { overrides.append(("output.reproducible", .bool(true))) }
        let env = ProcessInfo.processInfo.environment
        var file: URL? = nil
        if let c = args.value("--config") { file = URL(fileURLWithPath: c) }
        else if let c = env["INGEST_CONFIG"], !c.isEmpty { file = URL(fileURLWithPath: c) }
        else if FileManager.default.fileExists(atPath: "pipeline.json") { file = URL(fileURLWithPath: "pipeline.json") }
        let config = try ConfigLoader.load(url: file, overrides: overrides)
        return (config, file?.path ?? "(built-in defaults)")
    }

    /// The message language before the configuration is loaded (for configuration errors):
    /// `--lang` if given, else the environment's.
    static func language(_ args: Arguments) -> MessageLanguage {
        args.value("--lang").flatMap(MessageLanguage.init(rawValue:)) ?? .current
    }

    /// `~` → home folder, `{out}` → the output folder.
    static func expandPath(_ path: String, out: URL?) -> String {
        var p = path
        if p.hasPrefix("~/") || p == "~" {
            p = FileManager.default.homeDirectoryForCurrentUser.path + p.dropFirst()
        }
        if let out { p = p.replacingOccurrences(of: "{out}", with: out.path) }
        return p
    }
}
