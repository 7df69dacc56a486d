import IngestTestSupport
import XCTest
@testable import IngestQuality

final class LevenshteinTests: XCTestCase {
    /// The textbook table, the reference the fast algorithm is held to.
    static func naive(_ a: [UInt32], _ b: [UInt32]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count), current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    static func distance(_ a: [UInt32], _ b: [UInt32], firstBand: Int, sparse: Bool) -> Int {
        a.withUnsafeBufferPointer { pa in
            b.withUnsafeBufferPointer { pb in Levenshtein.distance(pa, pb, firstBand: firstBand, sparse: sparse) }
        }
    }

    /// A random sequence over `alphabet` symbols (a small alphabet makes matches, and so long
    /// diagonals and ties, frequent).
    static func sequence(_ count: Int, alphabet: UInt32, _ rng: inout SeededGenerator) -> [UInt32] {
        (0..<count).map { _ in UInt32.random(in: 0..<alphabet, using: &rng) }
    }

    /// `s` with about `rate` of its symbols substituted, deleted or doubled.
    static func mutated(_ s: [UInt32], rate: Double, alphabet: UInt32, _ rng: inout SeededGenerator) -> [UInt32] {
        var out: [UInt32] = []
        for c in s {
            let r = Double.random(in: 0..<1, using: &rng)
            if r < rate / 3 { continue }
            if r < 2 * rate / 3 { out.append(UInt32.random(in: 0..<alphabet, using: &rng)); continue }
            out.append(c)
            if r < rate { out.append(UInt32.random(in: 0..<alphabet, using: &rng)) }
        }
        return out
    }

    func testGolden() {
        func d(_ a: String, _ b: String) -> Int {
            Levenshtein.distance(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value))
        }
        XCTAssertEqual(d("", ""), 0)
        XCTAssertEqual(d("", "abc"), 3)
        XCTAssertEqual(d("abc", ""), 3)
        XCTAssertEqual(d("kitten", "sitting"), 3)
        XCTAssertEqual(d("flaw", "lawn"), 2)
        XCTAssertEqual(d("été", "ete"), 2)
        XCTAssertEqual(d("a", "b"), 1)
        XCTAssertEqual(d("a", "a"), 0)
        XCTAssertEqual(d(String(repeating: "a", count: 200), String(repeating: "b", count: 130)), 200)
        // A high scalar (the dictionary path of the alphabet).
        XCTAssertEqual(d("x\u{10FFFD}y\u{1F600}", "\u{1F600}x\u{10FFFD}y"), 2)
    }

    /// Property: equal to the table on ≥ 2,000 random pairs, with lengths around the block size
    /// (63, 64, 65, 128) and empty ones, dense and sparse masks, wide and very narrow first bands.
    func testMatchesNaiveOnRandomPairs() {
        let seed: UInt64 = 0x1E7E_5417
        var rng = SeededGenerator(seed: seed)
        let interesting = [0, 1, 2, 31, 63, 64, 65, 127, 128, 129, 191, 192, 193, 255, 256, 257]
        var checked = 0
        for round in 0..<2_400 {
            let alphabet = [2, 3, 4, 26, 300][round % 5]
            let m: Int, n: Int
            switch round % 4 {
            case 0: m = interesting.randomElement(using: &rng)!; n = interesting.randomElement(using: &rng)!
            case 1: m = Int.random(in: 0...140, using: &rng); n = Int.random(in: 0...140, using: &rng)
            default: m = Int.random(in: 0...300, using: &rng); n = -1
            }
            let a = Self.sequence(m, alphabet: UInt32(alphabet), &rng)
            let b = n >= 0 ? Self.sequence(n, alphabet: UInt32(alphabet), &rng)
                : Self.mutated(a, rate: [0.02, 0.1, 0.3][round % 3], alphabet: UInt32(alphabet), &rng)
            let expected = Self.naive(a, b)
            XCTAssertEqual(Levenshtein.distance(a, b), expected, "seed \(seed) round \(round) m \(a.count) n \(b.count)")
            let band = [1, 2, 7, 64][round % 4]
            let sparse = round % 2 == 0
            XCTAssertEqual(Self.distance(a, b, firstBand: band, sparse: sparse), expected,
                           "seed \(seed) round \(round) band \(band) sparse \(sparse)")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 2_000)
    }

    /// Longer similar pairs, where the narrow passes and the pruned pass really cut the table.
    func testMatchesNaiveOnLongSimilarPairs() {
        let seed: UInt64 = 0xB10C_4
        var rng = SeededGenerator(seed: seed)
        for round in 0..<40 {
            let alphabet = UInt32([4, 40][round % 2])
            let a = Self.sequence(Int.random(in: 500...1_500, using: &rng), alphabet: alphabet, &rng)
            var b = Self.mutated(a, rate: [0.01, 0.05, 0.2, 0.5][round % 4], alphabet: alphabet, &rng)
            if round % 5 == 0 { b = Array(b[(b.count / 3)...] + b[..<(b.count / 3)]) }  // a moved block
            let expected = Self.naive(a, b)
            for band in [1, 16, 256] {
                XCTAssertEqual(Self.distance(a, b, firstBand: band, sparse: round % 3 == 0), expected,
                               "seed \(seed) round \(round) band \(band)")
            }
        }
    }

    /// Property of each pass: the banded one is an upper bound, exact when within its bound; the
    /// pruned one is exact whenever the distance is within its bound.
    func testPassesBoundTheDistance() {
        let seed: UInt64 = 0x9A55
        var rng = SeededGenerator(seed: seed)
        for round in 0..<400 {
            var a = Self.sequence(Int.random(in: 1...400, using: &rng), alphabet: 4, &rng)
            var b = Self.mutated(a, rate: 0.15, alphabet: 4, &rng)
            if b.isEmpty { b = [0] }
            if a.count > b.count { swap(&a, &b) }
            let expected = Self.naive(a, b)
            let bound = b.count - a.count + Int.random(in: 0...(2 * expected + 10), using: &rng)
            let (banded, pruned) = Levenshtein.passes(a, b, bound: bound)
            XCTAssertGreaterThanOrEqual(banded, expected, "seed \(seed) round \(round)")
            if banded <= bound { XCTAssertEqual(banded, expected, "seed \(seed) round \(round)") }
            if expected <= bound { XCTAssertEqual(pruned, expected, "seed \(seed) round \(round) bound \(bound)") }
        }
    }

    func testCommonPrefixAndSuffixAndSymmetry() {
        var rng = SeededGenerator(seed: 77)
        for _ in 0..<200 {
            let core1 = Self.sequence(Int.random(in: 0...90, using: &rng), alphabet: 5, &rng)
            let core2 = Self.sequence(Int.random(in: 0...90, using: &rng), alphabet: 5, &rng)
            let prefix = Self.sequence(Int.random(in: 0...100, using: &rng), alphabet: 5, &rng)
            let suffix = Self.sequence(Int.random(in: 0...100, using: &rng), alphabet: 5, &rng)
            let d = Self.naive(core1, core2)
            XCTAssertEqual(Levenshtein.distance(prefix + core1 + suffix, prefix + core2 + suffix), d)
            XCTAssertEqual(Levenshtein.distance(core2, core1), d)
        }
    }
}
