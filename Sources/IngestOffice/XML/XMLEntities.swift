/// The five predefined entities, character references and HTML's named characters (one character
/// each, see `HTMLEntities`). Nothing else is ever expanded: custom
/// entities are refused where a DTD declares them, so expansion can never outgrow the input.
enum XMLEntities {
    enum Failure: Error { case unknown(String), badCharacterReference(String) }

    /// Appends `raw` with references replaced to `out`.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>, into out: inout [UInt8]) throws(Failure) {
        var i = 0
        let n = raw.count
        while i < n {
            let c = raw[i]
            if c != UInt8(ascii: "&") { out.append(c); i += 1; continue }
            var j = i + 1
            while j < n && raw[j] != UInt8(ascii: ";") && j - i < 12 { j += 1 }
            guard j < n, raw[j] == UInt8(ascii: ";") else {
                throw .unknown(String(decoding: raw[i..<min(n, i + 12)], as: UTF8.self))
            }
            let name = UnsafeBufferPointer(rebasing: raw[(i + 1)..<j])
            if let byte = predefined(name) {
                out.append(byte)
            } else if name.count >= 2, name[0] == UInt8(ascii: "#") {
                var value: UInt32 = 0
                let hex = name[1] == UInt8(ascii: "x")
                let digits = name[(hex ? 2 : 1)...]
                guard !digits.isEmpty else { throw .badCharacterReference(String(decoding: name, as: UTF8.self)) }
                for d in digits {
                    let v: UInt32
                    switch d {
                    case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(d - 48)
                    case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: v = UInt32(d - 87)
                    case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: v = UInt32(d - 55)
                    default: throw .badCharacterReference(String(decoding: name, as: UTF8.self))
                    }
                    value = value * (hex ? 16 : 10) + v
                    if value > 0x10FFFF { throw .badCharacterReference(String(decoding: name, as: UTF8.self)) }
                }
                guard let scalar = Unicode.Scalar(value), value != 0 else {
                    throw .badCharacterReference(String(decoding: name, as: UTF8.self))
                }
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            } else if let value = HTMLEntities.table[String(decoding: name, as: UTF8.self)], let scalar = Unicode.Scalar(value) {
                out.append(contentsOf: Array(String(Character(scalar)).utf8))
            } else {
                throw .unknown(String(decoding: name, as: UTF8.self))
            }
            i = j + 1
        }
    }

    @inline(__always)
    static func predefined(_ name: UnsafeBufferPointer<UInt8>) -> UInt8? {
        switch name.count {
        case 2:
            if name[1] == UInt8(ascii: "t") {
                if name[0] == UInt8(ascii: "l") { return UInt8(ascii: "<") }
                if name[0] == UInt8(ascii: "g") { return UInt8(ascii: ">") }
            }
        case 3:
            if name[0] == UInt8(ascii: "a") && name[1] == UInt8(ascii: "m") && name[2] == UInt8(ascii: "p") { return UInt8(ascii: "&") }
        case 4:
            let s = String(decoding: name, as: UTF8.self)
            if s == "apos" { return UInt8(ascii: "'") }
            if s == "quot" { return UInt8(ascii: "\"") }
        default: break
        }
        return nil
    }
}
