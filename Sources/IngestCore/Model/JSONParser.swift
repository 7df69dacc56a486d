import Foundation

/// Malformed JSON: where and what. What is a catalog key (`json.<reason>`), so the error reads
/// in the run's language inside a sentence of ours (`config.invalidJSON`'s `{reason}`).
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Reason: String, Sendable, CaseIterable {
        case dataAfterValue, unexpectedEnd, invalidLiteral, nestingTooDeep, expectedKey, expectedColon
        case unexpectedEndInObject, expectedCommaOrBrace, unexpectedEndInArray, expectedCommaOrBracket
        case controlCharacter, invalidEscape, unterminatedString, shortUnicodeEscape, badHexDigit
        case unexpectedCharacter, invalidNumber
        public var code: ErrorCode { ErrorCode("json.\(rawValue)") }
    }
    public var offset: Int
    public var reason: Reason
    public var description: String { "invalid JSON, " + message(.en) }
    /// `at byte 81, unexpected end in object` in `language`.
    public func message(_ language: MessageLanguage) -> String {
        MessageCatalog.message(.jsonAt, language, ["offset": String(offset), "reason": MessageCatalog.message(reason.code, language)])
    }
    /// This error as the argument `name` of a sentence of ours, in both languages.
    public func argument(_ name: String) -> [String: String] { [name: message(.en), name + "@fr": message(.fr)] }
}

/// A small, strict JSON parser. Written here (rather than JSONSerialization) so that integers,
/// doubles and booleans stay distinct on Linux, errors carry an offset, and depth is bounded.
struct JSONParser {
    let bytes: UnsafeBufferPointer<UInt8>
    var i = 0
    var depth = 0
    static let maxDepth = 512

    init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    mutating func parseDocument() throws -> JSONValue {
        // Skip a UTF-8 byte-order mark: saved player responses sometimes carry one.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
        skipWhitespace()
        let v = try parseValue()
        skipWhitespace()
        if i != bytes.count { throw fail(.dataAfterValue) }
        return v
    }

    func fail(_ reason: JSONParseError.Reason) -> JSONParseError { JSONParseError(offset: i, reason: reason) }

    mutating func skipWhitespace() {
        while i < bytes.count {
            switch bytes[i] { case 0x20, 0x09, 0x0A, 0x0D: i += 1; default: return }
        }
    }

    mutating func parseValue() throws -> JSONValue {
        guard i < bytes.count else { throw fail(.unexpectedEnd) }
        switch bytes[i] {
        case UInt8(ascii: "{"): return try parseObject()
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default: return try parseNumber()
        }
    }

    mutating func literal(_ word: String) throws {
        let w = Array(word.utf8)
        guard i + w.count <= bytes.count else { throw fail(.unexpectedEnd) }
        for k in 0..<w.count where bytes[i + k] != w[k] { throw fail(.invalidLiteral) }
        i += w.count
    }

    mutating func parseObject() throws -> JSONValue {
        depth += 1; defer { depth -= 1 }
        if depth > Self.maxDepth { throw fail(.nestingTooDeep) }
        i += 1
        var result: [String: JSONValue] = [:]
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "}") { i += 1; return .object(result) }
        while true {
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "\"") else { throw fail(.expectedKey) }
            let key = try parseString()
            skipWhitespace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { throw fail(.expectedColon) }
            i += 1
            skipWhitespace()
            result[key] = try parseValue()
            skipWhitespace()
            guard i < bytes.count else { throw fail(.unexpectedEndInObject) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "}") { i += 1; return .object(result) }
            throw fail(.expectedCommaOrBrace)
        }
    }

    mutating func parseArray() throws -> JSONValue {
        depth += 1; defer { depth -= 1 }
        if depth > Self.maxDepth { throw fail(.nestingTooDeep) }
        i += 1
        var result: [JSONValue] = []
        skipWhitespace()
        if i < bytes.count, bytes[i] == UInt8(ascii: "]") { i += 1; return .array(result) }
        while true {
            skipWhitespace()
            result.append(try parseValue())
            skipWhitespace()
            guard i < bytes.count else { throw fail(.unexpectedEndInArray) }
            if bytes[i] == UInt8(ascii: ",") { i += 1; continue }
            if bytes[i] == UInt8(ascii: "]") { i += 1; return .array(result) }
            throw fail(.expectedCommaOrBracket)
        }
    }

    mutating func parseString() throws -> String {
        i += 1
        let start = i
        // Fast path: no escapes.
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") {
                let s = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                i += 1
                return s
            }
            if b == UInt8(ascii: "\\") { break }
            if b < 0x20 { throw fail(.controlCharacter) }
            i += 1
        }
        var out = [UInt8](UnsafeBufferPointer(rebasing: bytes[start..<i]))
        while i < bytes.count {
            let b = bytes[i]
            if b == UInt8(ascii: "\"") { i += 1; return String(decoding: out, as: UTF8.self) }
            if b < 0x20 { throw fail(.controlCharacter) }
            if b != UInt8(ascii: "\\") { out.append(b); i += 1; continue }
            i += 1
            guard i < bytes.count else { break }
            let e = bytes[i]; i += 1
            switch e {
            case UInt8(ascii: "\""): out.append(0x22)
            case UInt8(ascii: "\\"): out.append(0x5C)
            case UInt8(ascii: "/"): out.append(0x2F)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800..<0xDC00).contains(scalar), i + 1 < bytes.count,
                   bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u") {
                    i += 2
                    let low = try hex4()
                    if (0xDC00..<0xE000).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        out.append(contentsOf: Array("\u{FFFD}".utf8)); scalar = low
                    }
                }
                let u = Unicode.Scalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default: throw fail(.invalidEscape)
            }
        }
        throw fail(.unterminatedString)
    }

    mutating func hex4() throws -> UInt32 {
        guard i + 4 <= bytes.count else { throw fail(.shortUnicodeEscape) }
        var v: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[i]; i += 1
            let d: UInt32
            switch c {
            case 0x30...0x39: d = UInt32(c - 0x30)
            case 0x41...0x46: d = UInt32(c - 0x41 + 10)
            case 0x61...0x66: d = UInt32(c - 0x61 + 10)
            default: throw fail(.badHexDigit)
            }
            v = v << 4 | d
        }
        return v
    }

    mutating func parseNumber() throws -> JSONValue {
        let start = i
        var isInteger = true
        if i < bytes.count, bytes[i] == UInt8(ascii: "-") { i += 1 }
        var digits = 0
        while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1; digits += 1 }
        if digits == 0 { i = start; throw fail(.unexpectedCharacter) }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            isInteger = false; i += 1
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
        }
        if i < bytes.count, bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E") {
            isInteger = false; i += 1
            if i < bytes.count, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            while i < bytes.count, (0x30...0x39).contains(bytes[i]) { i += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
        if isInteger, let v = Int(text) { return .int(v) }
        guard let d = Double(text) else { throw fail(.invalidNumber) }
        return .double(d)
    }
}
