import Foundation

/// One finding of `SchemaValidator`.
public struct SchemaViolation: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: String, Sendable { case unknownKey, wrongType, outOfRange, invalidValue, missingKey }
    public var kind: Kind
    /// Dotted path of the value (`ocr.pageCap`, `userLanguages[1]`); `$` for the root.
    public var path: String
    public var expected: String
    public var actual: String
    /// `expected` and `actual` in French (the messages' other language; the English ones are the
    /// validator's own words, and what `description` prints).
    public var expectedFrench: String
    public var actualFrench: String
    /// For an unknown key: the closest allowed name, if one is close.
    public var suggestion: String?

    public var description: String {
        switch kind {
        case .unknownKey: "\(path): unknown key" + (suggestion.map { " (did you mean \($0)?)" } ?? "")
        case .missingKey: "\(path): missing"
        case .wrongType: "\(path): expected \(expected), got \(actual)"
        case .outOfRange, .invalidValue: "\(path): \(actual) is not \(expected)"
        }
    }
}

/// A JSON Schema validator for the subset our schemas use (draft 2020-12 keywords): `type` (one or
/// several), `properties`, `additionalProperties` (boolean or schema), `required`, `enum`, `const`,
/// `minimum`, `maximum`, `exclusiveMinimum`, `minLength`, `maxLength`, `pattern`, `items`,
/// `minItems`, `maxItems`, `anyOf`, and `$ref` to `#/$defs/…`. Other keywords are annotations.
/// It has its own tests, and our schemas are also checked with Python's `jsonschema` in CI.
extension SchemaViolation {
    /// A finding whose expected and actual values are given in both languages (`Words`).
    init(kind: Kind, path: String, expected: SchemaValidator.Words, actual: SchemaValidator.Words, suggestion: String? = nil) {
        self.init(kind: kind, path: path, expected: expected.en, actual: actual.en,
                  expectedFrench: expected.fr, actualFrench: actual.fr, suggestion: suggestion)
    }
}

public struct SchemaValidator: Sendable {
    /// A phrase of a finding in English and in French, from the catalog (`schema.*`).
    struct Words: Sendable, ExpressibleByStringLiteral {
        var en: String
        var fr: String
        init(_ code: ErrorCode, _ arguments: [String: String] = [:]) {
            en = MessageCatalog.message(code, .en, arguments); fr = MessageCatalog.message(code, .fr, arguments)
        }
        /// A phrase whose arguments are phrases themselves, each in the same language.
        init(_ code: ErrorCode, words: [String: Words]) {
            en = MessageCatalog.message(code, .en, words.mapValues(\.en)); fr = MessageCatalog.message(code, .fr, words.mapValues(\.fr))
        }
        /// The same in both languages (a number, a quoted value, a pattern).
        init(stringLiteral same: String) { en = same; fr = same }
        static func same(_ s: String) -> Words { Words(stringLiteral: s) }
        /// Values separated by commas, in each language.
        static func list(_ parts: [Words]) -> Words {
            var w: Words = ""
            w.en = parts.map(\.en).joined(separator: ", "); w.fr = parts.map(\.fr).joined(separator: ", ")
            return w
        }
        /// `a and b and c` style joins, pairwise through `code` (`schema.both`, `schema.either`).
        static func joined(_ parts: [Words], by code: ErrorCode) -> Words {
            guard var result = parts.first else { return "" }
            for part in parts.dropFirst() { result = Words(code, words: ["first": result, "second": part]) }
            return result
        }
    }

    public let root: JSONValue

    public init(schema: JSONValue) { self.root = schema }

    public init(schemaText: String) throws { self.root = try JSONValue.parse(schemaText) }

    public func validate(_ value: JSONValue) -> [SchemaViolation] {
        var out: [SchemaViolation] = []
        check(value, against: root, path: "$", into: &out)
        return out
    }

    private func resolve(_ schema: JSONValue) -> JSONValue {
        guard let ref = schema["$ref"]?.stringValue, ref.hasPrefix("#/") else { return schema }
        var node: JSONValue? = root
        for part in ref.dropFirst(2).split(separator: "/") { node = node?[String(part)] }
        return node ?? .object([:])
    }

    private static func join(_ path: String, _ key: String) -> String { path == "$" ? key : "\(path).\(key)" }

    private func check(_ value: JSONValue, against rawSchema: JSONValue, path: String, into out: inout [SchemaViolation]) {
        if case .bool(let b) = rawSchema { if !b { out.append(.init(kind: .invalidValue, path: path, expected: Words(.schemaAbsent), actual: Words(.schemaPresent))) }; return }
        let schema = resolve(rawSchema)
        guard case .object = schema else { return }

        if let anyOf = schema["anyOf"]?.arrayValue {
            var best: [SchemaViolation]? = nil
            for option in anyOf {
                var sub: [SchemaViolation] = []
                check(value, against: option, path: path, into: &sub)
                if sub.isEmpty { best = []; break }
                if best == nil || sub.count < best!.count { best = sub }
            }
            out.append(contentsOf: best ?? [])
        }

        if let typeSpec = schema["type"] {
            let allowed = typeSpec.arrayValue?.compactMap(\.stringValue) ?? [typeSpec.stringValue ?? ""]
            let actual = value.typeName
            let ok = allowed.contains(actual) || (actual == "integer" && allowed.contains("number"))
                || (actual == "number" && allowed.contains("integer") && value.intValue != nil)
            if !ok {
                out.append(.init(kind: .wrongType, path: path, expected: Self.describeTypes(allowed),
                                 actual: Self.describeValue(value)))
                return
            }
        }
        if let options = schema["enum"]?.arrayValue, !options.contains(value) {
            out.append(.init(kind: .invalidValue, path: path,
                             expected: Words(.schemaOneOf, words: ["values": .list(options.map(Self.describeValue))]),
                             actual: Self.describeValue(value)))
        }
        if let constant = schema["const"], constant != value {
            out.append(.init(kind: .invalidValue, path: path, expected: Self.describeValue(constant),
                             actual: Self.describeValue(value)))
        }
        if let number = value.doubleValue {
            let minimum = schema["minimum"]?.doubleValue
            let maximum = schema["maximum"]?.doubleValue
            let exclusiveMinimum = schema["exclusiveMinimum"]?.doubleValue
            let tooLow = minimum.map { number < $0 } ?? false
            let tooHigh = maximum.map { number > $0 } ?? false
            let notAbove = exclusiveMinimum.map { number <= $0 } ?? false
            if tooLow || tooHigh || notAbove {
                var parts: [String] = []
                if let m = minimum { parts.append("≥ \(Self.format(m))") }
                if let m = exclusiveMinimum { parts.append("> \(Self.format(m))") }
                if let m = maximum { parts.append("≤ \(Self.format(m))") }
                out.append(.init(kind: .outOfRange, path: path, expected: Words(.schemaNumberWhere, words: ["bounds": .joined(parts.map(Words.same), by: .schemaBoth)]),
                                 actual: Self.describeValue(value)))
            }
        }
        if let s = value.stringValue {
            let length = s.count
            if let m = schema["minLength"]?.intValue, length < m {
                out.append(.init(kind: .outOfRange, path: path, expected: Words(.schemaMinLength, ["count": "\(m)"]), actual: Self.describeValue(value)))
            }
            if let m = schema["maxLength"]?.intValue, length > m {
                out.append(.init(kind: .outOfRange, path: path, expected: Words(.schemaMaxLength, ["count": "\(m)"]), actual: Self.describeValue(value)))
            }
            if let p = schema["pattern"]?.stringValue,
               let re = try? SchemaPattern(p), !re.matches(s) {
                // The schema's own description says what is wanted (in English: the schema's language).
                let label = schema["description"]?.stringValue.map { Words(.schemaPatternDescribed, ["description": $0, "pattern": p]) }
                    ?? Words(.schemaPattern, ["pattern": p])
                out.append(.init(kind: .invalidValue, path: path, expected: label, actual: Self.describeValue(value)))
            }
        }
        if let items = value.arrayValue {
            if let m = schema["minItems"]?.intValue, items.count < m {
                out.append(.init(kind: .outOfRange, path: path, expected: Words(.schemaMinItems, ["count": "\(m)"]), actual: .same("\(items.count)")))
            }
            if let m = schema["maxItems"]?.intValue, items.count > m {
                out.append(.init(kind: .outOfRange, path: path, expected: Words(.schemaMaxItems, ["count": "\(m)"]), actual: .same("\(items.count)")))
            }
            if let itemSchema = schema["items"] {
                for (i, item) in items.enumerated() { check(item, against: itemSchema, path: "\(path)[\(i)]", into: &out) }
            }
        }
        if let object = value.objectValue {
            let properties = schema["properties"]?.objectValue ?? [:]
            for key in schema["required"]?.arrayValue?.compactMap(\.stringValue) ?? [] where object[key] == nil {
                out.append(.init(kind: .missingKey, path: Self.join(path, key), expected: Words(.schemaPresent), actual: Words(.schemaAbsent)))
            }
            for key in object.keys.sorted() {
                let child = object[key]!
                if let sub = properties[key] {
                    check(child, against: sub, path: Self.join(path, key), into: &out)
                } else if let extra = schema["additionalProperties"] {
                    if case .bool(false) = extra {
                        out.append(.init(kind: .unknownKey, path: Self.join(path, key), expected: "",
                                         actual: .same(key), suggestion: Self.closest(key, among: Array(properties.keys))))
                    } else {
                        check(child, against: extra, path: Self.join(path, key), into: &out)
                    }
                }
            }
        }
    }

    /// The allowed name closest to `key` (case-insensitive edit distance ≤ 3, or a prefix match).
    public static func closest(_ key: String, among names: [String]) -> String? {
        let k = key.lowercased()
        var best: (String, Int)? = nil
        for name in names {
            let n = name.lowercased()
            let d = (n.hasPrefix(k) || k.hasPrefix(n)) && min(n.count, k.count) >= 3 ? 1 : editDistance(k, n)
            let allowed = n.count <= 3 ? 1 : (n.count <= 6 ? 2 : 3)
            if d <= allowed, best == nil || d < best!.1 { best = (name, d) }
        }
        return best?.0
    }

    public static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    static func format(_ d: Double) -> String { d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d) }

    static func describeTypes(_ types: [String]) -> Words {
        let words = types.map { t -> Words in
            MessageCatalog.entry(.schemaType(t)) == nil ? .same(t) : Words(.schemaType(t))
        }
        return .joined(words, by: .schemaEither)
    }

    static func describeValue(_ v: JSONValue) -> Words {
        switch v {
        case .null: "null"
        case .bool(let b): .same(String(b))
        case .int(let i): .same(String(i))
        case .double(let d): .same(format(d))
        case .string(let s): .same("\"\(s.count > 60 ? String(s.prefix(60)) + "…" : s)\"")
        case .array(let a): Words(.schemaListOf, ["count": "\(a.count)"])
        case .object: Words(.schemaType("object"))
        }
    }
}
