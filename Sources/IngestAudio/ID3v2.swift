import Foundation
import IngestCore

/// ID3v2.2/2.3/2.4 reader. Frames are read one by one from the file: a frame we don't use, or a
/// picture over the limit, is skipped by its size and never loaded.
enum ID3v2 {
    /// Frames whose body we read; everything else is only listed by id.
    static let wanted: Set<String> = [
        "TIT2", "TPE1", "TALB", "TPE2", "TCOM", "TYER", "TDRC", "TCON", "TRCK", "TPOS", "COMM", "USLT",
        "APIC", "CHAP", "CTOC", "TLAN", "TIT3", "TDAT", "TIME",
    ]

    /// ID3v2.2 three-letter ids of the frames we read, by their v2.3 name.
    static let v22Names: [String: String] = [
        "TT2": "TIT2", "TP1": "TPE1", "TAL": "TALB", "TP2": "TPE2", "TCM": "TCOM", "TYE": "TYER", "TCO": "TCON",
        "TRK": "TRCK", "TPA": "TPOS", "COM": "COMM", "ULT": "USLT", "PIC": "APIC", "TT1": "TIT1", "TT3": "TIT3",
        "TLE": "TLEN", "TLA": "TLAN", "TXX": "TXXX", "TEN": "TENC", "TSS": "TSSE", "TDA": "TDAT", "TIM": "TIME",
    ]

    struct Header {
        var major: UInt8
        var flags: UInt8
        var size: Int64          // bytes after the 10-byte header, footer excluded
        var total: Int64 { 10 + size + (major == 4 && flags & 0x10 != 0 ? 10 : 0) }
    }

    /// The tag header at `offset`, or nil when there is no "ID3" there.
    static func header(_ source: ByteSource, at offset: Int64) throws -> Header? {
        let h = try source.read(at: offset, count: 10)
        guard h.count >= 3, h.hasBytes("ID3", at: 0) else { return nil }
        guard h.count == 10 else { throw AudioError.truncated("ID3", .header("ID3")) }
        guard (2...4).contains(h[3]), h[4] != 0xFF, h[6...9].allSatisfy({ $0 < 0x80 }) else {
            throw AudioError.corrupt("ID3", .header("ID3"), detail: "version \(h[3]).\(h[4]) or size not synchsafe")
        }
        return Header(major: h[3], flags: h[5], size: Int64(synchsafe(h[6...9])))
    }

    static func synchsafe<C: Collection>(_ b: C) -> Int where C.Element == UInt8 {
        b.reduce(0) { $0 << 7 | Int($1 & 0x7F) }
    }

    static func unsynchronise(_ b: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(b.count)
        var prev: UInt8 = 0
        for x in b {
            if prev == 0xFF && x == 0x00 { prev = x; continue }
            out.append(x)
            prev = x
        }
        return out
    }

    /// Reads the tag at `offset`. Returns nil when there is none; the info and the tag's total size otherwise.
    static func read(_ source: ByteSource, at offset: Int64, state: ReadState) throws -> (info: AudioInfo, total: Int64)? {
        guard let h = try header(source, at: offset) else { return nil }
        var info = AudioInfo()
        info.tagFormats = ["id3v2.\(h.major)"]
        if h.major == 2 && h.flags & 0x40 != 0 {
            state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedCompressedTag))
            return (info, h.total)
        }
        var body: ByteSource = source
        var start = offset + 10
        var end = offset + 10 + h.size
        let tagUnsync = h.flags & 0x80 != 0
        if tagUnsync && h.major < 4 {
            // v2.2/2.3 unsynchronise the whole tag: frame sizes count the restored bytes, so the tag
            // must be restored first. Bounded by the limits, since the whole tag is held in memory.
            guard h.size <= Int64(state.coverMaxBytes + state.textFieldMaxBytes) else {
                state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedUnsynchronisedTag, ["size": "\(h.size)"]))
                return (info, h.total)
            }
            let raw = try source.readExactly(at: start, count: Int(h.size),
                                             or: IngestError(.audioFrameOutOfBounds, ["frame": "ID3v2"]))
            body = MemorySource(unsynchronise(raw[...]))
            start = 0
            end = body.size
        }
        // Some taggers set the extended-header flag and write none: a frame id where its size
        // should be means the frames start right away (as mutagen reads it).
        if h.major >= 3 && h.flags & 0x40 != 0,
           case let ext = try body.readExactly(at: start, count: 4, or: AudioError.truncated("ID3", .extendedHeader)),
           !FrameWalk.isFrameID(ext[...]) {
            let extSize = h.major == 3 ? Int64(ext.be(0, 4)) + 4 : Int64(synchsafe(ext))
            guard extSize >= 4, start + extSize <= end else {
                throw AudioError.corrupt("ID3", .extendedHeader, detail: "size \(extSize)")
            }
            start += extSize
        }
        var frames = FrameWalk(source: body, major: h.major, tagUnsync: tagUnsync, state: state)
        try frames.walk(from: start, to: end, fileSize: source === body ? source.size : body.size) { id, frame in
            try apply(id: id, frame: frame, major: h.major, into: &info, state: state)
        }
        finish(&info, frames: frames)
        return (info, h.total)
    }

    /// Every ID3v2 tag at the start of `source` (taggers sometimes stack several; the first one
    /// wins field by field), and the offset just past them (0 when there is none).
    static func readStacked(_ source: ByteSource, state: ReadState) throws -> (AudioInfo, Int64) {
        var info = AudioInfo()
        var offset: Int64 = 0
        while let (tag, total) = try read(source, at: offset, state: state) {
            if offset == 0 { info = tag } else { info.fillGaps(from: tag) }
            offset += total
            if offset >= source.size { break }
        }
        return (info, offset)
    }

    /// A frame found by the walk: where its body is, and how to load it.
    struct Frame {
        var source: ByteSource
        var bodyOffset: Int64
        var bodySize: Int
        var flagsUnsync: Bool
        var prefix: Int   // bytes before the data (grouping id, data length indicator)

        func load(max: Int) throws -> ArraySlice<UInt8> {
            let n = min(bodySize, max)
            let raw = try source.read(at: bodyOffset, count: n)
            var b = raw[min(prefix, raw.count)...]
            if flagsUnsync { b = ID3v2.unsynchronise(b)[...] }
            return b
        }
    }

    /// Walks frame headers, calling `visit` for the frames we use.
    struct FrameWalk {
        let source: ByteSource
        let major: UInt8
        let tagUnsync: Bool
        let state: ReadState
        var ids: [String] = []
        var chapters: [String: AudioChapter] = [:]
        var chapterOrder: [String] = []
        var tocOrder: [String]? = nil

        init(source: ByteSource, major: UInt8, tagUnsync: Bool, state: ReadState) {
            self.source = source; self.major = major; self.tagUnsync = tagUnsync; self.state = state
        }

        var headerSize: Int { major == 2 ? 6 : 10 }

        func validID(_ b: ArraySlice<UInt8>) -> Bool { Self.isFrameID(b) }

        static func isFrameID(_ b: ArraySlice<UInt8>) -> Bool {
            b.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }
        }

        /// True when a frame header, padding or the tag end starts at `pos`.
        func plausibleNext(_ pos: Int64, end: Int64) throws -> Bool {
            if pos == end { return true }
            if pos > end { return false }
            let b = try source.read(at: pos, count: 4)
            if b.first == 0 { return true }
            return b.count == 4 && validID(b[0..<4])
        }

        mutating func walk(from start: Int64, to end: Int64, fileSize: Int64,
                           visit: (String, Frame) throws -> Void) throws {
            var pos = start
            let hs = Int64(headerSize)
            while pos + hs <= end {
                let hb = try source.read(at: pos, count: headerSize)
                guard hb.count == headerSize else {
                    throw IngestError(.audioFrameOutOfBounds, ["frame": "ID3v2"])
                }
                let idLen = major == 2 ? 3 : 4
                if hb[0] == 0 { break }                       // padding
                guard validID(hb[0..<idLen]) else { break }   // garbage after the last frame
                let rawID = String(decoding: hb[0..<idLen], as: UTF8.self)
                var size: Int64
                switch major {
                case 2: size = Int64(hb.be(3, 3))
                case 3: size = Int64(hb.be(4, 4))
                default:
                    // iTunes wrote v2.4 sizes as plain integers: take the reading that lands on a frame.
                    let safe = Int64(synchsafe(hb[4..<8]))
                    let plain = Int64(hb.be(4, 4))
                    size = safe
                    if hb[4..<8].contains(where: { $0 >= 0x80 }) { size = plain }
                    else if safe != plain, try !plausibleNext(pos + hs + safe, end: end),
                            try plausibleNext(pos + hs + plain, end: end) { size = plain }
                }
                let id = major == 2 ? (ID3v2.v22Names[rawID] ?? rawID) : rawID
                let bodyOffset = pos + hs
                if bodyOffset + size > fileSize {
                    throw IngestError(.audioFrameOutOfBounds, ["frame": rawID],
                                      detail: "frame of \(size) bytes at \(pos), file of \(fileSize)")
                }
                if bodyOffset + size > end {
                    state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedFramePastEnd, ["name": rawID]))
                    break
                }
                pos = bodyOffset + size
                if size == 0 { continue }
                var unsync = false, prefix = 0
                if major == 3 {
                    let f = hb[9]
                    if f & 0xC0 != 0 {
                        state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedFrameCompressed, ["name": rawID]))
                        continue
                    }
                    if f & 0x20 != 0 { prefix = 1 }
                } else if major == 4 {
                    let f = hb[9]
                    if f & 0x0C != 0 {
                        state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedFrameCompressed, ["name": rawID]))
                        continue
                    }
                    if f & 0x40 != 0 { prefix += 1 }
                    if f & 0x01 != 0 { prefix += 4 }
                    unsync = f & 0x02 != 0 || tagUnsync
                }
                guard Int64(prefix) < size else { continue }
                let frame = Frame(source: source, bodyOffset: bodyOffset, bodySize: Int(size), flagsUnsync: unsync,
                                  prefix: prefix)
                if id == "CHAP" || id == "CTOC" {
                    try chapterFrame(id: id, frame: frame)
                    ids.append(id)
                    continue
                }
                if ID3v2.wanted.contains(id) {
                    try visit(id, frame)
                } else {
                    ids.append(id)
                }
            }
        }

        mutating func chapterFrame(id: String, frame: Frame) throws {
            guard frame.bodySize <= state.textFieldMaxBytes else {
                state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedFrameTooLarge, ["name": id]))
                return
            }
            let body = Array(try frame.load(max: frame.bodySize))
            guard let nul = body.firstIndex(of: 0) else { return }
            let element = TagText.latin1(body[..<nul])
            var c = ByteCursor(body, at: nul + 1, error: AudioError.corrupt("ID3", .frame(id)))
            let sub: Int
            if id == "CHAP" {
                guard let startMs = try? c.u32be(), let endMs = try? c.u32be(), (try? c.skip(8)) != nil else { return }
                sub = c.pos
                let title = subframeTitle(Array(body[sub...]))
                chapters[element] = AudioChapter(title: title ?? "", start: Double(startMs) / 1000,
                                                 end: endMs == 0xFFFF_FFFF ? nil : Double(endMs) / 1000)
                chapterOrder.append(element)
            } else {
                guard let flags = try? c.u8(), let count = try? c.u8() else { return }
                var children: [String] = []
                for _ in 0..<count {
                    let rest = c.bytes[c.pos...]
                    guard let z = rest.firstIndex(of: 0) else { break }
                    children.append(TagText.latin1(rest[..<z]))
                    c.pos = z + 1
                }
                if flags & 0x02 != 0 || tocOrder == nil { tocOrder = children }
            }
        }

        /// The TIT2 (or TIT3) of the frames embedded in a CHAP.
        func subframeTitle(_ bytes: [UInt8]) -> String? {
            var walk = FrameWalk(source: MemorySource(bytes), major: major, tagUnsync: false, state: state)
            var title: String?, subtitle: String?
            try? walk.walk(from: 0, to: Int64(bytes.count), fileSize: Int64(bytes.count)) { id, f in
                guard id == "TIT2" || id == "TIT3" else { return }
                let v = TagText.clean(ID3Text.values(try f.load(max: f.bodySize)).joined(separator: " / "))
                if id == "TIT2" { title = v } else { subtitle = v }
            }
            return title ?? subtitle
        }
    }

    /// Stores one frame's value into `info`.
    static func apply(id: String, frame: Frame, major: UInt8, into info: inout AudioInfo, state: ReadState) throws {
        if id == "APIC" {
            try picture(frame, major: major, into: &info, state: state)
            return
        }
        guard frame.bodySize <= state.textFieldMaxBytes else {
            state.warn(.audioTagSkipped, MessageCatalog.phrase("part", .audioSkippedFrameSize, ["name": id, "size": "\(frame.bodySize)"]))
            return
        }
        let body = try frame.load(max: frame.bodySize)
        switch id {
        case "COMM", "USLT":
            guard body.count >= 4 else { return }
            let enc = body[body.startIndex]
            let lang = TagText.latin1(body[(body.startIndex + 1)..<(body.startIndex + 4)])
            let (desc, text) = ID3Text.splitTerminated(body.dropFirst(4), encoding: enc)
            let description = ID3Text.decode(desc, encoding: enc)
            var value = ID3Text.decode(text, encoding: enc)
            while value.hasSuffix("\u{0}") { value.removeLast() }
            guard let v = TagText.clean(value) else { return }
            info.tagKeys.append(id)
            let language = lang.lowercased().allSatisfy({ $0 >= "a" && $0 <= "z" }) ? lang.lowercased() : nil
            if id == "USLT" {
                info.lyrics.append(v)
                if info.tagLanguage == nil, language != "xxx" { info.tagLanguage = language }
            } else if description.isEmpty || !description.hasPrefix("iTun") {
                // iTunes keeps machine data (iTunNORM, iTunSMPB) in comments: never the comment.
                if info.comment == nil || (description.isEmpty && info.commentDescribed) {
                    info.comment = v
                    info.commentDescribed = !description.isEmpty
                }
            }
        default:
            let values = ID3Text.values(body).compactMap { TagText.clean($0) }
            guard !values.isEmpty else { return }
            var joined = values.joined(separator: " / ")
            // A text frame repeated (two TPE1) holds more values of the same field, as in v2.4.
            let repeated = info.tagKeys.contains(id)
            func merged(_ old: String?) -> String { repeated ? [old, joined].compactMap { $0 }.joined(separator: " / ") : joined }
            switch id {
            case "TYER":
                // A year that is not a number is a broken frame: ignored, as mutagen does. TYER is
                // not a v2.4 frame (v2.4 has TDRC): there it is ignored too, as the standard says.
                guard major < 4, joined.count == 4, joined.allSatisfy(\.isNumber) else { return }
                if info.date == nil { info.date = joined }
            case "TDRC": info.date = joined
            // v2.2/2.3 keep the date apart from the year (DDMM) and the time (HHMM); `finish` joins them.
            case "TDAT": if major < 4, joined.count == 4, joined.allSatisfy(\.isNumber) { info.id3DayMonth = joined }
            case "TIME": if major < 4, joined.count == 4, joined.allSatisfy(\.isNumber) { info.id3Time = joined }
            case "TIT2": info.title = merged(info.title)
            case "TPE1": info.artist = merged(info.artist)
            case "TALB": info.album = merged(info.album)
            case "TPE2": info.albumArtist = merged(info.albumArtist)
            case "TCOM": info.composer = merged(info.composer)
            case "TCON":
                joined = values.compactMap { ID3Genres.resolve($0) }.joined(separator: " / ")
                info.genre = merged(info.genre)
            case "TRCK": (info.track, info.trackTotal) = TagText.numberPair(values[0])
            case "TPOS": info.disc = TagText.numberPair(values[0]).0
            case "TLAN": if info.tagLanguage == nil { info.tagLanguage = values[0].lowercased() }
            default: break
            }
            info.tagKeys.append(id)
        }
    }

    static func picture(_ frame: Frame, major: UInt8, into info: inout AudioInfo, state: ReadState) throws {
        // Read the picture's header first: its data is loaded only when it fits the limit.
        let head = try frame.load(max: min(frame.bodySize, 4096 + frame.prefix))
        guard head.count >= 4 else { return }
        let enc = head[head.startIndex]
        var rest = head.dropFirst()
        var mime: String
        if major == 2 {
            mime = TagText.latin1(rest.prefix(3)); rest = rest.dropFirst(3)
        } else {
            let (m, r) = ID3Text.splitTerminated(rest, encoding: 0)
            mime = TagText.latin1(m); rest = r
        }
        guard let type = rest.first else { return }
        rest = rest.dropFirst()
        let (_, afterDesc) = ID3Text.splitTerminated(rest, encoding: enc)
        let headerLen = afterDesc.startIndex - head.startIndex
        let dataSize = Int64(frame.bodySize - frame.prefix - headerLen)
        info.tagKeys.append("APIC")
        guard dataSize > 0 else { return }
        if info.picture != nil && !(type == 3 && info.picture?.pictureType != 3) { return }
        guard state.acceptPicture(size: dataSize) else { return }
        let full = try frame.load(max: frame.bodySize)
        let start = full.startIndex + headerLen
        guard start <= full.endIndex else { return }
        let data = Array(full[start...])
        info.picture = AudioPicture(data: Data(data), mimeType: TagText.pictureMIME(data, declared: mime),
                                    pictureType: Int(type))
    }

    static func finish(_ info: inout AudioInfo, frames: FrameWalk) {
        info.tagKeys += frames.ids
        joinDate(&info)
        chapters(&info, frames: frames)
    }

    /// TYER + TDAT (+ TIME) → "YYYY-MM-DD[THH:MM]", as v2.4's TDRC and mutagen's upgrade write it.
    static func joinDate(_ info: inout AudioInfo) {
        defer { info.id3DayMonth = nil; info.id3Time = nil }
        guard let year = info.date, year.count == 4, year.allSatisfy(\.isNumber),
              let dm = info.id3DayMonth.map(Array.init), let day = Int(String(dm[0..<2])), let month = Int(String(dm[2..<4])),
              (1...31).contains(day), (1...12).contains(month) else { return }
        info.date = "\(year)-\(String(dm[2..<4]))-\(String(dm[0..<2]))"
        if let t = info.id3Time.map(Array.init), let h = Int(String(t[0..<2])), let m = Int(String(t[2..<4])), h < 24, m < 60 {
            info.date! += "T\(String(t[0..<2])):\(String(t[2..<4]))"
        }
    }

    static func chapters(_ info: inout AudioInfo, frames: FrameWalk) {
        guard !frames.chapters.isEmpty else { return }
        var order = frames.tocOrder?.filter { frames.chapters[$0] != nil } ?? []
        for id in frames.chapterOrder where !order.contains(id) { order.append(id) }
        var list = order.compactMap { frames.chapters[$0] }
        if frames.tocOrder == nil { list.sort { $0.start < $1.start } }
        info.chapters = list
    }
}
