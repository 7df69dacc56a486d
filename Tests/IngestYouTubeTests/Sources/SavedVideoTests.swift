import XCTest
import IngestCore
import IngestTestSupport
@testable import IngestYouTube

/// A link's saved files are found by the video's ID in one folder, whatever the link's form, and
/// without them (network off) the refusal says which files to save where.
final class SavedVideoTests: XCTestCase {
    typealias F = SavedVideoFixture
    let server = "http://127.0.0.1:9"   // never asked: these tests stay offline

    /// Every accepted form of the link finds the same `.info.json`; a folder holding another
    /// video's files, a page that only mentions the ID and a non-YouTube info file finds nothing.
    func testFindsTheVideosInfoFileForEveryLinkForm() throws {
        let dir = try TemporaryDirectory("yt-saved")
        defer { dir.remove() }
        let info = try F.ytDlp(in: dir.url, server: server, subtitles: true)
        // Decoys: another video's download, notes naming the ID, a Vimeo download holding the ID.
        var other = try JSONValue.parse(F.infoJSON(server: server))
        if case .object(var o) = other { o["id"] = "abcdefghijk"; other = .object(o) }
        try dir.write("Autre [abcdefghijk].info.json", JSONEncoder().encode(other))
        try dir.write("notes.html", "<html><body>Voir https://youtu.be/\(F.id) en cours.</body></html>")
        try dir.write("vimeo.json", #"{"id": "\#(F.id)", "extractor": "vimeo", "title": "x"}"#)
        let links = [
            "https://youtu.be/\(F.id)", "youtu.be/\(F.id)?si=AbC123", "https://www.youtube.com/watch?v=\(F.id)&t=42s&list=PLx",
            "https://www.youtube.com/watch?feature=share&v=\(F.id)", "https://m.youtube.com/watch?v=\(F.id)",
            "https://music.youtube.com/watch?v=\(F.id)&si=x", "https://www.youtube.com/shorts/\(F.id)",
            "https://www.youtube.com/embed/\(F.id)?start=10", "http://youtube.com/live/\(F.id)",
        ]
        for link in links {
            let found = try YouTubeExtractor.linkPreview(of: link, from: dir.url, context: YT.context())
            XCTAssertEqual(found.savedFile?.lastPathComponent, info.lastPathComponent, link)
            XCTAssertEqual(found.preview.info.videoID, F.id, link)
            XCTAssertEqual(found.preview.info.title, F.title, link)
            XCTAssertEqual(found.preview.origin, "ytDlpInfo", link)
            // The subtitle file yt-dlp wrote is the track read: nothing is missing offline.
            XCTAssertEqual(found.preview.choice.track.localPath.map { URL(fileURLWithPath: $0).lastPathComponent },
                           "\(F.title) [\(F.id)].fr.vtt", link)
            XCTAssertNil(found.captionsMissing, link)
        }
        // Named otherwise (yt-dlp -o "%(title)s"), the info file is still found by its content.
        try FileManager.default.moveItem(at: info, to: dir.url.appendingPathComponent("cours.info.json"))
        XCTAssertEqual(SavedVideo.find(F.id, in: dir.url)?.lastPathComponent, "cours.info.json")
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("cours.info.json"))
        XCTAssertNil(SavedVideo.find(F.id, in: dir.url))
        XCTAssertNil(SavedVideo.find("abcdefghijX", in: dir.url))
    }

    /// A watch page saved from the browser (its name does not carry the ID) gives the preview
    /// offline; its captions are on YouTube, so the preview says what a conversion would need.
    func testSavedWatchPage() throws {
        let dir = try TemporaryDirectory("yt-saved-page")
        defer { dir.remove() }
        let page = try F.watchPage(in: dir.url, server: server)
        let found = try YouTubeExtractor.linkPreview(of: "https://www.youtube.com/watch?v=\(F.id)", from: dir.url, context: YT.context())
        XCTAssertEqual(found.savedFile, page)
        XCTAssertEqual(found.preview.origin, "watchPage")
        XCTAssertEqual(found.preview.info.channel, F.channel)
        XCTAssertEqual(found.preview.choice.track.languageCode, "fr")
        XCTAssertFalse(found.preview.choice.track.isAuto)
        XCTAssertEqual(found.captionsMissing?.code, .youtubeNetworkOff)
        XCTAssertEqual(found.captionsMissing?.arguments["folder"], dir.url.standardizedFileURL.path)
        // A saved player response (`.json`) is found the same way.
        let response = try WatchPage.playerResponse(in: Data(contentsOf: page))
        try FileManager.default.removeItem(at: page)
        let saved = try dir.write("player.json", JSONEncoder().encode(response))
        XCTAssertEqual(SavedVideo.find(F.id, in: dir.url), saved)
    }

    /// Nothing saved, network off: `youtube.networkOff` whose hint names the folder and the exact
    /// yt-dlp command, in French and in English.
    func testNothingSavedSaysWhichFilesToSaveWhere() throws {
        let dir = try TemporaryDirectory("yt-saved-none")
        defer { dir.remove() }
        let folder = dir.url.appendingPathComponent("Cours d'SVT")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        var error: IngestError?
        XCTAssertThrowsError(try YouTubeExtractor.linkPreview(of: "youtu.be/\(F.id)", from: folder, context: YT.context())) {
            error = $0 as? IngestError
        }
        let e = try XCTUnwrap(error)
        XCTAssertEqual(e.code, .youtubeNetworkOff)
        XCTAssertEqual(e.hint, .youtubeHintSaveFiles)
        let path = folder.standardizedFileURL.path
        let command = "yt-dlp --skip-download --write-info-json --write-subs --write-auto-subs --sub-langs 'fr.*,en.*,.*-orig' "
            + "-o '\(path.replacingOccurrences(of: "'", with: "'\\''"))/%(title)s [%(id)s].%(ext)s' 'https://www.youtube.com/watch?v=\(F.id)'"
        XCTAssertEqual(e.arguments["command"], command)
        XCTAssertEqual(e.message(.fr),
                       "Les sous-titres de cette vidéo ne sont pas dans le dossier et l'accès au réseau est désactivé (youtube.network ou --network). "
                       + "Pour la lire sans réseau, enregistre sa fiche et ses sous-titres dans \(path) avec yt-dlp : \(command) — puis relance ; ou relance avec --network.")
        XCTAssertEqual(e.message(.en),
                       "This video's captions are not in the folder and network use is off (youtube.network or --network). "
                       + "To read it without network, save its info file and captions in \(path) with yt-dlp: \(command) — then run again; or run again with --network.")
        // The command is one shell word per argument: the shell gives yt-dlp the folder as it is.
        let echoed = try XCTUnwrap(runTool("sh", ["-c", "printf '%s\\n' " + command.dropFirst("yt-dlp ".count)]))
        XCTAssertEqual(String(decoding: echoed.stdout, as: UTF8.self).split(separator: "\n").map(String.init), [
            "--skip-download", "--write-info-json", "--write-subs", "--write-auto-subs", "--sub-langs", "fr.*,en.*,.*-orig",
            "-o", "\(path)/%(title)s [%(id)s].%(ext)s", "https://www.youtube.com/watch?v=\(F.id)",
        ])
    }

    /// A link that is not a YouTube video is refused before any folder is looked at.
    func testInvalidLinks() throws {
        let dir = try TemporaryDirectory("yt-saved-bad")
        defer { dir.remove() }
        try F.ytDlp(in: dir.url, server: server, subtitles: true)
        for bad in [F.id, "https://vimeo.com/76979871", "https://www.youtube.com/channel/UCx8cVb2qRsT5uVwXyZ0aBcD",
                    "https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs", "https://youtube.com.evil.net/watch?v=\(F.id)",
                    "https://youtu.be/\(F.id.dropLast())", "regarde cette vidéo https://youtu.be/\(F.id)", "ftp://youtu.be/\(F.id)"] {
            assertRefusal(.youtubeNotYouTube) { try YouTubeExtractor.linkPreview(of: bad, from: dir.url, context: YT.context()) }
        }
    }

    /// A link file beside the yt-dlp download of its video is that download's, not a second
    /// document; a link to another video, a text file (which may say more than the link) and a
    /// link beside another folder's download stay documents.
    func testLinkFilesOfDownloads() throws {
        let dir = try TemporaryDirectory("yt-saved-companions")
        defer { dir.remove() }
        try F.ytDlp(in: dir.url, server: server, subtitles: true)
        let url = try dir.write("lien.url", "[InternetShortcut]\r\nURL=https://youtu.be/\(F.id)?si=x\r\n")
        let webloc = try dir.write("lien.webloc", """
            <?xml version="1.0" encoding="UTF-8"?>
            <plist version="1.0"><dict><key>URL</key><string>https://www.youtube.com/watch?v=\(F.id)&amp;t=3</string></dict></plist>
            """)
        try dir.write("autre.url", "[InternetShortcut]\nURL=https://youtu.be/abcdefghijk\n")
        try dir.write("notes.txt", "https://youtu.be/\(F.id)\n")
        try dir.write("sous/lien.url", "[InternetShortcut]\nURL=https://youtu.be/\(F.id)\n")
        func listing(_ d: URL) -> [URL] { (try? FileManager.default.contentsOfDirectory(at: d, includingPropertiesForKeys: nil)) ?? [] }
        let files = listing(dir.url) + listing(dir.url.appendingPathComponent("sous"))
        XCTAssertEqual(Set(SavedVideo.linkFilesOfDownloads(in: files).map(\.lastPathComponent)), [url.lastPathComponent, webloc.lastPathComponent])
        XCTAssertEqual(SavedVideo.linkFilesOfDownloads(in: files).map { $0.deletingLastPathComponent().standardizedFileURL.path },
                       [dir.url.standardizedFileURL.path, dir.url.standardizedFileURL.path])
    }

    /// A link file beside a saved watch page reads that page (not only a `.info.json`).
    func testLinkFileBesideSavedPage() throws {
        let dir = try TemporaryDirectory("yt-saved-link")
        defer { dir.remove() }
        try F.watchPage(in: dir.url, server: server)
        let link = try dir.write("lien.url", "[InternetShortcut]\nURL=https://youtu.be/\(F.id)?si=abc\n")
        let preview = try YouTubeExtractor.preview(of: link.path, context: YT.context())
        XCTAssertEqual(preview.origin, "watchPage")
        XCTAssertEqual(preview.info.title, F.title)
        // Its transcript needs the network: the refusal names the link's folder.
        var error: IngestError?
        XCTAssertThrowsError(try YouTubeExtractor().extract(SourceInput(files: [link], kind: .youtubeLink, byteSize: 0, name: "lien.url"),
                                                            context: YT.context())) { error = $0 as? IngestError }
        XCTAssertEqual(error?.code, .youtubeNetworkOff)
        XCTAssertEqual(error?.hint, .youtubeHintSaveFiles)
        XCTAssertEqual(error?.arguments["folder"], dir.url.standardizedFileURL.path)
    }
}
