import Foundation

extension Library {
    /// Where the document `id` was written — each output folder and path it was recorded at, as
    /// absolute paths, the most recently recorded first — so a duplicate can name the document
    /// it repeats wherever that one is (its output path alone is relative to a folder the
    /// library keeps in the target, not in the document row).
    public func writtenPaths(documentID id: String) throws -> [String] {
        let rows = try locked { store in
            try store.connection.query("""
                SELECT target FROM sources WHERE document_id = ? AND status = 'done' ORDER BY updated_at DESC
                """, [.text(id)])
        }
        var paths: [String] = []
        for row in rows {
            // A target is the output folder and the relative path, one line each.
            guard let target = row.first?.text, let cut = target.firstIndex(of: "\n") else { continue }
            let folder = String(target[..<cut]), relative = String(target[target.index(after: cut)...])
            let path = URL(fileURLWithPath: folder).appendingPathComponent(relative, isDirectory: false).standardizedFileURL.path
            if !paths.contains(path) { paths.append(path) }
        }
        return paths
    }
}
