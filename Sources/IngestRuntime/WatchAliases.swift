import Foundation
import IngestCore
import IngestPipeline

/// The watcher's aliases of files whose names are not UTF-8 (`caf\xE9.txt`): the scans and
/// inotify give such a file as the path shown with `\xHH`, which opens nothing. It is read, as
/// `convert` reads it, through an alias (`NameAliases`: a link leading to the name's bytes); the
/// watch loop keys the file on its alias — stamps and completeness checks follow the link to the
/// real file — and names it (events, output, library) by the path shown. The loop thread's.
struct WatchAliases {
    /// Path shown → its alias, and back. An alias is made once per path shown and kept: it leads
    /// to the name's bytes, so it opens the file again when it is written anew.
    private var aliasOf: [String: String] = [:]
    private var shownOf: [String: String] = [:]

    enum Found: Equatable {
        /// A regular file, opened by this alias.
        case file(String)
        /// There, but not read: a folder (never walked), or no alias could be made.
        case other
        /// No name of its folder shows as it.
        case gone
    }

    /// The path shown for `path`: the file's for an alias, `path` itself otherwise.
    func shown(_ path: String) -> String { shownOf[path] ?? path }
    func isAlias(_ path: String) -> Bool { shownOf[path] != nil }
    /// The alias made for `shown`, if one was.
    func alias(ofShown shown: String) -> String? { aliasOf[shown] }

    /// Finds `shown` in its folder by the bytes of its name.
    mutating func find(_ shown: String) -> Found {
        let folder = (shown as NSString).deletingLastPathComponent
        let name = (shown as NSString).lastPathComponent
        guard let listing = try? FolderListing(path: folder), let i = listing.undecodable.firstIndex(of: name) else { return .gone }
        let raw = Array(folder.utf8) + [0x2F] + listing.undecodableBytes[i]
        guard NameAliases.isRegularFile(raw) else { return .other }
        if let alias = aliasOf[shown] { return .file(alias) }
        guard let alias = NameAliases.shared.alias(of: raw, shown: name)?.path else { return .other }
        aliasOf[shown] = alias
        shownOf[alias] = shown
        return .file(alias)
    }
}
