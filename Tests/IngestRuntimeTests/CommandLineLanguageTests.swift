import Foundation
import IngestCore
import IngestPipeline
import IngestTestSupport
import XCTest

/// What a person sees of the command line, through the built executable, in French and in
/// English: every usage error exits 2 in the run's language with where the help is (and a
/// "did you mean" when a known name is close), every help page is the catalog's, the internal
/// reader never speaks, an empty input is said and exits 1, a not-ready document says why.
final class CommandLineLanguageTests: XCTestCase {
    var dir: TemporaryDirectory!
    override func setUpWithError() throws { dir = try TemporaryDirectory("cli-language") }
    override func tearDown() { dir.remove() }

    /// Words of our English sentences that no French run may print, and the reverse
    /// (case-sensitive, whole words, not part of a file name such as NAME.expected.txt).
    static let english = ["unknown", "needs", "takes", "Usage", "Help", "did you mean", "must", "cannot", "the", "folders",
                          "Commands", "not ready", "duplicate of", "Nothing", "configuration from", "expected"]
    static let french = ["inconnue", "attend", "tu voulais", "Aide", "Utilisation", "dossier", "doit", "vaut", "valeur",
                         "pas prêt", "doublon", "Rien", "commandes", "des", "les", "une"]

    /// Runs `ingest` in an empty folder (no pipeline.json), the language from the environment.
    func ingest(_ arguments: [String], _ language: MessageLanguage, environment: [String: String] = [:]) throws -> IngestBinary.Result {
        try IngestBinary.run(arguments, environment: ["INGEST_CONFIG": "", "INGEST_LANG": language.rawValue, "LANG": "C"]
                                 .merging(environment) { _, b in b },
                             currentDirectory: dir.url)
    }

    /// `text` speaks `language` only: none of the other language's marker words, once the
    /// arguments echoed back (a file name, a misspelled option) are taken out.
    func assertSpeaks(_ language: MessageLanguage, _ text: String, echoing arguments: [String], _ what: String,
                      file: StaticString = #filePath, line: UInt = #line) {
        var text = text
        for a in arguments.sorted(by: { $0.count > $1.count }) where a.count > 1 { text = text.replacingOccurrences(of: a, with: " ") }
        for word in language == .fr ? Self.english : Self.french {
            let pattern = "(?<![\\p{L}\\-.])" + NSRegularExpression.escapedPattern(for: word) + "(?![\\p{L}])"
            XCTAssertNil(text.range(of: pattern, options: .regularExpression),
                         "\(what) under \(language): «\(word)» in\n\(text)", file: file, line: line)
        }
    }

    func testEveryUsageErrorExitsTwoInTheRunsLanguageAndTheReaderStaysSilent() throws {
        let aFile = try dir.write("a-file.txt", "not a folder")
        let badConfig = try dir.write("bad.json", "{\"nope\": 1}")
        let cases: [[String]] = [
            ["convert", "--frobnicate"], ["convert"], ["convert", "x", "--concurency", "2"], ["convert", "x", "--lang", "de"],
            ["convert", "x", "--concurrency", "-3"], ["convert", "x", "--config", badConfig.path],
            ["convert", "x", "--out", aFile.path], ["convert", "x", "--set", "ocr.pageCap"], ["convert", "x", "--group", "folders"],
            ["convert", "x", "--lesson", "T", "--group", "folder"], ["convert", "x", "--out"],
            ["conver", "x"], ["wach"], ["help", "nothing"], ["help", "conver"], [],
            ["qa"], ["qa", aFile.path], ["qa", dir.url.path, "--expected", "e", "--manifest", "m"],
            ["watch"], ["watch", "a", "b"], ["worker", "--shard", "9"], ["worker", "x"], ["worker", "--plan"],
            ["deliver", "x"], ["deliver", "--all"], ["deliver", "--sink", "jsonl", "--all", "--since", "2026-01-01", "--out", "o"],
            ["config", "--chek", "x"], ["youtube", "--previw"], ["youtube"],
        ]
        for language in MessageLanguage.allCases {
            for arguments in cases {
                let r = try ingest(arguments, language)
                let what = "ingest " + arguments.joined(separator: " ")
                XCTAssertEqual(r.status, 2, "\(what) under \(language): \(r.stderr)")
                XCTAssertFalse(r.stderr.isEmpty, what)
                XCTAssertFalse(r.stderr.contains("_reader"), "\(what): the internal reader spoke: \(r.stderr)")
                XCTAssertFalse(r.stderr.contains("supervisor"), "\(what): \(r.stderr)")
                assertSpeaks(language, r.stderr + r.stdout, echoing: arguments, what)
            }
        }
    }

    func testNearNamesAreSuggested() throws {
        for language in MessageLanguage.allCases {
            let didYouMean = { (name: String) in MessageCatalog.message(.cliDidYouMean, language, ["name": name]) }
            XCTAssertTrue(try ingest(["conver", "x"], language).stderr.contains(didYouMean("convert")))
            XCTAssertTrue(try ingest(["help", "wtch"], language).stderr.contains(didYouMean("watch")))
            XCTAssertTrue(try ingest(["convert", "x", "--concurency", "2"], language).stderr.contains(didYouMean("--concurrency")))
            // Two neighbours swapped are one slip.
            XCTAssertTrue(try ingest(["convert", "x", "--qiuet"], language).stderr.contains(didYouMean("--quiet")))
            // Nothing close: no suggestion, the help named.
            let far = try ingest(["convert", "--frobnicate"], language)
            XCTAssertFalse(far.stderr.contains(didYouMean("").dropLast(3)), far.stderr)
            XCTAssertTrue(far.stderr.contains(MessageCatalog.message(.cliSeeHelp, language, ["help": "ingest help convert"])), far.stderr)
        }
    }

    /// Random misspellings (one insertion, deletion, substitution or swap) of the options each
    /// help page lists, from a fixed seed: each is refused with exit 2 and a known name at one
    /// edit from it suggested.
    func testSeededMisspellingsOfRealOptionsAreCaught() throws {
        var random = SeededGenerator(seed: 0x1_37)
        let letters = Array("abcdefghijklmnopqrstuvwxyz")
        let pages: [(String, ErrorCode)] = [("convert", .cliHelpConvert), ("qa", .cliHelpQa), ("watch", .cliHelpWatch),
                                            ("worker", .cliHelpWorker), ("deliver", .cliHelpDeliver)]
        for (command, page) in pages {
            let help = MessageCatalog.message(page, .en)
            let known = Set(help.matches(of: /--[a-z][a-z-]+/).map { String($0.output) })
            XCTAssertGreaterThan(known.count, 3, command)
            for round in 0..<8 {
                let option = known.sorted()[Int.random(in: 0..<known.count, using: &random)]
                var name = Array(option.dropFirst(2))
                let at = Int.random(in: 0..<name.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: name.insert(letters.randomElement(using: &random)!, at: at)
                case 1 where name.count > 2: name.remove(at: at)
                case 2: name[at] = letters.randomElement(using: &random)!
                default: if at + 1 < name.count { name.swapAt(at, at + 1) } else { name.append("x") }
                }
                let misspelled = "--" + String(name)
                guard !known.contains(misspelled) else { continue }
                let language: MessageLanguage = round % 2 == 0 ? .fr : .en
                let r = try ingest([command, misspelled], language)
                let what = "ingest \(command) \(misspelled) (from \(option), seed 0x137 round \(round))"
                XCTAssertEqual(r.status, 2, what)
                let pattern = language == .fr ? /tu voulais dire (--[a-z-]+) \?/ : /did you mean (--[a-z-]+)\?/
                guard let suggested = r.stderr.firstMatch(of: pattern).map({ String($0.output.1) }) else {
                    XCTFail("\(what): no suggestion in \(r.stderr)"); continue
                }
                XCTAssertLessThanOrEqual(Self.distance(suggested, misspelled), 1, what)
                assertSpeaks(language, r.stderr, echoing: [misspelled], what)
            }
        }
    }

    func testEveryHelpPageIsTheCatalogsInTheRunsLanguage() throws {
        let pages: [(String, ErrorCode)] = [("convert", .cliHelpConvert), ("watch", .cliHelpWatch), ("qa", .cliHelpQa),
                                            ("deliver", .cliHelpDeliver), ("worker", .cliHelpWorker), ("config", .cliHelpConfig),
                                            ("youtube", .cliHelpYouTube), ("help", .cliHelpHelp)]
        for language in MessageLanguage.allCases {
            for (command, code) in pages {
                let expected = MessageCatalog.message(code, language, ["version": Pipeline.version]) + "\n"
                let viaHelp = try ingest(["help", command], language)
                XCTAssertEqual(viaHelp.status, 0, command)
                XCTAssertEqual(viaHelp.stdout, expected, "ingest help \(command) under \(language)")
                assertSpeaks(language, viaHelp.stdout, echoing: [], "ingest help \(command)")
                if command != "help" {
                    let viaFlag = try ingest([command, "--help"], language)
                    XCTAssertEqual(viaFlag.status, 0, command)
                    XCTAssertEqual(viaFlag.stdout, expected, "ingest \(command) --help under \(language)")
                }
            }
            // `--lang` beats the environment.
            let other: MessageLanguage = language == .fr ? .en : .fr
            XCTAssertEqual(try ingest(["help", "qa", "--lang", other.rawValue], language).stdout,
                           MessageCatalog.message(.cliHelpQa, other) + "\n")
            let general = MessageCatalog.message(.cliHelpGeneral, language, ["version": Pipeline.version])
            XCTAssertEqual(try ingest(["help"], language).stdout, general + "\n")
            // `ingest` alone: the help, on standard error, and a usage status.
            let bare = try ingest([], language)
            XCTAssertEqual(bare.status, 2)
            XCTAssertEqual(bare.stderr, general + "\n")
        }
    }

    /// The language follows `--lang`, else the configuration file's messageLanguage, else LANG.
    /// `ingest --lang en COMMAND` as most tools allow: the flag before the command is the
    /// command's own (it was refused as an unknown command).
    func testTheLanguageFlagMayComeBeforeTheCommand() throws {
        for language in MessageLanguage.allCases {
            let other: MessageLanguage = language == .fr ? .en : .fr
            for flag in [["--lang", other.rawValue], ["--lang=\(other.rawValue)"]] {
                let help = try ingest(flag + ["help", "watch"], language)
                XCTAssertEqual(help.status, 0, help.stderr)
                XCTAssertEqual(help.stdout.trimmingCharacters(in: .whitespacesAndNewlines),
                               try ingest(["help", "watch", "--lang", other.rawValue], language).stdout.trimmingCharacters(in: .whitespacesAndNewlines))
                let typo = try ingest(flag + ["conver", "x"], language)
                XCTAssertEqual(typo.status, 2)
                XCTAssertTrue(typo.stderr.contains(MessageCatalog.message(.cliDidYouMean, other, ["name": "convert"])), typo.stderr)
            }
        }
    }

    func testTheRunsLanguageComesFromTheFlagThenTheFileThenTheEnvironment() throws {
        func run(_ arguments: [String], lang: String, config: String?) throws -> String {
            try IngestBinary.run(arguments, environment: ["INGEST_CONFIG": config ?? "", "INGEST_LANG": "", "LC_ALL": "", "LC_MESSAGES": "",
                                                          "LANG": lang], currentDirectory: dir.url).stderr
        }
        let english = try dir.write("en.json", "{\"messageLanguage\": \"en\"}")
        let unknownFr = MessageCatalog.message(.cliUnknownOption, .fr, ["option": "--zzz"])
        let unknownEn = MessageCatalog.message(.cliUnknownOption, .en, ["option": "--zzz"])
        XCTAssertTrue(try run(["convert", "--zzz"], lang: "en_US.UTF-8", config: nil).contains(unknownEn))
        XCTAssertTrue(try run(["convert", "--zzz"], lang: "fr_FR.UTF-8", config: nil).contains(unknownFr))
        XCTAssertTrue(try run(["convert", "--zzz"], lang: "fr_FR.UTF-8", config: english.path).contains(unknownEn))
        XCTAssertTrue(try run(["convert", "--zzz", "--lang", "fr"], lang: "en_US.UTF-8", config: english.path).contains(unknownFr))
        // The configuration a run loads agrees: an empty folder said in English from LANG alone.
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("empty"), withIntermediateDirectories: true)
        let said = try run(["convert", "empty", "--out", "o", "--library", dir.url.appendingPathComponent("lib").path],
                           lang: "en_US.UTF-8", config: nil)
        XCTAssertTrue(said.contains(MessageCatalog.message(.cliEmptyInput, .en, ["paths": "empty"])), said)
    }

    func testAnEmptyInputIsSaidAndExitsOne() throws {
        try FileManager.default.createDirectory(at: dir.url.appendingPathComponent("vide"), withIntermediateDirectories: true)
        try dir.write("cache/.DS_Store", Data([0, 0, 0, 1]))
        try dir.write("cache/.~lock.cours.odt#", "x")
        for language in MessageLanguage.allCases {
            for folder in ["vide", "cache"] {
                let r = try ingest(["convert", folder, "--out", "out-\(folder)", "--library", dir.url.appendingPathComponent("lib").path],
                                   language)
                XCTAssertEqual(r.status, 1, r.stderr)
                XCTAssertTrue(r.stderr.contains(MessageCatalog.message(.cliEmptyInput, language, ["paths": folder])), r.stderr)
                XCTAssertFalse(r.stderr.contains("_reader"), r.stderr)
            }
        }
    }

    /// A short note is not ready and says why — the reason its document records, in the run's
    /// language — on the first run and on re-runs that skip it, on the terminal and in summary.json;
    /// a copy says of what it is a duplicate.
    func testEveryVerdictSaysWhyAlsoOnARerun() throws {
        let note = "Note rapide\n\nRevoir le chapitre 3 pour jeudi."
        try dir.write("in/note.txt", note)
        let lesson = String(repeating: "La photosynthèse transforme la lumière en énergie chimique dans les chloroplastes. ", count: 4)
        try dir.write("in/cours.txt", "La photosynthèse\n\n" + lesson)
        try dir.write("in/copie du cours.txt", "La photosynthèse\n\n" + lesson)
        let library = dir.url.appendingPathComponent("lib").path
        for (run, language) in [MessageLanguage.fr, .en, .fr].enumerated() {
            let r = try ingest(["convert", "in", "--out", "out", "--library", library], language)
            XCTAssertEqual(r.status, 1, r.stderr)
            let document = try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent("out/note.json")))
            let characters = try XCTUnwrap(document["readiness"]?["characters"]?.intValue)
            let reason = MessageCatalog.message(ErrorCode(document["readiness"]?["reason"]?.stringValue ?? ""), language,
                                                ["count": String(characters)])
            let line = MessageCatalog.message(.cliVerdictNotReady, language, ["name": "note.txt", "reason": reason, "output": "note.json"])
            XCTAssertTrue(r.stderr.contains("! " + line), "run \(run) under \(language):\n\(r.stderr)")
            // summary.json keeps it too, in the run's language, when a re-run skips the note.
            let summary = try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent("out/summary.json")))
            let entry = summary["documents"]?.arrayValue?.first { $0["sources"]?[0]?.stringValue == "note.txt" }
            XCTAssertEqual(entry?["status"]?.stringValue, run == 0 ? "succeeded" : "skipped")
            XCTAssertEqual(entry?["readinessReason"]?.stringValue, document["readiness"]?["reason"]?.stringValue)
            XCTAssertEqual(entry?["readinessMessage"]?.stringValue, reason, "run \(run)")
            do {
                // Which of the two is read first is the run's choice; the other names it, also on a re-run.
                let names = ["cours.txt", "copie du cours.txt"]
                let lines = names.indices.map { i in
                    "= " + MessageCatalog.message(.cliVerdictDuplicate, language,
                                                  ["name": names[i], "title": "La photosynthèse", "source": names[1 - i]])
                }
                XCTAssertEqual(lines.filter { r.stderr.contains($0) }.count, 1, r.stderr)
                let summary = try JSONValue.parse(Data(contentsOf: dir.url.appendingPathComponent("out/summary.json")))
                let copy = summary["documents"]?.arrayValue?.first { $0["duplicateOf"] != nil }
                XCTAssertEqual(copy?["duplicateOf"]?["title"]?.stringValue, "La photosynthèse", "run \(run): summary.json keeps what it repeats")
            }
            assertSpeaks(language, r.stderr, echoing: [dir.url.path, "note.txt", "cours.txt", "copie du cours.txt", "La photosynthèse",
                                                       "note.json"], "run \(run)")
        }
    }

    /// The README's two first examples say what a run says: `samples/` ends with 0, and
    /// `examples/pas-pret/` with 1 and the verdict lines the README shows, word for word.
    func testTheReadmesExamplesAreWhatARunSays() throws {
        let root = Corpus.repositoryRoot
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let shown = readme.split(separator: "\n").filter { $0.hasPrefix("  ! note-courte.txt") }.map(String.init)
        XCTAssertEqual(shown.count, 2, "the README shows the not-ready line in French and in English")
        for (language, line) in zip([MessageLanguage.fr, .en], shown) {
            let r = try IngestBinary.run(["convert", "examples/pas-pret", "--out", dir.url.appendingPathComponent("out-\(language)").path,
                                          "--library", dir.url.appendingPathComponent("lib-\(language)").path, "--lang", language.rawValue],
                                         environment: ["INGEST_CONFIG": ""], currentDirectory: root)
            XCTAssertEqual(r.status, 1, r.stderr)
            XCTAssertTrue(r.stderr.split(separator: "\n").contains { $0 == line }, "\(line)\nnot in\n\(r.stderr)")
        }
        let samples = try IngestBinary.run(["convert", "samples", "--out", dir.url.appendingPathComponent("samples").path, "--library",
                                            dir.url.appendingPathComponent("lib-samples").path, "--quiet"],
                                           environment: ["INGEST_CONFIG": ""], currentDirectory: root)
        XCTAssertEqual(samples.status, 0, samples.stderr)
    }

    /// Optimal string alignment distance (as the command line's).
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in stride(from: 1, through: a.count, by: 1) {
            for j in stride(from: 1, through: b.count, by: 1) {
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
