import Foundation
import IngestCore
import IngestPipeline
import IngestRuntime

enum YouTubeCommand {
    static var help: String { Help.page("youtube") }

    static func run(_ argv: [String]) throws(CommandStop) -> CommandOutcome {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--parse-captions", "--repeat", "--from"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--preview", "--json", "--help", "-h"]))
        } catch { throw Usage.fail("youtube", error) }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return .done }
        // Hidden benchmark hook: parse a caption file N times in-process (bench/youtube).
        if let file = args.value("--parse-captions") {
            do {
                Terminal.out(try ExtractorRegistry.youtubeParseCaptions(file: file, repeat: Int(args.value("--repeat") ?? "1") ?? 1))
                return .done
            } catch let e as IngestError {
                Terminal.error("ingest youtube: \(e.message(ConfigLoading.language(args)))"); return .needsAttention
            } catch { throw CommandStop(.refused) }
        }
        guard args.positional.count == 1 else { throw Usage.fail("youtube", Arguments.UsageError(.cliYouTubeNeedsURL)) }
        var videoID: String?
        // The set-up's steps a preview needs: the configuration (refused like every command's)
        // and the step cache under $XDG_CACHE_HOME/ingest, shared with convert and watch.
        let setup = try CommandSetup("youtube", args)
        let config = setup.config
        // One language for every line: the configuration's (--lang, else its own).
        let language = setup.language
        do {
            let context = ExtractionContext(config: config, language: language, cacheDirectory: setup.cache)
            // The link is checked offline before anything else, and said valid.
            videoID = try ExtractorRegistry.youtubeVideoID(args.positional[0])
            if let videoID, !args.has("--json") {
                Terminal.out(MessageCatalog.message(.youtubeLinkValid, config.messageLanguage, ["id": videoID]))
            }
            var folder: URL?
            if let from = args.value("--from") {
                var isDir: ObjCBool = false
                guard FileManager.default.fileExists(atPath: from, isDirectory: &isDir), isDir.boolValue else {
                    throw IngestError(.fileNotFound, ["path": from])
                }
                folder = URL(fileURLWithPath: from, isDirectory: true)
            }
            Terminal.out(try ExtractorRegistry.youtubePreview(link: args.positional[0], from: folder, json: args.has("--json"), context: context))
            return .done
        } catch let e as IngestError {
            if args.has("--json") {
                var o: [String: String] = ["code": e.code.rawValue, "message": e.message(language)]
                if let videoID { o["videoId"] = videoID }
                if let d = try? JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]) { Terminal.out(String(decoding: d, as: UTF8.self)) }
            } else {
                Terminal.error("ingest youtube: \(e.message(language)) [\(e.code)]")
            }
            // A link that cannot be previewed is a document that failed, not a refused run.
            return .needsAttention
        } catch { Terminal.error("ingest youtube: \(error)"); throw CommandStop(.refused) }
    }
}
