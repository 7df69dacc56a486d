import Foundation
import IngestCore

enum ConfigCommand {
    static let help = """
    Usage: ingest config [--check FILE] [--schema] [--defaults] [--set PATH=VALUE]...

    Shows the configuration in force (after --config/$INGEST_CONFIG/./pipeline.json and overrides),
    checks a file (every error, each with its JSON path and the expected value), or prints the
    JSON Schema of pipeline.json or the built-in defaults.
    """

    static func run(_ argv: [String]) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--check"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--schema", "--defaults", "--help", "-h"]))
        } catch let e as Arguments.UsageError { Terminal.error("ingest config: \(e.message)"); return 2 } catch { return 2 }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        if args.has("--schema") { Terminal.out(ConfigLoader.schemaText); return 0 }
        if args.has("--defaults") { Terminal.out(ConfigLoader.defaultText); return 0 }
        if let file = args.value("--check") {
            guard let data = FileManager.default.contents(atPath: file) else {
                Terminal.error("ingest config: " + IngestError(.fileNotFound, ["path": file]).message(ConfigLoading.language(args))); return 2
            }
            let value: JSONValue
            do { value = try JSONValue.parse(data) } catch {
                Terminal.error("ingest config: " + IngestError(.configInvalidJSON, ["file": file, "reason": "\(error)"]).message(ConfigLoading.language(args)))
                return 2
            }
            let errors = ConfigLoader.violations(of: value)
            for e in errors { Terminal.error("\(file): \(e.code): \(e.message(ConfigLoading.language(args)))") }
            if errors.isEmpty { Terminal.out("\(file): OK") }
            return errors.isEmpty ? 0 : 2
        }
        do {
            let (config, source) = try ConfigLoading.load(args)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Terminal.error("configuration from \(source)")
            Terminal.out(String(decoding: try encoder.encode(config), as: UTF8.self))
            return 0
        } catch let e as IngestError {
            Terminal.error("ingest config: \(e.code): \(e.message(ConfigLoading.language(args)))"); return 2
        } catch { Terminal.error("ingest config: \(error)"); return 2 }
    }
}
