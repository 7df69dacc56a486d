import Foundation
import IngestCore
import IngestRuntime

enum ConfigCommand {
    static var help: String { Help.page("config") }

    static func run(_ argv: [String]) throws(CommandStop) -> CommandOutcome {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--check"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--schema", "--defaults", "--help", "-h"]))
        } catch { throw Usage.fail("config", error) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return .done }
        if args.has("--schema") { Terminal.out(ConfigLoader.schemaText); return .done }
        if args.has("--defaults") { Terminal.out(ConfigLoader.defaultText); return .done }
        if let file = args.value("--check") {
            guard let data = FileManager.default.contents(atPath: file) else {
                Terminal.error("ingest config: " + IngestError(.fileNotFound, ["path": file]).message(ConfigLoading.language(args)))
                throw CommandStop(.refused)
            }
            let value: JSONValue
            do { value = try JSONValue.parse(data) } catch {
                Terminal.error("ingest config: " + IngestError(.configInvalidJSON, ["file": file].merging((error as? JSONParseError)?.argument("reason") ?? ["reason": "\(error)"]) { a, _ in a }).message(ConfigLoading.language(args)))
                throw CommandStop(.refused)
            }
            let errors = ConfigLoader.violations(of: value)
            for e in errors { Terminal.error("\(file): \(e.code): \(e.message(ConfigLoading.language(args)))") }
            if errors.isEmpty { Terminal.out(MessageCatalog.message(.cliConfigValid, ConfigLoading.language(args), ["path": file])) }
            if errors.isEmpty { return .done }
            throw CommandStop(.refused)
        }
        do {
            let (config, source) = try ConfigLoading.load(args)
            let file = ConfigLoading.file(args)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            Terminal.error(file == nil ? MessageCatalog.message(.cliConfigDefaults, config.messageLanguage)
                           : MessageCatalog.message(.cliConfigSource, config.messageLanguage, ["path": source]))
            Terminal.out(String(decoding: try encoder.encode(config), as: UTF8.self))
            return .done
        } catch let e as IngestError {
            Terminal.error("ingest config: \(e.code): \(e.message(ConfigLoading.language(args)))"); throw CommandStop(.refused)
        } catch let e as Arguments.UsageError { throw Usage.fail("config", e) } catch { Terminal.error("ingest config: \(error)"); throw CommandStop(.refused) }
    }
}
