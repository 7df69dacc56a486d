/// Receives a part's XML as it is scanned. Names are ids from the scanner's `XMLNameTable`
/// (namespace URI + local name), so a handler compares integers and never sees prefixes.
public protocol XMLHandler {
    mutating func startElement(_ name: Int32, _ attributes: XMLAttributes) throws
    mutating func endElement(_ name: Int32) throws
    /// Character data with entities already replaced, as UTF-8. One text run may arrive in
    /// several calls (chunk boundaries, CDATA). Valid only during the call.
    mutating func characters(_ text: UnsafeRawBufferPointer) throws
}

/// One attribute as found in a start tag, before its value is decoded.
struct RawAttribute {
    var name: Int32
    var valueStart: Int
    var valueEnd: Int
    var hasEntity: Bool
}

/// The attributes of the start tag being reported. Values are decoded only when asked for.
/// Valid only during `startElement`.
public struct XMLAttributes {
    let bytes: UnsafePointer<UInt8>
    let list: UnsafeBufferPointer<RawAttribute>

    public var count: Int { list.count }
    public func name(at i: Int) -> Int32 { list[i].name }

    public func value(at i: Int) -> String {
        let a = list[i]
        let raw = UnsafeBufferPointer(start: bytes + a.valueStart, count: a.valueEnd - a.valueStart)
        if !a.hasEntity { return String(decoding: raw, as: UTF8.self) }
        var out: [UInt8] = []
        // Malformed entities in attribute values were already rejected while scanning the tag.
        _ = try? XMLEntities.decode(raw, into: &out)
        return String(decoding: out, as: UTF8.self)
    }

    public subscript(_ name: Int32) -> String? {
        for i in 0..<list.count where list[i].name == name { return value(at: i) }
        return nil
    }

    public func contains(_ name: Int32) -> Bool { list.contains { $0.name == name } }

    /// The undecoded bytes of an attribute's value, when it holds no reference; lets a hot
    /// handler compare values without making strings. Valid only during `startElement`.
    public func rawValue(_ name: Int32) -> UnsafeBufferPointer<UInt8>? {
        for i in 0..<list.count where list[i].name == name {
            let a = list[i]
            return a.hasEntity ? nil : UnsafeBufferPointer(start: bytes + a.valueStart, count: a.valueEnd - a.valueStart)
        }
        return nil
    }
}
