import Foundation

/// What kind of thing an English noun names, read from Princeton WordNet's noun files (Debian `wordnet-base`,
/// `/usr/share/wordnet`): the lexicographer file of the noun's first sense — WordNet's 26 top kinds of nouns
/// (`noun.person`, `noun.artifact`, `noun.act`, `noun.state`…; its senses are ordered by how often they are used).
/// `index.noun` is sorted by lemma and gives each sense's synset as a byte offset into `data.noun`, whose line
/// there holds the lexicographer file's number: a lookup is a binary search and one read, on the files mapped
/// into memory the first time a sheet asks (`shared` is made on first use), never parsed whole. A missing file
/// answers nil for every word, and the sign that asks (DefinitionSigns.swift) abstains.
struct NounKinds: Sendable {
    /// WordNet's lexicographer files of nouns (`lexnames`), by number.
    enum Kind: UInt8, Sendable {
        case tops = 3, act, animal, artifact, attribute, body, cognition, communication, event, feeling, food, group, location,
             motive, object, person, phenomenon, plant, possession, process, quantity, relation, shape, state, substance, time
    }

    private let index: Data
    private let data: Data

    /// This machine's WordNet, mapped on first use.
    static let shared = NounKinds(wordNet: URL(fileURLWithPath: "/usr/share/wordnet"))

    init(wordNet: URL) {
        index = (try? Data(contentsOf: wordNet.appendingPathComponent("index.noun"), options: .alwaysMapped)) ?? Data()
        data = (try? Data(contentsOf: wordNet.appendingPathComponent("data.noun"), options: .alwaysMapped)) ?? Data()
    }

    /// The kind of the first sense of `word` (lower-cased; a plural is read as its singular: `customers` → `customer`),
    /// nil when WordNet has no such noun.
    func kind(_ word: String) -> Kind? { kinds(word, senses: 1).first }

    /// The kinds of the first `senses` senses of `word`, in WordNet's order (empty when WordNet has no such noun).
    func kinds(_ word: String, senses: Int = .max) -> [Kind] {
        let w = word.lowercased()
        guard !w.isEmpty, !index.isEmpty else { return [] }
        if let k = lookUp(Array(w.utf8), senses) { return k }
        for (end, base) in Lexicon.nounEndings where w.count > end.count + 1 && w.hasSuffix(end) {
            if let k = lookUp(Array((String(w.dropLast(end.count)) + base).utf8), senses) { return k }
        }
        return []
    }

    /// Binary search of `index.noun` (lines `lemma pos synset_cnt p_cnt [ptr…] sense_cnt tagsense_cnt offset…`; its licence's
    /// lines open with spaces and sort first), then the lexicographer files of the first offsets' lines of `data.noun`.
    private func lookUp(_ key: [UInt8], _ senses: Int) -> [Kind]? {
        index.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> [Kind]? in
            let bytes = raw.bindMemory(to: UInt8.self)
            var lo = 0, hi = bytes.count
            while lo < hi {
                let mid = (lo + hi) / 2
                var start = mid
                while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
                var end = start
                while end < bytes.count, bytes[end] != 0x0A { end += 1 }
                var i = start, j = 0, order = 0
                while order == 0 {
                    let a: Int = i < end && bytes[i] != 0x20 ? Int(bytes[i]) : -1
                    let b: Int = j < key.count ? Int(key[j]) : -1
                    if a == -1, b == -1 { break }
                    order = a < b ? -1 : a > b ? 1 : 0
                    i += 1; j += 1
                }
                if order == 0 { return kinds(ofLine: bytes[start..<end], senses) }
                if order < 0 { lo = end + 1 } else { hi = start }
            }
            return nil
        }
    }

    /// The synset offsets of an index line (after the pointers and the two sense counts), each read in `data.noun`.
    private func kinds(ofLine line: Slice<UnsafeBufferPointer<UInt8>>, _ senses: Int) -> [Kind] {
        let fields = line.split(separator: 0x20)
        guard fields.count > 4, let pointers = Int(String(decoding: fields[3], as: UTF8.self)) else { return [] }
        let first = 4 + pointers + 2
        guard first < fields.count else { return [] }
        return fields[first...].prefix(senses).compactMap { Int(String(decoding: $0, as: UTF8.self)).flatMap(kind(at:)) }
    }

    /// The lexicographer file of the synset at `offset` in `data.noun`.
    private func kind(at offset: Int) -> Kind? {
        data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) -> Kind? in
            let bytes = raw.bindMemory(to: UInt8.self)
            // `offset lex_filenum ss_type…`: the two digits after the first space.
            var i = offset
            while i < bytes.count, bytes[i] != 0x20 { i += 1 }
            guard i + 2 < bytes.count else { return nil }
            let d0 = Int(bytes[i + 1]) - 0x30, d1 = Int(bytes[i + 2]) - 0x30
            guard (0...9).contains(d0), (0...9).contains(d1) else { return nil }
            return Kind(rawValue: UInt8(d0 * 10 + d1))
        }
    }
}
