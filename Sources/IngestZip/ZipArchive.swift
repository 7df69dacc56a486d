import Foundation
import IngestCore

/// A ZIP archive opened for random access: the central directory is read at open, entries are
/// inflated one at a time, as a stream, on demand (`read(_:into:)`). Nothing is written to disk and
/// no entry is held whole in memory unless its consumer chooses to.
///
/// Not thread-safe: one archive per extraction.
public final class ZipArchive {
    public let entries: [ZipEntry]
    public let limits: ZipLimits
    let file: FileReader
    private var index: [String: Int] = [:]
    private var lowercasedIndex: [String: Int] = [:]
    /// Bytes inflated so far from this archive, against `limits.maxUncompressedBytes`.
    var inflatedTotal = 0

    public var fileSize: Int { file.size }

    public init(url: URL, limits: ZipLimits = ZipLimits()) throws {
        self.limits = limits
        self.file = try FileReader(path: url.path)
        self.entries = try ZipArchive.readCentralDirectory(file, limits: limits)
        for (i, e) in entries.enumerated() {
            if index[e.name] == nil { index[e.name] = i }
            let lower = e.name.lowercased()
            if lowercasedIndex[lower] == nil { lowercasedIndex[lower] = i }
        }
    }

    /// The entry with this name; OPC part names are case-insensitive, so a case-insensitive match
    /// is tried second. A leading `/` is ignored.
    public func entry(_ name: String) -> ZipEntry? {
        let n = name.hasPrefix("/") ? String(name.dropFirst()) : name
        if let i = index[n] ?? lowercasedIndex[n.lowercased()] { return entries[i] }
        return nil
    }

    // MARK: Central directory

    static let eocdSignature = 0x0605_4B50
    static let eocd64LocatorSignature = 0x0706_4B50
    static let eocd64Signature = 0x0606_4B50
    static let centralSignature = 0x0201_4B50
    static let localSignature = 0x0403_4B50

    static func readCentralDirectory(_ file: FileReader, limits: ZipLimits) throws -> [ZipEntry] {
        let size = file.size
        guard size >= 22 else {
            throw IngestError(size == 0 ? .zipNotZip : .zipTruncated, MessageCatalog.phrase("entry", .zipPartEndOfCentralDirectory))
        }
        // The end record (22 bytes) is followed by a comment of up to 65,535 bytes: search backwards.
        let tailLength = min(size, 22 + 65_535)
        let tail = try file.bytes(at: size - tailLength, count: tailLength)
        var eocd = -1
        var i = tailLength - 22
        while i >= 0 {
            if tail[i] == 0x50 && tail[i + 1] == 0x4B && tail[i + 2] == 5 && tail[i + 3] == 6 {
                // Prefer a record whose comment length reaches exactly the end of the file; accept
                // a shorter one (trailing junk) if nothing better is found.
                if i + 22 + tail.le16(i + 20) == tailLength { eocd = i; break }
                if eocd < 0 { eocd = i }
            }
            i -= 1
        }
        guard eocd >= 0 else {
            // A local header at the start but no end record: the archive was cut short.
            let head = try file.bytes(at: 0, count: 4)
            if head.le32(0) == localSignature { throw IngestError(.zipTruncated, MessageCatalog.phrase("entry", .zipPartEndOfCentralDirectory)) }
            throw IngestError(.zipNotZip)
        }
        let eocdOffset = size - tailLength + eocd
        var count = tail.le16(eocd + 10)
        var cdSize = tail.le32(eocd + 12)
        var cdOffset = tail.le32(eocd + 16)

        // ZIP64: a locator 20 bytes before the end record points to the ZIP64 end record.
        if eocdOffset >= 20 {
            let loc = try file.bytes(at: eocdOffset - 20, count: 20)
            if loc.le32(0) == eocd64LocatorSignature {
                let recordOffset = loc.le64(8)
                guard recordOffset <= UInt64(size - 56) else {
                    throw IngestError(.zipOutOfBounds, MessageCatalog.phrase("what", .zipWhatZip64End, ["offset": "\(recordOffset)"]))
                }
                let rec = try file.bytes(at: Int(recordOffset), count: 56)
                guard rec.le32(0) == eocd64Signature else {
                    throw IngestError(.zipCorrupt, MessageCatalog.phrase("reason", .zipReasonZip64EndMissing))
                }
                let c64 = rec.le64(32), s64 = rec.le64(40), o64 = rec.le64(48)
                guard c64 < UInt64(Int.max), s64 < UInt64(size), o64 < UInt64(size) else {
                    throw IngestError(.zipOutOfBounds, MessageCatalog.phrase("what", .zipWhatZip64Directory))
                }
                count = Int(c64); cdSize = Int(s64); cdOffset = Int(o64)
            }
        }

        if count > limits.maxEntries {
            throw IngestError(.zipBombEntries, ["count": String(count), "limit": String(limits.maxEntries)])
        }
        guard cdOffset >= 0, cdSize >= 0, cdOffset + cdSize <= size else {
            throw IngestError(.zipOutOfBounds, MessageCatalog.phrase("what", .zipWhatDirectory, ["offset": "\(cdOffset)", "size": "\(cdSize)", "file": "\(size)"]))
        }
        // Each central record is at least 46 bytes: a count that cannot fit is a lie.
        guard count * 46 <= cdSize else {
            throw IngestError(.zipCorrupt, MessageCatalog.phrase("reason", .zipReasonDirectoryTooSmall, ["count": "\(count)", "size": "\(cdSize)"]))
        }
        let cd = try file.bytes(at: cdOffset, count: cdSize)
        var entries: [ZipEntry] = []
        entries.reserveCapacity(count)
        var p = 0
        for n in 0..<count {
            guard p + 46 <= cd.count, cd.le32(p) == centralSignature else {
                throw IngestError(.zipCorrupt, MessageCatalog.phrase("reason", .zipReasonRecordDamaged, ["index": "\(n + 1)", "count": "\(count)"]))
            }
            let flags = cd.le16(p + 8)
            let method = cd.le16(p + 10)
            let crc = UInt32(cd.le32(p + 16))
            var compressed = cd.le32(p + 20)
            var uncompressed = cd.le32(p + 24)
            let nameLength = cd.le16(p + 28), extraLength = cd.le16(p + 30), commentLength = cd.le16(p + 32)
            var local = cd.le32(p + 42)
            let nameStart = p + 46
            guard nameStart + nameLength + extraLength + commentLength <= cd.count else {
                throw IngestError(.zipCorrupt, MessageCatalog.phrase("reason", .zipReasonRecordOverruns, ["index": "\(n + 1)"]))
            }
            let nameBytes = cd[nameStart..<(nameStart + nameLength)]
            let name = flags & 0x0800 != 0 ? String(decoding: nameBytes, as: UTF8.self) : decodeLegacyName(nameBytes)
            // ZIP64 extra field (0x0001): 8-byte values for each field saturated at 0xFFFFFFFF, in order.
            var e = nameStart + nameLength
            let extraEnd = e + extraLength
            while e + 4 <= extraEnd {
                let tag = cd.le16(e), len = cd.le16(e + 2)
                var q = e + 4
                let end = min(q + len, extraEnd)
                if tag == 0x0001 {
                    if uncompressed == 0xFFFF_FFFF, q + 8 <= end { uncompressed = clamp(cd.le64(q)); q += 8 }
                    if compressed == 0xFFFF_FFFF, q + 8 <= end { compressed = clamp(cd.le64(q)); q += 8 }
                    if local == 0xFFFF_FFFF, q + 8 <= end { local = clamp(cd.le64(q)); q += 8 }
                }
                e += 4 + len
            }
            guard local < size, compressed <= size else {
                throw IngestError(.zipOutOfBounds, ["what": "entry “\(name)” at \(local), \(compressed) bytes, file \(size) bytes"])
            }
            entries.append(ZipEntry(name: name, method: method, flags: flags, crc32: crc, compressedSize: compressed,
                                    uncompressedSize: uncompressed, localHeaderOffset: local))
            p = extraEnd + commentLength
        }
        return entries
    }

    static func clamp(_ v: UInt64) -> Int { v > UInt64(Int.max / 2) ? Int.max / 2 : Int(v) }

    /// Names without the UTF-8 flag are CP437 by the format; many tools write UTF-8 anyway, so
    /// valid UTF-8 with non-ASCII bytes is taken as UTF-8.
    static func decodeLegacyName(_ bytes: ArraySlice<UInt8>) -> String {
        if bytes.allSatisfy({ $0 < 0x80 }) { return String(decoding: bytes, as: UTF8.self) }
        if let s = String(validating: bytes, as: UTF8.self) { return s }
        return CP437.decode(bytes)
    }
}
