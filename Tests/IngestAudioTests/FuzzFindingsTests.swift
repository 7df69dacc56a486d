import Foundation
import IngestAudio
import IngestCore
import XCTest

/// Inputs scripts/fuzz.sh found (Tests/IngestAudioTests/Fuzz): each once trapped a reader. The
/// first byte is the reader FuzzAudioTags picked (5 = WAV), the rest is the file.
final class FuzzFindingsTests: XCTestCase {
    func testWAVFormatChunkWhoseBitrateOverflowsIsRead() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/wav-fmt-overflow.bin")
        let bytes = Array(try Data(contentsOf: url))
        XCTAssertEqual(bytes.first, 5)
        // It used to trap on `channels × bits × rate`; now it is read (or refused) without a crash.
        let info = try? AudioReader.read(bytes: Array(bytes.dropFirst()), kind: .wav)
        XCTAssertNil(info?.bitrate)
    }
}
