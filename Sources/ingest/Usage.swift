import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

/// The language of this run, known before the configuration is loaded (usage errors, help):
/// `--lang` (or `--set messageLanguage=…`), else the configuration file's `messageLanguage`
/// (`--config`, `$INGEST_CONFIG`, `./pipeline.json`), else the environment (`INGEST_LANG`, `LANG`…).
/// `ConfigLoading.load` gives the same answer to the configuration, so one run speaks one language.
enum CLILanguage {
    static let run: MessageLanguage = resolve(Array(CommandLine.arguments.dropFirst()))

    static func resolve(_ argv: [String], environment: [String: String] = ProcessInfo.processInfo.environment) -> MessageLanguage {
        if let named = named(argv) { return named }
        return fromFile(configFile(argv, environment: environment)) ?? .current
    }

    /// `--lang X`, `--lang=X` or `--set messageLanguage=X` on the command line, when X is a language.
    static func named(_ argv: [String]) -> MessageLanguage? {
        var found: MessageLanguage?
        for (i, a) in argv.enumerated() {
            if a == "--" { break }
            var value: String?
            if a == "--lang", i + 1 < argv.count { value = argv[i + 1] }
            else if a.hasPrefix("--lang=") { value = String(a.dropFirst("--lang=".count)) }
            else if a == "--set", i + 1 < argv.count, argv[i + 1].hasPrefix("messageLanguage=") {
                value = String(argv[i + 1].dropFirst("messageLanguage=".count))
            }
            if let v = value.flatMap(MessageLanguage.init(rawValue:)) { found = v }
        }
        return found
    }

    /// The configuration file a command would read, as `ConfigLoading.load` finds it.
    static func configFile(_ argv: [String], environment: [String: String]) -> String? {
        for (i, a) in argv.enumerated() {
            if a == "--config", i + 1 < argv.count { return argv[i + 1] }
            if a.hasPrefix("--config=") { return String(a.dropFirst("--config=".count)) }
        }
        if let c = environment["INGEST_CONFIG"], !c.isEmpty { return c }
        return FileManager.default.fileExists(atPath: "pipeline.json") ? "pipeline.json" : nil
    }

    /// The `messageLanguage` a configuration file names, if it names a valid one.
    static func fromFile(_ path: String?) -> MessageLanguage? {
        guard let path, let data = FileManager.default.contents(atPath: path), let value = try? JSONValue.parse(data) else { return nil }
        return value["messageLanguage"]?.stringValue.flatMap(MessageLanguage.init(rawValue:))
    }
}

extension Arguments {
    /// A usage error: a catalog key, said in the run's language (exit 2).
    struct UsageError: Error {
        let code: ErrorCode
        var arguments: [String: String] = [:]
        /// A known name close to the one given (did you mean…).
        var suggestion: String? = nil

        init(_ code: ErrorCode, _ arguments: [String: String] = [:], suggestion: String? = nil) {
            self.code = code; self.arguments = arguments; self.suggestion = suggestion
        }

        func message(_ language: MessageLanguage) -> String {
            let text = MessageCatalog.message(code, language, arguments)
            guard let suggestion else { return text }
            return text + " " + MessageCatalog.message(.cliDidYouMean, language, ["name": suggestion])
        }
        /// In the run's language.
        var message: String { message(CLILanguage.run) }
    }
}

/// The flags a command takes: with a value, and without.
struct CommandOptions {
    let valued: Set<String>
    let boolean: Set<String>
}

enum Usage {
    /// Says a usage error of `ingest COMMAND` and where its help is; the command stops (`.usage`).
    static func fail(_ command: String?, _ message: String) -> CommandStop {
        let name = command.map { "ingest \($0)" } ?? "ingest"
        let help = command.flatMap { $0 == "help" ? nil : "ingest help \($0)" } ?? "ingest help"
        Terminal.error("\(name): \(message)\n" + MessageCatalog.message(.cliSeeHelp, CLILanguage.run, ["help": help]))
        return CommandStop(.usage)
    }

    static func fail(_ command: String?, _ error: Arguments.UsageError) -> CommandStop { fail(command, error.message) }
}

/// The help pages, from the catalog, in the run's language.
enum Help {
    static let pages: [String: ErrorCode] = [
        "convert": .cliHelpConvert, "watch": .cliHelpWatch, "qa": .cliHelpQa, "deliver": .cliHelpDeliver,
        "worker": .cliHelpWorker, "youtube": .cliHelpYouTube, "config": .cliHelpConfig, "help": .cliHelpHelp,
    ]
    /// The commands a person types, in the order the general help lists them.
    static let commands = ["convert", "watch", "qa", "deliver", "worker", "youtube", "config", "help"]

    static func page(_ command: String?, _ language: MessageLanguage = CLILanguage.run) -> String {
        let code = command.flatMap { pages[$0] } ?? .cliHelpGeneral
        return MessageCatalog.message(code, language, ["version": Pipeline.version])
    }

    static var general: String { page(nil) }
}
