import IngestCore

/// Locality-sensitive hashing of MinHash sketches: 128 bins are cut into 32 bands of 4, and two
/// sketches sharing a band are candidates. A pair at Jaccard J shares a given band with
/// probability J⁴: at 0.8 (the near threshold) two bands or more with p > 0.99999; at 0.5 one
/// band or more with p ≈ 0.87; unrelated texts in one language (J ≈ 0.1) one band in 32 with
/// p ≈ 0.3 %.
enum SketchBands {
    static let rowsPerBand = 4
    /// Bands are cut from the sketch folded to 128 bins (`Fingerprinter.folded`): sketches of 128
    /// bins, written before sketches had 512, keep their bands, and the index its size.
    static let bins = 128

    /// The key of each band that says something (a band whose bins are all empty does not: short
    /// texts leave bins empty). A key is the band's number and values hashed to 32 bits: SQLite
    /// stores it in 4 bytes, and a rare collision only adds a candidate, scored and let go.
    static func keys(_ sketch: [UInt32]) -> [Int64] {
        guard let sketch = Fingerprinter.folded(sketch, to: min(bins, sketch.count)) else { return [] }
        var keys: [Int64] = []
        keys.reserveCapacity(sketch.count / rowsPerBand)
        for start in stride(from: 0, to: sketch.count, by: rowsPerBand) {
            let band = sketch[start..<min(start + rowsPerBand, sketch.count)]
            if band.allSatisfy({ $0 == .max }) { continue }
            var h: UInt64 = 0xcbf29ce484222325 ^ UInt64(start)
            for v in band { h = (h ^ UInt64(v)) &* 0x100000001b3 }
            // FNV's multiply carries only upwards: fold the high half into the low one.
            h ^= h >> 29
            h = h &* 0xbf58476d1ce4e5b9
            h ^= h >> 32
            keys.append(Int64(Int32(truncatingIfNeeded: h)))
        }
        return keys
    }

    /// `SketchOverlap(a, b)` with `b` read in place from its stored form (little-endian values,
    /// as `Library.encode` writes them): every candidate of every look-up is scored, sixteen bins
    /// at a time.
    static func overlap(_ a: [UInt32], stored b: UnsafeRawBufferPointer) -> SketchOverlap {
        guard b.count == a.count * 4 else {
            // A sketch of another size (128 bins, from before): folded, the slow way.
            return SketchOverlap(a, Library.decode(b))
        }
        guard !a.isEmpty else { return SketchOverlap(shared: 0, onlyFirst: 0, onlySecond: 0) }
        return a.withUnsafeBufferPointer { a in
            var shared = 0, onlyFirst = 0, onlySecond = 0
            var i = 0
            // The vector loads read host order: little-endian hosts only (Debian's amd64, arm64).
            if 1.littleEndian == 1 {
                let empty = SIMD16<UInt32>(repeating: .max), zero = SIMD16<UInt32>(repeating: 0)
                var sameLanes = zero, firstLanes = zero, secondLanes = zero
                let rawA = UnsafeRawPointer(a.baseAddress!), rawB = b.baseAddress!
                while i + 16 <= a.count {
                    let x = rawA.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt32>.self)
                    let y = rawB.loadUnaligned(fromByteOffset: i * 4, as: SIMD16<UInt32>.self)
                    sameLanes &+= zero.replacing(with: 1, where: (x .== y) .& (x .!= empty))
                    firstLanes &+= zero.replacing(with: 1, where: x .< y)
                    secondLanes &+= zero.replacing(with: 1, where: y .< x)
                    i += 16
                }
                shared = Int(sameLanes.wrappedSum())
                onlyFirst = Int(firstLanes.wrappedSum())
                onlySecond = Int(secondLanes.wrappedSum())
            }
            while i < a.count {
                let x = a[i], y = UInt32(littleEndian: b.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self))
                if x == y { if x != .max { shared += 1 } } else if x < y { onlyFirst += 1 } else { onlySecond += 1 }
                i += 1
            }
            return SketchOverlap(shared: shared, onlyFirst: onlyFirst, onlySecond: onlySecond)
        }
    }
}

/// A document's signature for the index's first cut (b-bit minwise hashing): the low 4 bits of
/// each of its sketch's 128 folded bins, 64 bytes kept in the band table by rowid. Two documents'
/// signatures agree in a bin when their minima are the same (probability J, their similarity) or by
/// chance (1/16 of the others), so 128 bins estimate J to ± 0.047 (one standard deviation, at 0.5).
/// A candidate whose estimate is `margin` (0.25, five deviations) under the threshold is let go
/// without reading its row: in a large library, most candidates of a new document are texts in
/// the same language sharing one common band (J ≈ 0.1), and each row read is a B-tree descent into
/// pages no earlier look-up touched.
struct SketchSignature: Equatable {
    var words: SIMD8<UInt64>
    static let margin = 0.25
    /// Bins whose 4 bits agree by chance, of those whose minima differ.
    private static let chance = 1.0 / 16

    init(words: SIMD8<UInt64>) { self.words = words }

    /// Nil for a sketch that does not fold to 128 bins (empty, or of another size).
    init?(_ sketch: [UInt32]) {
        guard let bins = Fingerprinter.folded(sketch, to: SketchBands.bins), bins.count == SketchBands.bins else { return nil }
        var words = SIMD8<UInt64>(repeating: 0)
        for (i, value) in bins.enumerated() { words[i / 16] |= UInt64(value & 0xF) << UInt64(4 * (i % 16)) }
        // All zeros means "none" in the table (a slot never written): such a signature is not kept.
        guard words != SIMD8(repeating: 0) else { return nil }
        self.words = words
    }

    /// The bins whose 4 bits agree.
    func agreeing(_ other: SketchSignature) -> Int {
        let x = words ^ other.words
        var differing = 0
        for lane in 0..<8 {
            var t = x[lane] | x[lane] >> 1
            t |= t >> 2
            differing += (t & 0x1111_1111_1111_1111).nonzeroBitCount
        }
        return SketchBands.bins - differing
    }

    /// The similarity (Jaccard index) the two signatures estimate.
    func estimatedSimilarity(_ other: SketchSignature) -> Double {
        (Double(agreeing(other)) / Double(SketchBands.bins) - Self.chance) / (1 - Self.chance)
    }

    /// Whether a document of this signature may be `threshold` similar to one of `other`.
    func mayReach(_ threshold: Double, _ other: SketchSignature) -> Bool {
        threshold - Self.margin <= 0 || estimatedSimilarity(other) >= threshold - Self.margin
    }
}
