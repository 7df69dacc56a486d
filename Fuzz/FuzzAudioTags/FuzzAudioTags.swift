// libFuzzer target: our own tag and stream readers (ID3v1/v2, MPEG frames, FLAC, Ogg/Opus, MP4,
// WAV, AIFF) on bytes in memory. The first byte picks the reader, the rest is the file. TagLib is
// not reached (it reads WMA and WavPack only, and is not ours). Built by scripts/fuzz.sh.
import Foundation
import FuzzSupport
import IngestAudio
import IngestCore

@main enum Main { static func main() { FuzzDriver.run { data, size in fuzzAudioTags(data ?? UnsafePointer(bitPattern: 1)!, size) } } }

func fuzzAudioTags(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1 else { return 0 }
    let kinds: [SourceKind] = [.mp3, .flac, .ogg, .opus, .m4a, .wav, .aiff]
    let kind = kinds[Int(data[0]) % kinds.count]
    let bytes = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    _ = try? AudioReader.read(bytes: bytes, kind: kind, coverMaxBytes: 1 << 20)
    return 0
}
