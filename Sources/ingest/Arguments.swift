/// A small command-line parser: flags with values (`--out DIR`, `--out=DIR`), boolean flags,
/// repeated flags (`--set a=b --set c=d`) and positional arguments; `--` ends flags.
struct Arguments {
    var positional: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    /// - Parameters:
    ///   - valued: flags that take a value; `boolean`: flags that don't. Anything else is an error
    ///     that names the closest known flag.
    init(_ args: [String], valued: Set<String>, boolean: Set<String>) throws(UsageError) {
        var i = 0
        var onlyPositional = false
        while i < args.count {
            let a = args[i]
            i += 1
            if onlyPositional || a == "-" || !a.hasPrefix("-") { positional.append(a); continue }
            if a == "--" { onlyPositional = true; continue }
            var name = a
            var inline: String? = nil
            if let eq = a.firstIndex(of: "=") { name = String(a[..<eq]); inline = String(a[a.index(after: eq)...]) }
            if valued.contains(name) {
                let value: String
                if let inline { value = inline } else {
                    guard i < args.count else { throw UsageError(.cliNeedsValue, ["option": name]) }
                    value = args[i]; i += 1
                }
                values[name, default: []].append(value)
            } else if boolean.contains(name), inline == nil {
                flags.insert(name)
            } else {
                throw UsageError(.cliUnknownOption, ["option": name], suggestion: closest(to: name, among: valued.union(boolean)))
            }
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

/// The known name closest to `name` (Damerau–Levenshtein: a swap of two neighbours is one slip),
/// when it is close enough to be what was meant: at most one edit for every three characters
/// (`conver` → convert, `--concurency` → --concurrency), never more than three; ties go to the
/// first in alphabetical order.
func closest(to name: String, among known: some Collection<String>) -> String? {
    let bare = name.drop { $0 == "-" }
    let limit = min(3, max(1, bare.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in known.sorted() {
        let d = editDistance(name, candidate)
        if d <= limit, d < (best?.distance ?? .max) { best = (candidate, d) }
    }
    return best?.name
}

/// Optimal string alignment distance: insertions, deletions, substitutions and transpositions of
/// two adjacent characters, each costing one.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
        }
    }
    return d[a.count][b.count]
}
