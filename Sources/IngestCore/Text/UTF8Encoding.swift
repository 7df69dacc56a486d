/// A scalar's UTF-8 bytes appended to a buffer: for code that builds text as bytes (the
/// tokenizer's words, caption entities) without a `String` per piece.
public enum UTF8Encoding {
    @inline(__always)
    public static func append(_ v: UInt32, to out: inout [UInt8]) {
        switch v {
        case 0..<0x80: out.append(UInt8(v))
        case 0x80..<0x800:
            out.append(UInt8(0xC0 | (v >> 6))); out.append(UInt8(0x80 | (v & 0x3F)))
        case 0x800..<0x10000:
            out.append(UInt8(0xE0 | (v >> 12))); out.append(UInt8(0x80 | ((v >> 6) & 0x3F))); out.append(UInt8(0x80 | (v & 0x3F)))
        default:
            out.append(UInt8(0xF0 | (v >> 18))); out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
            out.append(UInt8(0x80 | ((v >> 6) & 0x3F))); out.append(UInt8(0x80 | (v & 0x3F)))
        }
    }
}
