import CHunspell
import Foundation
import Synchronization
import IngestCore

/// A hunspell dictionary (`fr`, `en`), opened once per process and shared: hunspell is opened
/// with dlopen on first use (CHunspell), so only a document with OCR'd or auto-caption text maps
/// it. A hunspell handle is not thread-safe: it is reached only through `state`'s lock.
///
/// A dictionary whose `.aff` says UTF-8 is made without its handle, which is made on the first
/// question (issue 38 item 4): every asker lists all three dictionaries, but a lookup goes on to
/// the next only when the first does not know the word — a French photo's words are all French, and
/// `en_US` and `en_GB` (0.05–0.1 s of CPU per reader process) were loaded for nothing.
public final class SpellDictionary: Sendable {
    public let language: String
    public let name: String
    private struct State {
        /// Made on the first question (`handle`); nil before, and when hunspell made it in
        /// another encoding than the `.aff` declared (it then knows no word).
        var handle: OpaquePointer?
        var opened = false
        /// The words already looked up (a page repeats its words; a lookup costs 5–50 µs).
        var known: [String: Bool] = [:]
        /// The suggestions already made.
        var suggested: [String: [String]] = [:]
    }
    private let state: Mutex<State>
    /// The `.aff` and `.dic` paths, for the handle made on the first question.
    private let files: (aff: String, dic: String)

    /// Where Debian installs hunspell dictionaries; `DICPATH` (hunspell's own variable) first.
    static var searchPath: [String] {
        let env = ProcessInfo.processInfo.environment["DICPATH"].map { $0.split(separator: ":").map(String.init) } ?? []
        return env + ["/usr/share/hunspell", "/usr/share/myspell/dicts"]
    }

    /// The dictionaries a language's words are looked up in: its own first, then the variants
    /// and the other language (a French course quotes English terms, an English one is British
    /// or American).
    public static func names(for language: String) -> [String] {
        switch language {
        case "fr": ["fr_FR", "en_US", "en_GB"]
        case "en": ["en_US", "en_GB", "fr_FR"]
        default: []
        }
    }

    /// The Debian package with a dictionary.
    public static func package(for name: String) -> String {
        switch name {
        case "fr_FR", "fr": "hunspell-fr"
        case "en_GB": "hunspell-en-gb"
        default: "hunspell-en-us"
        }
    }

    private init(language: String, name: String, files: (aff: String, dic: String), handle: sending OpaquePointer?) {
        self.language = language
        self.name = name
        self.files = files
        state = Mutex(State(handle: handle, opened: handle != nil))
    }

    deinit { state.withLock { if let h = $0.handle { Hunspell_destroy(h) } } }

    /// Held while hunspell makes a handle: it sets up a process-wide table unguarded meanwhile
    /// (see `openAhead`), and handles are now made by whoever asks first.
    private static let creating = Mutex(())
    /// Handles made per dictionary name (for tests: a dictionary no word reached has none).
    private static let madeHandles = Mutex<[String: Int]>([:])

    /// The handle, made first if this is the first question; nil when it turned out unusable
    /// (never for Debian's dictionaries: see `open`). Called with `state` held.
    private static func handle(_ s: inout State, files: (aff: String, dic: String), name: String) -> OpaquePointer? {
        if !s.opened {
            s.opened = true
            s.handle = makeHandle(files.aff, files.dic, name: name)
        }
        return s.handle
    }

    /// hunspell's handle for the files, or nil when it is not UTF-8 after all.
    private static func makeHandle(_ aff: String, _ dic: String, name: String) -> sending OpaquePointer? {
        let made: OpaquePointer? = creating.withLock { _ in Hunspell_create(aff, dic) }
        guard let h = made else { return nil }
        madeHandles.withLock { $0[name, default: 0] += 1 }
        guard isUTF8(Hunspell_get_dic_encoding(h).map { String(cString: $0) } ?? "") else {
            Hunspell_destroy(h)
            return nil
        }
        return h
    }

    private static func isUTF8(_ encoding: String) -> Bool {
        encoding.uppercased().replacingOccurrences(of: "-", with: "") == "UTF8"
    }

    /// Makes the handle now (`openAhead`: opened on a core that is idle meanwhile).
    func openHandle() { state.withLock { s in _ = Self.handle(&s, files: files, name: name) } }

    /// Whether the handle was made (for tests).
    var isOpen: Bool { state.withLock { $0.opened } }

    /// How many hunspell handles were made for `name` in this process (for tests).
    static func handlesMade(_ name: String) -> Int { madeHandles.withLock { $0[name] ?? 0 } }

    private static let opened = Mutex<[String: SpellDictionary?]>([:])
    /// How many times each dictionary was opened (once, whoever asked first: for tests).
    private static let openings = Mutex<[String: Int]>([:])
    /// The dictionaries already handed to a background opening (`openAhead`).
    private static let openingAhead = Mutex<Set<String>>([])

    /// Starts opening `names` on a background thread, each at most once per process, so that a
    /// later `shared` finds them open: a PDF's hyphen joining asks for them only after its page
    /// walk (see `WordLookAhead`), when the other core is idle. `shared` asked meanwhile waits
    /// on the same lock and gets the same dictionary (nil when it failed), and its first question
    /// waits for the handle. One thread opens them one after the other: hunspell sets up a
    /// process-wide table unguarded while it opens one (`creating`).
    public static func openAhead(_ names: [String]) {
        let new = openingAhead.withLock { started in
            let new = names.filter { !started.contains($0) }
            started.formUnion(new)
            return new
        }
        guard !new.isEmpty else { return }
        Thread.detachNewThread { for name in new { shared(name)?.openHandle() } }
    }

    /// How many times `name` was opened in this process (0 or 1).
    static func timesOpened(_ name: String) -> Int { openings.withLock { $0[name] ?? 0 } }

    /// The dictionary `name` (`fr_FR`, `en_US`), opened once per process; nil when hunspell or the
    /// dictionary is not installed (the check then relies on OCR confidence alone), or when the
    /// dictionary is not UTF-8 (Debian's fr and en are).
    public static func shared(_ name: String) -> SpellDictionary? {
        opened.withLock { opened in
            if let known = opened[name] { return known }
            let made = open(name)
            openings.withLock { $0[name, default: 0] += 1 }
            opened[name] = made
            return made
        }
    }

    /// A dictionary of its own, not the process's (for tests: `shared`'s may be open already).
    static func unshared(_ name: String) -> SpellDictionary? { open(name) }

    /// Whether hunspell itself can be loaded (libhunspell-1.7.so.0).
    public static var isAvailable: Bool { ingest_hunspell_load() == 1 }

    private static func open(_ name: String) -> SpellDictionary? {
        let fm = FileManager.default
        for dir in searchPath {
            let aff = dir + "/" + name + ".aff", dic = dir + "/" + name + ".dic"
            guard fm.fileExists(atPath: aff), fm.fileExists(atPath: dic) else { continue }
            guard isAvailable else { return nil }
            let language = String(name.prefix(2))
            // Declared UTF-8 as hunspell reads it: the handle waits for the first question.
            if declaredEncoding(aff) == "UTF-8" {
                return SpellDictionary(language: language, name: name, files: (aff, dic), handle: nil)
            }
            // Anything else is asked of hunspell at once, as before.
            guard let h = creating.withLock({ _ in Hunspell_create(aff, dic) }) else { return nil }
            madeHandles.withLock { $0[name, default: 0] += 1 }
            let encoding = Hunspell_get_dic_encoding(h).map { String(cString: $0) } ?? ""
            // Words are passed as UTF-8: a dictionary in another encoding would misjudge every accent.
            guard isUTF8(encoding) else {
                Hunspell_destroy(h)
                continue
            }
            return SpellDictionary(language: language, name: name, files: (aff, dic), handle: h)
        }
        return nil
    }

    /// The encoding an `.aff` file declares, read as hunspell 1.7 reads it (`AffixMgr::parse_file`):
    /// the first line beginning with `SET` (a UTF-8 byte order mark left out of the first line),
    /// its second field (fields split on spaces and tabs); nil when no line declares one.
    static func declaredEncoding(_ aff: String) -> String? {
        guard let data = FileManager.default.contents(atPath: aff) else { return nil }
        var start = data.startIndex
        while start < data.endIndex {
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n")) ?? data.endIndex
            var line = data[start..<end]
            if start == data.startIndex, line.starts(with: [0xEF, 0xBB, 0xBF]) { line = line.dropFirst(3) }
            start = end < data.endIndex ? end + 1 : end
            guard line.starts(with: Array("SET".utf8)) else { continue }
            let fields = line.split(whereSeparator: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r") })
            return fields.count > 1 ? String(decoding: fields[1], as: UTF8.self) : ""
        }
        return nil
    }

    /// True when hunspell accepts `word` as written (its own case rules: `Paris`, `ADN`).
    public func spells(_ word: String) -> Bool {
        state.withLock { s in
            guard let h = Self.handle(&s, files: files, name: name) else { return false }
            if let k = s.known[word] { return k }
            let k = Hunspell_spell(h, word) != 0
            if s.known.count < 200_000 { s.known[word] = k }
            return k
        }
    }

    /// True when `word` is an entry of the dictionary (with its affixes): hunspell finds its stem.
    /// A compound accepted only because hunspell breaks words at hyphens has none (`light-wave`).
    public func hasEntry(_ word: String) -> Bool {
        state.withLock { s in
            guard let h = Self.handle(&s, files: files, name: name) else { return false }
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let n = Hunspell_stem(h, &list, word)
            if n > 0, list != nil { Hunspell_free_list(h, &list, n) }
            return n > 0
        }
    }

    /// hunspell's suggestions (slow: 10–300 ms a word), kept: a word looked up ahead (see
    /// `DoubtFinder.lookUpAhead`) costs nothing the second time.
    public func suggestions(_ word: String) -> [String] {
        state.withLock { s in
            guard let h = Self.handle(&s, files: files, name: name) else { return [] }
            if let known = s.suggested[word] { return known }
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let n = Hunspell_suggest(h, &list, word)
            var out: [String] = []
            if n > 0, list != nil {
                for i in 0..<Int(n) { if let p = list![i] { out.append(String(cString: p)) } }
                Hunspell_free_list(h, &list, n)
            }
            if s.suggested.count < 20_000 { s.suggested[word] = out }
            return out
        }
    }

    /// The suggestions kept for `word`, nil when it was never looked up (for tests).
    func keptSuggestions(_ word: String) -> [String]? {
        state.withLock { $0.suggested[word] }
    }
}
