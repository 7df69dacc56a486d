import CZlib
import Foundation

/// Builds ZIP archives for tests, byte by byte, so each oddity (data descriptors, ZIP64 records,
/// CP437 names, lying sizes, bad CRCs, bombs) can be made on purpose. Deflate is zlib's.
/// Shared by IngestZipTests and IngestOfficeTests (to build .docx packages).
public struct ZipWriter {
    public init() {}
    public struct Entry {
        public var name: [UInt8]
        public var data: [UInt8]          // what is stored (already compressed when method is 8)
        public var method: Int
        public var crc: UInt32
        public var uncompressedSize: Int
        public var flags: Int
        public init(name: [UInt8], data: [UInt8], method: Int, crc: UInt32, uncompressedSize: Int, flags: Int) {
            self.name = name; self.data = data; self.method = method; self.crc = crc
            self.uncompressedSize = uncompressedSize; self.flags = flags
        }
    }
    public var entries: [Entry] = []
    public var comment: [UInt8] = []
    public var zip64 = false
    public var dataDescriptors = false

    /// Adds a file, deflated (method 8) unless `stored`.
    public mutating func add(_ name: String, _ content: [UInt8], stored: Bool = false, flags: Int = 0x0800) {
        let crc = UInt32(truncatingIfNeeded: content.withUnsafeBytes {
            crc32(0, $0.baseAddress?.assumingMemoryBound(to: Bytef.self), uInt($0.count))
        })
        entries.append(Entry(name: Array(name.utf8), data: stored ? content : Self.deflate(content),
                             method: stored ? 0 : 8, crc: crc, uncompressedSize: content.count, flags: flags))
    }
    public mutating func add(_ name: String, _ text: String, stored: Bool = false) { add(name, Array(text.utf8), stored: stored) }

    /// Raw deflate of a buffer (window bits −15, as ZIP wants).
    public static func deflate(_ input: [UInt8], flush: Int32 = Z_FINISH) -> [UInt8] {
        var s = z_stream()
        deflateInit2_(&s, 6, Z_DEFLATED, -15, 8, Z_DEFAULT_STRATEGY, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        defer { deflateEnd(&s) }
        var out = [UInt8](repeating: 0, count: Int(deflateBound(&s, uLong(input.count))) + 64)
        var input = input
        let produced: Int = input.withUnsafeMutableBytes { inBuf in
            out.withUnsafeMutableBytes { outBuf in
                s.next_in = inBuf.baseAddress?.assumingMemoryBound(to: Bytef.self)
                s.avail_in = uInt(inBuf.count)
                s.next_out = outBuf.baseAddress?.assumingMemoryBound(to: Bytef.self)
                s.avail_out = uInt(outBuf.count)
                _ = CZlib.deflate(&s, flush)
                return outBuf.count - Int(s.avail_out)
            }
        }
        return Array(out[0..<produced])
    }

    /// A raw deflate stream of `megabytes` MiB of zeros, made by repeating one fully flushed
    /// block: a few KiB per GiB, built without ever holding the inflated bytes.
    public static func zerosStream(megabytes: Int) -> [UInt8] {
        let block = deflate([UInt8](repeating: 0, count: 1 << 20), flush: Z_FULL_FLUSH)
        var out: [UInt8] = []
        out.reserveCapacity(block.count * megabytes + 2)
        for _ in 0..<megabytes { out += block }
        return out + [0x03, 0x00]  // an empty final block
    }

    public func bytes() -> [UInt8] {
        var out: [UInt8] = []
        var central: [UInt8] = []
        for e in entries {
            let offset = out.count
            let flags = e.flags | (dataDescriptors ? 0x0008 : 0)
            let big = zip64
            out += le32(0x0403_4B50) + le16(big ? 45 : 20) + le16(flags) + le16(e.method) + le16(0) + le16(0x21)
            if dataDescriptors { out += le32(0) + le32(0) + le32(0) }
            else if big { out += le32(Int(e.crc)) + le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) }
            else { out += le32(Int(e.crc)) + le32(e.data.count) + le32(e.uncompressedSize) }
            let localExtra: [UInt8] = big ? le16(1) + le16(16) + le64(e.uncompressedSize) + le64(e.data.count) : []
            out += le16(e.name.count) + le16(localExtra.count) + e.name + localExtra + e.data
            if dataDescriptors { out += le32(0x0807_4B50) + le32(Int(e.crc)) + le32(e.data.count) + le32(e.uncompressedSize) }
            let extra: [UInt8] = big ? le16(1) + le16(24) + le64(e.uncompressedSize) + le64(e.data.count) + le64(offset) : []
            central += le32(0x0201_4B50) + le16(big ? 45 : 20) + le16(big ? 45 : 20) + le16(flags) + le16(e.method)
            central += le16(0) + le16(0x21) + le32(Int(e.crc))
            central += big ? le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) : le32(e.data.count) + le32(e.uncompressedSize)
            central += le16(e.name.count) + le16(extra.count) + le16(0) + le16(0) + le16(0) + le32(0)
            central += (big ? le32(0xFFFF_FFFF) : le32(offset)) + e.name + extra
        }
        let cdOffset = out.count
        out += central
        if zip64 {
            let recordOffset = out.count
            out += le32(0x0606_4B50) + le64(44) + le16(45) + le16(45) + le32(0) + le32(0)
            out += le64(entries.count) + le64(entries.count) + le64(central.count) + le64(cdOffset)
            out += le32(0x0706_4B50) + le32(0) + le64(recordOffset) + le32(1)
            out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(0xFFFF) + le16(0xFFFF)
            out += le32(0xFFFF_FFFF) + le32(0xFFFF_FFFF) + le16(comment.count) + comment
        } else {
            out += le32(0x0605_4B50) + le16(0) + le16(0) + le16(entries.count) + le16(entries.count)
            out += le32(central.count) + le32(cdOffset) + le16(comment.count) + comment
        }
        return out
    }

    func write(to url: URL) throws { try Data(bytes()).write(to: url) }

    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
    private func le32(_ v: Int) -> [UInt8] { le16(v & 0xFFFF) + le16((v >> 16) & 0xFFFF) }
    private func le64(_ v: Int) -> [UInt8] { le32(v & 0xFFFF_FFFF) + le32((v >> 32) & 0xFFFF_FFFF) }
}
