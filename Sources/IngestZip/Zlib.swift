import CZlib

// The one file that calls zlib. `inflateInit2` is a C macro Swift cannot see, so we call
// `inflateInit2_` with the library version and the struct size; window bits −15 = raw deflate
// (ZIP entries carry no zlib header).

/// A raw-deflate decompressor. One per entry being read; `deinit` frees zlib's state.
final class Inflater {
    private var stream = z_stream()
    private var open = false

    init() throws(ZipFailure) {
        let status = inflateInit2_(&stream, -15, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else { throw .zlib("inflateInit2 failed (\(status))") }
        open = true
    }

    deinit { if open { inflateEnd(&stream) } }

    enum Step { case more, end }

    /// Inflates from `input` into `output`; returns bytes consumed, bytes produced and whether the
    /// deflate stream ended.
    func step(input: UnsafeRawBufferPointer, output: UnsafeMutableRawBufferPointer) throws(ZipFailure)
        -> (consumed: Int, produced: Int, step: Step)
    {
        stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress?.assumingMemoryBound(to: Bytef.self))
        stream.avail_in = uInt(input.count)
        stream.next_out = output.baseAddress?.assumingMemoryBound(to: Bytef.self)
        stream.avail_out = uInt(output.count)
        let status = inflate(&stream, Z_NO_FLUSH)
        let consumed = input.count - Int(stream.avail_in)
        let produced = output.count - Int(stream.avail_out)
        stream.next_in = nil
        stream.next_out = nil
        switch status {
        case Z_STREAM_END: return (consumed, produced, .end)
        case Z_OK: return (consumed, produced, .more)
        case Z_BUF_ERROR: return (consumed, produced, .more)  // no progress possible: caller feeds more
        case Z_DATA_ERROR:
            let reason = stream.msg.map { String(cString: $0) } ?? "invalid deflate data"
            throw .corruptData(reason)
        case Z_MEM_ERROR: throw .zlib("out of memory")
        default: throw .zlib("inflate status \(status)")
        }
    }
}

/// zlib's CRC-32 (the ZIP polynomial), continued from `crc`.
@inline(__always)
func zipCRC32(_ crc: UInt32, _ bytes: UnsafeRawBufferPointer) -> UInt32 {
    guard let base = bytes.baseAddress, !bytes.isEmpty else { return crc }
    return UInt32(truncatingIfNeeded: crc32(uLong(crc), base.assumingMemoryBound(to: Bytef.self), uInt(bytes.count)))
}

/// CRC-32 of a whole buffer (used by tests and by writers of fixtures).
public func crc32Of(_ bytes: [UInt8]) -> UInt32 {
    bytes.withUnsafeBytes { zipCRC32(0, $0) }
}
