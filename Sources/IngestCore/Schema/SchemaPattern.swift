/// The regular expressions of JSON Schema's `pattern` keyword (ECMA-262 syntax, found anywhere in
/// the string unless anchored), for the subset schemas use: literals, `.`, `^`, `$`, classes
/// `[a-z0-9_]` / `[^…]`, `\d \D \s \S \w \W`, escaped punctuation, groups `( )` / `(?: )` with `|`,
/// and the quantifiers `* + ? {n} {n,} {n,m}` (lazy forms accepted: whether a string matches does
/// not depend on greed). Anything else (back-references, look-around, `\b`) is refused at compile
/// time.
///
/// Why not NSRegularExpression: it is ICU's engine, and compiling one at start-up (the config is
/// validated by every process) maps ICU's code and property tables — ≈2 MB of resident memory and
/// ~10 M instructions per process for four tiny patterns.
public struct SchemaPattern: Sendable {
    public struct SyntaxError: Error, Equatable {
        public let pattern: String
        public let offset: Int
    }

    let alternatives: [[Node]]

    public init(_ pattern: String) throws {
        var parser = Parser(scalars: Array(pattern.unicodeScalars), pattern: pattern)
        alternatives = try parser.parseAlternation()
        guard parser.index == parser.scalars.count else { throw parser.error() }
    }

    /// Whether the pattern matches somewhere in `string` (JSON Schema's semantics). Backtracking
    /// is bounded: an ambiguous pattern such as `(a*)*b` on a long input gives up after a million
    /// steps and counts as a match (a value is never refused because the check ran out).
    public func matches(_ string: String) -> Bool {
        let scalars = Array(string.unicodeScalars)
        let matcher = Matcher(input: scalars)
        for start in 0...scalars.count {
            if matcher.alternation(alternatives, start, { _ in true }) { return true }
            if matcher.exhausted { return true }
        }
        return false
    }

    indirect enum Node: Sendable {
        case scalar(Unicode.Scalar)
        case anyButNewline
        case set(ScalarSet)
        case inputStart
        case inputEnd
        case group([[Node]])
        case repetition(Node, min: Int, max: Int?)
    }

    struct ScalarSet: Sendable {
        var negated = false
        var ranges: [ClosedRange<UInt32>] = []

        func contains(_ s: Unicode.Scalar) -> Bool {
            ranges.contains { $0.contains(s.value) } != negated
        }

        static let digit: [ClosedRange<UInt32>] = [0x30...0x39]
        static let word: [ClosedRange<UInt32>] = [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A]
        /// ECMA-262 WhiteSpace and LineTerminator.
        static let space: [ClosedRange<UInt32>] = [0x09...0x0D, 0x20...0x20, 0xA0...0xA0, 0x1680...0x1680,
                                                    0x2000...0x200A, 0x2028...0x2029, 0x202F...0x202F,
                                                    0x205F...0x205F, 0x3000...0x3000, 0xFEFF...0xFEFF]

        /// The complement of sorted-or-not ranges over all scalars.
        static func complement(_ ranges: [ClosedRange<UInt32>]) -> [ClosedRange<UInt32>] {
            var out: [ClosedRange<UInt32>] = []
            var next: UInt32 = 0
            for r in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) {
                if r.lowerBound > next { out.append(next...(r.lowerBound - 1)) }
                next = max(next, r.upperBound + 1)
            }
            if next <= 0x10FFFF { out.append(next...0x10FFFF) }
            return out
        }
    }

    /// Recursive descent over the pattern's scalars.
    struct Parser {
        let scalars: [Unicode.Scalar]
        let pattern: String
        var index = 0

        func error() -> SyntaxError { SyntaxError(pattern: pattern, offset: index) }
        var atEnd: Bool { index >= scalars.count }
        var current: Unicode.Scalar? { atEnd ? nil : scalars[index] }

        mutating func parseAlternation() throws -> [[Node]] {
            var alternatives = [try parseSequence()]
            while current == "|" {
                index += 1
                alternatives.append(try parseSequence())
            }
            return alternatives
        }

        mutating func parseSequence() throws -> [Node] {
            var nodes: [Node] = []
            while let c = current, c != "|", c != ")" {
                var atom = try parseAtom()
                if let (min, max) = try parseQuantifier() {
                    if case .inputStart = atom { throw error() }
                    if case .inputEnd = atom { throw error() }
                    atom = .repetition(atom, min: min, max: max)
                }
                nodes.append(atom)
            }
            return nodes
        }

        mutating func parseAtom() throws -> Node {
            let c = scalars[index]
            index += 1
            switch c {
            case "^": return .inputStart
            case "$": return .inputEnd
            case ".": return .anyButNewline
            case "(":
                if current == "?" {
                    guard index + 1 < scalars.count, scalars[index + 1] == ":" else { throw error() }
                    index += 2
                }
                let inner = try parseAlternation()
                guard current == ")" else { throw error() }
                index += 1
                return .group(inner)
            case "[": return .set(try parseClass())
            case "\\": return try parseEscape(inClass: false)
            case "*", "+", "?", ")": index -= 1; throw error()
            case "{":
                // A brace that does not start a quantifier is a literal in ECMA-262's web syntax;
                // one that does has nothing to repeat.
                index -= 1
                var probe = self
                if (try? probe.parseQuantifier()) != nil { throw error() }
                index += 1
                return .scalar(c)
            default: return .scalar(c)
            }
        }

        /// `\d`, `\.`, `\n`, `\u00e9`… as a node (outside a class) or a set (inside).
        mutating func parseEscape(inClass: Bool) throws -> Node {
            guard let c = current else { throw error() }
            index += 1
            switch c {
            case "d": return .set(ScalarSet(ranges: ScalarSet.digit))
            case "D": return .set(ScalarSet(negated: true, ranges: ScalarSet.digit))
            case "w": return .set(ScalarSet(ranges: ScalarSet.word))
            case "W": return .set(ScalarSet(negated: true, ranges: ScalarSet.word))
            case "s": return .set(ScalarSet(ranges: ScalarSet.space))
            case "S": return .set(ScalarSet(negated: true, ranges: ScalarSet.space))
            case "n": return .scalar("\n")
            case "t": return .scalar("\t")
            case "r": return .scalar("\r")
            case "f": return .scalar("\u{0C}")
            case "v": return .scalar("\u{0B}")
            case "u":
                guard index + 4 <= scalars.count,
                      let v = UInt32(String(String.UnicodeScalarView(scalars[index..<index + 4])), radix: 16),
                      let s = Unicode.Scalar(v) else { throw error() }
                index += 4
                return .scalar(s)
            default:
                // Escaped punctuation stands for itself; escaped letters and digits are features
                // (back-references, \b, \p{…}) this subset does not have.
                if c.properties.isAlphabetic || ("0"..."9").contains(c) {
                    if inClass && c == "b" { return .scalar("\u{08}") }
                    index -= 1
                    throw error()
                }
                return .scalar(c)
            }
        }

        mutating func parseClass() throws -> ScalarSet {
            var set = ScalarSet()
            if current == "^" { set.negated = true; index += 1 }
            while let c = current, c != "]" {
                let low = try classMember()
                guard case .scalar(let lowScalar) = low else {
                    if case .set(let s) = low { set.ranges += s.negated ? ScalarSet.complement(s.ranges) : s.ranges }
                    continue
                }
                if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                    index += 1
                    guard case .scalar(let highScalar) = try classMember(), highScalar.value >= lowScalar.value else {
                        throw error()
                    }
                    set.ranges.append(lowScalar.value...highScalar.value)
                } else {
                    set.ranges.append(lowScalar.value...lowScalar.value)
                }
            }
            guard current == "]" else { throw error() }
            index += 1
            return set
        }

        mutating func classMember() throws -> Node {
            guard let c = current else { throw error() }
            index += 1
            return c == "\\" ? try parseEscape(inClass: true) : .scalar(c)
        }

        /// `*`, `+`, `?`, `{n}`, `{n,}`, `{n,m}` (each optionally followed by `?`), or nil.
        mutating func parseQuantifier() throws -> (Int, Int?)? {
            guard let c = current else { return nil }
            var bounds: (Int, Int?)
            switch c {
            case "*": bounds = (0, nil); index += 1
            case "+": bounds = (1, nil); index += 1
            case "?": bounds = (0, 1); index += 1
            case "{":
                var i = index + 1
                func number() -> Int? {
                    var v: Int?
                    while i < scalars.count, let d = scalars[i].properties.numericType == .decimal ? Int(String(scalars[i])) : nil {
                        v = (v ?? 0) * 10 + d
                        if v! > 10_000 { return nil }
                        i += 1
                    }
                    return v
                }
                guard let low = number() else { return nil }
                var high: Int? = low
                if i < scalars.count, scalars[i] == "," {
                    i += 1
                    high = number()
                }
                guard i < scalars.count, scalars[i] == "}" else { return nil }
                if let high, high < low { throw error() }
                bounds = (low, high)
                index = i + 1
            default: return nil
            }
            if current == "?" { index += 1 }
            return bounds
        }
    }

    /// Backtracking over the input's scalars with continuations; patterns and inputs are small.
    final class Matcher {
        let input: [Unicode.Scalar]
        static let stepLimit = 1_000_000
        private var steps = 0
        var exhausted: Bool { steps > Self.stepLimit }

        init(input: [Unicode.Scalar]) { self.input = input }

        func alternation(_ alternatives: [[Node]], _ position: Int, _ next: (Int) -> Bool) -> Bool {
            alternatives.contains { sequence($0, 0, position, next) }
        }

        func sequence(_ nodes: [Node], _ i: Int, _ position: Int, _ next: (Int) -> Bool) -> Bool {
            guard i < nodes.count else { return next(position) }
            return node(nodes[i], position) { sequence(nodes, i + 1, $0, next) }
        }

        func node(_ node: Node, _ p: Int, _ next: (Int) -> Bool) -> Bool {
            steps += 1
            if steps > Self.stepLimit { return false }
            switch node {
            case .scalar(let s): return p < input.count && input[p] == s && next(p + 1)
            case .anyButNewline:
                return p < input.count && !ScalarSet.lineTerminators.contains(input[p].value) && next(p + 1)
            case .set(let set): return p < input.count && set.contains(input[p]) && next(p + 1)
            case .inputStart: return p == 0 && next(p)
            case .inputEnd: return p == input.count && next(p)
            case .group(let alternatives): return alternation(alternatives, p, next)
            case .repetition(let inner, let min, let max):
                func repeated(_ count: Int, _ q: Int) -> Bool {
                    if let max, count == max { return next(q) }
                    // Greedy: one more first. An empty iteration past the minimum would loop.
                    if self.node(inner, q, { r in (r != q || count < min) && repeated(count + 1, r) }) { return true }
                    return count >= min && next(q)
                }
                return repeated(0, p)
            }
        }
    }
}

extension SchemaPattern.ScalarSet {
    static let lineTerminators: Set<UInt32> = [0x0A, 0x0D, 0x2028, 0x2029]
}
