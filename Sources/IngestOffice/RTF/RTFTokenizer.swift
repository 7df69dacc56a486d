/// Splits RTF bytes into groups, control words, control symbols, hex escapes and text bytes.
/// Line ends between tokens mean nothing in RTF and are dropped; `\binN` data is jumped over.
struct RTFTokenizer {
    enum Token: Equatable {
        case open, close
        /// A control word and its parameter (`\fs24` → ("fs", 24)).
        case word(String, Int?)
        /// A control symbol: `\~`, `\-`, `\_`, `\*`, `\{`, `\\` (and `\` before a line end: a paragraph).
        case symbol(UInt8)
        /// `\'hh`: one byte in the document's code page.
        case hex(UInt8)
        /// A byte of text (ASCII, or 8-bit in the code page).
        case text(UInt8)
    }

    let bytes: [UInt8]
    private(set) var position = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { position >= bytes.count }

    mutating func next() -> Token? {
        while position < bytes.count {
            let c = bytes[position]
            position += 1
            switch c {
            case 0x7B: return .open
            case 0x7D: return .close
            case 0x0D, 0x0A, 0x00: continue
            case 0x5C: return escape()
            default: return .text(c)
            }
        }
        return nil
    }

    private mutating func escape() -> Token? {
        guard position < bytes.count else { return nil }
        let c = bytes[position]
        if Self.isLetter(c) {
            let start = position
            while position < bytes.count, Self.isLetter(bytes[position]), position - start < 32 { position += 1 }
            let name = String(decoding: bytes[start..<position], as: UTF8.self)
            var parameter: Int?
            var negative = false
            if position < bytes.count, bytes[position] == 0x2D,
               position + 1 < bytes.count, Self.isDigit(bytes[position + 1]) { negative = true; position += 1 }
            if position < bytes.count, Self.isDigit(bytes[position]) {
                var v = 0, digits = 0
                while position < bytes.count, Self.isDigit(bytes[position]) {
                    if digits < 10 { v = v * 10 + Int(bytes[position] - 0x30) }
                    digits += 1; position += 1
                }
                parameter = negative ? -v : v
            }
            // One space ends a control word and belongs to it.
            if position < bytes.count, bytes[position] == 0x20 { position += 1 }
            return .word(name, parameter)
        }
        position += 1
        if c == 0x27 {
            guard position + 1 < bytes.count, let h = Self.hexValue(bytes[position]), let l = Self.hexValue(bytes[position + 1]) else {
                return next()
            }
            position += 2
            return .hex(h << 4 | l)
        }
        return .symbol(c == 0x0D || c == 0x0A ? 0x0A : c)
    }

    /// Jumps over `count` raw bytes (the data of `\binN`).
    mutating func skip(_ count: Int) { position = min(bytes.count, position + max(0, count)) }

    static func isLetter(_ c: UInt8) -> Bool { (0x61...0x7A).contains(c) || (0x41...0x5A).contains(c) }
    static func isDigit(_ c: UInt8) -> Bool { (0x30...0x39).contains(c) }
    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 0x30...0x39: return c - 0x30
        case 0x61...0x66: return c - 0x61 + 10
        case 0x41...0x46: return c - 0x41 + 10
        default: return nil
        }
    }
}
