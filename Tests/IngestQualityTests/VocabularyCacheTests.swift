import Foundation
import IngestTestSupport
import XCTest
@testable import IngestQuality
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

final class VocabularyCacheTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vocabulary-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    // MARK: - Fixtures

    /// SplitMix64: the same words on every run.
    struct Seeded {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ n: Int) -> Int { Int(next() % UInt64(n)) }
    }

    static let letters = Array("abcdeéèêëfghiîïjklmnoôpqrstuùûvwxyzçœæABCÉÈDEFÇ")

    static func randomWords(_ n: Int, seed: UInt64) -> [String] {
        var rng = Seeded(state: seed)
        return (0..<n).map { _ in
            var word = String((0..<(1 + rng.below(9))).map { _ in letters[rng.below(letters.count)] })
            switch rng.below(12) {
            case 0: word += "'" + String(letters[rng.below(26)])
            case 1: word += "-" + String(letters[rng.below(26)]) + String(letters[rng.below(26)])
            default: break
            }
            return word
        }
    }

    static let fixed = ["école", "École", "élève", "Paris", "aujourd'hui", "AA's", "être", "été", "Straße", "naïve",
                        "cafe\u{301}", "œuvre", "Ὀδυσσεύς", "ǅemal", "à", "a", "eleve", "ecole"]

    /// Three lists: UTF-8 with CRLF lines, ISO-8859-1, and one of repeats.
    func writeLists() throws -> [String] {
        let one = folder.appendingPathComponent("one.txt"), two = folder.appendingPathComponent("two.latin1")
        let three = folder.appendingPathComponent("three.txt")
        try (Self.fixed + Self.randomWords(3000, seed: 1)).joined(separator: "\r\n").write(to: one, atomically: true, encoding: .utf8)
        try Data(["café", "naïve", "déjà", "Noël", "garçon", "hôtel"].joined(separator: "\n").unicodeScalars.map { UInt8($0.value) })
            .write(to: two)
        try (Self.randomWords(500, seed: 1) + Self.randomWords(800, seed: 2)).joined(separator: "\n")
            .write(to: three, atomically: true, encoding: .utf8)
        return [one.path, two.path, three.path]
    }

    var cacheFolder: String { folder.appendingPathComponent("cache").path }

    func cache(_ paths: [String], in directory: String? = nil) -> VocabularyCache {
        VocabularyCache(directory: directory ?? cacheFolder, language: "fr", paths: paths)!
    }

    func load(_ paths: [String], cacheDirectory: String? = nil) -> Vocabulary? {
        Vocabulary(language: "fr", paths: paths, cacheDirectory: cacheDirectory ?? cacheFolder)
    }

    /// Words to ask about: the lists' own, their stripped and upper-case forms, and random ones.
    static func probes(_ words: [String], seed: UInt64) -> [String] {
        let random = randomWords(2000, seed: seed)
        return words + words.map { Accents.strip($0) } + words.map { $0.uppercased() } + random
            + random.map { Accents.strip($0) } + ["", "'", "xyzzy"]
    }

    func assertSameAnswers(_ cached: Vocabulary, _ built: Vocabulary, probes: [String],
                           file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(cached.count, built.count, file: file, line: line)
        XCTAssertEqual(cached.language, built.language, file: file, line: line)
        XCTAssertTrue(cached.table.parts == built.table.parts, "word tables differ", file: file, line: line)
        let a = cached.accents.index(for: cached.table), b = built.accents.index(for: built.table)
        XCTAssertTrue(a.stripped.parts == b.stripped.parts, "accent tables differ", file: file, line: line)
        XCTAssertTrue(a.target == b.target, "accent targets differ", file: file, line: line)
        var differences = 0
        for word in probes {
            if cached.contains(word) != built.contains(word) || cached.accentedForm(of: word[...]) != built.accentedForm(of: word[...]) {
                differences += 1
                if differences <= 5 { XCTFail("answers differ for \(word.debugDescription)", file: file, line: line) }
            }
        }
        XCTAssertEqual(differences, 0, file: file, line: line)
    }

    func bytes(of path: String) -> [UInt8]? {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) }
    }

    func files(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted()
    }

    // MARK: - Tests

    func testCachedTablesAnswerLikeBuiltOnes() throws {
        let paths = try writeLists()
        let built = try XCTUnwrap(Vocabulary(language: "fr", paths: paths))
        XCTAssertFalse(built.loadedFromCache)
        let cold = try XCTUnwrap(load(paths))
        XCTAssertFalse(cold.loadedFromCache)
        let cachePath = cache(paths).path
        XCTAssertTrue(FileManager.default.fileExists(atPath: cachePath))
        // Written by rename: no temporary file left beside it.
        XCTAssertEqual(files(in: cacheFolder), [URL(fileURLWithPath: cachePath).lastPathComponent])
        let warm = try XCTUnwrap(load(paths))
        XCTAssertTrue(warm.loadedFromCache)
        let probes = Self.probes(Self.fixed + Self.randomWords(3000, seed: 1) + Self.randomWords(800, seed: 2), seed: 3)
        assertSameAnswers(warm, built, probes: probes)
        assertSameAnswers(cold, built, probes: probes)
        // The fixture's own checks, on the cached tables.
        for word in ["école", "ÉCOLE", "paris", "aujourd", "hui", "aa", "s", "café", "noël", "straße"] {
            XCTAssertTrue(warm.contains(word), word)
        }
        XCTAssertEqual(warm.accentedForm(of: "Eleve"), nil)   // `eleve` is itself in the list
        XCTAssertEqual(warm.accentedForm(of: "garcon"), "garçon")
        XCTAssertEqual(warm.accentedForm(of: "deja"), "déjà")
        XCTAssertEqual(warm.accentedForm(of: "etre"), "être")
    }

    func testChangedListIsBuiltAgain() throws {
        let paths = try writeLists()
        XCTAssertFalse(try XCTUnwrap(load(paths)).loadedFromCache)
        XCTAssertTrue(try XCTUnwrap(load(paths)).loadedFromCache)

        // Another modification time, to the nanosecond.
        try setModificationTime(paths[0], seconds: 1_600_000_000, nanoseconds: 0)
        XCTAssertFalse(try XCTUnwrap(load(paths)).loadedFromCache)
        XCTAssertTrue(try XCTUnwrap(load(paths)).loadedFromCache)
        try setModificationTime(paths[0], seconds: 1_600_000_000, nanoseconds: 1)
        XCTAssertFalse(try XCTUnwrap(load(paths)).loadedFromCache)
        XCTAssertTrue(try XCTUnwrap(load(paths)).loadedFromCache)

        // Other content.
        try (Self.fixed + ["zyzzyva"]).joined(separator: "\n").write(toFile: paths[0], atomically: false, encoding: .utf8)
        let changed = try XCTUnwrap(load(paths))
        XCTAssertFalse(changed.loadedFromCache)
        XCTAssertTrue(changed.contains("zyzzyva"))
        let again = try XCTUnwrap(load(paths))
        XCTAssertTrue(again.loadedFromCache)
        assertSameAnswers(again, try XCTUnwrap(Vocabulary(language: "fr", paths: paths)), probes: Self.probes(Self.fixed + ["zyzzyva"], seed: 4))

        // Same size and time, another file (another inode): other content of the same length.
        let original = try FileManager.default.attributesOfItem(atPath: paths[2])
        let replacement = paths[2] + ".new"
        let text = try String(contentsOfFile: paths[2], encoding: .utf8)
        try String(text.reversed()).write(toFile: replacement, atomically: false, encoding: .utf8)
        let stamp = VocabularyCache.Stamp(path: paths[2])
        try setModificationTime(replacement, seconds: Int(stamp.seconds), nanoseconds: Int(stamp.nanoseconds))
        XCTAssertEqual(rename(replacement, paths[2]), 0)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: paths[2])[.size] as? Int, original[.size] as? Int)
        let swapped = try XCTUnwrap(load(paths))
        XCTAssertFalse(swapped.loadedFromCache)
        assertSameAnswers(swapped, try XCTUnwrap(Vocabulary(language: "fr", paths: paths)), probes: Self.probes(Self.randomWords(200, seed: 2), seed: 5))

        // A list that was missing and is there now.
        let later = folder.appendingPathComponent("later.txt").path
        XCTAssertFalse(try XCTUnwrap(load(paths + [later])).loadedFromCache)
        XCTAssertTrue(try XCTUnwrap(load(paths + [later])).loadedFromCache)
        XCTAssertFalse(try XCTUnwrap(load(paths + [later])).contains("quokka"))
        try "quokka".write(toFile: later, atomically: false, encoding: .utf8)
        let grown = try XCTUnwrap(load(paths + [later]))
        XCTAssertFalse(grown.loadedFromCache)
        XCTAssertTrue(grown.contains("quokka"))

        // No list at all: nothing, and no cache written.
        let none = [folder.appendingPathComponent("none.txt").path]
        XCTAssertNil(load(none))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cache(none).path))
    }

    func testDamagedCacheFilesAreBuiltAgain() throws {
        let paths = try writeLists()
        let built = try XCTUnwrap(Vocabulary(language: "fr", paths: paths))
        XCTAssertNotNil(load(paths))
        let cache = cache(paths)
        let valid = try XCTUnwrap(bytes(of: cache.path))
        let probes = Self.probes(Self.fixed + Self.randomWords(300, seed: 1), seed: 6)
        var rng = Seeded(state: 7)
        var damaged: [(String, [UInt8])] = []

        let d = cache.descriptorsOffset
        for length in [0, 1, 7, 8, 40, 47, 48, d - 1, d, d + 40, d + 72, d + 80, valid.count / 2, valid.count - 8, valid.count - 1] {
            damaged.append(("truncated to \(length)", Array(valid.prefix(length))))
        }
        damaged.append(("grown by 8 zero bytes", valid + [UInt8](repeating: 0, count: 8)))
        for length in [1, 48, 100, 4096, valid.count] {
            damaged.append(("\(length) random bytes", (0..<length).map { _ in UInt8(truncatingIfNeeded: rng.next()) }))
            // With a valid magic, version and byte-order mark: random from the fingerprint on.
            damaged.append(("\(length) random bytes after a valid start",
                            Array(valid.prefix(16)) + (16..<max(16, length)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }))
        }
        for position in [9, 16, 30, 36, 44, 60, d + 3, d + 100, valid.count / 2, valid.count - 3] {
            var flipped = valid
            flipped[position] ^= 0x10
            damaged.append(("byte \(position) flipped", flipped))
        }
        // A header lying about lengths, with a checksum that agrees: the lengths themselves are checked.
        func lie(_ what: String, at offset: Int, _ value: UInt64, width: Int = 8) {
            var file = valid
            file.withUnsafeMutableBytes { raw in
                if width == 8 { raw.storeBytes(of: value, toByteOffset: offset, as: UInt64.self) }
                else { raw.storeBytes(of: UInt32(truncatingIfNeeded: value), toByteOffset: offset, as: UInt32.self) }
            }
            VocabularyCache.seal(&file)
            damaged.append(("lying: " + what, file))
        }
        let words = built.table.parts
        lie("source count", at: 40, 1 << 31, width: 4)
        lie("path length", at: VocabularyCache.headerSize + 32, 1 << 30, width: 4)
        lie("byte count huge", at: d, .max)
        lie("byte count + 8", at: d, UInt64(words.bytes.count + 8))
        lie("byte count - 1", at: d, UInt64(words.bytes.count - 1))
        lie("start count huge", at: d + 8, 1 << 40)
        lie("start count - 1", at: d + 8, UInt64(words.starts.count - 1))
        lie("slot count * 2", at: d + 16, UInt64(words.slots.count * 2))
        lie("slot count 0", at: d + 16, 0)
        lie("index bits", at: d + 24, UInt64(words.indexBits + 1), width: 4)
        lie("index bits 40", at: d + 24, 40, width: 4)
        lie("distinct words", at: d + 28, UInt64(words.count + 1), width: 4)
        lie("stripped byte count", at: d + 32, .max / 2)
        lie("stripped distinct words", at: d + 60, .max, width: 4)
        lie("target count", at: d + 64, 1 << 62)
        lie("target count + 1", at: d + 64, UInt64(built.accents.index(for: built.table).target.count + 1))
        var wrongLength = valid
        wrongLength.withUnsafeMutableBytes { $0.storeBytes(of: UInt64(valid.count + 8), toByteOffset: 24, as: UInt64.self) }
        damaged.append(("file length field", wrongLength))

        // Tables that are consistent in length but could not have been built: rejected for what
        // they hold (a lookup would read out of bounds, or never end), checksum or not.
        let index = built.accents.index(for: built.table)
        let stripped = index.stripped.parts
        func hostile(_ what: String, words w: VocabularyCache.Parts = words, stripped s: VocabularyCache.Parts = stripped,
                     target: [UInt32] = index.target) {
            damaged.append(("hostile: " + what, cache.encode(w, s, target: target)))
        }
        var t = words
        t.slots = t.slots.map { _ in .max }
        hostile("every slot past the words", words: t)
        t = words
        t.slots = t.slots.map { _ in 1 }
        t.count = t.slots.count
        hostile("every slot full", words: t)
        t = words
        t.slots = t.slots.map { $0 == 0 ? 1 : $0 }
        hostile("no empty slot, count as before", words: t)
        t = words
        t.slots[t.slots.firstIndex(of: 0)!] = UInt32(t.starts.count)   // index + 1 = stored + 1
        t.count += 1
        hostile("a slot one past the last word", words: t)
        t = words
        t.starts.swapAt(10, 20)
        hostile("starts out of order", words: t)
        t = words
        t.starts[t.starts.count - 1] += 1
        hostile("last start past the bytes", words: t)
        t = words
        t.starts[0] = 1
        hostile("first start not 0", words: t)
        t = words
        t.starts = []
        hostile("no starts", words: t)
        t = words
        t.indexBits += 1
        hostile("index bits", words: t)
        t = words
        t.count -= 1
        hostile("distinct count", words: t)
        var s = stripped
        s.slots = s.slots.map { $0 | 0xFFFF }
        hostile("stripped slots", stripped: s)
        hostile("a target past the words", target: index.target.map { _ in UInt32(words.starts.count - 1) })
        hostile("a target missing", target: Array(index.target.dropLast()))
        // Sanity: the same encoding of the real tables is a good cache.
        let good = cache.encode(words, stripped, target: index.target)
        XCTAssertTrue(good == valid, "encoding the real tables again gives another file")

        for (what, content) in damaged {
            XCTAssertTrue(FileManager.default.createFile(atPath: cache.path, contents: Data(content)), what)
            let rebuilt = try XCTUnwrap(load(paths), what)
            XCTAssertFalse(rebuilt.loadedFromCache, what)
            XCTAssertEqual(rebuilt.count, built.count, what)
            XCTAssertTrue(rebuilt.contains("aujourd"), what)
            XCTAssertEqual(rebuilt.accentedForm(of: "garcon"), "garçon", what)
            // Written over with a good one.
            XCTAssertTrue(try XCTUnwrap(bytes(of: cache.path), what) == valid, what)
            XCTAssertTrue(try XCTUnwrap(load(paths), what).loadedFromCache, what)
        }
        assertSameAnswers(try XCTUnwrap(load(paths)), built, probes: probes)

        // Not a regular file: a FIFO (must not hang), a folder (cannot be renamed over).
        try FileManager.default.removeItem(atPath: cache.path)
        XCTAssertEqual(mkfifo(cache.path, 0o644), 0)
        XCTAssertFalse(try XCTUnwrap(load(paths)).loadedFromCache)
        XCTAssertTrue(try XCTUnwrap(load(paths)).loadedFromCache)
        try FileManager.default.removeItem(atPath: cache.path)
        try FileManager.default.createDirectory(atPath: cache.path + "/inside", withIntermediateDirectories: true)
        let beside = try XCTUnwrap(load(paths))
        XCTAssertFalse(beside.loadedFromCache)
        assertSameAnswers(beside, built, probes: probes)
        XCTAssertEqual(files(in: cacheFolder), [cache.fileName])   // no temporary file left
    }

    func testUnwritableCacheFolderWorksWithoutCache() throws {
        let paths = try writeLists()
        let built = try XCTUnwrap(Vocabulary(language: "fr", paths: paths))
        let probes = Self.probes(Self.fixed + Self.randomWords(300, seed: 1), seed: 8)
        let plainFile = folder.appendingPathComponent("plain").path
        try "not a folder".write(toFile: plainFile, atomically: false, encoding: .utf8)
        var unwritable = [plainFile, plainFile + "/below"]
        if getuid() != 0 {   // root writes in a read-only folder all the same
            let readOnly = folder.appendingPathComponent("read-only").path
            try FileManager.default.createDirectory(atPath: readOnly, withIntermediateDirectories: true)
            XCTAssertEqual(chmod(readOnly, 0o555), 0)
            unwritable += [readOnly, readOnly + "/below"]
        }
        defer { _ = chmod(folder.appendingPathComponent("read-only").path, 0o755) }
        for directory in unwritable {
            for _ in 0..<2 {
                let v = try XCTUnwrap(load(paths, cacheDirectory: directory), directory)
                XCTAssertFalse(v.loadedFromCache, directory)
                assertSameAnswers(v, built, probes: probes)
            }
        }
        XCTAssertEqual(try String(contentsOfFile: plainFile, encoding: .utf8), "not a folder")
        // A language that cannot name a file: no cache either.
        let odd = try XCTUnwrap(Vocabulary(language: "../fr", paths: paths, cacheDirectory: cacheFolder))
        XCTAssertFalse(odd.loadedFromCache)
        XCTAssertEqual(odd.count, built.count)
        XCTAssertEqual(files(in: cacheFolder), [])
    }

    func testConcurrentLoadsShareOneGoodFile() throws {
        let paths = try writeLists()
        let built = try XCTUnwrap(Vocabulary(language: "fr", paths: paths))
        let counts = LockedCounts(), directory = cacheFolder
        DispatchQueue.concurrentPerform(iterations: 6) { _ in
            counts.add(Vocabulary(language: "fr", paths: paths, cacheDirectory: directory)?.count ?? -1)
        }
        XCTAssertEqual(counts.values, Array(repeating: built.count, count: 6))
        XCTAssertEqual(files(in: cacheFolder), [cache(paths).fileName])
        XCTAssertTrue(try XCTUnwrap(load(paths)).loadedFromCache)
    }

    final class LockedCounts: @unchecked Sendable {
        private let lock = NSLock()
        private var list: [Int] = []
        func add(_ value: Int) { lock.lock(); list.append(value); lock.unlock() }
        var values: [Int] { lock.lock(); defer { lock.unlock() }; return list }
    }

    func testCacheFolderAndFileNames() {
        XCTAssertEqual(Vocabulary.cacheDirectory(environment: ["XDG_CACHE_HOME": "/x/cache", "HOME": "/home/u"]), "/x/cache/ingest")
        XCTAssertEqual(Vocabulary.cacheDirectory(environment: ["XDG_CACHE_HOME": "relative", "HOME": "/home/u"]), "/home/u/.cache/ingest")
        XCTAssertEqual(Vocabulary.cacheDirectory(environment: ["XDG_CACHE_HOME": "", "HOME": "/home/u"]), "/home/u/.cache/ingest")
        XCTAssertNil(Vocabulary.cacheDirectory(environment: [:]))
        XCTAssertEqual(VocabularyCache.fileName(language: "fr", paths: Vocabulary.files(forLanguage: "fr")!), "vocabulary-fr-v1.bin")
        XCTAssertEqual(VocabularyCache.fileName(language: "en", paths: Vocabulary.files(forLanguage: "en")!), "vocabulary-en-v1.bin")
        let other = VocabularyCache.fileName(language: "fr", paths: ["/tmp/a"])
        XCTAssertNotNil(other)
        XCTAssertNotEqual(other, VocabularyCache.fileName(language: "fr", paths: ["/tmp/b"]))
        XCTAssertTrue(other?.hasPrefix("vocabulary-fr-") == true && other?.hasSuffix("-v1.bin") == true)
        for bad in ["", "FR", "../fr", "f r", "fr/x", String(repeating: "a", count: 40)] {
            XCTAssertNil(VocabularyCache.fileName(language: bad, paths: ["/tmp/a"]), bad)
        }
    }

    /// Debian's French list (wfrench): the cached tables are the built ones.
    func testRealFrenchList() throws {
        let path = "/usr/share/dict/french"
        guard FileManager.default.isReadableFile(atPath: path) else {
            try missingTool("/usr/share/dict/french missing (apt-get install wfrench)")
        }
        let built = try XCTUnwrap(Vocabulary(language: "fr", paths: [path]))
        XCTAssertFalse(try XCTUnwrap(load([path])).loadedFromCache)
        let warm = try XCTUnwrap(load([path]))
        XCTAssertTrue(warm.loadedFromCache)
        XCTAssertGreaterThan(warm.count, 300_000)
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n").map(String.init)
        let sample = stride(from: 0, to: lines.count, by: 97).map { lines[$0] }
        assertSameAnswers(warm, built, probes: Self.probes(sample, seed: 9))
        XCTAssertTrue(warm.contains("aujourd"))
        XCTAssertEqual(warm.accentedForm(of: "ecole"), "école")
        XCTAssertEqual(warm.accentedForm(of: "Francais"), "français")
    }

    // MARK: - Helpers

    func setModificationTime(_ path: String, seconds: Int, nanoseconds: Int) throws {
        var times = [timespec(tv_sec: seconds, tv_nsec: nanoseconds), timespec(tv_sec: seconds, tv_nsec: nanoseconds)]
        guard utimensat(AT_FDCWD, path, &times, 0) == 0 else { throw TestSetupFailure("utimensat \(path): errno \(errno)") }
    }
}
