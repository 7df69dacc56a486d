import Foundation

/// A JSON encoder that writes straight into a byte buffer as `encode(to:)` runs, keys in
/// declaration order. Foundation's JSONEncoder builds a tree of boxed values first and was a
/// quarter of the CPU time of converting a text file; this is several times cheaper.
/// It supports what Codable synthesizes (keyed, unkeyed and single-value containers, nested in
/// call order); `nestedContainer`/`superEncoder` are supported for nesting written in order too.
public enum StreamingJSONEncoder {
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = false) throws -> Data {
        Data(try encodeBytes(value, pretty: pretty))
    }

    /// The same bytes, without the copy into `Data` (a long PDF's document is megabytes).
    public static func encodeBytes<T: Encodable>(_ value: T, pretty: Bool = false) throws -> [UInt8] {
        let writer = Writer(pretty: pretty)
        try writer.write(value)
        if pretty { writer.bytes.append(0x0A) }
        return writer.bytes
    }

    /// The same bytes handed to `output` in pieces of about 64 KB as they are produced, so a long
    /// document is never held whole as JSON (a 585-page PDF's document is ~4 MB of JSON, and the
    /// growing buffer held up to twice that). `output` may throw; encoding stops there.
    public static func encode<T: Encodable>(_ value: T, pretty: Bool = false,
                                            output: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        let writer = Writer(pretty: pretty, output: output)
        try writer.write(value)
        if pretty { writer.bytes.append(0x0A) }
        try writer.drain()
    }

    public struct InvalidValue: Error, CustomStringConvertible {
        public var description: String
    }

    final class Writer {
        // Only this writer touches its buffer, one call at a time: no dynamic exclusivity checks.
        @exclusivity(unchecked) var bytes: [UInt8] = []
        let pretty: Bool
        @exclusivity(unchecked) var depth = 0
        /// Containers opened with `nestedContainer`/`superEncoder`, closed before their parent
        /// writes its next element or closes.
        @exclusivity(unchecked) var nested: [ValueEncoder] = []
        static let spaces = [UInt8](repeating: 0x20, count: 128)

        /// Where full buffers go (nil: everything stays in `bytes`).
        let output: ((UnsafeRawBufferPointer) throws -> Void)?
        static let drainThreshold = 1 << 16
        /// The first error `output` threw while draining from inside a container (rethrown by
        /// `drain()` at the end; nothing more is handed to `output` after it).
        @exclusivity(unchecked) var outputError: Error?

        init(pretty: Bool, output: ((UnsafeRawBufferPointer) throws -> Void)? = nil) {
            self.pretty = pretty
            self.output = output
            bytes.reserveCapacity(output == nil ? 1 << 16 : Self.drainThreshold + (1 << 12))
        }

        /// Hands the buffer to `output` once it holds a piece's worth (called between elements).
        @inline(__always) func drainIfFull() {
            if output != nil, bytes.count >= Self.drainThreshold { try? drain() }
        }

        func drain() throws {
            if let outputError { throw outputError }
            guard let output, !bytes.isEmpty else { return }
            do { try bytes.withUnsafeBytes { try output($0) } } catch { outputError = error; throw error }
            bytes.removeAll(keepingCapacity: true)
        }

        /// Writes any Encodable, closing the container it opened.
        func write<T: Encodable>(_ value: T) throws {
            // Type checks by metadata identity: `as?` casts on every value cost more than the writing.
            let type = ObjectIdentifier(T.self)
            if type == ObjectIdentifier(String.self) { string(unsafeBitCast(value, to: String.self)); return }
            if type == ObjectIdentifier(Int.self) { int(unsafeBitCast(value, to: Int.self)); return }
            if type == ObjectIdentifier(Double.self) { try double(unsafeBitCast(value, to: Double.self)); return }
            if type == ObjectIdentifier(Bool.self) { raw(unsafeBitCast(value, to: Bool.self) ? "true" : "false"); return }
            if type == ObjectIdentifier(UInt32.self) { int(Int(unsafeBitCast(value, to: UInt32.self))); return }
            // A document lists hundreds of possible duplicates in a repetitive collection: written
            // directly, as the synthesized `encode(to:)` would, without boxed containers.
            if type == ObjectIdentifier(Block.self) { try block(unsafeBitCast(value, to: Block.self)); return }
            if type == ObjectIdentifier(DuplicateRef.self) { try duplicateRef(unsafeBitCast(value, to: DuplicateRef.self)); return }
            // Events and worker requests are JSONValue trees: walked directly, not through the
            // single-value containers of JSONValue's `encode(to:)` (the same bytes).
            if type == ObjectIdentifier(JSONValue.self) { try json(unsafeBitCast(value, to: JSONValue.self)); return }
            // Dictionaries: keys sorted, so output is stable from run to run.
            switch value {
            case let d as [String: JSONValue]: try sortedObject(d); return
            case let d as [String: Double]: try sortedObject(d); return
            case let d as [String: String]: try sortedObject(d); return
            default: break
            }
            let encoder = ValueEncoder(writer: self)
            try value.encode(to: encoder)
            encoder.close()
        }

        /// The same bytes as Block's synthesized encoding: keys in declaration order, nil optionals
        /// left out (`encodeIfPresent`).
        func block(_ b: Block) throws {
            let encoder = ValueEncoder(writer: self)
            encoder.begin(.keyed)
            encoder.key("kind"); string(b.kind.rawValue)
            encoder.key("text"); string(b.text)
            if let level = b.level { encoder.key("level"); int(level) }
            if let marker = b.marker { encoder.key("marker"); string(marker) }
            encoder.key("source"); int(b.source)
            if let page = b.page { encoder.key("page"); int(page) }
            if let start = b.start { encoder.key("start"); try double(start) }
            if let end = b.end { encoder.key("end"); try double(end) }
            encoder.key("provenance"); string(b.provenance.rawValue)
            if let rows = b.rows { encoder.key("rows"); try write(rows) }
            if let confidence = b.confidence { encoder.key("confidence"); try double(confidence) }
            if let latex = b.latex { encoder.key("latex"); string(latex) }
            if let bbox = b.bbox { encoder.key("bbox"); try write(bbox) }
            if let image = b.image { encoder.key("image"); string(image) }
            encoder.close()
        }

        /// The same bytes as DuplicateRef's synthesized encoding (keys in declaration order).
        func duplicateRef(_ ref: DuplicateRef) throws {
            let encoder = ValueEncoder(writer: self)
            encoder.begin(.keyed)
            encoder.key("id"); string(ref.id)
            encoder.key("title"); string(ref.title)
            encoder.key("source"); string(ref.source)
            encoder.key("reason"); string(ref.reason.rawValue)
            encoder.key("kind"); string(ref.kind.rawValue)
            encoder.key("similarity"); try double(ref.similarity)
            encoder.close()
        }

        /// The same bytes as JSONValue's `encode(to:)` (objects' keys sorted).
        func json(_ v: JSONValue) throws {
            switch v {
            case .null: raw("null")
            case .bool(let b): raw(b ? "true" : "false")
            case .int(let i): int(i)
            case .double(let d): try double(d)
            case .string(let s): string(s)
            case .array(let a):
                let encoder = ValueEncoder(writer: self)
                encoder.begin(.unkeyed)
                for element in a { encoder.separator(); try json(element) }
                encoder.close()
            case .object(let o): try sortedObject(o)
            }
        }

        func sortedObject<V: Encodable>(_ d: [String: V]) throws {
            let encoder = ValueEncoder(writer: self)
            encoder.begin(.keyed)
            for key in d.keys.sorted() {
                encoder.key(key)
                try write(d[key]!)
            }
            encoder.close()
        }

        func raw(_ s: String) { bytes.append(contentsOf: s.utf8) }

        func int(_ v: Int) {
            if v >= 0 && v < 10 { bytes.append(UInt8(0x30 + v)); return }
            raw(String(v))
        }

        func double(_ d: Double) throws {
            guard d.isFinite else { throw InvalidValue(description: "\(d) is not a JSON number") }
            if d == d.rounded(), abs(d) < 1e15 { int(Int(d)) } else { raw(String(d)) }
        }

        func newline() {
            guard pretty else { return }
            bytes.append(0x0A)
            // Indentation copied from a row of spaces (a repeated-element append went byte by byte).
            let width = depth * 2
            if width <= Self.spaces.count {
                Self.spaces.withUnsafeBufferPointer { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: $0[..<width])) }
            } else {
                bytes.append(contentsOf: repeatElement(0x20, count: width))
            }
        }

        func string(_ s: String) {
            bytes.append(0x22)
            var s = s
            s.withUTF8 { u in
                var start = 0
                var i = 0
                let n = u.count
                // Eight bytes at a time: skip words holding no control character, quote or backslash.
                u.withMemoryRebound(to: UInt8.self) { p in
                    let raw = UnsafeRawPointer(p.baseAddress!)
                    while i < n {
                        if i + 8 <= n {
                            let w = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                            if !Self.needsEscape(w) { i += 8; continue }
                        }
                        let c = p[i]
                        if c < 0x20 || c == 0x22 || c == 0x5C {
                            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<i]))
                            escape(c)
                            start = i + 1
                            // A document's whole text is one string: drained as it goes, or the
                            // buffer would grow to its size (megabytes for a long book).
                            drainIfFull()
                        }
                        i += 1
                    }
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: p[start..<n]))
                }
            }
            bytes.append(0x22)
        }

        /// Whether a word holds a byte below 0x20, a quote or a backslash (SWAR byte tests).
        @inline(__always) static func needsEscape(_ w: UInt64) -> Bool {
            let ones: UInt64 = 0x0101010101010101, highs: UInt64 = 0x8080808080808080
            let below = (w &- ones &* 0x20) & ~w & highs
            let q = w ^ (ones &* 0x22), b = w ^ (ones &* 0x5C)
            let quote = (q &- ones) & ~q & highs
            let slash = (b &- ones) & ~b & highs
            return (below | quote | slash) != 0
        }

        func escape(_ c: UInt8) {
            switch c {
            case 0x22: bytes.append(contentsOf: [0x5C, 0x22])
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x0A: bytes.append(contentsOf: [0x5C, 0x6E])
            case 0x0D: bytes.append(contentsOf: [0x5C, 0x72])
            case 0x09: bytes.append(contentsOf: [0x5C, 0x74])
            default:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: [0x5C, 0x75, 0x30, 0x30, hex[Int(c >> 4)], hex[Int(c & 0xF)]])
            }
        }
    }

    /// One value being encoded: it opens at most one container, closed by `close()`.
    final class ValueEncoder: Encoder {
        enum Open { case none, keyed, unkeyed }
        let writer: Writer
        // Used by one writer, one call at a time, like the writer's buffer: no dynamic checks.
        @exclusivity(unchecked) var open = Open.none
        @exclusivity(unchecked) var count = 0
        var codingPath: [CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]
        /// How many nested encoders were open when this one was made.
        let level: Int

        init(writer: Writer) { self.writer = writer; level = writer.nested.count }

        /// A nested encoder, to be closed by its parent.
        func child() -> ValueEncoder {
            let e = ValueEncoder(writer: writer)
            writer.nested.append(e)
            return e
        }

        func closeNested() {
            while writer.nested.count > level { writer.nested.removeLast().close() }
        }

        func begin(_ kind: Open) {
            guard open == .none else { return }
            open = kind
            writer.bytes.append(kind == .keyed ? 0x7B : 0x5B)
            writer.depth += 1
        }

        func close() {
            closeNested()
            guard open != .none else { return }
            writer.depth -= 1
            if count > 0 { writer.newline() }
            writer.bytes.append(open == .keyed ? 0x7D : 0x5D)
            open = .none
        }

        func separator() {
            writer.drainIfFull()
            closeNested()
            if count > 0 { writer.bytes.append(0x2C) }
            count += 1
            writer.newline()
        }

        func key(_ k: String) {
            separator()
            writer.string(k)
            writer.bytes.append(0x3A)
            if writer.pretty { writer.bytes.append(0x20) }
        }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            begin(.keyed)
            return KeyedEncodingContainer(Keyed<Key>(encoder: self))
        }
        func unkeyedContainer() -> UnkeyedEncodingContainer { begin(.unkeyed); return Unkeyed(encoder: self) }
        func singleValueContainer() -> SingleValueEncodingContainer { Single(encoder: self) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let encoder: ValueEncoder
        var codingPath: [CodingKey] { [] }
        mutating func encodeNil(forKey key: Key) throws { encoder.key(key.stringValue); encoder.writer.raw("null") }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            encoder.key(key.stringValue)
            try encoder.writer.write(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
            encoder.key(key.stringValue)
            return encoder.child().container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
            encoder.key(key.stringValue)
            return encoder.child().unkeyedContainer()
        }
        mutating func superEncoder() -> Encoder { encoder.key("super"); return encoder.child() }
        mutating func superEncoder(forKey key: Key) -> Encoder { encoder.key(key.stringValue); return encoder.child() }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [CodingKey] { [] }
        var count: Int { encoder.count }
        mutating func encodeNil() throws { encoder.separator(); encoder.writer.raw("null") }
        mutating func encode<T: Encodable>(_ value: T) throws { encoder.separator(); try encoder.writer.write(value) }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            encoder.separator()
            return encoder.child().container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
            encoder.separator()
            return encoder.child().unkeyedContainer()
        }
        mutating func superEncoder() -> Encoder { encoder.separator(); return encoder.child() }
    }

    struct Single: SingleValueEncodingContainer {
        let encoder: ValueEncoder
        var codingPath: [CodingKey] { [] }
        mutating func encodeNil() throws { encoder.writer.raw("null") }
        mutating func encode<T: Encodable>(_ value: T) throws { try encoder.writer.write(value) }
    }
}
