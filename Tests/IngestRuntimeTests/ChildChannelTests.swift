import Foundation
import Glibc
@testable import IngestRuntime
import IngestTestSupport
import XCTest

/// The framed channel between processes: frames of any size cross whole and in order, sent from
/// several parts without a copy, large ones read straight into their payload; a peer that goes
/// away in the middle of a frame is a closed channel, not a hang or a short frame.
final class ChildChannelTests: XCTestCase {
    func pair() throws -> (ChildChannel, ChildChannel) {
        let (a, b) = try ChildChannel.pair()
        return (ChildChannel(fd: a), ChildChannel(fd: b))
    }

    func bytes(_ count: Int, seed: UInt64) -> Data {
        var rng = SeededGenerator(seed: seed)
        let words = (0..<(count / 8 + 1)).map { _ in rng.next() }
        return words.withUnsafeBytes { Data($0.prefix(count)) }
    }

    func testFramesOfEverySizeCrossWholeAndInOrder() throws {
        let (sender, receiver) = try pair()
        var rng = SeededGenerator(seed: 3)
        // Sizes around the direct-read threshold, empty parts, many parts.
        let frames: [[Data]] = (0..<40).map { i in
            let size = [0, 1, 4_000, ChildChannel.directBytes - 6, ChildChannel.directBytes, 3 << 20][i % 6] + Int.random(in: 0...9, using: &rng)
            let cut = Int.random(in: 0...size, using: &rng)
            let whole = bytes(size, seed: UInt64(i))
            return [whole.prefix(cut), Data(), whole.dropFirst(cut)]
        }
        let done = DispatchSemaphore(value: 0)
        Thread {
            for parts in frames { XCTAssertTrue(sender.send(.recognize, parts: parts)) }
            done.signal()
        }.start()
        for (i, parts) in frames.enumerated() {
            guard case .frame(let f) = receiver.receive(timeout: 30) else { return XCTFail("frame \(i) did not come") }
            XCTAssertEqual(f.kind, .recognize)
            XCTAssertEqual(f.payload, parts.reduce(Data(), +), "frame \(i)")
        }
        done.wait()
    }

    /// A frame says its length in 4 bytes: a larger payload is refused whole, never cut or trapped.
    func testAPayloadBeyondFourGigabytesIsRefused() throws {
        let (sender, receiver) = try pair()
        var byte: UInt8 = 0
        // Never read: the length is checked first (5 GB are not allocated for this test).
        let claimed = withUnsafeMutablePointer(to: &byte) { Data(bytesNoCopy: $0, count: 5 << 30, deallocator: .none) }
        XCTAssertFalse(sender.send(.recognize, parts: [Data([1, 2]), claimed]))
        XCTAssertTrue(sender.send(.recognized, Data([9])))
        guard case .frame(let f) = receiver.receive(timeout: 5) else { return XCTFail("the next frame did not come") }
        XCTAssertEqual(f.payload, Data([9]), "nothing of the refused frame was sent")
    }

    func testAPeerGoneInTheMiddleOfALargeFrameClosesTheChannel() throws {
        let (a, b) = try ChildChannel.pair()
        let receiver = ChildChannel(fd: b)
        // A header announcing 4 MB, then 1 MB of it, then the end.
        var head: [UInt8] = [Frame.Kind.recognized.rawValue]
        let n = UInt32(4 << 20)
        for i in 0..<4 { head.append(UInt8((n >> (8 * UInt32(i))) & 0xFF)) }
        let part = head + [UInt8](repeating: 7, count: 1 << 20)
        Thread {
            _ = part.withUnsafeBytes { Glibc.send(a, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            close(a)
        }.start()
        guard case .closed = receiver.receive(timeout: 30) else { return XCTFail("a cut frame was not a closed channel") }
    }
}
