import Foundation

/// A text encoding we detect and read.
public enum TextEncoding: String, Codable, Sendable {
    case utf8, utf8BOM, utf16LE, utf16BE, windows1252
}

/// Encoding detection (BOM, UTF-8, UTF-16 without BOM, fallback Windows-1252) and decoding.
public enum TextDecoder {
    /// The encoding of `data`, or nil when it is binary, not text.
    /// `isPrefix`: `data` is the start of a longer file, so a multi-byte sequence cut at the end is fine.
    public static func detectEncoding(_ data: Data, isPrefix: Bool = false) -> TextEncoding? {
        let b = [UInt8](data)
        if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { return .utf8BOM }
        if b.count >= 2, b[0] == 0xFF, b[1] == 0xFE { return .utf16LE }
        if b.count >= 2, b[0] == 0xFE, b[1] == 0xFF { return .utf16BE }
        if b.isEmpty { return .utf8 }
        // UTF-16 without BOM: text of Latin script has a NUL in every other byte.
        if b.count >= 4 {
            var evenZero = 0, oddZero = 0
            for i in 0..<b.count where b[i] == 0 { if i % 2 == 0 { evenZero += 1 } else { oddZero += 1 } }
            let half = b.count / 2
            if oddZero > half * 6 / 10 && evenZero < half / 20 { return isPlausibleUTF16(b, littleEndian: true) ? .utf16LE : nil }
            if evenZero > half * 6 / 10 && oddZero < half / 20 { return isPlausibleUTF16(b, littleEndian: false) ? .utf16BE : nil }
            if evenZero + oddZero > 0 { return nil }
        } else if b.contains(0) { return nil }
        let scan = utf8Scan(b, allowTruncatedEnd: isPrefix)
        if controlShare(b) > 0.02 { return nil }
        if scan.invalid == 0 { return .utf8 }
        // Mostly UTF-8 with a few bad bytes: read as UTF-8 and repair; else it is a legacy 8-bit text.
        if scan.validMultibyte >= 3 && scan.invalid * 4 <= scan.validMultibyte { return .utf8 }
        return looksLikeWindows1252Text(b) ? .windows1252 : nil
    }

    /// Windows-1252 is the last guess and accepts any byte, so it must be earned (issue 33: a
    /// Shorten audio file, no NUL and few control bytes, became a "ready" page of mojibake): the
    /// bytes must read as text — mostly printable ASCII, few bytes above 0x7F, and those few
    /// letters or typographic signs standing inside or beside words (`é` in `été`, `’` in `don’t`,
    /// `«` before a word), never the undefined 0x81, 0x8D, 0x8F, 0x90, 0x9D.
    static func looksLikeWindows1252Text(_ b: [UInt8]) -> Bool {
        guard !b.isEmpty else { return true }
        @inline(__always) func isASCIIWordByte(_ x: UInt8) -> Bool {
            (x >= 0x30 && x <= 0x39) || (x >= 0x41 && x <= 0x5A) || (x >= 0x61 && x <= 0x7A)
        }
        @inline(__always) func isTextByte(_ x: UInt8) -> Bool { (x >= 0x20 && x < 0x7F) || x == 0x09 || x == 0x0A || x == 0x0D }
        var printable = 0, high = 0, highInText = 0, letters = 0
        for i in b.indices {
            let x = b[i]
            if x < 0x80 {
                if isTextByte(x) { printable += 1 }
                if isASCIIWordByte(x) { letters += 1 }
                continue
            }
            high += 1
            let scalar = windows1252Scalar(x)
            if scalar == "\u{FFFD}" { return false }
            // A high byte that stands in text: an ASCII word byte, a space or another high byte beside it.
            let before = i > 0 ? b[i - 1] : 0x20, after = i + 1 < b.count ? b[i + 1] : 0x20
            func beside(_ y: UInt8) -> Bool { isASCIIWordByte(y) || y == 0x20 || y == 0x0A || y == 0x0D || (y >= 0xC0) }
            if scalar.properties.isAlphabetic { letters += 1; if beside(before) || beside(after) { highInText += 1 } }
            else if beside(before) || beside(after) { highInText += 1 }
        }
        let n = b.count
        // At most 35 % above 0x7F (French runs at 2–5 %, a short line "L’élève a dû" at 33 %, bytes
        // drawn at random from 0x20–0xFF at 57 %), 95 % printable, 80 % of the high bytes in
        // text, 40 % letters or digits.
        return high * 100 <= n * 35 && (printable + high) * 100 >= n * 95 && highInText * 10 >= high * 8
            && letters * 5 >= (printable + high) * 2
    }

    static func isPlausibleUTF16(_ b: [UInt8], littleEndian: Bool) -> Bool {
        var control = 0
        var i = 0
        while i + 1 < b.count {
            let u = littleEndian ? Int(b[i]) | Int(b[i + 1]) << 8 : Int(b[i]) << 8 | Int(b[i + 1])
            if u < 0x20 && u != 0x09 && u != 0x0A && u != 0x0D { control += 1 }
            i += 2
        }
        return control * 50 <= b.count / 2
    }

    /// Share of C0 control bytes other than tab, line feed, form feed, carriage return and escape.
    static func controlShare(_ b: [UInt8]) -> Double {
        b.withUnsafeBufferPointer { p in
            guard let base = p.baseAddress, !p.isEmpty else { return 0 }
            let raw = UnsafeRawPointer(base)
            var n = 0
            var i = 0
            while i < p.count {
                // Eight bytes at a time: a word with no byte below 0x20 nor equal to 0x7F has none.
                if i + 8 <= p.count {
                    let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                    let below = (w &- ones &* 0x20) & ~w & highs
                    let d = w ^ (ones &* 0x7F)
                    let del = (d &- ones) & ~d & highs
                    if below | del == 0 { i += 8; continue }
                }
                let x = p[i]
                if x < 0x20 && x != 0x09 && x != 0x0A && x != 0x0C && x != 0x0D && x != 0x1B { n += 1 }
                if x == 0x7F { n += 1 }
                i += 1
            }
            return Double(n) / Double(p.count)
        }
    }

    struct UTF8Scan { var invalid = 0; var validMultibyte = 0 }

    static func utf8Scan(_ b: [UInt8], allowTruncatedEnd: Bool) -> UTF8Scan {
        var s = UTF8Scan()
        var i = 0
        while i < b.count {
            let c = b[i]
            if c < 0x80 { i += 1; continue }
            let need: Int
            var minScalar: UInt32
            switch c {
            case 0xC2...0xDF: need = 1; minScalar = 0x80
            case 0xE0...0xEF: need = 2; minScalar = 0x800
            case 0xF0...0xF4: need = 3; minScalar = 0x10000
            default: s.invalid += 1; i += 1; continue
            }
            if i + need >= b.count + (allowTruncatedEnd ? need : 0) { break }
            if i + need >= b.count { s.invalid += 1; break }
            var scalar = UInt32(c) & (need == 1 ? 0x1F : need == 2 ? 0x0F : 0x07)
            var ok = true
            for k in 1...need {
                let x = b[i + k]
                if x & 0xC0 != 0x80 { ok = false; break }
                scalar = scalar << 6 | UInt32(x & 0x3F)
            }
            if ok && scalar >= minScalar && scalar <= 0x10FFFF && !(0xD800...0xDFFF).contains(scalar) {
                s.validMultibyte += 1; i += need + 1
            } else { s.invalid += 1; i += 1 }
        }
        return s
    }

    /// Decodes `data` as `encoding`. Invalid sequences become U+FFFD and are counted.
    public static func decode(_ data: Data, as encoding: TextEncoding) -> (text: String, invalidSequences: Int) {
        switch encoding {
        case .utf8, .utf8BOM:
            var body = data
            if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
            // Valid UTF-8 (the common case) needs no counting.
            if let valid = String(validating: body, as: UTF8.self) { return (valid, 0) }
            let text = String(decoding: body, as: UTF8.self)
            let bad = text.unicodeScalars.reduce(0) { $0 + ($1 == "\u{FFFD}" ? 1 : 0) }
            return (text, max(0, bad - countLiteralReplacement(body)))
        case .utf16LE, .utf16BE:
            let le = encoding == .utf16LE
            var units: [UInt16] = []
            units.reserveCapacity(data.count / 2)
            let b = [UInt8](data)
            var i = 0
            if b.count >= 2, (le && b[0] == 0xFF && b[1] == 0xFE) || (!le && b[0] == 0xFE && b[1] == 0xFF) { i = 2 }
            while i + 1 < b.count {
                units.append(le ? UInt16(b[i]) | UInt16(b[i + 1]) << 8 : UInt16(b[i]) << 8 | UInt16(b[i + 1]))
                i += 2
            }
            let text = String(decoding: units, as: UTF16.self)
            return (text, text.unicodeScalars.reduce(0) { $0 + ($1 == "\u{FFFD}" ? 1 : 0) })
        case .windows1252:
            var scalars = String.UnicodeScalarView()
            for x in data { scalars.append(windows1252Scalar(x)) }
            return (String(scalars), 0)
        }
    }

    /// U+FFFD written as real UTF-8 bytes (EF BF BD) in the source is not an invalid sequence.
    static func countLiteralReplacement(_ data: Data) -> Int {
        let b = [UInt8](data)
        var n = 0, i = 0
        while i + 2 < b.count { if b[i] == 0xEF && b[i + 1] == 0xBF && b[i + 2] == 0xBD { n += 1; i += 3 } else { i += 1 } }
        return n
    }

    /// Detects and decodes; nil when the bytes are binary.
    public static func decodeText(_ data: Data) -> (text: String, encoding: TextEncoding, invalidSequences: Int)? {
        // Fast path, the common case: valid UTF-8 without BOM, NUL or many control characters
        // (one validating pass instead of detection then decoding).
        if let first = data.first, first != 0xEF, first != 0xFF, first != 0xFE,
           let text = String(validating: data, as: UTF8.self) {
            let head = [UInt8](data.prefix(8192))
            if !head.contains(0), controlShare(head) <= 0.02, !(data.count > 8192 && data.withUnsafeBytes { memchr($0.baseAddress!, 0, $0.count) != nil }) {
                return (text, .utf8, 0)
            }
        }
        guard let encoding = detectEncoding(data) else { return nil }
        let r = decode(data, as: encoding)
        return (r.text, encoding, r.invalidSequences)
    }

    static let cp1252High: [UInt32] = [
        0x20AC, 0xFFFD, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0xFFFD, 0x017D, 0xFFFD,
        0xFFFD, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0xFFFD, 0x017E, 0x0178,
    ]

    static func windows1252Scalar(_ x: UInt8) -> Unicode.Scalar {
        if x >= 0x80 && x < 0xA0 { return Unicode.Scalar(cp1252High[Int(x) - 0x80])! }
        return Unicode.Scalar(x)
    }
}
