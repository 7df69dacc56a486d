/// Code page 437, the ZIP default for names when flag bit 11 (UTF-8) is clear.
enum CP437 {
    static let high: [Character] = Array(
        "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{00A0}")

    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        var s = ""
        s.reserveCapacity(bytes.count)
        for b in bytes { s.append(b < 0x80 ? Character(Unicode.Scalar(b)) : high[Int(b) - 0x80]) }
        return s
    }
}
