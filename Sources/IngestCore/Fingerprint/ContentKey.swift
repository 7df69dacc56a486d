import Foundation

/// SPEC §6: what a fingerprint is computed on. Case folded, accents and punctuation removed,
/// whitespace collapsed, so the same chapter as PDF or `.docx`, or under another name, matches.
public enum ContentKey {
    /// The normalized content key of a text.
    public static func of(_ text: String) -> String {
        let folded = text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
        var out = String.UnicodeScalarView()
        out.reserveCapacity(folded.unicodeScalars.count)
        var pendingSpace = false
        for s in folded.unicodeScalars {
            let p = s.properties
            if p.isAlphabetic || p.numericType != nil {
                if pendingSpace && !out.isEmpty { out.append(" ") }
                pendingSpace = false
                // Letters that folding keeps as one scalar but users write both ways.
                switch s {
                case "œ": out.append("o"); out.append("e")
                case "æ": out.append("a"); out.append("e")
                case "ß": out.append("s"); out.append("s")
                default: out.append(s)
                }
            } else if p.generalCategory == .nonspacingMark || p.generalCategory == .enclosingMark {
                continue
            } else {
                pendingSpace = true   // whitespace and punctuation separate words
            }
        }
        return String(out)
    }

    /// The title key: the content key of a title with a file extension removed.
    public static func title(_ title: String) -> String {
        var t = title
        let ext = (t as NSString).pathExtension.lowercased()
        if !ext.isEmpty, ext.count <= 5, Sniffer.kindsForExtension[ext] != nil { t = (t as NSString).deletingPathExtension }
        return of(t.replacingOccurrences(of: "_", with: " "))
    }
}

/// The fingerprint and its near-duplicate sketch. The digest function is injected (SHA-256 from
/// libcrypto in the pipeline) so this module stays free of C.
public enum Fingerprinter {
    public static let sketchSize = 128
    static let shingleLength = 5

    public static func make(text: String, title: String, minCharacters: Int,
                            digest: (Data) -> String) -> Fingerprint {
        let content = ContentKey.of(text)
        let titleKey = ContentKey.title(title)
        if content.count < minCharacters {
            return Fingerprint(value: digest(Data(("title:" + titleKey).utf8)), basis: .title, titleKey: titleKey)
        }
        return Fingerprint(value: digest(Data(content.utf8)), basis: .content, titleKey: titleKey,
                           sketch: sketch(content))
    }

    /// One-permutation MinHash over character 5-grams of the content key: each shingle is hashed
    /// once and lands in one of `sketchSize` bins, which keep their minimum. Character shingles are
    /// robust to OCR noise that breaks words; one hash per shingle keeps it cheap on long texts.
    public static func sketch(_ key: String) -> [UInt32] {
        var bytes = Array(key.utf8)
        guard bytes.count >= shingleLength else { return [] }
        var mins = [UInt32](repeating: .max, count: sketchSize)
        bytes.withUnsafeMutableBufferPointer { b in
            for i in 0...(b.count - shingleLength) {
                var h: UInt64 = 0xcbf29ce484222325
                for k in 0..<shingleLength { h = (h ^ UInt64(b[i + k])) &* 0x100000001b3 }
                h = (h ^ (h >> 30)) &* 0xbf58476d1ce4e5b9
                h = (h ^ (h >> 27)) &* 0x94d049bb133111eb
                h ^= h >> 31
                let bin = Int(h % UInt64(sketchSize))
                let v = UInt32(truncatingIfNeeded: h >> 32)
                if v < mins[bin] { mins[bin] = v }
            }
        }
        return mins
    }

    /// Estimated Jaccard similarity of two sketches (0 when either is empty).
    public static func similarity(_ a: [UInt32], _ b: [UInt32]) -> Double {
        guard !a.isEmpty, a.count == b.count else { return 0 }
        var same = 0, used = 0
        for i in a.indices where a[i] != .max || b[i] != .max {
            used += 1
            if a[i] == b[i] { same += 1 }
        }
        return used == 0 ? 0 : Double(same) / Double(used)
    }
}
