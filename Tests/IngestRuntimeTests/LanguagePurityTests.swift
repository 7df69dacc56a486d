import Foundation
import IngestTestSupport
import XCTest

/// One language per run: every command (convert, qa, watch, deliver, config, worker, youtube) over inputs that
/// take many error paths — a damaged PDF, a PDF cut short, an empty file, binary bytes named
/// .txt, an MP3 cut after its tag, a too-short note, damaged and cut .docx, a .docx whose XML is cut, a password-protected .docx,
/// an unknown kind, a configuration that is not JSON and one with wrong values — run under
/// `--lang fr` and `--lang en`. Under fr no English word of ours may appear, under en no French
/// one; what is not ours is left out of the check: details quoted from a C library (« … », “…”),
/// values echoed between ASCII quotes, paths, file names and dotted codes (`pdf.corrupt`).
/// The damaged bytes come from a fixed seed (printed on failure).
final class LanguagePurityTests: XCTestCase {
    static let seed: UInt64 = 37
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("purity") }
    override func tearDown() { dir.remove() }

    /// Words that only English sentences of ours use (none is a French word).
    static let english: Set<String> = [
        "the", "is", "are", "not", "and", "of", "to", "in", "it", "its", "this", "that", "which", "was", "has", "with",
        "from", "into", "only", "too", "cannot", "could", "failed", "converted", "already", "done", "results",
        "left", "stopped", "watching", "queued", "reading", "unexpected", "invalid", "expected", "frame", "byte",
        "bytes", "header", "truncated", "damaged", "found", "missing", "unknown", "must", "error", "skipped",
        "ready", "read", "file", "files", "folder", "denied", "permission", "little", "should", "see", "usage", "library", "partly",
        "duplicate", "again", "end", "says", "number", "string", "whole", "list", "one", "at", "least", "most",
    ]
    /// Words that only French sentences of ours use (none is an English word).
    static let french: Set<String> = [
        "le", "la", "les", "des", "du", "est", "sont", "pas", "une", "dans", "fichier", "fichiers", "dossier",
        "lu", "lus", "prêt", "prêts", "doublon", "déjà", "échec", "octet", "octets", "résultats", "arrêt",
        "surveillance", "reste", "lecture", "écriture", "être", "ce", "cette", "avec", "pour", "sur", "qui", "que",
        "été", "ou", "et", "aucun", "peut", "bibliothèque", "fait", "faits", "converti", "convertis", "lieu",
        "endommagé", "tronqué", "vide", "nombre", "chaîne", "entier", "liste", "au", "moins", "dit",
    ]

    /// The words of `text` that belong to the other language, with their line.
    static func foreign(_ text: String, language: String) -> [String] {
        let markers = language == "fr" ? english : french
        var found: [String] = []
        for line in text.split(separator: "\n") {
            var s = String(line)
            // Not ours: quoted details and values, paths, file names and codes.
            for pattern in ["«[^»]*»", "“[^”]*”", "\"[^\"]*\"", "\\S*/\\S*", "\\[[^\\]]*\\]",
                            "\\b[\\p{L}0-9_-]+(\\.[\\p{L}0-9_-]+)+\\b"] {
                s = s.replacingOccurrences(of: pattern, with: " ", options: .regularExpression)
            }
            let words = s.lowercased().components(separatedBy: CharacterSet.letters.inverted).filter { !$0.isEmpty }
            let bad = words.filter { markers.contains($0) }
            if !bad.isEmpty { found.append("\(bad.joined(separator: ", ")) ⟵ \(line)") }
        }
        return found
    }

    /// Inputs that take many error paths, made from the repository's samples and seeded bytes.
    func makeInputs(_ folder: URL) throws {
        var rng = SeededGenerator(seed: Self.seed)
        let samples = Corpus.repositoryRoot.appendingPathComponent("samples")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        func put(_ name: String, _ data: Data) throws { try data.write(to: folder.appendingPathComponent(name)) }
        try put("f01.pdf", Data("%PDF-1.4\n".utf8) + rng.bytes(3000))
        let pdf = try Data(contentsOf: samples.appendingPathComponent("cours-ondes-sonores.pdf"))
        try put("f02.pdf", pdf.prefix(pdf.count / 3))
        try put("f03.txt", Data())
        try put("f04.txt", rng.bytes(2000))
        // The recording's ID3 tag and two bytes of its first frame.
        let mp3 = [UInt8](try Data(contentsOf: samples.appendingPathComponent("lecon-volcans.mp3")))
        XCTAssertEqual(Array(mp3.prefix(3)), Array("ID3".utf8))
        let tag = 10 + (Int(mp3[6]) << 21 | Int(mp3[7]) << 14 | Int(mp3[8]) << 7 | Int(mp3[9]))
        try put("f05.mp3", Data(mp3.prefix(tag + 2)))
        try put("f06.txt", Data("Trop court.\n".utf8))
        try put("f07.docx", Data("PK\u{3}\u{4}".utf8) + rng.bytes(500))
        try put("f08.docx", OLE2Fixture.make(["EncryptionInfo", "EncryptedPackage"]))
        try put("f09.xyz", Data(repeating: 1, count: 400))
        // A Word document made by the project (pandoc), cut short, and with seeded bytes written
        // over the compressed data of its word/document.xml (zlib's own words, quoted).
        let docx = try Data(contentsOf: samples.appendingPathComponent("cours-roman-realiste.docx"))
        try put("f10.docx", docx.prefix(docx.count * 3 / 5))
        var damaged = [UInt8](docx)
        let at = try XCTUnwrap(docx.range(of: Data("word/document.xml".utf8))).lowerBound + 200
        for k in at..<(at + 60) { damaged[k] = UInt8.random(in: 0...255, using: &rng) }
        try put("f11.docx", Data(damaged))
        // The same document whole, its word/document.xml cut at a seeded byte (Python's zipfile
        // writes the new archive): XML that ends inside an element.
        let cut = Int.random(in: 2000..<4000, using: &rng)
        let script = """
        import sys, zipfile
        src, dst, cut = sys.argv[1], sys.argv[2], int(sys.argv[3])
        with zipfile.ZipFile(src) as a, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as b:
            for i in a.infolist():
                data = a.read(i)
                b.writestr(i, data[:cut] if i.filename == "word/document.xml" else data)
        """
        let made = folder.appendingPathComponent("f12.docx")
        guard let r = runTool(Python.path, ["-c", script, samples.appendingPathComponent("cours-roman-realiste.docx").path, made.path, String(cut)]),
              r.status == 0 else { try missingTool("python3 is not installed (scripts/install.sh --tests installs it)") }
    }

    struct Run { var label: String; var status: Int32; var text: String }

    func ingest(_ label: String, _ arguments: [String], _ language: String, stdin: Data? = nil) throws -> Run {
        let base = dir.url.appendingPathComponent("state-\(language)")
        let r = try IngestBinary.run(arguments + ["--lang", language], stdin: stdin,
                                     environment: ["INGEST_CONFIG": "", "XDG_CACHE_HOME": base.appendingPathComponent("cache").path,
                                                   "XDG_DATA_HOME": base.appendingPathComponent("data").path],
                                     currentDirectory: dir.url)
        return Run(label: label, status: r.status, text: r.stdout + r.stderr)
    }

    func testEveryCommandSpeaksOnlyTheRunsLanguage() throws {
        let input = dir.url.appendingPathComponent("in")
        try makeInputs(input)
        // A configuration cut short at a seeded byte (not JSON), and one with values of the wrong
        // type, out of range and an unknown key.
        var rng = SeededGenerator(seed: Self.seed)
        let defaults = try XCTUnwrap(IngestBinary.run(["config", "--defaults"]).stdout.data(using: .utf8))
        let cut = Int.random(in: defaults.count / 4..<defaults.count * 3 / 4, using: &rng)
        let notJSON = dir.url.appendingPathComponent("cut.json")
        try defaults.prefix(cut).write(to: notJSON)
        let wrong = dir.url.appendingPathComponent("wrong.json")
        try Data(#"{"ocr": {"pageCap": "forty", "dpi": -3}, "readiness": {"notReadyBelow": 99999999}, "concurency": 2}"#.utf8).write(to: wrong)

        // A QA manifest with an unknown column, and a baseline that is no QA report.
        let manifest = dir.url.appendingPathComponent("manifest.tsv")
        try Data("name\tverdict\nf06\tready\n".utf8).write(to: manifest)
        let baseline = dir.url.appendingPathComponent("baseline.json")
        try Data(#"{"documents": []}"#.utf8).write(to: baseline)

        for language in ["fr", "en"] {
            let out = dir.url.appendingPathComponent("out-\(language)").path
            let library = dir.url.appendingPathComponent("lib-\(language)/library.sqlite").path
            // Watch: one file (the cut MP3), dated before the quiet period so it is read at once.
            let inbox = dir.url.appendingPathComponent("inbox-\(language)")
            try FileManager.default.createDirectory(at: inbox, withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: input.appendingPathComponent("f05.mp3"), to: inbox.appendingPathComponent("f05.mp3"))
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)],
                                                  ofItemAtPath: inbox.appendingPathComponent("f05.mp3").path)
            var runs = [
                try ingest("convert", ["convert", input.path, "--out", out, "--library", library], language),
                try ingest("convert again", ["convert", input.path, "--out", out, "--library", library], language),
                try ingest("qa", ["qa", input.path, "--out", out + "-qa", "--library", library + "-qa"], language),
                try ingest("watch --once", ["watch", inbox.path, "--once", "--out", out + "-watch", "--library", library + "-watch"], language),
                try ingest("deliver", ["deliver", "--out", out, "--library", library], language),
                try ingest("config --check (not JSON)", ["config", "--check", notJSON.path], language),
                try ingest("config --check (wrong values)", ["config", "--check", wrong.path], language),
                try ingest("convert --config (not JSON)", ["convert", input.path, "--config", notJSON.path, "--out", out], language),
                try ingest("convert --config (wrong values)", ["convert", input.path, "--config", wrong.path, "--out", out], language),
            ]
            runs.append(try ingest("config", ["config"], language))
            runs.append(try ingest("qa --manifest (unknown column)", ["qa", input.path, "--manifest", manifest.path], language))
            // Worker requests that cannot be read, and one file it refuses.
            let requests = Data(("{\"path\": 3}\nnot json {\n{\"paths\": []}\n{\"path\": \"x\", \"colour\": 1}\n"
                                 + input.appendingPathComponent("f04.txt").path + "\n").utf8)
            runs.append(try ingest("worker", ["worker", "--out", out + "-worker"], language, stdin: requests))
            // YouTube, offline: a link that is not one, and a video whose captions are not saved here.
            runs.append(try ingest("youtube (not YouTube)", ["youtube", "https://vimeo.com/76979871", "--preview"], language))
            runs.append(try ingest("youtube (offline)", ["youtube", "https://youtu.be/dQw4w9WgXcQ", "--preview"], language))
            runs.append(try ingest("qa --baseline (not a report)", ["qa", input.path, "--baseline", baseline.path,
                                                                   "--library", library + "-qa2"], language))
            for run in runs {
                XCTAssertFalse(run.text.isEmpty, "\(language) \(run.label): says nothing")
                let bad = Self.foreign(run.text, language: language)
                XCTAssertTrue(bad.isEmpty, "seed \(Self.seed), --lang \(language), \(run.label) (exit \(run.status)):\n"
                              + bad.joined(separator: "\n"))
            }
            // The error paths were taken (a silent success would check nothing).
            let convert = runs[0].text
            for code in ["pdf.corrupt", "file.empty", "text.binary", "audio.truncated", "sniff.encryptedOffice", "sniff.unknownKind",
                         "zip.truncated", "zip.corrupt", "office.xmlMalformed"] {
                XCTAssertTrue(convert.contains(code), "\(language): \(code) not reached\n\(convert)")
            }
            XCTAssertTrue(runs[3].text.contains("f05.mp3"), "\(language): watch did not read its file\n\(runs[3].text)")
            XCTAssertEqual(runs[5].status, 2, runs[5].text)
            XCTAssertEqual(runs[6].status, 2, runs[6].text)
            XCTAssertTrue(runs[10].text.contains("qa.manifestInvalid"), runs[10].text)
            XCTAssertTrue(runs[14].text.contains("qa.baselineInvalid"), runs[14].text)
            XCTAssertEqual(runs[11].text.components(separatedBy: "worker.badRequest").count - 1, 3, runs[11].text)
        }
    }

    /// A file and a folder the run may not read (EACCES, met as `nobody` when the test runs as
    /// root): the system's words are quoted inside our sentence, in each language.
    func testWhatTheSystemRefusesIsQuoted() throws {
        let input = dir.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: input.appendingPathComponent("sub"), withIntermediateDirectories: true)
        try Data("Un texte privé.".utf8).write(to: input.appendingPathComponent("secret.txt"))
        for (path, mode) in [(dir.url.path, 0o777), (input.path, 0o777), (input.appendingPathComponent("secret.txt").path, 0o000),
                             (input.appendingPathComponent("sub").path, 0o000)] { chmod(path, mode_t(mode)) }
        var prefix: [String] = []
        if geteuid() == 0 {
            guard FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv") else { try missingTool("setpriv is not installed (apt-get install util-linux)") }
            prefix = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
        }
        for language in ["fr", "en"] {
            let base = dir.url.appendingPathComponent("nobody-\(language)")
            try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
            chmod(base.path, 0o777)
            let r = try IngestBinary.run(["convert", input.path, "--out", base.appendingPathComponent("out").path,
                                          "--library", base.appendingPathComponent("library.sqlite").path, "--lang", language],
                                         environment: ["INGEST_CONFIG": "", "XDG_CACHE_HOME": base.appendingPathComponent("cache").path,
                                                       "HOME": base.path],
                                         prefix: prefix, currentDirectory: dir.url)
            let text = r.stdout + r.stderr
            XCTAssertEqual(text.components(separatedBy: "[file.unreadable]").count - 1, 2, "\(language): both refused\n\(text)")
            XCTAssertTrue(text.contains(language == "fr" ? "« Permission denied »" : "“Permission denied”"), text)
            let bad = Self.foreign(text, language: language)
            XCTAssertTrue(bad.isEmpty, "--lang \(language):\n" + bad.joined(separator: "\n"))
        }
    }

    /// The marker check itself: a French sentence with an English fragment is caught, a quoted
    /// C-library detail, a path and a code are not.
    func testTheCheckCatchesAMixedSentence() {
        XCTAssertEqual(Self.foreign("Ce fichier audio (MP3) est tronqué : il s'arrête avant la fin de the first audio frame.", language: "fr").count, 1)
        XCTAssertEqual(Self.foreign("Ce PDF est endommagé (poppler dit : « PDF document is damaged »). [pdf.corrupt] /tmp/the/file.pdf", language: "fr"), [])
        XCTAssertEqual(Self.foreign("This PDF is damaged (poppler says: “Le document est endommagé”).", language: "en"), [])
        XCTAssertEqual(Self.foreign("queue 0 · en lecture 0", language: "en").count, 1)
    }
}
