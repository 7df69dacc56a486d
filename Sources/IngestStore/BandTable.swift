import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#endif

/// The sketch index's table (Library+Sketches.swift): band key → the documents (rowids) indexed
/// under it, as an open-addressing hash table in a file beside the library (`<library>-bands`),
/// mapped by every process that opens the library. A look-up probes one or two slots per band —
/// one cache line, whatever the size of the library — where a B-tree in the SQLite file took a
/// descent per band, whose pages were ever colder as the library grew (bench/neardup).
///
/// The table is derived from the library's sketches and can always be built again from them: the
/// SQLite file stays the library (SPEC §6). Its writes are made by a process holding the library's
/// write transaction (so one at a time), and its readers take no lock: every slot is one 8-byte
/// word, written and read atomically.
///
/// Layout (host order: Debian's amd64 and arm64 are little-endian):
///
///     offset  0  magic "INGBAND2" (layout 2: slots and signatures)
///             8  log2 of the slot count
///            16  superseded: 1 once a larger table has replaced this file (readers open the path again)
///            24  used slots (entries and removed marks)
///            32  entries
///            40  stamp: the library's count of band edits this table has seen (`Library.sketch_index`)
///            48  the library's identity (16 bytes)
///            64  signature capacity: the rowids below it have a place for their signature
///          4096  the slots: key (32 bits) << 32 | document rowid (32 bits); 0 empty, all ones removed
///     after them the documents' signatures by rowid (`SketchSignature`, 64 bytes; all zeros: none)
final class BandTable {
    static let magic: UInt64 = 0x3244_4E41_4247_4E49   // "INGBAND2"
    static let signatureBytes = 64
    static let smallestSignatureCapacity = 1024
    static let headerBytes = 4096
    static let smallestLog2 = 12
    /// A table with more used slots than this share of its slots is replaced by one twice as large:
    /// linear probing reads about 1.5 slots per present key and 2.5 per absent one at one half.
    static let largestLoad = 0.5
    private static let empty: UInt64 = 0
    private static let removed: UInt64 = .max

    let path: String
    let log2: Int
    private let fd: Int32
    private let base: UnsafeMutableRawPointer
    private let length: Int
    private let words: UnsafeMutablePointer<Atomic<UInt64>>
    private var slots: UnsafeMutablePointer<Atomic<UInt64>> { words + Self.headerBytes / 8 }
    private var signatures: UnsafeMutablePointer<Atomic<UInt64>> { slots + slotCount }
    var slotCount: Int { 1 << log2 }
    private var mask: Int { slotCount - 1 }

    private init(path: String, fd: Int32, base: UnsafeMutableRawPointer, length: Int, log2: Int) {
        self.path = path; self.fd = fd; self.base = base; self.length = length; self.log2 = log2
        words = base.assumingMemoryBound(to: Atomic<UInt64>.self)
    }

    deinit {
        munmap(base, length)
        close(fd)
    }

    // MARK: Header

    private func header(_ index: Int) -> UInt64 { words[index].load(ordering: .acquiring) }
    private func setHeader(_ index: Int, _ value: UInt64) { words[index].store(value, ordering: .releasing) }
    var isSuperseded: Bool { header(2) != 0 }
    var usedSlots: Int { Int(header(3)) }
    var entryCount: Int { Int(header(4)) }
    var stamp: Int64 {
        get { Int64(bitPattern: header(5)) }
        set { setHeader(5, UInt64(bitPattern: newValue)) }
    }
    var identity: UUID {
        var bytes = [UInt8](repeating: 0, count: 16)
        for i in 0..<16 { bytes[i] = base.load(fromByteOffset: 48 + i, as: UInt8.self) }
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
    var signatureCapacity: Int { Int(header(8)) }
    /// Marks this file replaced (`grown`, `build`): its readers open the path again.
    func markSuperseded() { setHeader(2, 1) }
    /// Whether one more entry keeps the load under `largestLoad`.
    var hasRoom: Bool { Double(usedSlots + 1) <= Double(slotCount) * Self.largestLoad }

    // MARK: Opening and building

    /// The table at `path`, or nil when there is none or it is not a whole table (then it is built
    /// again from the library). Never writes.
    static func open(path: String) -> BandTable? {
        let fd = Glibc.open(path, O_RDWR | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size >= headerBytes else { close(fd); return nil }
        var head = [UInt64](repeating: 0, count: 9)
        guard pread(fd, &head, 72, 0) == 72, head[0] == magic, (smallestLog2...32).contains(Int(head[1])),
              head[8] < 1 << 32, Int(info.st_size) == size(log2: Int(head[1]), signatureCapacity: Int(head[8])),
              let base = map(fd, length: Int(info.st_size)) else { close(fd); return nil }
        return BandTable(path: path, fd: fd, base: base, length: Int(info.st_size), log2: Int(head[1]))
    }

    private static func size(log2: Int, signatureCapacity: Int) -> Int {
        headerBytes + 8 << log2 + signatureBytes * signatureCapacity
    }

    private static func map(_ fd: Int32, length: Int) -> UnsafeMutableRawPointer? {
        let p = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0)
        return p == MAP_FAILED ? nil : p
    }

    /// Writes a new table of `entries` (key, document; the first `bucketCap` of a key are kept, in
    /// the order given) to `path`, replacing the file there at once (a rename: a process reading
    /// the old one goes on reading it until it sees it superseded). Called inside the library's
    /// write transaction.
    static func build(path: String, identity: UUID, stamp: Int64, entries: [(key: Int64, document: Int64)],
                      signatures: [(document: Int64, signature: SketchSignature)] = [], lastDocument: Int64 = 0,
                      bucketCap: Int) throws -> BandTable {
        var log2 = smallestLog2
        // Room for as many again before the next growth.
        while Double(entries.count) * 2 > Double(1 << log2) * largestLoad { log2 += 1 }
        var capacity = smallestSignatureCapacity
        let lastDocument = max(lastDocument, entries.map(\.document).max() ?? 0, signatures.map(\.document).max() ?? 0)
        while lastDocument * 2 >= capacity, capacity < 1 << 32 { capacity *= 2 }
        let temporary = path + ".new"
        let fd = Glibc.open(temporary, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw BuildError(what: "open \(temporary)", code: errno) }
        let length = size(log2: log2, signatureCapacity: capacity)
        // Blocks reserved, not a sparse file: a store into a mapped page the disk has no room for
        // would be a SIGBUS, not an error (posix_fallocate says ENOSPC here instead).
        let reserved = posix_fallocate(fd, 0, off_t(length))
        guard reserved == 0 else { close(fd); unlink(temporary); throw BuildError(what: "reserve \(length) bytes for \(temporary)", code: reserved) }
        guard let base = map(fd, length: length) else { let e = errno; close(fd); throw BuildError(what: "map \(temporary)", code: e) }
        let table = BandTable(path: path, fd: fd, base: base, length: length, log2: log2)
        withUnsafeBytes(of: identity.uuid) { bytes in
            for (i, byte) in bytes.enumerated() { base.storeBytes(of: byte, toByteOffset: 48 + i, as: UInt8.self) }
        }
        table.setHeader(1, UInt64(log2))
        table.setHeader(8, UInt64(capacity))
        table.stamp = stamp
        for entry in entries { _ = table.insert(key: entry.key, document: entry.document, bucketCap: bucketCap) }
        for (document, signature) in signatures { table.setSignature(signature, document: document) }
        // The magic last: a table cut short by a crash is no table.
        table.setHeader(0, magic)
        if let old = BandTable.open(path: path) { old.markSuperseded() }
        guard rename(temporary, path) == 0 else { throw BuildError(what: "rename \(temporary)", code: errno) }
        return table
    }

    /// This table's entries and signatures in a new table with room for as many again (twice as
    /// large, or as large when most used slots were removed entries), and for the signatures of
    /// rowids up to twice `document`'s, written in its place.
    func grown(bucketCap: Int, toHold document: Int64 = 0) throws -> BandTable {
        var kept: [(document: Int64, signature: SketchSignature)] = []
        for document in 0..<Int64(signatureCapacity) {
            if let signature = signature(of: document) { kept.append((document, signature)) }
        }
        return try Self.build(path: path, identity: identity, stamp: stamp, entries: entries(), signatures: kept,
                              lastDocument: document, bucketCap: bucketCap)
    }

    struct BuildError: Error, CustomStringConvertible {
        var what: String
        var code: Int32
        var description: String { "\(what): \(String(cString: strerror(code)))" }
    }

    // MARK: Entries

    private func home(_ key: UInt32) -> Int {
        // Fibonacci hashing: the key's bits spread over the slot number.
        Int(truncatingIfNeeded: (UInt64(key) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - log2))
    }

    private static func key32(_ key: Int64) -> UInt32 { UInt32(truncatingIfNeeded: key) }

    /// Adds `document` under `key` unless `bucketCap` documents are there already (the bucket keeps
    /// its oldest) or it is there; returns whether it was added. The caller holds the library's
    /// write transaction and has made room (`hasRoom`). A rowid beyond 32 bits is not indexed.
    @discardableResult
    func insert(key: Int64, document: Int64, bucketCap: Int) -> Bool {
        guard document > 0, document < Int64(UInt32.max) else { return false }
        let k = Self.key32(key)
        let entry = UInt64(k) << 32 | UInt64(document)
        var i = home(k), free = -1, same = 0
        // Every loop over the slots stops after all of them: a table that is not what its writers
        // keep (no empty slot: a damaged file) is read as far as it goes, never forever.
        for _ in 0..<slotCount {
            let value = slots[i].load(ordering: .relaxed)
            if value == Self.empty { if free < 0 { free = i }; break }
            if value == Self.removed {
                if free < 0 { free = i }
            } else if UInt32(truncatingIfNeeded: value >> 32) == k {
                if value == entry { return false }
                same += 1
            }
            i = (i + 1) & mask
        }
        guard same < bucketCap, free >= 0 else { return false }
        if slots[free].load(ordering: .relaxed) == Self.empty { setHeader(3, header(3) + 1) }
        setHeader(4, header(4) + 1)
        slots[free].store(entry, ordering: .releasing)
        return true
    }

    /// Removes `document` from `key`'s bucket; returns whether it was there.
    @discardableResult
    func remove(key: Int64, document: Int64) -> Bool {
        let k = Self.key32(key)
        let entry = UInt64(k) << 32 | UInt64(UInt32(truncatingIfNeeded: document))
        var i = home(k)
        for _ in 0..<slotCount {
            let value = slots[i].load(ordering: .relaxed)
            if value == Self.empty { return false }
            if value == entry {
                slots[i].store(Self.removed, ordering: .releasing)
                setHeader(4, header(4) - 1)
                return true
            }
            i = (i + 1) & mask
        }
        return false
    }

    /// The documents under each of `keys` (`body` is called with each key's, in order). The first
    /// slot of every key is read before any is looked at: in a large table each is a cache and TLB
    /// miss, and reads that do not wait on each other overlap (at 100,000 documents, 32 keys cost
    /// about as much as a few one at a time).
    func documents(under keys: [Int64], _ body: (_ documents: UnsafeBufferPointer<Int64>) -> Void) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: keys.count) { first in
            for (n, key) in keys.enumerated() { first[n] = slots[home(Self.key32(key))].load(ordering: .acquiring) }
            withUnsafeTemporaryAllocation(of: Int64.self, capacity: 64) { found in
                for (n, key) in keys.enumerated() {
                    let k = Self.key32(key)
                    var i = home(k), value = first[n], count = 0, read = 0
                    while value != Self.empty && read < slotCount {
                        read += 1
                        if value != Self.removed, UInt32(truncatingIfNeeded: value >> 32) == k, count < found.count {
                            found[count] = Int64(value & 0xFFFF_FFFF)
                            count += 1
                        }
                        i = (i + 1) & mask
                        value = slots[i].load(ordering: .acquiring)
                    }
                    body(UnsafeBufferPointer(rebasing: found[..<count]))
                }
            }
        }
    }

    // MARK: Signatures

    /// Whether `document` has a place for its signature (else the table must grow first).
    func holdsSignature(of document: Int64) -> Bool { document >= 0 && document < Int64(signatureCapacity) }

    /// The signature kept for `document`; nil when none is (never written, or beyond the table's
    /// capacity: a table another process has since grown).
    func signature(of document: Int64) -> SketchSignature? {
        guard holdsSignature(of: document) else { return nil }
        let at = signatures + Int(document) * (Self.signatureBytes / 8)
        var words = SIMD8<UInt64>(repeating: 0)
        for i in 0..<8 { words[i] = at[i].load(ordering: .acquiring) }
        return words == SIMD8(repeating: 0) ? nil : SketchSignature(words: words)
    }

    /// Keeps `signature` for `document` (which `holdsSignature`); all zeros takes it away.
    func setSignature(_ signature: SketchSignature, document: Int64) {
        guard holdsSignature(of: document) else { return }
        let at = signatures + Int(document) * (Self.signatureBytes / 8)
        for i in 0..<8 { at[i].store(signature.words[i], ordering: .releasing) }
    }

    /// Every entry, in slot order.
    func entries() -> [(key: Int64, document: Int64)] {
        var all: [(key: Int64, document: Int64)] = []
        all.reserveCapacity(entryCount)
        for i in 0..<slotCount {
            let value = slots[i].load(ordering: .relaxed)
            guard value != Self.empty, value != Self.removed else { continue }
            all.append((Int64(Int32(bitPattern: UInt32(truncatingIfNeeded: value >> 32))), Int64(value & 0xFFFF_FFFF)))
        }
        return all
    }

    /// Whether the file at `path` is still this table's (not replaced by another process's growth
    /// or build): a writer checks it before its edits.
    var isCurrentFile: Bool {
        var mine = stat(), there = stat()
        guard fstat(fd, &mine) == 0, stat(path, &there) == 0 else { return false }
        return mine.st_ino == there.st_ino && mine.st_dev == there.st_dev
    }
}
