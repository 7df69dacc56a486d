import Foundation
import IngestCore

/// A path given on the command line that could not be planned (missing, loop, unreadable).
public struct PlanningFailure: Sendable, Equatable {
    public var path: String
    public var error: IngestError
    public init(path: String, error: IngestError) { self.path = path; self.error = error }
}

/// Turns command-line paths into import units: folders are walked recursively (symbolic links
/// followed, loops detected), hidden files and our own outputs skipped, one unit per document.
public struct InputPlanner {
    public var excluded: [URL]
    /// Numbered photos of one folder form one document (`--separate-photos` turns this off).
    public var groupsPhotos: Bool

    /// What becomes one document.
    public enum Grouping: String, Sendable, CaseIterable {
        /// Each file is a document (numbered photos of a folder together, see `groupsPhotos`).
        case document
        /// The files of each folder (its own files, not its subfolders') are one lesson of up to
        /// five sources, titled after the folder (`--group folder`).
        case folder
    }
    public var grouping: Grouping
    /// Files of a walked folder that are not documents, by their path relative to the folder given
    /// (`ingest qa`: expected texts and other references kept among a corpus's documents). Left
    /// out before names are given, so a reference never takes a document's name.
    public var leavesOut: @Sendable (_ relativePath: String, _ url: URL) -> Bool
    /// A symbolic link met in a walked folder whose target lies outside every folder given:
    /// followed (true, the library's default) or refused with `file.linkOutsideTree` (`convert`
    /// without `--follow-links`: a link dropped into a shared course folder must not bring in a
    /// file from elsewhere on the machine).
    public var followsLinksOut = true

    public init(excluded: [URL] = [], groupsPhotos: Bool = true, grouping: Grouping = .document,
                leavesOut: @escaping @Sendable (_ relativePath: String, _ url: URL) -> Bool = { _, _ in false }) {
        self.excluded = excluded.map { $0.standardizedFileURL.resolvingSymlinksInPath() }
        self.groupsPhotos = groupsPhotos
        self.grouping = grouping
        self.leavesOut = leavesOut
    }

    /// Everything named on the command line as one lesson titled `title` (`--lesson`): one source
    /// per file, in the order given (folders walked in name order; numbered photos are one source).
    /// More than five sources is left to the pipeline, which refuses it with the list of sources.
    public func lesson(_ paths: [String], title: String) -> Plan {
        var whole = plan(paths)
        let sources = whole.units.flatMap(\.sources)
        whole.units = sources.isEmpty ? [] : [ImportUnit(sources: sources, outputName: Self.slug(title), title: title)]
        return whole
    }

    /// A title as a file name: letters, digits, `-` and `_` kept (accents too), the rest `-`.
    public static func slug(_ title: String) -> String {
        var out = ""
        for ch in title.precomposedStringWithCanonicalMapping {
            if ch.isLetter || ch.isNumber || ch == "_" { out.append(ch) } else if out.last != "-" { out.append("-") }
        }
        let trimmed = out.trimmingCharacters(in: CharacterSet(charactersIn: "-"))
        return trimmed.isEmpty ? "lesson" : String(trimmed.prefix(120))
    }

    public struct Plan: Sendable {
        public var units: [ImportUnit]
        public var failures: [PlanningFailure]
    }

    public func plan(_ paths: [String]) -> Plan {
        var units: [ImportUnit] = []
        var looseFiles: [(URL, String)] = []
        var failures: [PlanningFailure] = []
        var usedNames = Set<String>()
        // The trees given, by their real paths: where a link may lead without --follow-links.
        var trees: [String] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            let url = URL(fileURLWithPath: path).standardizedFileURL
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
                trees.append(url.resolvingSymlinksInPath().path)
            }
        }
        for path in paths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                let code: ErrorCode = isSymlinkLoop(url) ? .fileSymlinkLoop : .fileNotFound
                failures.append(PlanningFailure(path: path, error: IngestError(code, ["path": path])))
                continue
            }
            if isDirectory.boolValue {
                // Without --follow-links, every file of the tree is read confined to the trees
                // given: a link swapped in after planning is refused on the file opened.
                let first = units.count
                defer {
                    if !followsLinksOut {
                        let roots = trees.map { URL(fileURLWithPath: $0, isDirectory: true) }
                        for i in first..<units.count { for j in units[i].sources.indices { units[i].sources[j].trees = roots } }
                    }
                }
                var files: [(URL, String)] = []
                var visited = Set<String>()
                walk(url, relative: "", trees: trees, visited: &visited, files: &files, failures: &failures)
                // A folder named `NAME.lesson` is one lesson of the files in it, whatever the grouping.
                let lessonFiles = files.filter { Self.lessonFolder($0.1) != nil }
                if !lessonFiles.isEmpty {
                    units += lessonFolders(lessonFiles, used: &usedNames)
                    files.removeAll { Self.lessonFolder($0.1) != nil }
                }
                if grouping == .folder {
                    units += folderLessons(files, root: url, used: &usedNames)
                    continue
                }
                for group in groupPhotos(files) {
                    units.append(unit(group, used: &usedNames))
                }
            } else {
                looseFiles.append((url, url.lastPathComponent))
            }
        }
        // Files named on the command line: photos given together are one lesson too.
        for group in groupPhotos(looseFiles) { units.append(unit(group, used: &usedNames)) }
        return Plan(units: units, failures: failures)
    }

    /// The `NAME.lesson` folder a file (by its path in the walked folder) belongs to, if any:
    /// the outermost such folder on its path.
    public static func lessonFolder(_ relative: String) -> String? {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count > 1, let i = parts.dropLast().firstIndex(where: { $0.hasSuffix(".lesson") && $0.count > 7 }) else { return nil }
        return parts[...i].joined(separator: "/")
    }

    /// One lesson per `NAME.lesson` folder: its files in name order (numbered photos as one
    /// source), titled NAME, written as `NAME.lesson.json`.
    func lessonFolders(_ files: [(URL, String)], used: inout Set<String>) -> [ImportUnit] {
        var order: [String] = []
        var byFolder: [String: [(URL, String)]] = [:]
        for f in files {
            guard let folder = Self.lessonFolder(f.1) else { continue }
            if byFolder[folder] == nil { order.append(folder) }
            byFolder[folder, default: []].append(f)
        }
        return order.map { folder in
            let sources = groupPhotos(byFolder[folder]!).map { group -> UnitSource in
                group.count == 1 ? .file(group[0].0, name: group[0].1) : unit(group, used: &used).sources[0]
            }
            let title = String((folder as NSString).lastPathComponent.dropLast(".lesson".count))
            // The folder's own name (`cellule.lesson`) is the output name: `.json` is added to it.
            let name = uniqueName(folder + ".json", used: &used)
            return ImportUnit(sources: sources, outputName: name, title: title)
        }
    }

    /// `--group folder`: one lesson per folder holding files, named and titled after the folder.
    func folderLessons(_ files: [(URL, String)], root: URL, used: inout Set<String>) -> [ImportUnit] {
        var order: [String] = []
        var byFolder: [String: [(URL, String)]] = [:]
        for f in files {
            let folder = (f.1 as NSString).deletingLastPathComponent
            if byFolder[folder] == nil { order.append(folder) }
            byFolder[folder, default: []].append(f)
        }
        return order.map { folder in
            let sources = groupPhotos(byFolder[folder]!).map { group -> UnitSource in
                group.count == 1 ? .file(group[0].0, name: group[0].1) : unit(group, used: &used).sources[0]
            }
            let title = folder.isEmpty ? root.lastPathComponent : (folder as NSString).lastPathComponent
            var name = folder.isEmpty ? root.lastPathComponent : folder
            if used.contains(name) { name += "-lesson" }
            return ImportUnit(sources: sources, outputName: uniqueName(name + ".lesson", used: &used), title: title)
        }
    }

    func unit(_ group: [(URL, String)], used: inout Set<String>) -> ImportUnit {
        if group.count == 1 {
            return ImportUnit(sources: [.file(group[0].0, name: group[0].1)], outputName: uniqueName(group[0].1, used: &used))
        }
        // One source with several pages; named after the photos' common stem ("IMG" for IMG_1…IMG_9).
        let first = group[0].1
        let folder = (first as NSString).deletingLastPathComponent
        let stem = Self.photoStem((first as NSString).lastPathComponent) ?? (first as NSString).deletingPathExtension
        let relative = folder.isEmpty ? stem : folder + "/" + stem
        let display = group.count <= 3 ? group.map(\.1).joined(separator: ", ")
            : "\(group[0].1) … \(group[group.count - 1].1) (\(group.count))"
        return ImportUnit(sources: [UnitSource(files: group.map(\.0), name: display)],
                          outputName: uniqueName(relative, used: &used))
    }

    public static let photoExtensions: Set<String> = ["jpg", "jpeg", "png", "heic", "heif", "webp", "tif", "tiff", "bmp", "gif"]

    /// The stem of a numbered photo name: `IMG_0042.jpg` → `IMG`, `cours p3.png` → `cours p`,
    /// `scan-12.heic` → `scan`; nil when the name does not end in a number.
    public static func photoStem(_ name: String) -> String? {
        let base = (name as NSString).deletingPathExtension
        let digits = base.reversed().prefix(while: { $0.isASCII && $0.isNumber })
        guard !digits.isEmpty, digits.count < base.count else { return nil }
        var stem = String(base.dropLast(digits.count))
        while let last = stem.last, last == "_" || last == "-" || last == " " || last == "." { stem.removeLast() }
        return stem.isEmpty ? nil : stem
    }

    /// Photos of one lesson: images of the same folder whose names are the same stem followed by a
    /// number (`IMG_1.jpg`, `IMG_2.jpg`, `IMG_10.jpg`) form one document, pages in natural name
    /// order. Everything else stays a document of its own, in the walk's order.
    func groupPhotos(_ files: [(URL, String)]) -> [[(URL, String)]] {
        guard groupsPhotos else { return files.map { [$0] } }
        var keyOf: [Int: String] = [:]
        var members: [String: [Int]] = [:]
        for (i, f) in files.enumerated() where Self.photoExtensions.contains(f.0.pathExtension.lowercased()) {
            guard let stem = Self.photoStem(f.0.lastPathComponent) else { continue }
            let key = f.0.deletingLastPathComponent().path + "\u{0}" + stem.lowercased()
            keyOf[i] = key
            members[key, default: []].append(i)
        }
        var result: [[(URL, String)]] = []
        var emitted = Set<String>()
        for (i, f) in files.enumerated() {
            guard let key = keyOf[i], let group = members[key], group.count > 1 else { result.append([f]); continue }
            guard emitted.insert(key).inserted else { continue }
            result.append(group.map { files[$0] }.sorted { NaturalOrder.less($0.0.lastPathComponent, $1.0.lastPathComponent) })
        }
        return result
    }

    static func isLink(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0 && st.st_mode & S_IFMT == S_IFLNK
    }

    func isSymlinkLoop(_ url: URL) -> Bool {
        var st = stat()
        return stat(url.path, &st) != 0 && errno == ELOOP
    }

    /// Depth-first walk in name order. `visited` holds real paths of folders already entered, so a
    /// link back to an ancestor is reported once instead of looping.
    func walk(_ dir: URL, relative: String, trees: [String], visited: inout Set<String>, files: inout [(URL, String)],
              failures: inout [PlanningFailure]) {
        let real = dir.resolvingSymlinksInPath().path
        if excluded.contains(where: { $0.path == real }) { return }
        guard visited.insert(real).inserted else {
            failures.append(PlanningFailure(path: relative.isEmpty ? dir.path : relative,
                                            error: IngestError(.fileSymlinkLoop, ["path": relative.isEmpty ? dir.path : relative])))
            return
        }
        let listing: FolderListing
        do { listing = try FolderListing(path: dir.path) } catch {
            failures.append(PlanningFailure(path: relative.isEmpty ? dir.path : relative,
                                            error: IngestError(.fileUnreadable, MessageCatalog.quoted("reason", error.reason))))
            return
        }
        // A name that is not UTF-8 has no String that opens it again: a file is read through an
        // alias named as the name is shown (`NameAliases`); a folder is named, not walked.
        for (name, bytes) in zip(listing.undecodable, listing.undecodableBytes) where !name.hasPrefix(".") {
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            let raw = Array(dir.path.utf8) + [0x2F] + bytes
            if NameAliases.isRegularFile(raw), let alias = NameAliases.shared.alias(of: raw, shown: name) {
                if !leavesOut(childRelative, alias) { files.append((alias, childRelative)) }
                continue
            }
            failures.append(PlanningFailure(path: childRelative, error: IngestError(.fileNameNotUTF8, ["path": childRelative])))
        }
        let visible = listing.names.sorted(by: NaturalOrder.less).filter { !$0.hasPrefix(".") }
        // One stat per entry, made here: the URLs are then built knowing whether each is a folder
        // (as `appendingPathComponent(_:)` would find out with a stat of its own).
        let dirPath = dir.path
        // Only the file type is kept per entry (a whole `stat` is 144 bytes: a folder of 10,000
        // files held 1.4 MB of them while it was planned).
        let entries = visible.map { name -> (name: String, url: URL, type: mode_t?, error: Int32) in
            var st = stat()
            let ok = stat(dirPath + "/" + name, &st) == 0
            let error = ok ? 0 : errno
            let type = st.st_mode & S_IFMT
            return (name, dir.appendingPathComponent(name, isDirectory: ok && type == S_IFDIR), ok ? type : nil, error)
        }
        let companions = ExtractorRegistry.companionFiles(in: entries.map(\.url))
        for (name, child, status, error) in entries {
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            guard let type = status else {
                let code: ErrorCode = error == ELOOP ? .fileSymlinkLoop : (error == ENOENT ? .fileNotFound : .fileUnreadable)
                failures.append(PlanningFailure(path: childRelative,
                                                error: IngestError(code, ["path": childRelative].merging(MessageCatalog.quoted("reason", String(cString: strerror(error)))) { a, _ in a })))
                continue
            }
            if !followsLinksOut, Self.isLink(dirPath + "/" + name) {
                let target = child.resolvingSymlinksInPath().path
                if !trees.contains(where: { target == $0 || target.hasPrefix($0 == "/" ? "/" : $0 + "/") }) {
                    failures.append(PlanningFailure(path: childRelative, error: IngestError(.fileLinkOutsideTree, ["path": childRelative])))
                    continue
                }
            }
            if type == S_IFDIR {
                walk(child, relative: childRelative, trees: trees, visited: &visited, files: &files, failures: &failures)
            } else if type == S_IFREG {
                if name.hasSuffix(".ingest-tmp") || companions.contains(child.standardizedFileURL) || leavesOut(childRelative, child) { continue }
                files.append((child, childRelative))
            } else {
                // A named pipe, a socket or a device is never opened (a FIFO's open would wait for
                // a writer forever), and is named rather than passed over in silence.
                failures.append(PlanningFailure(path: childRelative, error: IngestError(
                    .fileNotRegular, ["path": childRelative, "type": Self.fileTypeName(type)])))
            }
        }
        visited.remove(real)   // a folder reached twice by different routes (not a loop) is read again
    }

    /// The `type` argument of `file.notRegular`: a technical name, the same in every language.
    public static func fileTypeName(_ type: mode_t) -> String {
        switch type {
        case S_IFIFO: return "FIFO"
        case S_IFSOCK: return "socket"
        case S_IFCHR, S_IFBLK: return "device"
        default: return "other"
        }
    }

    /// `chapitre-1.pdf` → `chapitre-1`; if that name is taken (`chapitre-1.docx` beside it), the
    /// full file name is used instead, so outputs never overwrite each other.
    func uniqueName(_ relative: String, used: inout Set<String>) -> String {
        // A yt-dlp download (`NAME [ID].info.json`) is named after its video, as its subtitles are.
        let stem = relative.lowercased().hasSuffix(".info.json") ? String(relative.dropLast(".info.json".count))
            : (relative as NSString).deletingPathExtension
        var name = stem.isEmpty ? relative : stem
        if used.contains(name) { name = relative }
        var n = 2
        let base = name
        while used.contains(name) { name = "\(base)-\(n)"; n += 1 }
        used.insert(name)
        return name
    }

}
