import Foundation

/// SPEC §6: what a fingerprint is computed on. Case folded, accents and punctuation removed,
/// whitespace collapsed, so the same chapter as PDF or `.docx`, or under another name, matches.
public enum ContentKey {
    /// The normalized content key of a text: ASCII in a fast path, other letters folded through a
    /// table built once from Foundation's case and diacritic folding.
    public static func of(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            // Written straight into the result's storage. A folded letter is at most 4 bytes long
            // for the 2 to 4 bytes it replaces, plus one space per word: 2× the input suffices.
            String(unsafeUninitializedCapacity: bytes.count * 2 + 16) { write(bytes, into: $0) }
        }
    }

    /// The key's UTF-8 bytes, without making a String of them (the fingerprint only counts,
    /// hashes and shingles them; a String would validate them once more).
    public static func bytes(of text: String) -> [UInt8] {
        var text = text
        return text.withUTF8 { bytes in
            [UInt8](unsafeUninitializedCapacity: bytes.count * 2 + 16) { out, count in count = write(bytes, into: out) }
        }
    }

    /// Writes the key of `bytes` (valid UTF-8) into `out`; returns its length.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
        var writer = Writer()
        return writer.write(bytes, into: out)
    }

    /// Calls `body` with the key of `text` piece by piece, through one buffer of a few dozen
    /// kilobytes: a long book's key is never held whole. The pieces joined are exactly `of(text)`.
    public static func forEachPiece(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = text
        text.withUTF8 { bytes in
            let chunk = 32 * 1024
            // 2× the input suffices (see `of`).
            let out = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: min(bytes.count, chunk + 4) * 2 + 16)
            defer { out.deallocate() }
            var writer = Writer()
            var start = 0
            while start < bytes.count {
                var end = min(bytes.count, start + chunk)
                // Cut on a scalar boundary: the writer's only state across pieces is spacing.
                while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end += 1 }
                let n = writer.write(UnsafeBufferPointer(rebasing: bytes[start..<end]), into: out)
                if n > 0 { body(UnsafeBufferPointer(rebasing: out[..<n])) }
                start = end
            }
        }
    }

    /// The key writer and the state it carries from one piece of text to the next.
    struct Writer {
        /// A separator was seen since the last letter: a space is due before the next one.
        var pendingSpace = false
        /// Some key byte was written (in this piece or an earlier one): no leading space.
        var started = false

        /// Writes the key of `bytes` (valid UTF-8, cut on scalar boundaries) into `out`; returns
        /// its length.
        mutating func write(_ bytes: UnsafeBufferPointer<UInt8>, into out: UnsafeMutableBufferPointer<UInt8>) -> Int {
            let started = self.started
            var pendingSpace = self.pendingSpace
            let n = ContentKey.asciiKey.withUnsafeBufferPointer { ascii in
                var n = 0
                var i = 0
                while i < bytes.count {
                    let b = bytes[i]
                    if b < 0x80 {
                        i += 1
                        let c = ascii[Int(b)]
                        if c != 0 {
                            if pendingSpace { if n > 0 || started { out[n] = 0x20; n += 1 }; pendingSpace = false }
                            out[n] = c; n += 1
                            // The rest of a lower-case word, eight bytes at a time: stored whole, the
                            // count advanced by the length of its run of [a-z0-9].
                            while i + 8 <= bytes.count, n + 8 <= out.count {
                                let w = UnsafeRawPointer(bytes.baseAddress! + i).loadUnaligned(as: UInt64.self)
                                let k = ContentKey.lowerAlphanumericPrefix(w)
                                UnsafeMutableRawPointer(out.baseAddress! + n).storeBytes(of: w, as: UInt64.self)
                                n += k
                                i += k
                                if k < 8 { break }
                            }
                        } else {
                            pendingSpace = true
                        }
                        continue
                    }
                    // Decode one multi-byte scalar (the input is valid UTF-8: it is a Swift String).
                    let length = b >= 0xF0 ? 4 : (b >= 0xE0 ? 3 : 2)
                    var v = UInt32(b) & (length == 2 ? 0x1F : (length == 3 ? 0x0F : 0x07))
                    for k in 1..<length where i + k < bytes.count { v = v << 6 | UInt32(bytes[i + k] & 0x3F) }
                    i += length
                    guard let s = Unicode.Scalar(v) else { pendingSpace = true; continue }
                    switch ContentKey.folded(s) {
                    case .separator: pendingSpace = true
                    case .drop: continue
                    case .letters(let letters):
                        guard n + letters.count + 1 < out.count else { continue }
                        if pendingSpace { if n > 0 || started { out[n] = 0x20; n += 1 }; pendingSpace = false }
                        for l in letters { out[n] = l; n += 1 }
                    }
                }
                return n
            }
            self.pendingSpace = pendingSpace
            if n > 0 { self.started = true }
            return n
        }
    }

    /// How many of the word's bytes (in memory order) are a-z or 0-9 before the first that is
    /// not (SWAR range tests, as `Normalizer.visibleASCIIPrefix`).
    @inline(__always) static func lowerAlphanumericPrefix(_ w: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        let lower = (w &+ ones &* (0x80 - 0x61)) & ~(w &+ ones &* (0x80 - 0x7B))
        let digit = (w &+ ones &* (0x80 - 0x30)) & ~(w &+ ones &* (0x80 - 0x3A))
        let ok = (lower | digit) & ~w & highs
        return (~ok & highs).trailingZeroBitCount >> 3
    }

    /// ASCII letters and digits as they appear in the key (lower case); 0 for a separator.
    static let asciiKey: [UInt8] = (0..<128).map { (v: Int) -> UInt8 in
        switch v {
        case 0x41...0x5A: return UInt8(v + 0x20)
        case 0x61...0x7A, 0x30...0x39: return UInt8(v)
        default: return 0
        }
    }

    enum Folded: Sendable { case separator, drop, letters([UInt8]) }

    /// Folding of U+0080–U+024F (Latin-1 and Latin Extended), computed once; other scalars are
    /// folded when met.
    static let table: [Folded] = (0x80..<0x250).map { v in
        guard let s = Unicode.Scalar(UInt32(v)) else { return .separator }
        return fold(s)
    }

    @inline(__always) static func folded(_ s: Unicode.Scalar) -> Folded {
        let v = Int(s.value)
        if v < 0x250 { return table[v - 0x80] }
        // Common typography is punctuation: no need to ask Foundation.
        if (0x2000...0x206F).contains(v) || (0x3000...0x303F).contains(v) { return .separator }
        return fold(s)
    }

    static func fold(_ s: Unicode.Scalar) -> Folded {
        let p = s.properties
        if p.generalCategory == .nonspacingMark || p.generalCategory == .enclosingMark || p.generalCategory == .spacingMark {
            return .drop
        }
        guard p.isAlphabetic || p.numericType != nil else { return .separator }
        switch s {
        case "œ", "Œ": return .letters(Array("oe".utf8))
        case "æ", "Æ": return .letters(Array("ae".utf8))
        case "ß", "ẞ": return .letters(Array("ss".utf8))
        default: break
        }
        let f = String(s).folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var bytes: [UInt8] = []
        for u in f.unicodeScalars {
            let q = u.properties
            if q.generalCategory == .nonspacingMark || q.generalCategory == .enclosingMark { continue }
            bytes.append(contentsOf: Array(String(u).utf8))
        }
        return bytes.isEmpty ? .drop : .letters(bytes)
    }

    /// The title key: the content key of a title with a file extension removed.
    public static func title(_ title: String) -> String {
        var t = title
        let ext = (t as NSString).pathExtension.lowercased()
        if !ext.isEmpty, ext.count <= 5, Sniffer.kindsForExtension[ext] != nil { t = (t as NSString).deletingPathExtension }
        return of(t.replacingOccurrences(of: "_", with: " "))
    }
}

/// A digest fed piece by piece. The pipeline gives SHA-256 (IngestDigest); this module stays
/// free of C.
public protocol StreamingDigest: AnyObject {
    func update(_ bytes: UnsafeRawBufferPointer)
    /// The digest as text (hex for SHA-256). The object is not used afterwards.
    func finalizeHex() -> String
}

/// The fingerprint and its near-duplicate sketch. The digest is injected (SHA-256 in the
/// pipeline) so this module stays free of C.
public enum Fingerprinter {
    /// Bins of a sketch. The similarity's standard error is about √(J(1 − J) / bins): 0.035 at
    /// 0.8 with 128 bins, which took a revision (true Jaccard 0.77) for a near-duplicate at 0.83
    /// (bench/neardup/RESULTS.md); 0.018 with 512. A bin is `hash & (bins − 1)`, so a sketch
    /// folds exactly into one of fewer bins (`folded`).
    public static let sketchSize = 512
    static let shingleLength = 5

    /// The fingerprint of a text: the digest and sketch of its content key, fed piece by piece
    /// (a book's key is never held whole). A key shorter than `minCharacters` gets no sketch (too
    /// few shingles to estimate a similarity) and matches equal short texts only; no key at all
    /// (nothing read) is identified by `sourceBytes`, the digest of the sources' bytes, so two
    /// different recordings without transcript are never one document. The title is never the
    /// basis: documents that share only a title are listed as possible duplicates, not withheld.
    public static func make(text: String, title: String, minCharacters: Int, sourceBytes: String,
                            digest makeDigest: () -> any StreamingDigest) -> Fingerprint {
        let titleKey = ContentKey.title(title)
        let content = makeDigest()
        var sketcher = Sketcher()
        // Byte length, not `count`: the key is nearly all ASCII after folding.
        var length = 0
        ContentKey.forEachPiece(of: text) { piece in
            content.update(UnsafeRawBufferPointer(piece))
            sketcher.add(piece)
            length += piece.count
        }
        if length == 0 {
            let bytes = makeDigest()
            Array(("source-bytes:" + sourceBytes).utf8).withUnsafeBytes { bytes.update($0) }
            return Fingerprint(value: bytes.finalizeHex(), basis: .sourceBytes, titleKey: titleKey)
        }
        if length < minCharacters {
            return Fingerprint(value: content.finalizeHex(), basis: .shortContent, titleKey: titleKey)
        }
        return Fingerprint(value: content.finalizeHex(), basis: .content, titleKey: titleKey, sketch: sketcher.finish())
    }

    /// One-permutation MinHash over character 5-grams of the content key: each shingle is hashed
    /// once and lands in one of `sketchSize` bins, which keep their minimum. Character shingles are
    /// robust to OCR noise that breaks words; one hash per shingle keeps it cheap on long texts.
    public static func sketch(_ key: String) -> [UInt32] {
        var key = key
        return key.withUTF8(sketch(bytes:))
    }

    /// The sketch of a key given as its UTF-8 bytes.
    static func sketch(bytes b: UnsafeBufferPointer<UInt8>) -> [UInt32] {
        var sketcher = Sketcher()
        sketcher.add(b)
        return sketcher.finish()
    }

    /// The sketch built over a key given in pieces: the shingle window runs across them.
    struct Sketcher {
        private var mins = [UInt32](repeating: .max, count: sketchSize)
        private var window: UInt64 = 0
        private var position = 0

        mutating func add(_ b: UnsafeBufferPointer<UInt8>) {
            var window = self.window, position = self.position
            mins.withUnsafeMutableBufferPointer { m in
                // The shingle itself (5 bytes) is the key: a rolling window, then one mix per shingle.
                for i in 0..<b.count {
                    window = (window << 8 | UInt64(b[i])) & 0xFF_FFFF_FFFF
                    position += 1
                    guard position >= shingleLength else { continue }
                    var h = window &* 0x9E3779B97F4A7C15
                    h = (h ^ (h >> 30)) &* 0xbf58476d1ce4e5b9
                    h = (h ^ (h >> 27)) &* 0x94d049bb133111eb
                    h ^= h >> 31
                    let bin = Int(h & UInt64(sketchSize - 1))
                    let v = UInt32(truncatingIfNeeded: h >> 32)
                    if v < m[bin] { m[bin] = v }
                }
            }
            self.window = window
            self.position = position
        }

        /// The bins' minima; empty when the key is shorter than one shingle.
        func finish() -> [UInt32] { position >= shingleLength ? mins : [] }
    }

    /// The similarity of two sketches: the estimated Jaccard index of their shingle sets
    /// (`SketchOverlap.jaccard`; 0 when either is empty).
    public static func similarity(_ a: [UInt32], _ b: [UInt32]) -> Double {
        SketchOverlap(a, b).jaccard
    }

    /// The sketch `sketch` would be with `bins` bins (a power of two, at most its size): bin i
    /// keeps the minimum of the bins i, i + bins, i + 2·bins… (they hold the shingles whose hash
    /// ends like i's). Nil when the sizes do not fold.
    public static func folded(_ sketch: [UInt32], to bins: Int) -> [UInt32]? {
        guard bins > 0, bins <= sketch.count, sketch.count % bins == 0, bins & (bins - 1) == 0 else { return nil }
        guard bins < sketch.count else { return sketch }
        var out = Array(sketch[0..<bins])
        for i in bins..<sketch.count where sketch[i] < out[i & (bins - 1)] { out[i & (bins - 1)] = sketch[i] }
        return out
    }

    /// Two sketches at one size, the larger folded to the smaller; nil when they do not fold.
    static func sameSize(_ a: [UInt32], _ b: [UInt32]) -> ([UInt32], [UInt32])? {
        if a.count > b.count { return folded(a, to: b.count).map { ($0, b) } }
        return folded(b, to: a.count).map { (a, $0) }
    }
}
