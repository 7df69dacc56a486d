/// A small command-line parser: flags with values (`--out DIR`, `--out=DIR`), boolean flags,
/// repeated flags (`--set a=b --set c=d`) and positional arguments; `--` ends flags.
struct Arguments {
    var positional: [String] = []
    var values: [String: [String]] = [:]
    var flags: Set<String> = []

    struct UsageError: Error { let message: String }

    /// - Parameters:
    ///   - valued: flags that take a value; `boolean`: flags that don't. Anything else is an error.
    init(_ args: [String], valued: Set<String>, boolean: Set<String>) throws {
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
                    guard i < args.count else { throw UsageError(message: "\(name) needs a value") }
                    value = args[i]; i += 1
                }
                values[name, default: []].append(value)
            } else if boolean.contains(name), inline == nil {
                flags.insert(name)
            } else {
                let known = valued.union(boolean).sorted()
                let hint = known.min { editDistance($0, name) < editDistance($1, name) }
                throw UsageError(message: "unknown option \(name)" + (hint.map { editDistance($0, name) <= 3 ? " (did you mean \($0)?)" : "" } ?? ""))
            }
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
    var prev = Array(0...b.count), cur = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        cur[0] = i
        for j in 1...b.count { cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)) }
        swap(&prev, &cur)
    }
    return prev[b.count]
}
