import Foundation
import IngestPipeline
import IngestRuntime

// The CLI is thin: it parses arguments, loads configuration, runs IngestPipeline and renders
// what it returns. Only it maps outcomes to exit codes.
//
// It does not call `ExtractorRegistry.prepareProcess()` (re-executing itself with
// OMP_THREAD_LIMIT=1): every recognising thread already limits OpenMP to itself, which measured
// the same (one 300-dpi page: 2.26 s vs 2.21 s with the variable set) without the ~40 ms that a
// second start-up adds to every run.

let help = """
ingest \(Pipeline.version) — turns course material into ImportedDocuments (JSON).

Usage: ingest COMMAND [options]

Commands:
  convert PATH... --out DIR   convert files and folders (PDF, scans, photos, .docx, audio,
                              YouTube links, text) into one JSON document each
  watch INBOX --out DIR       watch a folder and convert every document dropped into it
  qa CORPUS [--html FILE]     measure how well a corpus is read (against expected texts)
  deliver [--out DIR]         send what the HTTP sink still has pending (idempotent)
  worker [--shard I/N]        convert requests read on standard input, one JSON result line
                              each (for Spark, Slurm arrays, Kubernetes Indexed Jobs)
  youtube URL --preview       check a YouTube link and preview its captions
  config                      show, check or explain the configuration (pipeline.json)
  help [COMMAND]              this help, or a command's

Run `ingest COMMAND --help` for a command's options.
"""

// Worker processes send OCR pages to recognisers, started from this executable.
Runtime.enableRecognisers()
var argv = Array(CommandLine.arguments.dropFirst())
let command = argv.first ?? "help"
if !argv.isEmpty { argv.removeFirst() }
let status: Int32
switch command {
case "convert":
    // A worker process starts first thing: its start-up overlaps this one's (configuration, planning).
    let prestarted = argv.contains("--help") || argv.contains("-h") ? nil : Runtime.prestart()
    status = ConvertCommand.run(argv, prestarted: prestarted)
case "watch":
    let prestarted = argv.contains("--help") || argv.contains("-h") ? nil : Runtime.prestart()
    status = WatchCommand.run(argv, prestarted: prestarted)
case "qa":
    let prestarted = argv.contains("--help") || argv.contains("-h") ? nil : Runtime.prestart()
    status = QaCommand.run(argv, prestarted: prestarted)
case "deliver": status = DeliverCommand.run(argv)
case "worker":
    let prestarted = argv.contains("--help") || argv.contains("-h") || argv.contains("--plan") ? nil : Runtime.prestart()
    status = WorkerCommand.run(argv, prestarted: prestarted)
// Started by convert, watch, qa and worker, never by hand: reads documents for them over fd 3.
case WorkerServer.command: status = WorkerServer.serve()
// Started by a worker process, never by hand: recognises OCR pages for it over fd 3.
case OCRServer.command: status = OCRServer.serve()
case "youtube": status = YouTubeCommand.run(argv)
case "config": status = ConfigCommand.run(argv)
case "help", "--help", "-h":
    switch argv.first {
    case "convert": print(ConvertCommand.help)
    case "qa": print(QaCommand.help)
    case "deliver": print(DeliverCommand.help)
    case "worker": print(WorkerCommand.help)
    case "youtube": print(YouTubeCommand.help)
    case "config": print(ConfigCommand.help)
    default: print(help)
    }
    status = 0
case "--version", "version": print("ingest \(Pipeline.version)"); status = 0
default:
    FileHandle.standardError.write(Data("ingest: unknown command '\(command)'\n\n\(help)\n".utf8))
    status = 2
}
exit(status)
