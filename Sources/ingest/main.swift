import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

// The CLI is thin: it parses arguments, sets a command up (CommandSetup), runs the runtime and
// renders what it returns. Each command returns its CommandOutcome and this file alone exits,
// once, through ExitStatus. Every sentence it says comes from the message catalog, in the run's
// language (CLILanguage).
//
// It does not call `ExtractorRegistry.prepareProcess()` (re-executing itself with
// OMP_THREAD_LIMIT=1): every recognising thread already limits OpenMP to itself, which measured
// the same (one 300-dpi page: 2.26 s vs 2.21 s with the variable set) without the ~40 ms that a
// second start-up adds to every run.

// Worker processes send OCR pages to recognisers, started from this executable.
Runtime.enableRecognisers()
var argv = Array(CommandLine.arguments.dropFirst())
// `ingest --lang en convert …`: the run's language may come before the command, as it would in
// most tools; it is handed to the command like its own option.
while argv.count >= 3, argv[0] == "--lang" || argv[0].hasPrefix("--lang=") {
    let taken = argv[0] == "--lang" ? Array(argv[0...1]) : [argv[0]]
    argv.removeFirst(taken.count)
    guard let command = argv.first else { argv = taken; break }
    argv = [command] + taken + argv.dropFirst()
}
/// Every command returns how it ended, or throws `CommandStop` having said why it stopped;
/// `ExitStatus` turns that into the exit code, here and nowhere else.
func outcome(of command: () throws(CommandStop) -> CommandOutcome) -> CommandOutcome {
    do { return try command() } catch { return error.outcome }
}
let ended: CommandOutcome
if argv.isEmpty {
    // Nothing asked: the help, and a usage status (a script calling `ingest` alone is wrong).
    Terminal.error(Help.general)
    ended = .usage
} else {
    let command = argv.removeFirst()
    /// A worker process starts first thing, its start-up overlapping this one's (configuration,
    /// planning) — once the arguments are known to be right, so a usage error starts nothing.
    func prestart(_ options: CommandOptions, needsPath: Bool = true) -> Runtime.Prestarted? {
        guard let args = try? Arguments(argv, valued: options.valued, boolean: options.boolean),
              !args.has("--help"), !args.has("-h"), !args.has("--plan"), !needsPath || !args.positional.isEmpty else { return nil }
        return Runtime.prestart()
    }
    switch command {
    case "convert": ended = outcome { () throws(CommandStop) in try ConvertCommand.run(argv, prestarted: prestart(ConvertCommand.options)) }
    case "watch": ended = outcome { () throws(CommandStop) in try WatchCommand.run(argv, prestarted: prestart(WatchCommand.options)) }
    case "qa": ended = outcome { () throws(CommandStop) in try QaCommand.run(argv, prestarted: prestart(QaCommand.options)) }
    case "deliver": ended = outcome { () throws(CommandStop) in try DeliverCommand.run(argv) }
    // `ingest worker` reads its requests on standard input: no PATH, yet it reads documents.
    case "worker": ended = outcome { () throws(CommandStop) in try WorkerCommand.run(argv, prestarted: prestart(WorkerCommand.options, needsPath: false)) }
    // Started by convert, watch, qa and worker, never by hand: reads documents for them over fd 3.
    case WorkerServer.command: ended = WorkerServer.serve()
    // Started by a worker process, never by hand: recognises OCR pages for it over fd 3.
    case OCRServer.command: ended = OCRServer.serve()
    case "youtube": ended = outcome { () throws(CommandStop) in try YouTubeCommand.run(argv) }
    case "config": ended = outcome { () throws(CommandStop) in try ConfigCommand.run(argv) }
    case "help", "--help", "-h":
        ended = outcome { () throws(CommandStop) in
            let args: Arguments
            do throws(Arguments.UsageError) { args = try Arguments(argv, valued: ["--lang", "--config"], boolean: []) } catch { throw Usage.fail("help", error) }
            if let topic = args.positional.first, Help.pages[topic] == nil {
                throw Usage.fail("help", Arguments.UsageError(.cliUnknownHelpTopic, ["topic": topic, "commands": Help.commands.joined(separator: ", ")],
                                                              suggestion: closest(to: topic, among: Help.commands)))
            }
            Terminal.out(Help.page(args.positional.first))
            return .done
        }
    case "--version", "version": Terminal.out("ingest \(Pipeline.version)"); ended = .done
    default:
        ended = Usage.fail(nil, Arguments.UsageError(.cliUnknownCommand, ["command": command],
                                                     suggestion: closest(to: command, among: Help.commands)).message).outcome
    }
}
exit(ExitStatus.of(ended))
