import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The built tables of a vocabulary (its `WordTable` and accent index) kept in a file between
/// runs: reading them back costs a few milliseconds, building them ~0.1 s for French.
///
/// One file per language and list files, `vocabulary-fr-v1.bin` in the cache folder for Debian's
/// lists (`vocabulary-fr-<hash of the paths>-v1.bin` for others). It is used only when its header
/// names the very list files it was built from, each with the size, modification time (to the
/// nanosecond) and inode it has now, and the code's fingerprint (`fingerprint`: a change of the
/// splitting, folding, hashing or slot policy changes it); anything else (another version, a
/// stale stamp, a short file, a bad checksum, tables that do not hold together) and it is built
/// again from the lists and written over. Nothing in the file is trusted before it is checked:
/// every length against what is left of the file, and the tables against what the lookups need
/// to stay in bounds (`WordTable.init?(validatingBytes:…)`).
///
/// Written whole to a temporary file of the same folder, then renamed over the former one: a
/// reader sees the old file or the new one, never half of one. A folder that cannot be made or
/// written is no error: there is just no cache.
///
/// Format (version 1): integers in the machine's byte order (a byte-order mark tells), each
/// section starting at a multiple of 8.
///
///     offset  size
///     0       8   magic "INGVOCAB"
///     8       4   format version (1)
///     12      4   byte-order mark 0x01020304
///     16      8   code fingerprint
///     24      8   file length
///     32      8   checksum of bytes 40 ..< file length (`Digest`)
///     40      4   source count S
///     44      4   0
///     48          S sources, each: size (Int64; -1 for a missing file), modification time
///                 (Int64 s, Int64 ns), inode (UInt64), path length P (UInt32), 0 (UInt32),
///                 the path (P bytes of UTF-8), padded to 8
///     then        2 table descriptors, the words' then the stripped forms': byte count, start
///                 count (words stored + 1), slot count (UInt64 each), index bits, distinct
///                 words (UInt32 each); then the target count (UInt64)
///     then        the words' bytes, starts (UInt32), slots (UInt32); the stripped forms' bytes,
///                 starts, slots; the targets (UInt32): each padded to 8
struct VocabularyCache: Sendable {
    /// Bump it with any change of the layout above or of what the tables mean.
    static let formatVersion: UInt32 = 1
    static let magic = Array("INGVOCAB".utf8)
    static let byteOrderMark: UInt32 = 0x0102_0304
    static let headerSize = 48
    /// A larger file is not one of ours (French's is 11 MB, English's 5 MB).
    static let maximumFileSize = 256 << 20

    /// A list file as `stat` sees it.
    struct Stamp: Equatable, Sendable {
        var size: Int64
        var seconds: Int64
        var nanoseconds: Int64
        var inode: UInt64

        static let missing = Stamp(size: -1, seconds: 0, nanoseconds: 0, inode: 0)

        init(size: Int64, seconds: Int64, nanoseconds: Int64, inode: UInt64) {
            self.size = size
            self.seconds = seconds
            self.nanoseconds = nanoseconds
            self.inode = inode
        }

        init(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { self = .missing; return }
            #if canImport(Darwin)
            let time = info.st_mtimespec
            #else
            let time = info.st_mtim
            #endif
            self.init(size: Int64(info.st_size), seconds: Int64(time.tv_sec), nanoseconds: Int64(time.tv_nsec),
                      inode: UInt64(info.st_ino))
        }
    }

    let directory: String
    let fileName: String
    let paths: [String]
    /// The list files' stamps, taken when this is made (before they are read).
    let stamps: [Stamp]

    var path: String { directory + "/" + fileName }

    /// The cache of the vocabulary of `paths`, nil for a language that cannot name a file (only
    /// `a-z`, `0-9`, `-`, `_`, as `Vocabulary.primaryLanguage` gives).
    init?(directory: String, language: String, paths: [String]) {
        guard !directory.isEmpty, let fileName = Self.fileName(language: language, paths: paths) else { return nil }
        self.directory = directory
        self.fileName = fileName
        self.paths = paths
        stamps = paths.map { Stamp(path: $0) }
    }

    static func fileName(language: String, paths: [String]) -> String? {
        let allowed = language.utf8.allSatisfy { (0x61...0x7A).contains($0) || (0x30...0x39).contains($0) || $0 == 0x2D || $0 == 0x5F }
        guard !language.isEmpty, language.utf8.count <= 32, allowed else { return nil }
        if paths == Vocabulary.files(forLanguage: language) { return "vocabulary-\(language)-v\(formatVersion).bin" }
        let hash = Array(paths.joined(separator: "\u{0}").utf8).withUnsafeBufferPointer { WordTable.hash($0) }
        let hex = String(hash, radix: 16)
        return "vocabulary-\(language)-\(String(repeating: "0", count: 16 - hex.count) + hex)-v\(formatVersion).bin"
    }

    // MARK: - Reading

    /// The tables of the cache file, nil when it is missing, unreadable, stale or damaged.
    ///
    /// Read with pread(2), each section straight into its array (one copy, from the page cache:
    /// a mapped file cut short by someone else would fault instead), and checksummed as it comes.
    func load() -> (WordTable, AccentIndex)? {
        // Non-blocking: a FIFO put in the file's place must not hang the open.
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
              info.st_size >= Self.headerSize, info.st_size <= Self.maximumFileSize, info.st_size % 8 == 0 else { return nil }
        var file = FileReader(fd: fd, size: Int(info.st_size))
        // The header, the sources and the descriptors: as long as ours, if the file is ours.
        guard let prefix = file.prefix(descriptorsOffset + 72) else { return nil }
        return prefix.withUnsafeBytes { raw -> (WordTable, AccentIndex)? in
            var header = Reader(data: raw)
            // The key first: a stale cache is told without reading on.
            guard let magic = header.bytes(8), magic.elementsEqual(Self.magic),
                  header.u32() == Self.formatVersion, header.u32() == Self.byteOrderMark,
                  header.u64() == Self.fingerprint, header.u64() == UInt64(file.size),
                  let checksum = header.u64(),
                  header.u32() == UInt32(stamps.count), header.u32() == 0 else { return nil }
            for (stamp, path) in zip(stamps, paths) {
                guard header.i64() == stamp.size, header.i64() == stamp.seconds, header.i64() == stamp.nanoseconds,
                      header.u64() == stamp.inode, let length = header.u32(), header.u32() == 0,
                      let bytes = header.bytes(Int(length)), bytes.elementsEqual(path.utf8), header.align() else { return nil }
            }
            guard let wordsShape = header.shape(), let strippedShape = header.shape(), let targets = header.u64(),
                  header.offset == raw.count,
                  let words = file.table(wordsShape), let stripped = file.table(strippedShape),
                  let target = file.array(count: targets, of: UInt32.self),
                  file.position == file.size, file.digest.finish() == checksum,
                  let words = WordTable(validating: words), let stripped = WordTable(validating: stripped),
                  let index = AccentIndex(validating: stripped, target: target, for: words) else { return nil }
            return (words, index)
        }
    }

    /// The cache file read in order, its bytes from offset 40 on fed to the checksum; every
    /// length checked against what is left of the file before anything is allocated.
    struct FileReader {
        let fd: Int32
        let size: Int
        var position = 0
        var digest = Digest()

        /// The first `count` bytes.
        mutating func prefix(_ count: Int) -> [UInt8]? {
            guard count >= 40, count % 8 == 0, let bytes = array(count: UInt64(count), of: UInt8.self, hashedFrom: 40)
            else { return nil }
            return bytes
        }

        /// `count` integers, and the padding after them.
        mutating func array<T: FixedWidthInteger>(count: UInt64, of _: T.Type, hashedFrom hashed: Int = 0) -> [T]? {
            let size = MemoryLayout<T>.size, left = self.size - position
            guard count <= UInt64(left / size) else { return nil }
            let n = Int(count), padded = (n * size + 7) / 8 * 8
            guard padded <= left else { return nil }
            // Read with its padding (8 / size elements at most, within the capacity), hashed, dropped.
            let withPadding = padded / size
            var array = [T](unsafeUninitializedCapacity: withPadding) { buffer, initialized in
                initialized = Self.read(fd, UnsafeMutableRawBufferPointer(buffer), at: position) ? withPadding : 0
            }
            guard array.count == withPadding else { return nil }
            array.withUnsafeBytes { digest.feed(UnsafeRawBufferPointer(rebasing: $0[hashed...])) }
            array.removeLast(withPadding - n)
            position += padded
            return array
        }

        mutating func table(_ shape: Reader.Shape) -> Parts? {
            guard let bytes = array(count: shape.bytes, of: UInt8.self),
                  let starts = array(count: shape.starts, of: UInt32.self),
                  let slots = array(count: shape.slots, of: UInt32.self) else { return nil }
            return Parts(bytes: bytes, starts: starts, slots: slots, indexBits: Int(shape.indexBits), count: Int(shape.count))
        }

        static func read(_ fd: Int32, _ buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Bool {
            var done = 0
            while done < buffer.count {
                let n = pread(fd, buffer.baseAddress! + done, buffer.count - done, off_t(offset + done))
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
    }

    /// Bounds-checked reads from the header's bytes: nil past the end, whatever a length says.
    struct Reader {
        let data: UnsafeRawBufferPointer
        var offset = 0

        mutating func u32() -> UInt32? { load(UInt32.self) }
        mutating func u64() -> UInt64? { load(UInt64.self) }
        mutating func i64() -> Int64? { load(Int64.self) }

        private mutating func load<T: FixedWidthInteger>(_: T.Type) -> T? {
            guard data.count - offset >= MemoryLayout<T>.size else { return nil }
            defer { offset += MemoryLayout<T>.size }
            return data.loadUnaligned(fromByteOffset: offset, as: T.self)
        }

        mutating func bytes(_ count: Int) -> UnsafeRawBufferPointer? {
            guard count >= 0, data.count - offset >= count else { return nil }
            defer { offset += count }
            return UnsafeRawBufferPointer(rebasing: data[offset..<(offset + count)])
        }

        /// Skips the padding to the next multiple of 8; false when the header ends within it.
        mutating func align() -> Bool {
            bytes((8 - offset % 8) % 8) != nil
        }

        struct Shape {
            var bytes: UInt64, starts: UInt64, slots: UInt64, indexBits: UInt32, count: UInt32
        }

        mutating func shape() -> Shape? {
            guard let bytes = u64(), let starts = u64(), let slots = u64(), let indexBits = u32(), let count = u32()
            else { return nil }
            return Shape(bytes: bytes, starts: starts, slots: slots, indexBits: indexBits, count: count)
        }
    }

    // MARK: - Writing

    /// Writes the tables for next time; false when they could not be (no folder, no room, a
    /// folder not ours): the vocabulary is used all the same.
    @discardableResult
    func store(_ table: WordTable, _ index: AccentIndex) -> Bool {
        write(encode(table.parts, index.stripped.parts, target: index.target))
    }

    /// The raw layout of a table, as the file holds it.
    struct Parts: Equatable {
        var bytes: [UInt8]
        var starts: [UInt32]
        var slots: [UInt32]
        var indexBits: Int
        var count: Int
    }

    func encode(_ words: Parts, _ stripped: Parts, target: [UInt32]) -> [UInt8] {
        var w = Writer()
        w.out.reserveCapacity(descriptorsOffset + 72 + [words, stripped].reduce(target.count * 4 + 8) {
            $0 + $1.bytes.count + 4 * ($1.starts.count + $1.slots.count) + 24
        })
        w.out.append(contentsOf: Self.magic)
        w.put(Self.formatVersion)
        w.put(Self.byteOrderMark)
        w.put(Self.fingerprint)
        w.put(UInt64(0))   // length, set by `seal`
        w.put(UInt64(0))   // checksum, set by `seal`
        w.put(UInt32(stamps.count))
        w.put(UInt32(0))
        for (stamp, path) in zip(stamps, paths) {
            w.put(stamp.size)
            w.put(stamp.seconds)
            w.put(stamp.nanoseconds)
            w.put(stamp.inode)
            let bytes = Array(path.utf8)
            w.put(UInt32(bytes.count))
            w.put(UInt32(0))
            w.out.append(contentsOf: bytes)
            w.align()
        }
        for t in [words, stripped] {
            w.put(UInt64(t.bytes.count))
            w.put(UInt64(t.starts.count))
            w.put(UInt64(t.slots.count))
            w.put(UInt32(t.indexBits))
            w.put(UInt32(t.count))
        }
        w.put(UInt64(target.count))
        for t in [words, stripped] {
            w.section(t.bytes)
            w.section(t.starts)
            w.section(t.slots)
        }
        w.section(target)
        Self.seal(&w.out)
        return w.out
    }

    /// Where the table descriptors start: after the header and the sources.
    var descriptorsOffset: Int {
        paths.reduce(Self.headerSize) { $0 + 40 + ($1.utf8.count + 7) / 8 * 8 }
    }

    /// Sets the length and checksum fields of an encoded file.
    static func seal(_ file: inout [UInt8]) {
        guard file.count >= headerSize else { return }
        file.withUnsafeMutableBytes { raw in
            raw.storeBytes(of: UInt64(raw.count), toByteOffset: 24, as: UInt64.self)
            raw.storeBytes(of: checksum(UnsafeRawBufferPointer(rebasing: raw[40...])), toByteOffset: 32, as: UInt64.self)
        }
    }

    struct Writer {
        var out: [UInt8] = []

        mutating func put<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value) { out.append(contentsOf: $0) }
        }

        mutating func section<T: FixedWidthInteger>(_ values: [T]) {
            values.withUnsafeBytes { out.append(contentsOf: $0) }
            align()
        }

        mutating func align() {
            while out.count % 8 != 0 { out.append(0) }
        }
    }

    /// Writes `file` to a temporary file of the folder, then renames it over `path`.
    func write(_ file: [UInt8]) -> Bool {
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            return false
        }
        let temporary = directory + "/." + fileName + ".\(getpid()).\(UInt64.random(in: 0 ... .max)).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        var written = file.withUnsafeBytes { raw -> Bool in
            var done = 0
            while done < raw.count {
                let n = systemWrite(fd, raw.baseAddress! + done, raw.count - done)
                if n < 0, errno == EINTR { continue }
                if n <= 0 { return false }
                done += n
            }
            return true
        }
        if close(fd) != 0 { written = false }
        if written, rename(temporary, path) == 0 { return true }
        unlink(temporary)
        return false
    }

    // MARK: - Checks

    /// What the code makes of a few probe entries (their words, the hashes and slots of their
    /// table, their stripped forms), with the format version: a cache written by code that
    /// splits, folds, hashes or strips otherwise does not match it, and is built again.
    static let fingerprint: UInt64 = {
        var builder = WordTable.Builder()
        builder.addList(Data("Aujourd'hui\nÉCOLE élève\nStraße ǅemal Ὀδυσσεύς\ncafe\u{301}\nAA's\r\nnaïve\n".utf8))
        let table = builder.finish()
        var w = Writer()
        w.put(formatVersion)
        w.put(UInt64(table.count))
        w.put(UInt64(table.indexBits))
        w.section(table.bytes)
        w.section(table.starts)
        w.section(table.slots)
        w.section(Array(Accents.strip("ÉlÈve œuvre ñ ǅ ǖ").utf8))
        return w.out.withUnsafeBytes { checksum($0) }
    }()

    /// A 64-bit hash of `data` (see `Digest`).
    static func checksum(_ data: UnsafeRawBufferPointer) -> UInt64 {
        var digest = Digest()
        let whole = data.count / 8 * 8
        digest.feed(UnsafeRawBufferPointer(rebasing: data[..<whole]))
        if whole < data.count {
            var last: UInt64 = 0
            withUnsafeMutableBytes(of: &last) { $0.copyMemory(from: UnsafeRawBufferPointer(rebasing: data[whole...])) }
            withUnsafeBytes(of: last) { digest.feed($0) }
        }
        return digest.finish()
    }

    /// xxHash64's rounds over four lanes, fed 8-byte words in pieces (each a multiple of 8 bytes
    /// long): the same hash as of the pieces end to end. ~0.1 ms a MB.
    struct Digest {
        static let p1: UInt64 = 0x9E37_79B1_85EB_CA87, p2: UInt64 = 0xC2B2_AE3D_27D4_EB4F
        static let p3: UInt64 = 0x1656_67B1_9E37_79F9, p4: UInt64 = 0x85EB_CA77_C2B2_AE63
        private var a = p1 &+ p2, b = p2, c: UInt64 = 0, d = 0 &- p1
        /// Words fed so far: the next one goes to lane `words % 4`.
        private var words = 0

        @inline(__always) static func rotl(_ x: UInt64, _ r: UInt64) -> UInt64 { (x << r) | (x >> (64 - r)) }
        @inline(__always) static func round(_ h: UInt64, _ w: UInt64) -> UInt64 { rotl(h &+ w &* p2, 31) &* p1 }

        private mutating func one(_ w: UInt64) {
            switch words & 3 {
            case 0: a = Self.round(a, w)
            case 1: b = Self.round(b, w)
            case 2: c = Self.round(c, w)
            default: d = Self.round(d, w)
            }
            words += 1
        }

        mutating func feed(_ data: UnsafeRawBufferPointer) {
            let n = data.count / 8 * 8
            var i = 0
            while words & 3 != 0, i < n {
                one(data.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
            var a = self.a, b = self.b, c = self.c, d = self.d
            let blocks = (n - i) / 32
            for _ in 0..<blocks {
                a = Self.round(a, data.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                b = Self.round(b, data.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                c = Self.round(c, data.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self))
                d = Self.round(d, data.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
            self.a = a; self.b = b; self.c = c; self.d = d
            words += blocks * 4
            while i < n {
                one(data.loadUnaligned(fromByteOffset: i, as: UInt64.self))
                i += 8
            }
        }

        func finish() -> UInt64 {
            var h = Self.rotl(a, 1) &+ Self.rotl(b, 7) &+ Self.rotl(c, 12) &+ Self.rotl(d, 18)
            for lane in [a, b, c, d] { h = (h ^ Self.round(0, lane)) &* Self.p1 &+ Self.p4 }
            h = h &+ UInt64(words) &* 8
            h ^= h >> 33; h = h &* Self.p2; h ^= h >> 29; h = h &* Self.p3; h ^= h >> 32
            return h
        }
    }
}

/// write(2), out of the reach of `VocabularyCache.write`.
private func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    write(fd, buffer, count)
}

extension WordTable {
    var parts: VocabularyCache.Parts {
        .init(bytes: bytes, starts: starts, slots: slots, indexBits: indexBits, count: count)
    }

    init?(validating parts: VocabularyCache.Parts) {
        self.init(validatingBytes: parts.bytes, starts: parts.starts, slots: parts.slots,
                  indexBits: parts.indexBits, count: parts.count)
    }
}
