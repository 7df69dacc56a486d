extension StringProtocol {
    /// The text without the spaces at its ends: what Foundation's `trimmingCharacters(in: .whitespaces)`
    /// gives (tab, the Zs spaces and U+200B, as its character set counts them), without its round
    /// trip through UTF-16 and NSString — the definition finder trims every line of every block, and
    /// that trip was half its time on a 300-page manual (gnuplot.pdf).
    func trimmingSpaces() -> String { trimmingScalars(where: isTrimmedSpace) }

    /// The text without the scalars at its ends that `trimmed` says to drop: what Foundation's
    /// `trimmingCharacters(in:)` gives with a set of those scalars.
    func trimmingScalars(where trimmed: (Unicode.Scalar) -> Bool) -> String {
        let scalars = Substring(self).unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, trimmed(scalars[start]) { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard trimmed(scalars[before]) else { break }
            end = before
        }
        return String(scalars[start..<end])
    }
}

/// Foundation's `CharacterSet.whitespaces`, scalar by scalar (checked against it over all of
/// Unicode by `SpaceTrimmingTests`).
@inline(__always)
func isTrimmedSpace(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
    default: false
    }
}
