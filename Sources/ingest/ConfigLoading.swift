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
                throw Arguments.UsageError(.cliSetSyntax)
            }
            overrides.append((String(item[..<eq]), ConfigLoader.parseOverrideValue(String(item[item.index(after: eq)...]))))
        }
        if let c = args.value("--concurrency") { overrides.append(("concurrency", ConfigLoader.parseOverrideValue(c))) }
        if let l = args.value("--lang") { overrides.append(("messageLanguage", .string(l))) }
        if let s = args.value("--sink") { overrides.append(("sink.kind", .string(s))) }
        if let l = args.value("--library") { overrides.append(("library.path", .string(l))) }
        if args.has("--network") { overrides.append(("youtube.network", .bool(true))) }
        if args.has("--reproducible") { overrides.append(("output.reproducible", .bool(true))) }
        let file = file(args)
        // Without --lang, a file that names no language leaves it to the environment (LANG…),
        // before any --set: the language usage errors and help were said in (CLILanguage).
        if args.value("--lang") == nil, CLILanguage.fromFile(file?.path) == nil {
            overrides.insert(("messageLanguage", .string(MessageLanguage.current.rawValue)), at: 0)
        }
        let config = try ConfigLoader.load(url: file, overrides: overrides)
        return (config, file?.path ?? "-")
    }

    /// The configuration file: `--config FILE`, else `$INGEST_CONFIG`, else `./pipeline.json`; nil: the built-in defaults.
    static func file(_ args: Arguments) -> URL? {
        let env = ProcessInfo.processInfo.environment
        if let c = args.value("--config") { return URL(fileURLWithPath: c) }
        if let c = env["INGEST_CONFIG"], !c.isEmpty { return URL(fileURLWithPath: c) }
        return FileManager.default.fileExists(atPath: "pipeline.json") ? URL(fileURLWithPath: "pipeline.json") : nil
    }

    /// The message language before the configuration is loaded (for configuration errors):
    /// `--lang` if given, else the configuration file's, else the environment's.
    static func language(_ args: Arguments) -> MessageLanguage {
        args.value("--lang").flatMap(MessageLanguage.init(rawValue:)) ?? CLILanguage.run
    }

    /// `~` → the home folder (`$HOME`), `{out}` → the output folder, made absolute. A path under
    /// `~/.local/share` or `~/.cache` — the XDG defaults — is under `$XDG_DATA_HOME` or
    /// `$XDG_CACHE_HOME` when they are set: the default library is
    /// `$XDG_DATA_HOME/ingest/library.sqlite`, else `$HOME/.local/share/ingest/library.sqlite`.
    static func expandPath(_ path: String, out: URL?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        var p = path
        let places = Locations(environment: environment)
        if p == "~/.local/share" || p.hasPrefix("~/.local/share/") {
            p = places.dataHome + p.dropFirst("~/.local/share".count)
        } else if p == "~/.cache" || p.hasPrefix("~/.cache/") {
            p = places.cacheHome + p.dropFirst("~/.cache".count)
        } else if p.hasPrefix("~/") || p == "~" {
            p = places.home + p.dropFirst()
        }
        if let out { p = p.replacingOccurrences(of: "{out}", with: out.path) }
        // Absolute, as printed at the end of a run and in summary.json: where things are.
        return URL(fileURLWithPath: p).standardizedFileURL.path
    }

    /// The caches of a run (YouTube steps, word lists): `$XDG_CACHE_HOME/ingest`, else
    /// `$HOME/.cache/ingest`.
    static func cacheDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        URL(fileURLWithPath: Locations(environment: environment).cacheHome).appendingPathComponent("ingest", isDirectory: true)
    }
}

/// Where things are, from the environment of the run (issue 34): `$HOME` as the shell says —
/// never the password database's home, so a service account, a container with another HOME or
/// a test with its own state each get their own library — and the XDG base directories
/// (a relative XDG value is invalid and ignored, as the XDG specification says).
struct Locations {
    let home: String
    let dataHome: String
    let cacheHome: String

    init(environment: [String: String]) {
        func trimmed(_ path: String) -> String { path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path }
        let home = trimmed(environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? NSHomeDirectory())
        func base(_ key: String, _ fallback: String) -> String {
            guard let value = environment[key], value.hasPrefix("/") else { return home + fallback }
            return trimmed(value)
        }
        self.home = home
        dataHome = base("XDG_DATA_HOME", "/.local/share")
        cacheHome = base("XDG_CACHE_HOME", "/.cache")
    }
}
