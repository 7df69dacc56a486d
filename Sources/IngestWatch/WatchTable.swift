/// Which folder each watch descriptor stands for, both ways. A value type apart from the
/// descriptor so the bookkeeping is tested without the kernel.
struct WatchTable: Sendable {
    private(set) var pathOf: [Int32: String] = [:]
    private(set) var watchOf: [String: Int32] = [:]

    var count: Int { pathOf.count }

    mutating func add(_ wd: Int32, path: String) {
        if let old = pathOf[wd] { watchOf[old] = nil }
        pathOf[wd] = path
        watchOf[path] = wd
    }

    /// Forgets one descriptor (the kernel said IN_IGNORED: the folder is gone or unwatched).
    mutating func remove(_ wd: Int32) {
        guard let path = pathOf.removeValue(forKey: wd) else { return }
        if watchOf[path] == wd { watchOf[path] = nil }
    }

    /// Forgets `folder` and every folder under it; returns their descriptors, for the caller to
    /// remove from the kernel.
    mutating func removeTree(_ folder: String) -> [Int32] {
        let prefix = folder.hasSuffix("/") ? folder : folder + "/"
        let gone = watchOf.filter { $0.key == folder || $0.key.hasPrefix(prefix) }
        for (path, wd) in gone {
            watchOf[path] = nil
            pathOf[wd] = nil
        }
        return gone.values.sorted()
    }
}
