import Foundation
import IngestCore
import IngestPipeline

enum YouTubeCommand {
    static let help = """
    Usage: ingest youtube URL --preview [--json] [--network] [options]

    Checks a YouTube link (offline) and shows its preview: title, channel, duration, caption tracks
    and the track that will be used — without downloading any transcript. Network use is off unless
    --network is given or youtube.network is true in the configuration.
    """

    static func run(_ argv: [String]) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(argv, valued: ConfigLoading.valuedFlags.union(["--parse-captions", "--repeat"]),
                                 boolean: ConfigLoading.booleanFlags.union(["--preview", "--json", "--help", "-h"]))
        } catch let e as Arguments.UsageError { Terminal.error("ingest youtube: \(e.message)"); return 2 } catch { return 2 }
        if args.has("--help") || args.has("-h") { Terminal.out(help); return 0 }
        // Hidden benchmark hook: parse a caption file N times in-process (bench/youtube).
        if let file = args.value("--parse-captions") {
            do {
                Terminal.out(try ExtractorRegistry.youtubeParseCaptions(file: file, repeat: Int(args.value("--repeat") ?? "1") ?? 1))
                return 0
            } catch let e as IngestError { Terminal.error("ingest youtube: \(e.message(ConfigLoading.language(args)))"); return 1 } catch { return 2 }
        }
        guard args.positional.count == 1 else { Terminal.error("ingest youtube: give one URL\n\(help)"); return 2 }
        do {
            let (config, _) = try ConfigLoading.load(args)
            let libraryPath = ConfigLoading.expandPath(config.library.path, out: nil)
            let cache = URL(fileURLWithPath: libraryPath).deletingLastPathComponent().appendingPathComponent("cache")
            let context = ExtractionContext(config: config, language: config.messageLanguage, cacheDirectory: cache)
            Terminal.out(try ExtractorRegistry.youtubePreview(link: args.positional[0], json: args.has("--json"), context: context))
            return 0
        } catch let e as IngestError {
            if args.has("--json") {
                let o: [String: String] = ["code": e.code.rawValue, "message": e.message(ConfigLoading.language(args))]
                if let d = try? JSONSerialization.data(withJSONObject: o, options: [.sortedKeys]) { Terminal.out(String(decoding: d, as: UTF8.self)) }
            } else {
                Terminal.error("ingest youtube: \(e.message(ConfigLoading.language(args))) [\(e.code)]")
            }
            return 1
        } catch { Terminal.error("ingest youtube: \(error)"); return 2 }
    }
}
