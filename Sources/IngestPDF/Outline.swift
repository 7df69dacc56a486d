import Foundation

/// One bookmark of the PDF's outline.
struct OutlineEntry: Sendable, Equatable {
    var title: String
    /// 1 = top level.
    var level: Int
    /// 1-based page the bookmark points to, when it points to one.
    var page: Int?
}

extension PopplerDocumentRef {
    /// The outline (bookmarks), depth first, bounded so a hostile outline cannot run away.
    func outline(maximumEntries: Int = 5000, maximumDepth: Int = 8) -> [OutlineEntry] {
        var entries: [OutlineEntry] = []
        walkOutline(maximumDepth: maximumDepth, more: { entries.count < maximumEntries }) { title, level, page in
            let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
            if !trimmed.isEmpty { entries.append(OutlineEntry(title: trimmed, level: level, page: page)) }
        }
        return entries
    }
}
