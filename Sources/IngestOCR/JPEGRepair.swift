import Foundation

/// A JPEG with a few stray bytes between two segments (an editor's padding, a bad EXIF writer):
/// libjpeg warns "extraneous bytes before marker" and reads on, as Pillow and ImageMagick do,
/// but leptonica gives up on any warning. The same file without those bytes is what they read.
enum JPEGRepair {
    /// `data` without the bytes found between segments where a marker was due; nil when there
    /// were none (or the file is not a JPEG).
    static func withoutStrayBytes(_ data: Data) -> Data? {
        let b = [UInt8](data)
        guard b.count > 4, b[0] == 0xFF, b[1] == 0xD8 else { return nil }
        var out: [UInt8] = [0xFF, 0xD8]
        out.reserveCapacity(b.count)
        var i = 2, removed = 0
        while i < b.count {
            guard b[i] == 0xFF else {
                // Not a marker where one is due: skip to the next 0xFF.
                let next = b[i...].firstIndex(of: 0xFF) ?? b.count
                removed += next - i
                i = next
                continue
            }
            guard i + 1 < b.count else { break }
            let marker = b[i + 1]
            if marker == 0xFF { i += 1; continue }   // fill byte
            if marker == 0x00 { removed += 2; i += 2; continue }   // not a marker: stray bytes too
            if marker == 0xD9 { out += [0xFF, 0xD9]; i += 2; break }
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { out += [0xFF, marker]; i += 2; continue }
            guard i + 3 < b.count else { break }
            let length = Int(b[i + 2]) << 8 | Int(b[i + 3])
            guard length >= 2, i + 2 + length <= b.count else { break }
            out += b[i..<(i + 2 + length)]
            i += 2 + length
            if marker == 0xDA {
                // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a restart.
                var j = i
                while j + 1 < b.count, !(b[j] == 0xFF && b[j + 1] != 0 && !(0xD0...0xD7).contains(b[j + 1]) && b[j + 1] != 0xFF) { j += 1 }
                if j + 1 >= b.count { j = b.count }
                out += b[i..<j]
                i = j
            }
        }
        out += b[min(i, b.count)...]
        return removed > 0 ? Data(out) : nil
    }
}
