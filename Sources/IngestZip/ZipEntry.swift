/// One entry of the central directory. Sizes and CRC come from here, never from the local header
/// (which holds zeros when the data-descriptor flag is set).
public struct ZipEntry: Sendable, Equatable {
    public var name: String
    public var method: Int
    public var flags: Int
    public var crc32: UInt32
    public var compressedSize: Int
    public var uncompressedSize: Int
    public var localHeaderOffset: Int

    public var isEncrypted: Bool { flags & 0x0001 != 0 }
    public var hasDataDescriptor: Bool { flags & 0x0008 != 0 }
    public var isDirectory: Bool { name.hasSuffix("/") }

    public init(name: String, method: Int, flags: Int, crc32: UInt32, compressedSize: Int,
                uncompressedSize: Int, localHeaderOffset: Int) {
        self.name = name; self.method = method; self.flags = flags; self.crc32 = crc32
        self.compressedSize = compressedSize; self.uncompressedSize = uncompressedSize
        self.localHeaderOffset = localHeaderOffset
    }
}

/// The archive-wide limits against ZIP bombs, from `limits.zip*` in the configuration.
/// They are enforced on the bytes actually inflated, never on the sizes an archive declares.
public struct ZipLimits: Sendable, Equatable {
    public var maxUncompressedBytes: Int
    public var maxRatio: Double
    public var maxEntries: Int
    /// Ratios are only judged past this many inflated bytes: tiny, repetitive XML parts
    /// legitimately compress far better than large ones.
    public var ratioGraceBytes: Int

    public init(maxUncompressedBytes: Int = 1 << 30, maxRatio: Double = 200, maxEntries: Int = 20_000,
                ratioGraceBytes: Int = 1 << 20) {
        self.maxUncompressedBytes = maxUncompressedBytes; self.maxRatio = maxRatio
        self.maxEntries = maxEntries; self.ratioGraceBytes = ratioGraceBytes
    }
}
