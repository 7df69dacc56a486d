import Foundation

/// Typed or pasted text, `.txt`/`.md` files, and subtitle files (`.srt`, `.vtt`).
/// Paragraphs are split on blank lines; Markdown headings and list items keep their structure;
/// subtitle cues keep their times.
public struct TextExtractor: Extractor {
    public init() {}
    public var kinds: Set<SourceKind> { [.text, .subtitles] }

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        var warnings: [Warning] = []
        let text: String
        if let inline = input.inlineText {
            text = inline
        } else {
            let data: Data
            if let contents = input.contents { data = contents } else {
                // Read, never mapped (FileBytes): a file cut short under a mapping means SIGBUS.
                data = try FileBytes.read(input.url)
            }
            guard let decoded = TextDecoder.decodeText(data) else { throw IngestError(.textBinary) }
            if decoded.encoding == .windows1252 { warnings.append(context.warning(.textDecodedAsWindows1252)) }
            if decoded.invalidSequences > 0 {
                warnings.append(context.warning(.textInvalidUTF8Repaired, ["count": String(decoded.invalidSequences)]))
            }
            text = decoded.text
        }
        if input.kind == .subtitles, let cues = Self.cues(text), !cues.isEmpty {
            let blocks = cues.map {
                Block(kind: .cue, text: $0.text, start: $0.start, end: $0.end, provenance: .captionsManual)
            }
            return Extraction(blocks: blocks, warnings: warnings)
        }
        let blocks = Self.blocks(fromPlainText: text, provenance: .typed)
        let title = blocks.first(where: { $0.kind == .heading }).map { TitleCandidate($0.text, origin: .heading) }
        return Extraction(blocks: blocks, title: title, warnings: warnings)
    }

    static func cues(_ text: String) -> [Cue]? {
        let head = text.prefix(64).trimmingCharacters(in: .whitespacesAndNewlines).uppercased()
        if head.hasPrefix("WEBVTT") { return CaptionParser.parseWebVTT(text) }
        if text.contains("-->") { return CaptionParser.parseSRT(text) }
        return nil
    }

    /// Splits text into blocks: paragraphs on blank lines, `#` headings, `-`/`*`/`1.` list items,
    /// and a short first line standing alone (a note's title) as a heading.
    public static func blocks(fromPlainText text: String, provenance: Provenance) -> [Block] {
        var blocks: [Block] = []
        // The paragraph being read, as bytes: its lines (trimmed) joined by line feeds, turned
        // into one String when it ends (a String per line, then joined, cost twice as much).
        var paragraph: [UInt8] = []
        func flush() {
            guard !paragraph.isEmpty else { return }
            blocks.append(Block(kind: .paragraph, text: String(decoding: paragraph, as: UTF8.self), provenance: provenance))
            paragraph.removeAll(keepingCapacity: true)
        }
        // Lines are split on bytes (CR, LF, CRLF): far cheaper than Character-level splitting.
        var utf8 = text
        utf8.makeContiguousUTF8()
        utf8.utf8.withContiguousStorageIfAvailable { bytes in
            var start = 0
            var i = 0
            func line(_ from: Int, _ to: Int) {
                var a = from, b = to
                var indent = 0
                while a < b, bytes[a] == 0x20 || bytes[a] == 0x09 { a += 1; indent += 1 }
                while b > a, bytes[b - 1] == 0x20 || bytes[b - 1] == 0x09 { b -= 1 }
                if a == b { flush(); return }
                let first = bytes[a]
                // Only lines that start like a heading or a list item are examined further.
                if first == 0x23 || first == 0x2D || first == 0x2A || first == 0x2B || first >= 0x80 || (0x30...0x39).contains(first)
                    || b - a > 1 && bytes[a + 1] == 0x29 {
                    let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[a..<b]), as: UTF8.self)
                    // Four spaces or more make a code line (CommonMark): `    # apt-get update` is a
                    // root prompt in a shell session (pandoc's and w3m's plain text indent code so).
                    if first == 0x23, indent < 4, let heading = markdownHeading(text) {
                        flush()
                        blocks.append(Block(kind: .heading, text: heading.text, level: heading.level, provenance: provenance))
                        return
                    }
                    if first != 0x23 || b - a > 1 && bytes[a + 1] == 0x29, let item = listItem(text) {
                        flush()
                        blocks.append(Block(kind: .listItem, text: item.text, level: indent / 2, marker: item.marker, provenance: provenance))
                        return
                    }
                }
                if !paragraph.isEmpty { paragraph.append(0x0A) }
                paragraph.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[a..<b]))
            }
            guard let base = bytes.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            while i < bytes.count {
                // Eight bytes at a time past words holding no CR nor LF.
                if i + 8 <= bytes.count {
                    let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
                    let lf = w ^ (ones &* 0x0A), cr = w ^ (ones &* 0x0D)
                    if ((lf &- ones) & ~lf | (cr &- ones) & ~cr) & highs == 0 { i += 8; continue }
                }
                let c = bytes[i]
                if c == 0x0A || c == 0x0D {
                    line(start, i)
                    if c == 0x0D, i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                    start = i + 1
                }
                i += 1
            }
            line(start, bytes.count)
        }
        flush()
        // A note that starts with a short line alone (no final punctuation) is titled by it.
        if let first = blocks.first, first.kind == .paragraph, !first.text.contains("\n"), first.text.count <= 80,
           blocks.count > 1, let last = first.text.last, !".,;:!?".contains(last) {
            blocks[0].kind = .heading
            blocks[0].level = 1
        }
        return blocks
    }

    static func markdownHeading(_ line: String) -> (level: Int, text: String)? {
        guard line.hasPrefix("#") else { return nil }
        let hashes = line.prefix(while: { $0 == "#" }).count
        guard hashes <= 6 else { return nil }
        let rest = line.dropFirst(hashes)
        guard rest.first == " " else { return nil }
        let text = rest.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "#")).trimmingCharacters(in: .whitespaces)
        return text.isEmpty ? nil : (hashes, text)
    }

    static func listItem(_ line: String) -> (marker: String, text: String)? {
        for bullet in ["- ", "* ", "• ", "+ ", "– "] where line.hasPrefix(bullet) {
            let text = line.dropFirst(bullet.count).trimmingCharacters(in: .whitespaces)
            return text.isEmpty ? nil : (String(bullet.first!), text)
        }
        // "1. text", "12) text", "a) text"
        let head = line.prefix(5)
        if let end = head.firstIndex(where: { $0 == "." || $0 == ")" }) {
            let marker = line[..<end]
            let isNumber = !marker.isEmpty && marker.allSatisfy(\.isNumber)
            let isLetter = marker.count == 1 && marker.first!.isLetter && line[end] == ")"
            let after = line[line.index(after: end)...]
            if (isNumber || isLetter), after.first == " " {
                let text = after.trimmingCharacters(in: .whitespaces)
                return text.isEmpty ? nil : (String(line[...end]), text)
            }
        }
        return nil
    }
}
