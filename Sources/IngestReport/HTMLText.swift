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

    /// Works on UTF-8 bytes: every character it changes is ASCII or a C1 control (`C2 80`…`C2 9F`),
    /// and a text without any is returned as it is (most words of most texts).
    static func escape(_ s: some StringProtocol, attribute: Bool) -> String {
        let utf8 = s.utf8
        if let plain = utf8.withContiguousStorageIfAvailable({ !needsEscape($0) }), plain { return String(s) }
        return escape(Array(utf8), attribute: attribute)
    }

    private static func needsEscape(_ b: UnsafeBufferPointer<UInt8>) -> Bool {
        for (i, c) in b.enumerated() {
            switch c {
            case 0x26, 0x3C, 0x3E, 0x22, 0x27, 0x7F: return true
            case 0x3A where i + 2 < b.count && b[i + 1] == 0x2F && b[i + 2] == 0x2F: return true
            case 0x09, 0x0A, 0x0D: continue
            case 0x00...0x1F: return true
            case 0xC2 where i + 1 < b.count && (0x80...0x9F).contains(b[i + 1]): return true
            default: continue
            }
        }
        return false
    }

    private static func escape(_ b: [UInt8], attribute: Bool) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(b.count + 32)
        func put(_ s: String) { out.append(contentsOf: s.utf8) }
        func control(_ value: Int) {
            if attribute { put("\u{FFFD}"); return }
            let code = hex(UInt32(value))
            put("<span class=\"ctl\" title=\"U+\(code)\">\(code)</span>")
        }
        var i = 0
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x26: put("&amp;")
            case 0x3C: put("&lt;")
            case 0x3E: put("&gt;")
            case 0x22: put("&quot;")
            case 0x27: put("&#39;")
            case 0x3A where i + 2 < b.count && b[i + 1] == 0x2F && b[i + 2] == 0x2F: put("&#58;")
            case 0x09, 0x0A, 0x0D: out.append(c)
            case 0x00...0x1F, 0x7F: control(Int(c))
            case 0xC2 where i + 1 < b.count && (0x80...0x9F).contains(b[i + 1]):
                control(Int(b[i + 1]))
                i += 1
            default: out.append(c)
            }
            i += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    private static func hex(_ v: UInt32) -> String {
        let digits = String(v, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}

/// Figures as a reader reads them: percentages, decimal comma in French, thin-space thousands.
/// Missing figures show as a dash; sorting uses the raw number kept beside the text.
struct FigureFormat {
    let language: MessageLanguage
    static let missing = "—"

    /// `0.0321` → `3,2 %` (fr) or `3.2%` (en). Above 1 (a CER or WER whose text is far longer
    /// than the expected one), a ratio: `×142` reads at a glance where `14 200,0 %` does not.
    func percent(_ v: Double?, digits: Int = 1) -> String {
        guard let v, v.isFinite else { return Self.missing }
        if v > 1 { return ratio(v) }
        let n = fixed(v * 100, digits)
        return language == .fr ? n + "\u{202F}%" : n + "%"
    }

    /// `142.0` → `×142`, `3.75` → `×3,75`: as many decimals as tell it from ×1.
    func ratio(_ v: Double) -> String {
        "×" + fixed(v, v < 10 ? 2 : v < 100 ? 1 : 0)
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
