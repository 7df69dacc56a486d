import Foundation
import IngestCore

/// A small streaming XML scanner for Office parts: bytes are fed in chunks as they are inflated,
/// elements and text are reported to an `XMLHandler` as soon as they are complete. Namespaces are
/// resolved to URIs (prefixes never reach the handler). Only the predefined entities and character
/// references are expanded; a DTD that declares entities is refused (`office.entityExpansion`), so
/// nothing can grow beyond the input (billion laughs). Well-formedness that matters for reading
/// (tags balanced, attributes quoted, references valid) is checked; UTF-8 input is assumed, as in
/// every Office part.
public final class XMLScanner {
    public let names: XMLNameTable
    private var core: ScanCore
    private var buffer: [UInt8] = []
    /// How many bytes of `buffer` its last scan left unfinished (the pending token).
    private var pendingLength = 0
    /// Elements seen so far (for tests and diagnostics).
    public var elementCount: Int { core.elementCount }
    /// Bytes handed to the scan loop so far, counting rescans of a pending token (for tests: it
    /// stays within a small multiple of the part's size however the part is cut into chunks).
    public private(set) var scannedBytes = 0

    public init(part: String, names: XMLNameTable = XMLNameTable(), maxTokenBytes: Int = 8 << 20) {
        self.names = names
        core = ScanCore(part: part, maxTokenBytes: maxTokenBytes, names: &names.storage)
    }

    /// Scans a whole buffer (a part already in memory).
    public func scan<H: XMLHandler>(_ data: [UInt8], _ handler: inout H) throws {
        try data.withUnsafeBytes { try feed($0, &handler) }
        try finish(&handler)
    }

    /// Scans the next chunk of the part. Complete tokens are scanned in place; only a token cut
    /// by the chunk's end is copied aside, and completed from the next chunk up to its next `>`.
    /// Chunks smaller than the pending token are only collected until they double it: a token
    /// fed a byte at a time is rescanned a logarithmic number of times, not once per byte.
    public func feed<H: XMLHandler>(_ chunk: UnsafeRawBufferPointer, _ handler: inout H) throws {
        guard let base = chunk.baseAddress?.assumingMemoryBound(to: UInt8.self), !chunk.isEmpty else { return }
        if !buffer.isEmpty && buffer.count + chunk.count < 2 * pendingLength {
            buffer.append(contentsOf: UnsafeBufferPointer(start: base, count: chunk.count))
            return
        }
        var offset = 0
        if !buffer.isEmpty {
            // Most cut tokens end at the chunk's first `>`; if not (a `>` inside a value, a long
            // comment or DTD), take the whole chunk, so a token is rescanned once per chunk at most.
            let gt = memchr(base, Int32(UInt8(ascii: ">")), chunk.count)
            offset = gt.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) + 1 } ?? chunk.count
            buffer.append(contentsOf: UnsafeBufferPointer(start: base, count: offset))
            try run(final: false, &handler)
            if !buffer.isEmpty && offset < chunk.count {
                buffer.append(contentsOf: UnsafeBufferPointer(start: base + offset, count: chunk.count - offset))
                offset = chunk.count
                try run(final: false, &handler)
            }
        }
        guard offset < chunk.count else { return }
        let consumed = try runInPlace(UnsafeBufferPointer(start: base + offset, count: chunk.count - offset), &handler)
        buffer.append(contentsOf: UnsafeBufferPointer(start: base + offset + consumed, count: chunk.count - offset - consumed))
        pendingLength = buffer.count
    }

    private func runInPlace<H: XMLHandler>(_ bytes: UnsafeBufferPointer<UInt8>, _ handler: inout H) throws -> Int {
        var c = core
        core = ScanCore.placeholder
        c.names = names.storage
        names.storage = NameStorage(empty: ())
        defer {
            names.storage = c.names
            c.names = NameStorage(empty: ())
            core = c
        }
        scannedBytes += bytes.count
        return try c.scan(bytes.baseAddress!, bytes.count, final: false, &handler)
    }

    /// Ends the part: anything left open is an error.
    public func finish<H: XMLHandler>(_ handler: inout H) throws {
        try run(final: true, &handler)
        try core.checkEnd(names.storage)
    }

    /// Moves the state, the name storage and the bytes into locals for the scan (no dynamic
    /// exclusivity checks, no copy-on-write), and back afterwards, even on error.
    private func run<H: XMLHandler>(final: Bool, _ handler: inout H) throws {
        var c = core
        core = ScanCore.placeholder
        c.names = names.storage
        names.storage = NameStorage(empty: ())
        var bytes = buffer
        buffer = []
        defer {
            names.storage = c.names
            c.names = NameStorage(empty: ())
            core = c
            buffer = bytes
        }
        scannedBytes += bytes.count
        let consumed: Int = try bytes.withUnsafeBufferPointer { buf in
            guard let b = buf.baseAddress else { return 0 }
            return try c.scan(b, buf.count, final: final, &handler)
        }
        if consumed == bytes.count { bytes.removeAll(keepingCapacity: true) }
        else if consumed > 0 { bytes.removeFirst(consumed) }
        pendingLength = bytes.count
        if !final && bytes.count > c.maxTokenBytes {
            throw c.malformed(.tagTooLong(c.maxTokenBytes))
        }
    }
}

/// The scanner's state and hot loop, as a value.
struct ScanCore {
    let part: String
    let maxTokenBytes: Int
    var names: NameStorage
    private var stack: [(name: Int32, mark: Int)] = []
    private var bindings: [(prefix: Int32, previous: Int32)] = []
    private var prefixURI: [Int32] = []
    private var attributes: [RawAttribute] = []
    private var pendingPrefixes: [(prefixStart: Int, prefixEnd: Int, localStart: Int, localEnd: Int, valueStart: Int, valueEnd: Int, entity: Bool)] = []
    private var scratch: [UInt8] = []
    private var sawRoot = false
    private var emptyPrefix: Int32 = 0
    private var unboundNamespace: Int32 = 0
    private(set) var elementCount = 0
    /// The last prefix seen (packed bytes, length, id): Office parts use one prefix ("w") for
    /// almost every name, so most lookups end here.
    private var lastPrefixPacked: UInt64 = 0
    private var lastPrefixLength = -1
    private var lastPrefixId: Int32 = 0

    static let placeholder = ScanCore()
    private init() { part = ""; maxTokenBytes = 0; names = NameStorage(empty: ()) }

    init(part: String, maxTokenBytes: Int, names: inout NameStorage) {
        self.part = part
        self.maxTokenBytes = maxTokenBytes
        self.names = NameStorage(empty: ())
        emptyPrefix = names.intern(XMLNameTable.prefixSpace, nil, 0)
        let xml = "xml".withCString { names.intern(XMLNameTable.prefixSpace, UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), 3) }
        let xmlURI = "http://www.w3.org/XML/1998/namespace".withCString {
            names.intern(XMLNameTable.uriSpace, UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), 36)
        }
        unboundNamespace = "urn:ingest:unbound-prefix".withCString {
            names.intern(XMLNameTable.uriSpace, UnsafeRawPointer($0).assumingMemoryBound(to: UInt8.self), 25)
        }
        bind(emptyPrefix, XMLNameTable.noNamespace)
        bind(xml, xmlURI)
        bindings.removeAll()
    }

    func malformed(_ problem: XMLProblem) -> IngestError {
        IngestError(.officeXMLMalformed, ["part": part].merging(problem.argument) { a, _ in a })
    }

    func checkEnd(_ table: NameStorage) throws {
        if let open = stack.last {
            throw malformed(.endsInside(table.string(open.name)))
        }
        if !sawRoot { throw malformed(.noRoot) }
    }

    // MARK: Scanning

    /// Scans as many complete tokens as `b[0..<end]` holds; returns where the unfinished one starts.
    mutating func scan<H: XMLHandler>(_ b: UnsafePointer<UInt8>, _ end: Int, final: Bool, _ handler: inout H) throws -> Int {
        var pos = 0
        if !sawRoot && end >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF { pos = 3 }  // UTF-8 BOM
        while pos < end {
            if b[pos] != UInt8(ascii: "<") {
                let lt = find(b, UInt8(ascii: "<"), from: pos, to: end) ?? end
                var stop = lt
                if lt == end && !final {
                    // Keep a reference cut by the chunk boundary for the next round.
                    if let amp = findLast(b, UInt8(ascii: "&"), from: pos, to: end),
                       find(b, UInt8(ascii: ";"), from: amp, to: end) == nil { stop = amp }
                }
                if stop > pos { try text(b, pos, stop, &handler) }
                pos = stop
                if stop < lt || lt == end { return pos }
                continue
            }
            guard pos + 1 < end else { return final ? try fail(.unfinishedTag) : pos }
            let c = b[pos + 1]
            if c == UInt8(ascii: "/") {
                guard let gt = find(b, UInt8(ascii: ">"), from: pos + 2, to: end) else { return try incomplete(pos, final) }
                try endTag(b, pos + 2, gt, &handler)
                pos = gt + 1
            } else if c == UInt8(ascii: "?") {
                guard let close = findPair(b, UInt8(ascii: "?"), UInt8(ascii: ">"), from: pos + 2, to: end) else { return try incomplete(pos, final) }
                pos = close + 2
            } else if c == UInt8(ascii: "!") {
                if startsWith(b, pos, end, "<!--") {
                    guard let close = findTriple(b, "-->", from: pos + 4, to: end) else { return try incomplete(pos, final) }
                    pos = close + 3
                } else if startsWith(b, pos, end, "<![CDATA[") {
                    guard let close = findTriple(b, "]]>", from: pos + 9, to: end) else { return try incomplete(pos, final) }
                    if !stack.isEmpty { try handler.characters(UnsafeRawBufferPointer(start: b + pos + 9, count: close - pos - 9)) }
                    pos = close + 3
                } else if startsWith(b, pos, end, "<!DOCTYPE") {
                    guard let close = doctypeEnd(b, pos + 9, end) else { return try incomplete(pos, final) }
                    if findSequence(b, "<!ENTITY", from: pos, to: close) != nil {
                        throw IngestError(.officeEntityExpansion, ["part": part])
                    }
                    pos = close + 1
                } else if end - pos < 9 && !final {
                    return pos
                } else {
                    return try fail(.unknownMarkup)
                }
            } else {
                guard let gt = startTagEnd(b, pos + 1, end) else { return try incomplete(pos, final) }
                try startTag(b, pos + 1, gt, &handler)
                pos = gt + 1
            }
        }
        return pos
    }

    private func incomplete(_ pos: Int, _ final: Bool) throws -> Int {
        if final { return try fail(.endsInsideTag) }
        return pos
    }

    private func fail(_ problem: XMLProblem) throws -> Int { throw malformed(problem) }

    private mutating func text<H: XMLHandler>(_ b: UnsafePointer<UInt8>, _ start: Int, _ stop: Int, _ handler: inout H) throws {
        guard !stack.isEmpty else { return }  // whitespace between the prolog and the root
        let raw = UnsafeBufferPointer(start: b + start, count: stop - start)
        if memchr(b + start, Int32(UInt8(ascii: "&")), stop - start) == nil {
            try handler.characters(UnsafeRawBufferPointer(raw))
            return
        }
        scratch.removeAll(keepingCapacity: true)
        do { try XMLEntities.decode(raw, into: &scratch) } catch { throw entityError(error) }
        try scratch.withUnsafeBytes { try handler.characters($0) }
    }

    private func entityError(_ e: XMLEntities.Failure) -> IngestError {
        switch e {
        case .unknown(let name): malformed(.unknownEntity(name))
        case .badCharacterReference(let name): malformed(.badCharacterReference(name))
        }
    }

    // MARK: Tags


    private mutating func startTag<H: XMLHandler>(_ b: UnsafePointer<UInt8>, _ start: Int, _ gt: Int, _ handler: inout H) throws {
        var i = start
        while i < gt && !isSpace(b[i]) && b[i] != UInt8(ascii: "/") { i += 1 }
        let nameEnd = i
        guard nameEnd > start else { throw malformed(.tagWithoutName) }
        if stack.isEmpty && sawRoot { throw malformed(.secondRoot) }
        let mark = bindings.count
        var pendingCount = 0
        var selfClosing = false
        while true {
            while i < gt && isSpace(b[i]) { i += 1 }
            if i >= gt { break }
            if b[i] == UInt8(ascii: "/") { selfClosing = true; i += 1; continue }
            let aStart = i
            var colon = -1
            while i < gt && b[i] != UInt8(ascii: "=") && !isSpace(b[i]) {
                if b[i] == UInt8(ascii: ":") && colon < 0 { colon = i }
                i += 1
            }
            let aEnd = i
            while i < gt && isSpace(b[i]) { i += 1 }
            guard i < gt, b[i] == UInt8(ascii: "="), aEnd > aStart else { throw malformed(.attributeWithoutValue) }
            i += 1
            while i < gt && isSpace(b[i]) { i += 1 }
            guard i < gt, b[i] == UInt8(ascii: "\"") || b[i] == UInt8(ascii: "'") else { throw malformed(.unquotedAttribute) }
            let quote = b[i]
            let vStart = i + 1
            guard let vEnd = findShort(b, quote, from: vStart, to: gt) else { throw malformed(.unterminatedAttribute) }
            i = vEnd + 1
            let entity = findShort(b, UInt8(ascii: "&"), from: vStart, to: vEnd) != nil
            if entity {
                scratch.removeAll(keepingCapacity: true)
                do { try XMLEntities.decode(UnsafeBufferPointer(start: b + vStart, count: vEnd - vStart), into: &scratch) }
                catch { throw entityError(error) }
            }
            // Namespace declarations first: they apply to this very tag's names.
            if colon < 0 && aEnd - aStart == 5 && isXmlns(b, aStart) {
                bind(emptyPrefix, uri(b, vStart, vEnd, entity))
            } else if colon - aStart == 5 && isXmlns(b, aStart) {
                bind(names.intern(XMLNameTable.prefixSpace, b + colon + 1, aEnd - colon - 1), uri(b, vStart, vEnd, entity))
            } else {
                let item = (aStart, colon < 0 ? aStart : colon, colon < 0 ? aStart : colon + 1, aEnd, vStart, vEnd, entity)
                if pendingCount < pendingPrefixes.count { pendingPrefixes[pendingCount] = item } else { pendingPrefixes.append(item) }
                pendingCount += 1
            }
        }
        for k in 0..<pendingCount {
            let p = pendingPrefixes[k]
            var ns = XMLNameTable.noNamespace
            if p.prefixEnd != p.prefixStart {
                let prefix = prefixId(b + p.prefixStart, p.prefixEnd - p.prefixStart)
                ns = Self.resolve(prefix, prefixURI, unboundNamespace)
            }
            let id = names.intern(ns, b + p.localStart, p.localEnd - p.localStart)
            let a = RawAttribute(name: id, valueStart: p.valueStart, valueEnd: p.valueEnd, hasEntity: p.entity)
            if k < attributes.count { attributes[k] = a } else { attributes.append(a) }
        }
        let name = qualifiedName(b, start, nameEnd)
        stack.append((name, mark))
        sawRoot = true
        elementCount += 1
        try attributes.withUnsafeBufferPointer { list in
            try handler.startElement(name, XMLAttributes(bytes: b, list: UnsafeBufferPointer(rebasing: list[0..<pendingCount])))
        }
        if selfClosing { try close(name, &handler) }
    }

    private mutating func endTag<H: XMLHandler>(_ b: UnsafePointer<UInt8>, _ start: Int, _ gt: Int, _ handler: inout H) throws {
        var e = gt
        while e > start && isSpace(b[e - 1]) { e -= 1 }
        guard e > start else { throw malformed(.endTagWithoutName) }
        let name = qualifiedName(b, start, e)
        guard let open = stack.last else { throw malformed(.closesNothing(names.string(name))) }
        guard open.name == name else {
            throw malformed(.closesOther(names.string(name), names.string(open.name)))
        }
        try close(name, &handler)
    }

    private mutating func close<H: XMLHandler>(_ name: Int32, _ handler: inout H) throws {
        let mark = stack.removeLast().mark
        while bindings.count > mark {
            let b = bindings.removeLast()
            prefixURI[Int(b.prefix)] = b.previous
        }
        try handler.endElement(name)
    }

    @inline(__always) private mutating func prefixId(_ p: UnsafePointer<UInt8>, _ n: Int) -> Int32 {
        guard n <= 8 else { return names.intern(XMLNameTable.prefixSpace, p, n) }
        var packed: UInt64 = 0
        for i in 0..<n { packed = packed << 8 | UInt64(p[i]) }
        if n == lastPrefixLength && packed == lastPrefixPacked { return lastPrefixId }
        let id = names.intern(XMLNameTable.prefixSpace, p, n)
        lastPrefixPacked = packed; lastPrefixLength = n; lastPrefixId = id
        return id
    }

    private mutating func qualifiedName(_ b: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Int32 {
        if let colon = findShort(b, UInt8(ascii: ":"), from: start, to: end) {
            let prefix = prefixId(b + start, colon - start)
            let ns = Self.resolve(prefix, prefixURI, unboundNamespace)
            return names.intern(ns, b + colon + 1, end - colon - 1)
        }
        let ns = Self.resolve(emptyPrefix, prefixURI, unboundNamespace)
        return names.intern(ns, b + start, end - start)
    }

    /// An unbound prefix resolves to a namespace no handler asks for (lenient, like most readers
    /// of damaged Office files), rather than failing the whole document.
    @inline(__always) private static func resolve(_ prefix: Int32, _ table: [Int32], _ unbound: Int32) -> Int32 {
        let i = Int(prefix)
        if i < table.count, table[i] >= 0 { return table[i] }
        return unbound
    }

    private mutating func bind(_ prefix: Int32, _ uri: Int32) {
        let i = Int(prefix)
        if i >= prefixURI.count { prefixURI.append(contentsOf: repeatElement(-1, count: i + 1 - prefixURI.count + 16)) }
        bindings.append((prefix, prefixURI[i]))
        prefixURI[i] = uri
    }

    private mutating func uri(_ b: UnsafePointer<UInt8>, _ s: Int, _ e: Int, _ entity: Bool) -> Int32 {
        if entity { return names.canonical(scratch.withUnsafeBufferPointer { names.intern(XMLNameTable.uriSpace, $0.baseAddress, $0.count) }) }
        return names.canonical(names.intern(XMLNameTable.uriSpace, b + s, e - s))
    }

}

// MARK: Byte search (free functions: they never touch the scanner's state)

@inline(__always) fileprivate func find(_ b: UnsafePointer<UInt8>, _ c: UInt8, from: Int, to: Int) -> Int? {
    guard from < to, let p = memchr(b + from, Int32(c), to - from) else { return nil }
    return UnsafeRawPointer(p) - UnsafeRawPointer(b)
}

fileprivate func findLast(_ b: UnsafePointer<UInt8>, _ c: UInt8, from: Int, to: Int) -> Int? {
    var i = to - 1
    while i >= from && to - i < 16 { if b[i] == c { return i }; i -= 1 }
    return nil
}

fileprivate func findPair(_ b: UnsafePointer<UInt8>, _ c1: UInt8, _ c2: UInt8, from: Int, to: Int) -> Int? {
    var i = from
    while let j = find(b, c2, from: i, to: to) {
        if j > from && b[j - 1] == c1 { return j - 1 }
        i = j + 1
    }
    return nil
}

fileprivate func findTriple(_ b: UnsafePointer<UInt8>, _ s: StaticString, from: Int, to: Int) -> Int? {
    findSequence(b, s, from: from, to: to)
}

fileprivate func findSequence(_ b: UnsafePointer<UInt8>, _ s: StaticString, from: Int, to: Int) -> Int? {
    let n = s.utf8CodeUnitCount
    let p = s.utf8Start
    var i = from
    while let j = find(b, p[0], from: i, to: to) {
        if j + n > to { return nil }
        if memcmp(b + j, p, n) == 0 { return j }
        i = j + 1
    }
    return nil
}

fileprivate func startsWith(_ b: UnsafePointer<UInt8>, _ pos: Int, _ end: Int, _ s: StaticString) -> Bool {
    let n = s.utf8CodeUnitCount
    return pos + n <= end && memcmp(b + pos, s.utf8Start, n) == 0
}

/// The `>` closing a start tag, skipping `>` inside quoted attribute values.
fileprivate func startTagEnd(_ b: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Int? {
    var i = from
    while i < end {
        let c = b[i]
        if c == UInt8(ascii: ">") { return i }
        if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") {
            guard let q = find(b, c, from: i + 1, to: end) else { return nil }
            i = q + 1
            continue
        }
        i += 1
    }
    return nil
}

/// The `>` closing a DOCTYPE, past an internal subset in brackets.
fileprivate func doctypeEnd(_ b: UnsafePointer<UInt8>, _ from: Int, _ end: Int) -> Int? {
    var i = from
    var depth = 0
    var quote: UInt8 = 0
    while i < end {
        let c = b[i]
        if quote != 0 { if c == quote { quote = 0 } }
        else if c == UInt8(ascii: "\"") || c == UInt8(ascii: "'") { quote = c }
        else if c == UInt8(ascii: "[") { depth += 1 }
        else if c == UInt8(ascii: "]") { depth -= 1 }
        else if c == UInt8(ascii: ">") && depth <= 0 { return i }
        i += 1
    }
    return nil
}

/// For the short spans of names and attribute values, a loop beats a call to memchr.
@inline(__always) fileprivate func findShort(_ b: UnsafePointer<UInt8>, _ c: UInt8, from: Int, to: Int) -> Int? {
    var i = from
    while i < to {
        if b[i] == c { return i }
        i += 1
        if i - from == 64 { return find(b, c, from: i, to: to) }
    }
    return nil
}

@inline(__always) fileprivate func isSpace(_ c: UInt8) -> Bool { c == 0x20 || c == 0x0A || c == 0x0D || c == 0x09 }

fileprivate func isXmlns(_ b: UnsafePointer<UInt8>, _ i: Int) -> Bool {
    b[i] == UInt8(ascii: "x") && b[i + 1] == UInt8(ascii: "m") && b[i + 2] == UInt8(ascii: "l")
        && b[i + 3] == UInt8(ascii: "n") && b[i + 4] == UInt8(ascii: "s")
}

/// What is wrong with a part's XML, named in the message's language (`office.xml.*`).
enum XMLProblem {
    case tagTooLong(Int), endsInside(String), noRoot, unfinishedTag, unknownMarkup, endsInsideTag
    case unknownEntity(String), badCharacterReference(String), tagWithoutName, secondRoot
    case attributeWithoutValue, unquotedAttribute, unterminatedAttribute, endTagWithoutName
    case closesNothing(String), closesOther(String, String)

    /// `reason` and `reason@fr`, for office.xmlMalformed's `{reason}`.
    var argument: [String: String] {
        switch self {
        case .tagTooLong(let n): MessageCatalog.phrase("reason", .officeXMLTagTooLong, ["count": String(n)])
        case .endsInside(let name): MessageCatalog.phrase("reason", .officeXMLEndsInside, ["name": name])
        case .noRoot: MessageCatalog.phrase("reason", .officeXMLNoRoot)
        case .unfinishedTag: MessageCatalog.phrase("reason", .officeXMLUnfinishedTag)
        case .unknownMarkup: MessageCatalog.phrase("reason", .officeXMLUnknownMarkup)
        case .endsInsideTag: MessageCatalog.phrase("reason", .officeXMLEndsInsideTag)
        case .unknownEntity(let name): MessageCatalog.phrase("reason", .officeXMLUnknownEntity, ["name": name])
        case .badCharacterReference(let name): MessageCatalog.phrase("reason", .officeXMLBadCharacterReference, ["name": name])
        case .tagWithoutName: MessageCatalog.phrase("reason", .officeXMLTagWithoutName)
        case .secondRoot: MessageCatalog.phrase("reason", .officeXMLSecondRoot)
        case .attributeWithoutValue: MessageCatalog.phrase("reason", .officeXMLAttributeWithoutValue)
        case .unquotedAttribute: MessageCatalog.phrase("reason", .officeXMLUnquotedAttribute)
        case .unterminatedAttribute: MessageCatalog.phrase("reason", .officeXMLUnterminatedAttribute)
        case .endTagWithoutName: MessageCatalog.phrase("reason", .officeXMLEndTagWithoutName)
        case .closesNothing(let name): MessageCatalog.phrase("reason", .officeXMLClosesNothing, ["name": name])
        case .closesOther(let name, let open): MessageCatalog.phrase("reason", .officeXMLClosesOther, ["name": name, "open": open])
        }
    }
}
