import CHunspell
import Foundation
import Synchronization
import IngestCore

/// A hunspell dictionary (`fr`, `en`), opened once per process and shared: hunspell is opened
/// with dlopen on first use (CHunspell), so only a document with OCR'd or auto-caption text maps
/// it. A hunspell handle is not thread-safe: it is reached only through `state`'s lock.
public final class SpellDictionary: Sendable {
    public let language: String
    public let name: String
    private struct State {
        let handle: OpaquePointer
        /// The words already looked up (a page repeats its words; a lookup costs 5–50 µs).
        var known: [String: Bool] = [:]
        /// The suggestions already made.
        var suggested: [String: [String]] = [:]
    }
    private let state: Mutex<State>

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

    private init(language: String, name: String, handle: sending OpaquePointer) {
        self.language = language
        self.name = name
        state = Mutex(State(handle: handle))
    }

    deinit { state.withLock { Hunspell_destroy($0.handle) } }

    private static let opened = Mutex<[String: SpellDictionary?]>([:])
    /// How many times each dictionary was opened (once, whoever asked first: for tests).
    private static let openings = Mutex<[String: Int]>([:])
    /// The dictionaries already handed to a background opening (`openAhead`).
    private static let openingAhead = Mutex<Set<String>>([])

    /// Starts opening `names` on a background thread, each at most once per process, so that a
    /// later `shared` finds them open: a PDF's hyphen joining asks for them only after its page
    /// walk (see `WordLookAhead`), when the other core is idle. `shared` asked meanwhile waits
    /// on the same lock and gets the same dictionary (nil when it failed). One thread opens them
    /// one after the other: hunspell sets up a process-wide table unguarded while it opens one.
    public static func openAhead(_ names: [String]) {
        let new = openingAhead.withLock { started in
            let new = names.filter { !started.contains($0) }
            started.formUnion(new)
            return new
        }
        guard !new.isEmpty else { return }
        Thread.detachNewThread { for name in new { _ = shared(name) } }
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

    /// Whether hunspell itself can be loaded (libhunspell-1.7.so.0).
    public static var isAvailable: Bool { ingest_hunspell_load() == 1 }

    private static func open(_ name: String) -> SpellDictionary? {
        let fm = FileManager.default
        for dir in searchPath {
            let aff = dir + "/" + name + ".aff", dic = dir + "/" + name + ".dic"
            guard fm.fileExists(atPath: aff), fm.fileExists(atPath: dic) else { continue }
            guard isAvailable, let h = Hunspell_create(aff, dic) else { return nil }
            let encoding = Hunspell_get_dic_encoding(h).map { String(cString: $0) } ?? ""
            // Words are passed as UTF-8: a dictionary in another encoding would misjudge every accent.
            guard encoding.uppercased().replacingOccurrences(of: "-", with: "") == "UTF8" else {
                Hunspell_destroy(h)
                continue
            }
            return SpellDictionary(language: String(name.prefix(2)), name: name, handle: h)
        }
        return nil
    }

    /// True when hunspell accepts `word` as written (its own case rules: `Paris`, `ADN`).
    public func spells(_ word: String) -> Bool {
        state.withLock { s in
            if let k = s.known[word] { return k }
            let k = Hunspell_spell(s.handle, word) != 0
            if s.known.count < 200_000 { s.known[word] = k }
            return k
        }
    }

    /// True when `word` is an entry of the dictionary (with its affixes): hunspell finds its stem.
    /// A compound accepted only because hunspell breaks words at hyphens has none (`light-wave`).
    public func hasEntry(_ word: String) -> Bool {
        state.withLock { s in
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let n = Hunspell_stem(s.handle, &list, word)
            if n > 0, list != nil { Hunspell_free_list(s.handle, &list, n) }
            return n > 0
        }
    }

    /// hunspell's suggestions (slow: 10–300 ms a word), kept: a word looked up ahead (see
    /// `DoubtFinder.lookUpAhead`) costs nothing the second time.
    public func suggestions(_ word: String) -> [String] {
        state.withLock { s in
            if let known = s.suggested[word] { return known }
            var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
            let n = Hunspell_suggest(s.handle, &list, word)
            var out: [String] = []
            if n > 0, list != nil {
                for i in 0..<Int(n) { if let p = list![i] { out.append(String(cString: p)) } }
                Hunspell_free_list(s.handle, &list, n)
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
