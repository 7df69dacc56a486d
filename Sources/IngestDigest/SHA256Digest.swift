import CCrypto
import Foundation

/// SHA-256 from GNU Nettle (see CCrypto/shim.h for why not libcrypto), streaming.
public final class SHA256Digest {
    private let context: UnsafeMutablePointer<sha256_ctx>

    public init() {
        context = .allocate(capacity: 1)
        nettle_sha256_init(context)
    }

    deinit { context.deallocate() }

    public func update(_ data: UnsafeRawBufferPointer) {
        guard let base = data.baseAddress, data.count > 0 else { return }
        nettle_sha256_update(context, data.count, base.assumingMemoryBound(to: UInt8.self))
    }

    public func update(_ data: Data) { data.withUnsafeBytes { update($0) } }

    /// The digest as 64 lower-case hex digits. The object must not be used afterwards.
    public func finalizeHex() -> String {
        var out = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_digest(context, out.count, &out)
        return Self.hex(out)
    }

    static func hex<C: Collection>(_ bytes: C) -> String where C.Element == UInt8 {
        let digits = Array("0123456789abcdef".utf8)
        var s = [UInt8]()
        s.reserveCapacity(bytes.count * 2)
        for b in bytes { s.append(digits[Int(b >> 4)]); s.append(digits[Int(b & 0x0F)]) }
        return String(decoding: s, as: UTF8.self)
    }

    /// One-shot digest of bytes.
    public static func hex(of data: Data) -> String {
        let d = SHA256Digest()
        d.update(data)
        return d.finalizeHex()
    }

    /// Streams a file through the digest in 1 MiB chunks; returns the digest and the byte count.
    public static func hex(ofFile url: URL) throws -> (digest: String, byteCount: Int) {
        let fd = open(url.path, O_RDONLY)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        defer { close(fd) }
        let d = SHA256Digest()
        let size = 1 << 20
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: size, alignment: 16)
        defer { buffer.deallocate() }
        var total = 0
        while true {
            let n = read(fd, buffer.baseAddress, size)
            if n < 0 {
                if errno == EINTR { continue }
                throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO)
            }
            if n == 0 { break }
            d.update(UnsafeRawBufferPointer(rebasing: buffer[0..<n]))
            total += n
        }
        return (d.finalizeHex(), total)
    }
}
