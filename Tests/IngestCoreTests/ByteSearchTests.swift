import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// The one byte search against the plainest search there is (every start compared), on seeded
/// random bytes from a small alphabet so that near-misses are frequent.
final class ByteSearchTests: XCTestCase {
    static func naiveFirst(_ needle: [UInt8], _ hay: [UInt8], _ range: Range<Int>) -> Int? {
        guard needle.count <= range.count else { return nil }
        return range.lowerBound > range.upperBound - needle.count ? nil
            : (range.lowerBound...(range.upperBound - needle.count)).first { Array(hay[$0..<($0 + needle.count)]) == needle }
    }
    static func naiveLast(_ needle: [UInt8], _ hay: [UInt8], _ range: Range<Int>) -> Int? {
        guard needle.count <= range.count else { return nil }
        return (range.lowerBound...(range.upperBound - needle.count)).last { Array(hay[$0..<($0 + needle.count)]) == needle }
    }

    func testAgreesWithTheNaiveSearch() {
        var random = SeededGenerator(seed: 35)
        for round in 0..<3000 {
            let hay = (0..<Int.random(in: 0...64, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) }
            let needle = (0..<Int.random(in: 1...4, using: &random)).map { _ in UInt8.random(in: 0...2, using: &random) }
            let lower = Int.random(in: 0...hay.count, using: &random)
            let range = lower..<Int.random(in: lower...hay.count, using: &random)
            XCTAssertEqual(ByteSearch.firstIndex(of: needle, in: hay, within: range), Self.naiveFirst(needle, hay, range), "round \(round)")
            XCTAssertEqual(ByteSearch.lastIndex(of: needle, in: hay, within: range), Self.naiveLast(needle, hay, range), "round \(round)")
            XCTAssertEqual(ByteSearch.firstIndex(of: needle, in: hay), Self.naiveFirst(needle, hay, 0..<hay.count), "round \(round)")
        }
    }

    func testAMatchMustEndInsideTheRange() {
        let hay = Array("xx%PDF-1.7".utf8)
        XCTAssertEqual(ByteSearch.firstIndex(of: Array("%PDF-".utf8), in: hay, within: 0..<7), 2)
        XCTAssertNil(ByteSearch.firstIndex(of: Array("%PDF-".utf8), in: hay, within: 0..<6))
        XCTAssertEqual(ByteSearch.lastIndex(of: Array("x".utf8), in: hay), 1)
        XCTAssertNil(ByteSearch.lastIndex(of: Array("%PDF".utf8), in: hay, within: 0..<5))
        // A range past the end is cut to the bytes there are.
        XCTAssertEqual(ByteSearch.firstIndex(of: Array("1.7".utf8), in: hay, within: 4..<100), 7)
    }
}
