/// One MPEG audio frame header (MPEG-1/2/2.5, layers I–III).
struct MPEGFrame: Equatable {
    enum Version: Equatable { case v1, v2, v25 }
    var version: Version
    var layer: Int
    var bitrate: Int        // bits per second
    var sampleRate: Int
    var padding: Bool
    var channelMode: Int    // 3 = mono
    var frameSize: Int
    var samplesPerFrame: Int

    var channels: Int { channelMode == 3 ? 1 : 2 }

    static let bitrates: [[Int]] = [
        [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],  // v1 L1
        [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],     // v1 L2
        [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],      // v1 L3
        [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],     // v2 L1
        [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],          // v2 L2, L3
    ]

    /// Parses the 4 header bytes at `i` of `b`; nil when they are not a usable frame header
    /// (free-format bitrate is refused: its frame size cannot be known from the header).
    static func parse(_ b: [UInt8], at i: Int) -> MPEGFrame? {
        guard i >= 0, i + 4 <= b.count, b[i] == 0xFF, b[i + 1] & 0xE0 == 0xE0 else { return nil }
        let versionBits = (b[i + 1] >> 3) & 3
        let layerBits = (b[i + 1] >> 1) & 3
        let bitrateIndex = Int(b[i + 2] >> 4)
        let rateIndex = Int((b[i + 2] >> 2) & 3)
        guard versionBits != 1, layerBits != 0, bitrateIndex != 0, bitrateIndex != 15, rateIndex != 3 else { return nil }
        let version: Version = versionBits == 3 ? .v1 : versionBits == 2 ? .v2 : .v25
        let layer = 4 - Int(layerBits)
        let table: Int
        switch (version, layer) {
        case (.v1, let l): table = l - 1
        case (_, 1): table = 3
        default: table = 4
        }
        let bitrate = bitrates[table][bitrateIndex - 1] * 1000
        let base = [44100, 48000, 32000][rateIndex]
        let sampleRate = version == .v1 ? base : version == .v2 ? base / 2 : base / 4
        let padding = (b[i + 2] >> 1) & 1 == 1
        let channelMode = Int(b[i + 3] >> 6)
        let samples: Int
        let size: Int
        switch layer {
        case 1:
            samples = 384
            size = (12 * bitrate / sampleRate + (padding ? 1 : 0)) * 4
        case 2:
            samples = 1152
            size = 144 * bitrate / sampleRate + (padding ? 1 : 0)
        default:
            samples = version == .v1 ? 1152 : 576
            size = (version == .v1 ? 144 : 72) * bitrate / sampleRate + (padding ? 1 : 0)
        }
        guard size >= 4 else { return nil }
        return MPEGFrame(version: version, layer: layer, bitrate: bitrate, sampleRate: sampleRate, padding: padding,
                         channelMode: channelMode, frameSize: size, samplesPerFrame: samples)
    }

    /// Same stream: version, layer and sample rate agree (what a following frame must keep).
    func sameStream(_ o: MPEGFrame) -> Bool { version == o.version && layer == o.layer && sampleRate == o.sampleRate }

    /// Offset of the Xing/Info header inside the frame (after the side information).
    var xingOffset: Int {
        if version == .v1 { return 4 + (channels == 1 ? 17 : 32) }
        return 4 + (channels == 1 ? 9 : 17)
    }
}
