import XCTest
import IngestCore
import IngestTestSupport

/// `ingest youtube URL --preview` and `ingest convert URL`, run as the built binary is run: in the
/// folder holding what was saved for the video, or pointed at it with `--from`; offline unless
/// `--network`, whose caption requests go to a real HTTP server on 127.0.0.1.
final class YouTubeCLITests: XCTestCase {
    typealias F = SavedVideoFixture
    let link = "https://youtu.be/\(SavedVideoFixture.id)?si=Qm3xT0"

    /// A scratch home for one test: its own library, cache and data folders, and folders to run in.
    struct Place {
        let root: TemporaryDirectory
        var course: URL { root.url.appendingPathComponent("cours") }
        var elsewhere: URL { root.url.appendingPathComponent("ailleurs") }
        var out: URL { root.url.appendingPathComponent("out") }
        init() throws {
            root = try TemporaryDirectory("yt-cli")
            for d in ["cours", "ailleurs", "lib"] {
                try FileManager.default.createDirectory(at: root.url.appendingPathComponent(d), withIntermediateDirectories: true)
            }
        }
        var environment: [String: String] {
            ["HOME": root.url.path, "XDG_CACHE_HOME": root.url.appendingPathComponent("cache").path,
             "XDG_DATA_HOME": root.url.appendingPathComponent("data").path]
        }
        var common: [String] { ["--library", root.url.appendingPathComponent("lib/library.sqlite").path, "--set", #"userLanguages=["fr"]"#] }

        func ingest(_ args: [String], in folder: URL) throws -> IngestBinary.Result {
            try IngestBinary.run(args + common, environment: environment, currentDirectory: folder)
        }
        func convert(_ args: [String], in folder: URL) throws -> IngestBinary.Result {
            try? FileManager.default.removeItem(at: out)
            return try ingest(["convert"] + args + ["--out", out.path, "--sink", "none"], in: folder)
        }
        /// The documents written (not the summary).
        func documents() throws -> [JSONValue] {
            let names = try FileManager.default.contentsOfDirectory(atPath: out.path).filter { $0.hasSuffix(".json") && $0 != "summary.json" }
            return try names.sorted().map { try JSONValue.parse(Data(contentsOf: out.appendingPathComponent($0))) }
        }
        func summary() throws -> JSONValue { try JSONValue.parse(Data(contentsOf: out.appendingPathComponent("summary.json"))) }
    }

    func command(_ folder: URL) -> String {
        "yt-dlp --skip-download --write-info-json --write-subs --write-auto-subs --sub-langs 'fr.*,.*-orig' "
            + "-o '\(folder.standardizedFileURL.path)/%(title)s [%(id)s].%(ext)s' 'https://www.youtube.com/watch?v=\(F.id)'"
    }

    func refusal(_ folder: URL, _ language: MessageLanguage) -> String {
        let path = folder.standardizedFileURL.path
        return language == .fr
            ? "Les sous-titres de cette vidéo ne sont pas dans le dossier et l'accès au réseau est désactivé (youtube.network ou --network). "
                + "Pour la lire sans réseau, enregistre sa fiche et ses sous-titres dans \(path) avec yt-dlp : \(command(folder)) — puis relance ; ou relance avec --network."
            : "This video's captions are not in the folder and network use is off (youtube.network or --network). "
                + "To read it without network, save its info file and captions in \(path) with yt-dlp: \(command(folder)) — then run again; or run again with --network."
    }

    /// The preview reads the `.info.json` of the folder it runs in, or of `--from DIR`; the link is
    /// said valid first. Without saved files it says which files to save where, in fr and en.
    func testPreviewFromCurrentFolderOrFrom() throws {
        let p = try Place()
        defer { p.root.remove() }
        let info = try F.ytDlp(in: p.course, server: "http://127.0.0.1:9", subtitles: true)
        for (args, folder) in [([String](), p.course), (["--from", p.course.path], p.elsewhere)] {
            let r = try p.ingest(["youtube", link, "--preview", "--lang", "fr"] + args, in: folder)
            XCTAssertEqual(r.status, 0, r.stderr)
            let lines = r.stdout.split(separator: "\n").map(String.init)
            XCTAssertEqual(lines.first, "Lien YouTube valide : vidéo \(F.id).")
            XCTAssertEqual(lines.dropFirst().first, "Lu hors ligne depuis \(info.standardizedFileURL.path).")
            XCTAssertTrue(lines.contains("« \(F.title) » — \(F.channel), 30 s"), r.stdout)
            XCTAssertTrue(r.stdout.contains("Piste lue : fr fr — dans ta langue (fr)."), r.stdout)
            XCTAssertFalse(r.stdout.contains("--network"), r.stdout)   // its captions are saved: nothing is missing
        }
        // Run elsewhere without --from: nothing saved there, and network off.
        for language in [MessageLanguage.fr, .en] {
            let r = try p.ingest(["youtube", link, "--preview", "--lang", language.rawValue], in: p.elsewhere)
            XCTAssertEqual(r.status, 1)
            XCTAssertEqual(r.stdout, (language == .fr ? "Lien YouTube valide : vidéo " : "Valid YouTube link: video ") + "\(F.id).\n")
            XCTAssertEqual(r.stderr, "ingest youtube: \(refusal(p.elsewhere, language)) [youtube.networkOff]\n")
        }
        // The configuration's language (no --lang) for every line, the refusal too.
        let configured = try p.ingest(["youtube", link, "--preview", "--set", "messageLanguage=en"], in: p.elsewhere)
        XCTAssertEqual(configured.stdout, "Valid YouTube link: video \(F.id).\n")
        XCTAssertEqual(configured.stderr, "ingest youtube: \(refusal(p.elsewhere, .en)) [youtube.networkOff]\n")
        let found = try p.ingest(["youtube", link, "--preview", "--json", "--from", p.course.path], in: p.elsewhere)
        XCTAssertEqual(found.status, 0, found.stderr)
        let preview = try JSONValue.parse(Data(found.stdout.utf8))
        XCTAssertEqual(preview["savedFile"], .string(info.standardizedFileURL.path))
        XCTAssertEqual(preview["videoId"], .string(F.id))
        XCTAssertNil(preview["captionsMissing"])
        let json = try p.ingest(["youtube", link, "--preview", "--json", "--lang", "en"], in: p.elsewhere)
        XCTAssertEqual(json.status, 1)
        XCTAssertEqual(try JSONValue.parse(Data(json.stdout.utf8)),
                       ["code": "youtube.networkOff", "message": .string(refusal(p.elsewhere, .en)), "videoId": .string(F.id)])
        // --from a folder that is not there is named.
        let missing = try p.ingest(["youtube", link, "--preview", "--from", "nulle-part", "--lang", "en"], in: p.elsewhere)
        XCTAssertEqual(missing.status, 1)
        XCTAssertTrue(missing.stderr.contains("[file.notFound]"), missing.stderr)
    }

    /// Only the info file saved (no subtitle files): the preview shows the tracks and says the
    /// transcript would need its captions saved, or the network.
    func testPreviewSaysWhenCaptionsAreNotSaved() throws {
        let p = try Place()
        defer { p.root.remove() }
        try F.ytDlp(in: p.course, server: "http://127.0.0.1:9", subtitles: false)
        let r = try p.ingest(["youtube", "https://www.youtube.com/watch?v=\(F.id)&t=3s", "--preview", "--lang", "en"], in: p.course)
        XCTAssertEqual(r.status, 0, r.stderr)
        let last = r.stdout.split(separator: "\n").last.map(String.init)
        XCTAssertEqual(last, "This track's captions are not saved in the folder and network use is off: the transcript cannot be read. "
                       + "To read it without network, save its info file and captions in \(p.course.standardizedFileURL.path) with yt-dlp: "
                       + "\(command(p.course)) — then run again; or run again with --network.")
    }

    /// A link file (`.url`) goes the same way: its link said valid, the files saved beside it
    /// read; alone in its folder, offline, the refusal names that folder.
    func testLinkFile() throws {
        let p = try Place()
        defer { p.root.remove() }
        let info = try F.ytDlp(in: p.course, server: "http://127.0.0.1:9", subtitles: true)
        let shortcut = "[InternetShortcut]\r\nURL=https://www.youtube.com/watch?v=\(F.id)&feature=share\r\n"
        let beside = p.course.appendingPathComponent("lien.url")
        try Data(shortcut.utf8).write(to: beside)
        let r = try p.ingest(["youtube", beside.path, "--preview", "--lang", "en"], in: p.elsewhere)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.stdout.split(separator: "\n").prefix(2).map(String.init),
                       ["Valid YouTube link: video \(F.id).", "Read offline from \(info.standardizedFileURL.path)."])

        let alone = p.elsewhere.appendingPathComponent("lien.url")
        try Data(shortcut.utf8).write(to: alone)
        let c = try p.convert([alone.path, "--lang", "fr"], in: p.course)
        XCTAssertEqual(c.status, 1)
        XCTAssertEqual(try p.summary()["documents"]?[0]?["error"]?["message"], .string(refusal(p.elsewhere, .fr)))
        // Beside its saved files, the link file's document is the captions.
        let ok = try p.convert([beside.path], in: p.elsewhere)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        try assertCaptionsDocument(try XCTUnwrap(p.documents().first), provenance: "captionsManual")
    }

    /// A course folder holding a yt-dlp download and a link file to the same video: one
    /// document, the captions, and no duplicate (convert and watch).
    func testFolderWithDownloadAndLinkFile() throws {
        let p = try Place()
        defer { p.root.remove() }
        try F.ytDlp(in: p.course, server: "http://127.0.0.1:9", subtitles: true)
        try Data("[InternetShortcut]\nURL=https://youtu.be/\(F.id)\n".utf8).write(to: p.course.appendingPathComponent("lien.url"))
        let r = try p.convert([p.course.path, "--lang", "en"], in: p.elsewhere)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertTrue(r.stderr.contains("1 document(s): 1 converted"), r.stderr)
        let docs = try p.documents()
        XCTAssertEqual(docs.count, 1)
        try assertCaptionsDocument(docs[0], provenance: "captionsManual")
        try? FileManager.default.removeItem(at: p.out)
        let w = try p.ingest(["watch", p.course.path, "--once", "--out", p.out.path, "--sink", "none", "--lang", "en"], in: p.elsewhere)
        XCTAssertEqual(w.status, 0, w.stderr)
        XCTAssertEqual(try p.documents().count, 1, w.stderr)
    }

    /// Dropped into a watched inbox (read through links to the opened files), a link file's
    /// refusal names the inbox — not the private folder it was read through.
    func testLinkFileInWatchedInbox() throws {
        let p = try Place()
        defer { p.root.remove() }
        try Data("[InternetShortcut]\nURL=https://youtu.be/\(F.id)\n".utf8).write(to: p.course.appendingPathComponent("lien.url"))
        let r = try p.ingest(["watch", p.course.path, "--once", "--out", p.out.path, "--sink", "none", "--lang", "en"], in: p.elsewhere)
        XCTAssertEqual(r.status, 1, r.stderr)
        XCTAssertTrue(r.stderr.contains(refusal(p.course, .en)), r.stderr)
    }

    /// A link that is not a YouTube video: the named refusal, nothing said valid, in fr and en.
    func testInvalidLinks() throws {
        let p = try Place()
        defer { p.root.remove() }
        for (bad, language) in [("https://vimeo.com/76979871", MessageLanguage.fr), (F.id, .en), ("https://youtu.be/abc", .fr),
                                ("https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs", .en)] {
            let r = try p.ingest(["youtube", bad, "--preview", "--lang", language.rawValue], in: p.elsewhere)
            XCTAssertEqual(r.status, 1, bad)
            XCTAssertEqual(r.stdout, "", bad)
            XCTAssertEqual(r.stderr, language == .fr ? "ingest youtube: Ce lien n'est pas une vidéo YouTube. [youtube.notYouTube]\n"
                                                     : "ingest youtube: This link is not a YouTube video. [youtube.notYouTube]\n", bad)
        }
        // convert: a web address that is no YouTube video is refused by name, not as a missing file.
        let c = try p.convert(["https://vimeo.com/76979871", "--lang", "en"], in: p.elsewhere)
        XCTAssertEqual(c.status, 1)
        XCTAssertEqual(try p.summary()["documents"]?[0]?["error"]?["code"], "youtube.notYouTube")
    }

    /// `convert URL` offline with nothing saved: a refusal naming --network and the files to save.
    func testConvertLinkOfflineRefusal() throws {
        let p = try Place()
        defer { p.root.remove() }
        for language in [MessageLanguage.fr, .en] {
            let r = try p.convert(["youtu.be/\(F.id)", "--lang", language.rawValue], in: p.elsewhere)
            XCTAssertEqual(r.status, 1)
            let entry = try p.summary()["documents"]?[0]
            XCTAssertEqual(entry?["status"], "failed")
            XCTAssertEqual(entry?["error"]?["code"], "youtube.networkOff")
            XCTAssertEqual(entry?["error"]?["message"], .string(refusal(p.elsewhere, language)))
            XCTAssertTrue(r.stderr.contains("✗ youtu.be/\(F.id)" + (language == .fr ? " : " : ": ") + refusal(p.elsewhere, language))
                          || r.stderr.contains(refusal(p.elsewhere, language)), r.stderr)
            XCTAssertEqual(try p.documents(), [])
        }
    }

    /// `convert URL` in the folder where yt-dlp wrote the info file and the subtitles: the document
    /// is made from the saved captions, offline — every word of them, nothing else.
    func testConvertLinkFromSavedSubtitles() throws {
        let p = try Place()
        defer { p.root.remove() }
        let scratch = try TemporaryDirectory("yt-cli-server")
        defer { scratch.remove() }
        let server = try F.server(scratch)
        defer { server.stop() }
        try F.ytDlp(in: p.course, server: server.baseURL, subtitles: true)
        let r = try p.convert([link], in: p.course)
        XCTAssertEqual(r.status, 0, r.stderr)
        let docs = try p.documents()
        XCTAssertEqual(docs.count, 1)
        try assertCaptionsDocument(docs[0], provenance: "captionsManual")
        XCTAssertEqual(try server.counts(), [:])   // offline: the captions came from the file
    }

    /// A link piped to `convert -` is read like `convert URL`: from the download in the current folder.
    func testConvertLinkFromStandardInput() throws {
        let p = try Place()
        defer { p.root.remove() }
        try F.ytDlp(in: p.course, server: "http://127.0.0.1:9", subtitles: true)
        try? FileManager.default.removeItem(at: p.out)
        let r = try IngestBinary.run(["convert", "-", "--out", p.out.path, "--sink", "none"] + p.common, stdin: Data("\(link)\n".utf8),
                                     environment: p.environment, currentDirectory: p.course)
        XCTAssertEqual(r.status, 0, r.stderr)
        let docs = try p.documents()
        XCTAssertEqual(docs.count, 1)
        try assertCaptionsDocument(docs[0], provenance: "captionsManual")
    }

    /// Only the info file saved (in `--from DIR`): offline the refusal names that folder; with
    /// --network the captions come from the track URL of the info file (the local server), the
    /// player is never asked, and the document holds exactly the captions' words.
    func testConvertLinkFromInfoFileWithNetwork() throws {
        let p = try Place()
        defer { p.root.remove() }
        let scratch = try TemporaryDirectory("yt-cli-server")
        defer { scratch.remove() }
        let server = try F.server(scratch)
        defer { server.stop() }
        try F.ytDlp(in: p.course, server: server.baseURL, subtitles: false)
        let offline = try p.convert([link, "--from", p.course.path, "--lang", "en"], in: p.elsewhere)
        XCTAssertEqual(offline.status, 1)
        XCTAssertEqual(try p.summary()["documents"]?[0]?["error"]?["code"], "youtube.networkOff")
        XCTAssertEqual(try p.summary()["documents"]?[0]?["error"]?["message"], .string(refusal(p.course, .en)))
        XCTAssertEqual(try server.counts(), [:])

        let online = try p.convert([link, "--from", p.course.path, "--network", "--set", "youtube.baseURL=\(server.baseURL)"], in: p.elsewhere)
        XCTAssertEqual(online.status, 0, online.stderr)
        let docs = try p.documents()
        XCTAssertEqual(docs.count, 1)
        try assertCaptionsDocument(docs[0], provenance: "captionsManual")
        XCTAssertEqual(try server.counts(), ["GET /api/timedtext": 1])
    }

    /// The watch page saved from the browser, with --network: the preview from the page, the
    /// captions from its track URL.
    func testConvertLinkFromSavedWatchPage() throws {
        let p = try Place()
        defer { p.root.remove() }
        let scratch = try TemporaryDirectory("yt-cli-server")
        defer { scratch.remove() }
        let server = try F.server(scratch)
        defer { server.stop() }
        try F.watchPage(in: p.course, server: server.baseURL)
        let r = try p.convert(["https://m.youtube.com/watch?v=\(F.id)&feature=share", "--network",
                               "--set", "youtube.baseURL=\(server.baseURL)"], in: p.course)
        XCTAssertEqual(r.status, 0, r.stderr)
        let docs = try p.documents()
        XCTAssertEqual(docs.count, 1)
        try assertCaptionsDocument(docs[0], provenance: "captionsManual")
        XCTAssertEqual(try server.counts(), ["GET /api/timedtext": 1])
    }

    /// Nothing saved, --network: the link itself is the source — the player API, then the track —
    /// and the document is the captions.
    func testConvertLinkWithNetworkOnly() throws {
        let p = try Place()
        defer { p.root.remove() }
        let scratch = try TemporaryDirectory("yt-cli-server")
        defer { scratch.remove() }
        let server = try F.youtube(scratch)
        defer { server.stop() }
        let r = try p.convert(["youtu.be/\(F.id)", "--network", "--set", "youtube.baseURL=\(server.baseURL)"], in: p.elsewhere)
        XCTAssertEqual(r.status, 0, r.stderr)
        let docs = try p.documents()
        XCTAssertEqual(docs.count, 1)
        try assertCaptionsDocument(docs[0], provenance: "captionsManual")
        XCTAssertEqual(docs[0]["sources"]?[0]?["url"], .string("https://www.youtube.com/watch?v=\(F.id)"))
        XCTAssertEqual(try server.counts(), ["POST /youtubei/v1/player": 1, "GET /api/timedtext": 1])
    }

    /// The document is the captions: its words are exactly theirs, in order; its title and the
    /// video it names are the video's.
    func assertCaptionsDocument(_ doc: JSONValue, provenance: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let text = try XCTUnwrap(doc["text"]?.stringValue, file: file, line: line)
        XCTAssertEqual(text.split(whereSeparator: \.isWhitespace), F.words, text, file: file, line: line)
        XCTAssertEqual(doc["title"]?.stringValue, F.title, file: file, line: line)
        XCTAssertEqual(doc["sources"]?[0]?["provenance"], [.string(provenance)], file: file, line: line)
        XCTAssertEqual(doc["sources"]?[0]?["metadata"]?["videoId"]?.stringValue, F.id, "\(doc["sources"] ?? .null)", file: file, line: line)
    }
}
