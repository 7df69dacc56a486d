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

    public init(excluded: [URL] = []) { self.excluded = excluded.map { $0.standardizedFileURL.resolvingSymlinksInPath() } }

    public struct Plan: Sendable {
        public var units: [ImportUnit]
        public var failures: [PlanningFailure]
    }

    public func plan(_ paths: [String]) -> Plan {
        var units: [ImportUnit] = []
        var failures: [PlanningFailure] = []
        var usedNames = Set<String>()
        for path in paths {
            let url = URL(fileURLWithPath: path).standardizedFileURL
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
                let code: ErrorCode = isSymlinkLoop(url) ? .fileSymlinkLoop : .fileNotFound
                failures.append(PlanningFailure(path: path, error: IngestError(code, ["path": path])))
                continue
            }
            if isDirectory.boolValue {
                var files: [(URL, String)] = []
                var visited = Set<String>()
                walk(url, relative: "", visited: &visited, files: &files, failures: &failures)
                for (file, relative) in files {
                    units.append(ImportUnit(sources: [.file(file, name: relative)],
                                            outputName: uniqueName(relative, used: &usedNames)))
                }
            } else {
                units.append(ImportUnit(sources: [.file(url)], outputName: uniqueName(url.lastPathComponent, used: &usedNames)))
            }
        }
        return Plan(units: units, failures: failures)
    }

    func isSymlinkLoop(_ url: URL) -> Bool {
        var st = stat()
        return stat(url.path, &st) != 0 && errno == ELOOP
    }

    /// Depth-first walk in name order. `visited` holds real paths of folders already entered, so a
    /// link back to an ancestor is reported once instead of looping.
    func walk(_ dir: URL, relative: String, visited: inout Set<String>, files: inout [(URL, String)],
              failures: inout [PlanningFailure]) {
        let real = dir.resolvingSymlinksInPath().path
        if excluded.contains(where: { $0.path == real }) { return }
        guard visited.insert(real).inserted else {
            failures.append(PlanningFailure(path: relative.isEmpty ? dir.path : relative,
                                            error: IngestError(.fileSymlinkLoop, ["path": relative.isEmpty ? dir.path : relative])))
            return
        }
        let names: [String]
        do { names = try FileManager.default.contentsOfDirectory(atPath: dir.path) } catch {
            failures.append(PlanningFailure(path: relative.isEmpty ? dir.path : relative,
                                            error: IngestError(.fileUnreadable, ["reason": (error as NSError).localizedDescription])))
            return
        }
        let visible = names.sorted(by: Self.naturalLess).filter { !$0.hasPrefix(".") }
        let companions = ExtractorRegistry.companionFiles(in: visible.map { dir.appendingPathComponent($0) })
        for name in visible {
            let child = dir.appendingPathComponent(name)
            let childRelative = relative.isEmpty ? name : relative + "/" + name
            var st = stat()
            if stat(child.path, &st) != 0 {
                let code: ErrorCode = errno == ELOOP ? .fileSymlinkLoop : (errno == ENOENT ? .fileNotFound : .fileUnreadable)
                failures.append(PlanningFailure(path: childRelative,
                                                error: IngestError(code, ["path": childRelative, "reason": String(cString: strerror(errno))])))
                continue
            }
            if (st.st_mode & S_IFMT) == S_IFDIR {
                walk(child, relative: childRelative, visited: &visited, files: &files, failures: &failures)
            } else if (st.st_mode & S_IFMT) == S_IFREG {
                if name.hasSuffix(".ingest-tmp") || companions.contains(child.standardizedFileURL) { continue }
                files.append((child, childRelative))
            }
        }
        visited.remove(real)   // a folder reached twice by different routes (not a loop) is read again
    }

    /// `chapitre-1.pdf` → `chapitre-1`; if that name is taken (`chapitre-1.docx` beside it), the
    /// full file name is used instead, so outputs never overwrite each other.
    func uniqueName(_ relative: String, used: inout Set<String>) -> String {
        let stem = (relative as NSString).deletingPathExtension
        var name = stem.isEmpty ? relative : stem
        if used.contains(name) { name = relative }
        var n = 2
        let base = name
        while used.contains(name) { name = "\(base)-\(n)"; n += 1 }
        used.insert(name)
        return name
    }

    /// Natural name order: `IMG_2` before `IMG_10`.
    public static func naturalLess(_ a: String, _ b: String) -> Bool {
        a.compare(b, options: [.numeric, .caseInsensitive]) == .orderedAscending
    }
}
