import CPoppler

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
        guard let root = poppler_index_iter_new(handle) else { return [] }
        defer { poppler_index_iter_free(root) }
        var entries: [OutlineEntry] = []
        walk(root, level: 1, into: &entries, maximumEntries: maximumEntries, maximumDepth: maximumDepth)
        return entries
    }

    private func walk(_ iter: OpaquePointer, level: Int, into entries: inout [OutlineEntry],
                      maximumEntries: Int, maximumDepth: Int) {
        repeat {
            if entries.count >= maximumEntries { return }
            if let action = poppler_index_iter_get_action(iter) {
                defer { poppler_action_free(action) }
                let title = action.pointee.any.title.map { String(cString: $0) } ?? ""
                var page: Int?
                if action.pointee.type == POPPLER_ACTION_GOTO_DEST, let dest = action.pointee.goto_dest.dest {
                    page = destinationPage(dest)
                }
                let trimmed = title.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { entries.append(OutlineEntry(title: trimmed, level: level, page: page)) }
            }
            if level < maximumDepth, let child = poppler_index_iter_get_child(iter) {
                walk(child, level: level + 1, into: &entries, maximumEntries: maximumEntries, maximumDepth: maximumDepth)
                poppler_index_iter_free(child)
            }
        } while poppler_index_iter_next(iter) != 0
    }

    private func destinationPage(_ dest: UnsafeMutablePointer<PopplerDest>) -> Int? {
        if dest.pointee.type == POPPLER_DEST_NAMED, let name = dest.pointee.named_dest {
            guard let found = poppler_document_find_dest(handle, name) else { return nil }
            defer { poppler_dest_free(found) }
            return found.pointee.page_num > 0 ? Int(found.pointee.page_num) : nil
        }
        return dest.pointee.page_num > 0 ? Int(dest.pointee.page_num) : nil
    }
}
