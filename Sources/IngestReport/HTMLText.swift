import IngestCore

/// Escaping for the report. Names and texts come from the documents, so they may hold anything:
/// markup, quotes, control characters, URLs. Two rules beyond the five characters of HTML:
/// - control characters (C0 but tab, line feed and carriage return; DEL; C1) are parse errors
///   in HTML and invisible anyway: content shows them as a small boxed code, attributes as U+FFFD;
/// - the `:` of `://` is written `&#58;`, so a URL quoted in a text renders as itself yet the
///   file never holds a literal `http://`: "no network reference" stays checkable with grep.
enum HTMLText {
    /// Text for element content.
    static func content(_ s: some StringProtocol) -> String { escape(s, attribute: false) }

    /// Text for a double-quoted attribute value.
    static func attribute(_ s: some StringProtocol) -> String { escape(s, attribute: true) }

    static func escape(_ s: some StringProtocol, attribute: Bool) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count + 16)
        let scalars = Array(s.unicodeScalars)
        var i = 0
        while i < scalars.count {
            let c = scalars[i]
            switch c.value {
            case 0x26: out += "&amp;"
            case 0x3C: out += "&lt;"
            case 0x3E: out += "&gt;"
            case 0x22: out += "&quot;"
            case 0x27: out += "&#39;"
            case 0x3A where i + 2 < scalars.count && scalars[i + 1] == "/" && scalars[i + 2] == "/":
                out += "&#58;"
            case 0x09, 0x0A, 0x0D:
                out.unicodeScalars.append(c)
            case 0x00...0x1F, 0x7F...0x9F:
                if attribute {
                    out += "\u{FFFD}"
                } else {
                    out += "<span class=\"ctl\" title=\"U+\(hex(c.value))\">\(hex(c.value))</span>"
                }
            default:
                out.unicodeScalars.append(c)
            }
            i += 1
        }
        return out
    }

    private static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Figures as a reader reads them: percentages, decimal comma in French, thin-space thousands.
/// Missing figures show as a dash; sorting uses the raw number kept beside the text.
struct Figures {
    let language: MessageLanguage
    static let missing = "—"

    /// `0.0321` → `3,2 %` (fr) or `3.2%` (en).
    func percent(_ v: Double?, digits: Int = 1) -> String {
        guard let v, v.isFinite else { return Self.missing }
        let n = fixed(v * 100, digits)
        return language == .fr ? n + "\u{202F}%" : n + "%"
    }

    func decimal(_ v: Double?, digits: Int) -> String {
        guard let v, v.isFinite else { return Self.missing }
        return fixed(v, digits)
    }

    func integer(_ v: Int?) -> String {
        guard let v else { return Self.missing }
        return grouped(String(v.magnitude), negative: v < 0)
    }

    /// A duration in milliseconds: `850 ms`, `12,3 s`, `4 min 05 s`.
    func duration(milliseconds ms: Double) -> String {
        guard ms.isFinite, ms >= 0 else { return Self.missing }
        if ms < 1000 { return fixed(ms, 0) + " ms" }
        let seconds = ms / 1000
        if seconds < 60 { return fixed(seconds, 1) + " s" }
        let whole = Int(seconds.rounded())
        let h = whole / 3600, m = whole / 60 % 60, s = whole % 60
        let ss = s < 10 ? "0\(s)" : "\(s)"
        if h > 0 { return "\(h) h \(m < 10 ? "0\(m)" : "\(m)") min \(ss) s" }
        return "\(m) min \(ss) s"
    }

    /// A number for a `data-v` attribute: plain digits, a point, no grouping.
    static func raw(_ v: Double?) -> String {
        guard let v, v.isFinite else { return "" }
        return v == v.rounded() && abs(v) < 1e15 ? String(Int(v)) : String(v)
    }

    func fixed(_ v: Double, _ digits: Int) -> String {
        guard abs(v) < 1e15 else { return String(v) }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(v) * scale).rounded())
        let whole = scaled / Int(scale), fraction = scaled % Int(scale)
        var s = grouped(String(whole), negative: v < 0 && scaled != 0)
        if digits > 0 {
            let f = String(fraction)
            s += (language == .fr ? "," : ".") + String(repeating: "0", count: digits - f.count) + f
        }
        return s
    }

    private func grouped(_ digits: String, negative: Bool) -> String {
        let separator = language == .fr ? "\u{202F}" : ","
        var out = ""
        for (k, d) in digits.enumerated() {
            if k > 0, (digits.count - k) % 3 == 0, digits.count > 4 { out += separator }
            out.append(d)
        }
        return (negative ? "−" : "") + out
    }
}
