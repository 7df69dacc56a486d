import Foundation

/// Bytes of an RTF document (`\'hh` escapes and 8-bit text) decoded in its code page: `\ansicpg`,
/// a font's `\fcharset`, or `\mac`. Windows-1252 is built in (the code page of nearly every RTF
/// file); the others go through Foundation, and fall back on 1252 where it has no converter.
enum RTFCodePage {
    /// `\fcharsetN` → Windows code page.
    static func codePage(charset: Int) -> Int? {
        switch charset {
        case 0: return nil      // ANSI: the document's code page
        case 2: return 42       // Symbol
        case 77: return 10000   // Mac Roman
        case 128: return 932
        case 161: return 1253
        case 162: return 1254
        case 163: return 1258
        case 177: return 1255
        case 178: return 1256
        case 186: return 1257
        case 204: return 1251
        case 238: return 1250
        default: return nil
        }
    }

    static func decode(_ bytes: [UInt8], codePage: Int) -> String {
        if codePage == 1252 || codePage == 0 || bytes.allSatisfy({ $0 < 0x80 }) { return windows1252(bytes) }
        if codePage == 42 {
            // Symbol font: Greek letters and signs live at ASCII positions; the PUA keeps them distinct.
            return String(String.UnicodeScalarView(bytes.compactMap { Unicode.Scalar(0xF000 + UInt32($0)) }))
        }
        let encoding: String.Encoding? = switch codePage {
        case 1250: .windowsCP1250
        case 1251: .windowsCP1251
        case 1253: .windowsCP1253
        case 1254: .windowsCP1254
        case 10000: .macOSRoman
        case 932: .shiftJIS
        case 28591: .isoLatin1
        case 65001: .utf8
        default: nil
        }
        if let encoding, let s = String(bytes: bytes, encoding: encoding) { return s }
        return windows1252(bytes)
    }

    /// 0x80–0x9F of Windows-1252 (the five holes read as the C1 control of the same number).
    static let high: [UInt32] = [0x20AC, 0x81, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039,
                                 0x0152, 0x8D, 0x017D, 0x8F, 0x90, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
                                 0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x9D, 0x017E, 0x0178]

    static func windows1252(_ bytes: [UInt8]) -> String {
        var out = String.UnicodeScalarView()
        for b in bytes {
            let v = (0x80...0x9F).contains(b) ? high[Int(b) - 0x80] : UInt32(b)
            out.append(Unicode.Scalar(v)!)
        }
        return String(out)
    }

    /// A Windows language id (`\lang1036`) as ISO 639-1, for the languages course material comes in.
    static func language(lcid: Int) -> String? {
        switch lcid & 0x3FF {
        case 0x0C: return "fr"
        case 0x09: return "en"
        case 0x07: return "de"
        case 0x0A: return "es"
        case 0x10: return "it"
        case 0x13: return "nl"
        case 0x16: return "pt"
        default: return nil
        }
    }
}
