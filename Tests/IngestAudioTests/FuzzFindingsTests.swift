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

    func testLyrics3TagFoundByTheFuzzerIsReadWithoutACrash() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fuzz/mp3-lyrics3-crash.bin")
        let bytes = Array(try Data(contentsOf: url))
        XCTAssertEqual(bytes.first, 0)
        // A Lyrics3 v2 block whose field `EAR` claims size "-0004" (Int parses the sign): it used
        // to trap on the range; now the block's fields end there. The file (no audio frame) is
        // refused by name or read, never a crash.
        do { _ = try AudioReader.read(bytes: Array(bytes.dropFirst()), kind: .mp3) } catch let e as IngestError {
            XCTAssertFalse(e.code.rawValue.isEmpty)
        }
    }
}
