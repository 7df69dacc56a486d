/// Element, attribute and text-byte counts of a part: a cheap structural summary (diagnostics,
/// and the bench that compares this scanner with Foundation's XMLParser on the same work).
public struct XMLCounts: XMLHandler, Equatable, Sendable {
    public var elements = 0
    public var attributes = 0
    public var textBytes = 0
    public init() {}
    public mutating func startElement(_ name: Int32, _ a: XMLAttributes) throws { elements += 1; attributes += a.count }
    public mutating func endElement(_ name: Int32) throws {}
    public mutating func characters(_ text: UnsafeRawBufferPointer) throws { textBytes += text.count }

    /// Counts a whole part held in memory.
    public static func of(_ bytes: [UInt8], part: String = "part") throws -> XMLCounts {
        var c = XMLCounts()
        try XMLScanner(part: part).scan(bytes, &c)
        return c
    }
}
