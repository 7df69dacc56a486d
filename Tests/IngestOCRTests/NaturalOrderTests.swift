import Foundation
import IngestCore
import IngestTestSupport
import XCTest

final class NaturalOrderTests: XCTestCase {
    func names(_ list: [String]) -> [String] {
        naturalOrder(list.map { URL(fileURLWithPath: "/tmp/\($0)") }).map(\.lastPathComponent)
    }

    func testNumbersCompareAsNumbers() {
        XCTAssertEqual(names(["IMG_10.jpg", "IMG_2.jpg", "IMG_1.jpg"]), ["IMG_1.jpg", "IMG_2.jpg", "IMG_10.jpg"])
        XCTAssertEqual(names(["page 100.png", "page 20.png", "page 3.png"]), ["page 3.png", "page 20.png", "page 100.png"])
        XCTAssertEqual(names(["b.png", "A.png", "a2.png", "a10.png"]), ["A.png", "a2.png", "a10.png", "b.png"])
        XCTAssertEqual(names(["x99999999999999999999999.jpg", "x100000000000000000000000.jpg"]),
                       ["x99999999999999999999999.jpg", "x100000000000000000000000.jpg"])
    }

    func testOrderIsTotalAndStable() {
        var g = SeededGenerator(seed: 42)
        let alphabet = Array("ab01_9. ")
        for _ in 0..<300 {
            let list = (0..<6).map { _ in String((0..<Int.random(in: 1...6, using: &g)).map { _ in alphabet.randomElement(using: &g)! }) }
            let once = names(list)
            XCTAssertEqual(names(once.reversed()), once, "\(list)")
            for (a, b) in zip(once, once.dropFirst()) { XCTAssertFalse(NaturalOrder.less(b, a), "\(a) \(b)") }
        }
    }
}
