import Foundation
import IngestCore

extension ZipArchive {
    /// Size of the compressed-input and inflated-output buffers: memory per open entry stays at
    /// about twice this, whatever the entry's size.
    static let chunkSize = 64 * 1024

    /// Streams one entry's uncompressed bytes to `consumer`, in chunks of at most 64 KiB, checking
    /// the CRC-32 and the archive's limits while inflating (declared sizes are not trusted).
    /// The chunk is only valid during the call.
    public func read(_ entry: ZipEntry, into consumer: (UnsafeRawBufferPointer) throws -> Void) throws {
        if entry.isEncrypted { throw IngestError(.zipEncryptedEntry, ["entry": entry.name]) }
        guard entry.method == 0 || entry.method == 8 else {
            throw IngestError(.zipUnsupportedMethod, ["entry": entry.name, "method": Self.methodName(entry.method)])
        }
        let dataStart = try dataOffset(of: entry)
        guard dataStart + entry.compressedSize <= file.size else {
            throw IngestError(.zipTruncated, ["entry": entry.name],
                              detail: "data ends at \(dataStart + entry.compressedSize), file has \(file.size) bytes")
        }
        var crc: UInt32 = 0
        var produced = 0
        let input = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
        defer { input.deallocate() }

        func account(_ chunk: UnsafeRawBufferPointer, consumedCompressed: Int) throws {
            produced += chunk.count
            inflatedTotal += chunk.count
            if inflatedTotal > limits.maxUncompressedBytes {
                throw IngestError(.zipBombSize, ["size": String(inflatedTotal), "limit": String(limits.maxUncompressedBytes)])
            }
            if produced > limits.ratioGraceBytes,
               Double(produced) > limits.maxRatio * Double(max(consumedCompressed, 1)) {
                throw IngestError(.zipBombRatio, ["entry": entry.name, "ratio": String(Int(Double(produced) / Double(max(consumedCompressed, 1)))),
                                                  "limit": String(Int(limits.maxRatio))])
            }
            crc = zipCRC32(crc, chunk)
            try consumer(chunk)
        }

        if entry.method == 0 {
            var offset = 0
            while offset < entry.compressedSize {
                let n = min(Self.chunkSize, entry.compressedSize - offset)
                let slice = UnsafeMutableRawBufferPointer(rebasing: input[0..<n])
                try file.read(into: slice, at: dataStart + offset)
                offset += n
                try account(UnsafeRawBufferPointer(slice), consumedCompressed: offset)
            }
        } else {
            let inflater: Inflater
            do { inflater = try Inflater() } catch { throw Self.ingestError(error, entry) }
            let output = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.chunkSize, alignment: 16)
            defer { output.deallocate() }
            var readOffset = 0          // compressed bytes read from the file
            var pending = 0..<0         // unconsumed compressed bytes in `input`
            var consumedTotal = 0
            var ended = false
            while !ended {
                if pending.isEmpty {
                    guard readOffset < entry.compressedSize else {
                        throw IngestError(.zipTruncated, ["entry": entry.name], detail: "deflate stream ends early")
                    }
                    let n = min(Self.chunkSize, entry.compressedSize - readOffset)
                    try file.read(into: UnsafeMutableRawBufferPointer(rebasing: input[0..<n]), at: dataStart + readOffset)
                    readOffset += n
                    pending = 0..<n
                }
                let r: (consumed: Int, produced: Int, step: Inflater.Step)
                do {
                    r = try inflater.step(input: UnsafeRawBufferPointer(rebasing: input[pending]), output: output)
                } catch { throw Self.ingestError(error, entry) }
                pending = (pending.lowerBound + r.consumed)..<pending.upperBound
                consumedTotal += r.consumed
                if r.produced > 0 {
                    try account(UnsafeRawBufferPointer(rebasing: output[0..<r.produced]), consumedCompressed: consumedTotal)
                }
                if r.step == .end { ended = true }
                else if r.consumed == 0 && r.produced == 0 && !pending.isEmpty {
                    throw IngestError(.zipCorrupt, MessageCatalog.phrase("reason", .zipReasonInflateStuck, ["entry": entry.name]))
                }
            }
        }
        if produced != entry.uncompressedSize {
            throw IngestError(.zipCorrupt, MessageCatalog.phrase("reason", .zipReasonSizeMismatch, ["entry": entry.name, "produced": "\(produced)", "declared": "\(entry.uncompressedSize)"]))
        }
        if crc != entry.crc32 { throw IngestError(.zipBadCRC, ["entry": entry.name]) }
    }

    /// The whole entry as bytes, for small parts (styles, relationships), with a size cap.
    public func data(_ entry: ZipEntry, maxBytes: Int = 64 << 20) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(min(entry.uncompressedSize, maxBytes, 1 << 20))
        try read(entry) { chunk in
            if out.count + chunk.count > maxBytes {
                throw IngestError(.zipBombSize, ["size": String(out.count + chunk.count), "limit": String(maxBytes)])
            }
            out.append(contentsOf: chunk)
        }
        return out
    }

    /// Where the entry's data starts: after its local header, whose name and extra lengths may
    /// differ from the central directory's.
    func dataOffset(of entry: ZipEntry) throws -> Int {
        guard entry.localHeaderOffset + 30 <= file.size else {
            throw IngestError(.zipOutOfBounds, MessageCatalog.phrase("what", .zipWhatLocalHeader, ["entry": entry.name, "offset": "\(entry.localHeaderOffset)"]))
        }
        let header = try file.bytes(at: entry.localHeaderOffset, count: 30)
        guard header.le32(0) == Self.localSignature else {
            throw IngestError(.zipCorrupt, MessageCatalog.phrase("reason", .zipReasonNoLocalHeader, ["entry": entry.name, "offset": "\(entry.localHeaderOffset)"]))
        }
        return entry.localHeaderOffset + 30 + header.le16(26) + header.le16(28)
    }

    static func methodName(_ method: Int) -> String {
        switch method {
        case 9: "Deflate64"
        case 12: "bzip2"
        case 14: "LZMA"
        case 93: "Zstandard"
        case 95: "XZ"
        case 99: "AES"
        default: "method \(method)"
        }
    }

    static func ingestError(_ failure: ZipFailure, _ entry: ZipEntry) -> IngestError {
        switch failure {
        case .corruptData(let reason):
            IngestError(.zipCorrupt, MessageCatalog.phrase("reason", .zipReasonCorruptData, ["entry": entry.name], quoting: ["detail": reason]), detail: reason)
        case .zlib(let reason):
            IngestError(.zipCorrupt, MessageCatalog.phrase("reason", .zipReasonZlib, quoting: ["detail": reason]), detail: reason)
        }
    }
}
