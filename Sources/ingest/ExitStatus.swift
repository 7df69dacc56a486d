import IngestRuntime

/// The one place where outcomes become exit codes: 0 every document is ready (duplicates and
/// documents already done included), 1 some failed or are not ready, 2 usage, configuration or a
/// run that could not start (returned directly by the commands).
enum ExitStatus {
    static let usage: Int32 = 2
    static func of(_ summary: RunSummary) -> Int32 { summary.needsAttention ? 1 : 0 }
}

extension String {
    func leftPadded(_ width: Int) -> String { count >= width ? self : String(repeating: " ", count: width - count) + self }
}
