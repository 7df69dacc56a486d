import XCTest
import IngestCore
import IngestTestSupport
@testable import IngestYouTube

/// The yt-dlp command Ingest prints when nothing is saved, run by yt-dlp itself: the files it
/// writes (names, languages) are the ones Ingest then finds and reads. yt-dlp works from a saved
/// `.info.json` (`--load-info-json`, in place of the watch URL, which would need the network),
/// fetching the caption tracks from a local HTTP server.
final class YtDlpCommandTests: XCTestCase {
    typealias F = SavedVideoFixture

    func testPrintedCommandWritesWhatIngestReads() throws {
        guard runTool("yt-dlp", ["--version"])?.status == 0 else {
            try missingTool("yt-dlp is not installed (apt-get install yt-dlp)")
        }
        let dir = try TemporaryDirectory("yt-dlp-command")
        defer { dir.remove() }
        let vtt = try dir.write("captions.vtt", F.vtt)
        let server = try ReplayServer([.init(method: "GET", path: "/api/timedtext", responses: [.file(vtt)])])
        defer { server.stop() }
        let input = try dir.write("input/video.info.json", F.infoJSON(server: server.baseURL))
        let folder = dir.url.appendingPathComponent("Cours d'SVT")   // a quote in the path, as users have
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

        let refusal = SavedVideo.missing(F.id, folder: folder, languages: ["fr", "en"])
        let command = try XCTUnwrap(refusal.arguments["command"])
        let url = " 'https://www.youtube.com/watch?v=\(F.id)'"
        XCTAssertTrue(command.hasSuffix(url), command)
        let offline = String(command.dropLast(url.count)) + " --ignore-config --no-progress --load-info-json " + SavedVideo.quoted(input.path)
        let run = try XCTUnwrap(runTool("sh", ["-c", offline]))
        XCTAssertEqual(run.status, 0, String(decoding: run.stderr, as: UTF8.self))

        // yt-dlp's own names: the info file, the manual track, the original-language auto track
        // and the English machine translation (asked by en.*, never chosen).
        let base = "\(F.title) [\(F.id)]"
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path)),
                       ["\(base).info.json", "\(base).fr.vtt", "\(base).fr-orig.vtt", "\(base).en.vtt"])
        XCTAssertEqual(try server.counts(), ["GET /api/timedtext": 3])

        // Ingest finds them from the link and reads the manual French track, offline.
        let found = try YouTubeExtractor.linkPreview(of: "https://youtu.be/\(F.id)", from: folder, context: YT.context())
        XCTAssertEqual(found.savedFile?.lastPathComponent, "\(base).info.json")
        XCTAssertEqual(found.preview.choice.track.localPath.map { URL(fileURLWithPath: $0).lastPathComponent }, "\(base).fr.vtt")
        XCTAssertNil(found.captionsMissing)
        let x = try YouTubeExtractor().extract(
            SourceInput(files: [folder.appendingPathComponent("\(base).info.json")], kind: .youtubeInfo, byteSize: 0, name: "x"),
            context: YT.context())
        XCTAssertEqual(x.blocks.map(\.text).joined(separator: " ").split(whereSeparator: \.isWhitespace), F.words)
        XCTAssertEqual(x.metadata["transcriptOrigin"], "file")
        XCTAssertEqual(x.metadata["track"]?["kind"], "manual")
    }
}
