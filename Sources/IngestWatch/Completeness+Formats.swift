import IngestCore

/// One end-marker check per format. Each reads a bounded tail (and, for MP4, one header per
/// top-level box).
extension Completeness {
    /// ZIP (docx, pptx, xlsx, epub, odt…): the end-of-central-directory record, written last,
    /// within the last 64 KiB + 22 bytes (its comment is at most 65,535 bytes), with its comment
    /// inside the file and the central directory (or the ZIP64 locator) right before it, where
    /// the record says — so the record of an archive stored inside a cut one does not pass.
    static func zip(_ source: some ByteSource) -> Verdict {
        let (start, tail) = source.tail(65_535 + 22)
        var i = tail.count - 22
        while i >= 0 {
            if tail[i] == 0x50, tail[i + 1] == 0x4B, tail[i + 2] == 0x05, tail[i + 3] == 0x06 {
                let record = start + i
                let commentLength = le16(tail, i + 20)
                let entries = le16(tail, i + 10)
                let directorySize = le32(tail, i + 12)
                let directoryOffset = le32(tail, i + 16)
                if record + 22 + commentLength <= source.count {
                    if entries == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
                        if zip64LocatorIsSound(source, before: record) { return .complete }
                    } else if directorySize == 0 {
                        return .complete
                    } else if directoryOffset + directorySize == record,
                              source.bytes(at: directoryOffset, count: 4) == [0x50, 0x4B, 0x01, 0x02] {
                        // Offsets from the start of the file: a record of an archive stored
                        // inside a cut one points elsewhere (a self-extractor whose offsets
                        // were not adjusted is the rare price: it waits for the give-up).
                        return .complete
                    }
                }
            }
            i -= 1
        }
        return .incomplete(reason: "ZIP: no end-of-central-directory record in the last \(tail.count) bytes")
    }

    /// The ZIP64 locator right before the record, pointing at a ZIP64 end record before it.
    private static func zip64LocatorIsSound(_ source: some ByteSource, before record: Int) -> Bool {
        guard record >= 20 else { return false }
        let locator = source.bytes(at: record - 20, count: 20)
        guard locator.count == 20, locator.starts(with: [0x50, 0x4B, 0x06, 0x07]) else { return false }
        let offset = le32(locator, 8) | le32(locator, 12) << 32
        guard offset >= 0, offset < record, offset + 56 <= record - 20 else { return false }
        return source.bytes(at: offset, count: 4) == [0x50, 0x4B, 0x06, 0x06]
    }

    /// PDF: `%%EOF` ends the file (give or take whitespace and NUL padding), the last
    /// `startxref` before it points at a cross-reference section (an `xref` table, or an object
    /// whose dictionary is `/Type /XRef`), and a linearized file is at least as long as its
    /// linearization dictionary says (`/L`). A linearized file ends its first-page section with
    /// a `%%EOF` of its own (its `startxref` is 0), and an incremental update being appended
    /// follows an earlier `%%EOF`: neither passes while it is cut there.
    static func pdf(_ source: some ByteSource) -> Verdict {
        let head = source.bytes(at: 0, count: 1024)
        if let length = linearizedLength(head), source.count < length {
            return .incomplete(reason: "PDF: linearized for \(length) bytes, \(source.count) are there")
        }
        let (start, tail) = source.tail(1024)
        let end = trimmed(tail) { $0 == 0 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0C || $0 == 0x0D || $0 == 0x20 }
        guard end >= 5, tail[(end - 5)..<end].elementsEqual(Array("%%EOF".utf8)) else {
            return .incomplete(reason: "PDF: the last 1024 bytes do not end with %%EOF")
        }
        guard let keyword = ByteSearch.lastIndex(of: Array("startxref".utf8), in: tail, within: 0..<max(0, end - 5)),
              let offset = number(in: tail, from: keyword + 9) else {
            return .incomplete(reason: "PDF: no startxref before the last %%EOF")
        }
        guard offset > 0, offset < start + keyword, isCrossReference(source, at: offset) else {
            return .incomplete(reason: "PDF: the last startxref (\(offset)) does not point at a cross-reference section")
        }
        return .complete
    }

    /// `/L` of the linearization dictionary, when the file's first object is one.
    static func linearizedLength(_ head: [UInt8]) -> Int? {
        guard let mark = ByteSearch.firstIndex(of: Array("/Linearized".utf8), in: head) else { return nil }
        // The dictionary ends at its `>>`; `/L` is a key of it (not `/Length` of another object).
        let rest = Array(head[mark...])
        let close = ByteSearch.firstIndex(of: Array(">>".utf8), in: rest) ?? rest.count
        var i = 0
        while let k = ByteSearch.firstIndex(of: Array("/L".utf8), in: Array(rest[i..<close])) {
            let after = i + k + 2
            if after < close, rest[after] == 0x20 || rest[after] == 0x0A || rest[after] == 0x0D || rest[after] == 0x09 {
                return number(in: rest, from: after)
            }
            i = after
        }
        return nil
    }

    /// Whether `offset` starts an `xref` table or a cross-reference stream object (`N G obj`
    /// whose dictionary says `/Type /XRef`); whitespace before either is allowed.
    static func isCrossReference(_ source: some ByteSource, at offset: Int) -> Bool {
        let bytes = source.bytes(at: offset, count: 4096)
        var i = 0
        while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
        if bytes[i...].starts(with: Array("xref".utf8)) { return true }
        // `N G obj`
        var fields = 0
        while fields < 2 {
            let digits = i
            while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            guard i > digits, i < bytes.count, isWhitespace(bytes[i]) else { return false }
            while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
            fields += 1
        }
        guard bytes[i...].starts(with: Array("obj".utf8)) else { return false }
        let body = Array(bytes[i...])
        let stream = ByteSearch.firstIndex(of: Array("stream".utf8), in: body) ?? body.count
        guard let type = ByteSearch.firstIndex(of: Array("/Type".utf8), in: Array(body[..<stream])) else { return false }
        var j = type + 5
        while j < stream, isWhitespace(body[j]) { j += 1 }
        return body[j...].starts(with: Array("/XRef".utf8))
    }

    /// The unsigned decimal number after `index` (whitespace skipped), if any.
    private static func number(in bytes: [UInt8], from index: Int) -> Int? {
        var i = index
        while i < bytes.count, isWhitespace(bytes[i]) { i += 1 }
        var value = 0, digits = 0
        while i < bytes.count, bytes[i] >= 0x30, bytes[i] <= 0x39, digits < 15 {
            value = value * 10 + Int(bytes[i] - 0x30)
            digits += 1
            i += 1
        }
        return digits > 0 ? value : nil
    }

    private static func isWhitespace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 || b == 0x0C || b == 0 }

    /// JPEG: ends with the EOI marker FF D9, zero padding allowed (some cameras pad).
    static func jpeg(_ source: some ByteSource) -> Verdict {
        let (_, tail) = source.tail(1024)
        let end = trimmed(tail) { $0 == 0 }
        if end >= 2, tail[end - 2] == 0xFF, tail[end - 1] == 0xD9 { return .complete }
        return .incomplete(reason: "JPEG: no end-of-image marker (FF D9) at the end")
    }

    /// PNG: the last chunk is IEND (length 0, type, fixed CRC), zero padding allowed.
    static func png(_ source: some ByteSource) -> Verdict {
        let (_, tail) = source.tail(1024)
        let end = trimmed(tail) { $0 == 0 }
        let iend: [UInt8] = [0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82]
        if end >= 8 + iend.count, tail[..<end].suffix(iend.count).elementsEqual(iend) { return .complete }
        return .incomplete(reason: "PNG: the last chunk is not IEND")
    }

    /// Brands of HEIF/AVIF images: an `ftyp` file whose content is in `meta`, without `moov`.
    static let imageBrands: Set<String> = ["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs",
                                           "mif1", "mif2", "msf1", "avif", "avis"]
    /// Enough boxes for any real file's top level; beyond, stop reading headers.
    static let maxTopLevelBoxes = 4096

    /// MP4/M4A/MOV/3GP (`ftyp` at 4): every top-level box fits the file and the movie header
    /// (`moov`, written last by most recorders) is there; for HEIF/AVIF images, `meta` is.
    static func mp4(_ source: some ByteSource, head: [UInt8]) -> Verdict {
        let brand = head.count >= 12 ? String(decoding: head[8..<12], as: UTF8.self) : ""
        let needed = imageBrands.contains(brand) ? "meta" : "moov"
        var offset = 0
        var found = false
        for _ in 0..<maxTopLevelBoxes {
            if offset == source.count {
                return found ? .complete : .incomplete(reason: "MP4: no '\(needed)' box (not written yet?)")
            }
            let header = source.bytes(at: offset, count: 16)
            guard header.count >= 8 else { return .incomplete(reason: "MP4: box header at \(offset) is cut") }
            let type = String(decoding: header[4..<8], as: UTF8.self)
            var length = UInt64(be32(header, 0))
            if length == 1 {
                guard header.count == 16 else { return .incomplete(reason: "MP4: box header at \(offset) is cut") }
                length = UInt64(be32(header, 8)) << 32 | UInt64(be32(header, 12))
                guard length >= 16 else { return .incomplete(reason: "MP4: box '\(type)' at \(offset) has length \(length)") }
            } else if length == 0 {
                length = UInt64(source.count - offset)  // "to the end of the file"
            } else if length < 8 {
                return .incomplete(reason: "MP4: box '\(type)' at \(offset) has length \(length)")
            }
            guard length <= UInt64(source.count - offset) else {
                return .incomplete(reason: "MP4: box '\(type)' at \(offset) needs \(length) bytes, \(source.count - offset) are there")
            }
            if type == needed { found = true }
            offset += Int(length)
        }
        // A file of countless fragments: what was read is sound; the extractor judges the rest.
        return found ? .complete : .notApplicable
    }

    /// The end index of `bytes` once trailing bytes matching `padding` are cut off.
    private static func trimmed(_ bytes: [UInt8], _ padding: (UInt8) -> Bool) -> Int {
        var end = bytes.count
        while end > 0, padding(bytes[end - 1]) { end -= 1 }
        return end
    }

    private static func le16(_ b: [UInt8], _ o: Int) -> Int { Int(b[o]) | Int(b[o + 1]) << 8 }
    private static func le32(_ b: [UInt8], _ o: Int) -> Int { le16(b, o) | le16(b, o + 2) << 16 }
    private static func be32(_ b: [UInt8], _ o: Int) -> Int {
        Int(b[o]) << 24 | Int(b[o + 1]) << 16 | Int(b[o + 2]) << 8 | Int(b[o + 3])
    }
}
