import Foundation
import IngestCore

/// Where each page of a paginated source begins: an anchor before the first block of a page
/// not seen yet (`page-3`; `s2-page-3` in a lesson's second source), and `source-2` where a
/// later source of a lesson begins.
struct PageAnchors {
    var source: Int?
    var page: Int?

    mutating func next(_ block: Block) -> String? {
        var ids: [String] = []
        if block.source != source {
            if source != nil || block.source > 0 { ids.append("source-\(block.source + 1)") }
            source = block.source; page = nil
        }
        if let p = block.page, p != page, p > (page ?? 0) {
            page = p
            ids.append(block.source > 0 ? "s\(block.source + 1)-page-\(p)" : "page-\(p)")
        }
        return ids.isEmpty ? nil : ids.map { "<a id=\"\($0)\"></a>" }.joined()
    }
}
