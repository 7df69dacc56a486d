import Foundation
import Glibc

/// The one folder listing of the package: the names in a folder, read as bytes (`readdir`) so that
/// a name whose bytes are not UTF-8 is seen as such. Foundation's listing turns those bytes into
/// U+FFFD: the name it returns opens nothing (the file then looked "not found", or was passed over
/// without a word), and two such names could even collide. The planner and the watcher read such
/// a file through an alias (`NameAliases`); a folder so named is named (`file.nameNotUTF8`), not walked.
public struct FolderListing: Sendable {
    /// Names that are valid UTF-8, `.` and `..` left out, in the order the folder gives them.
    public var names: [String] = []
    /// Names that are not, shown with each invalid byte as `\xHH` (for a message, never to open).
    public var undecodable: [String] = []
    /// Their bytes, in the same order (what opens them).
    public var undecodableBytes: [[UInt8]] = []

    public struct Failure: Error, Sendable { public var reason: String }

    public init(path: String) throws(Failure) {
        guard let dir = opendir(path) else { throw Failure(reason: String(cString: strerror(errno))) }
        defer { closedir(dir) }
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw Failure(reason: String(cString: strerror(errno))) }
                break
            }
            let bytes: [UInt8] = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                let all = raw.bindMemory(to: UInt8.self)
                return Array(all.prefix(while: { $0 != 0 }))
            }
            if bytes == [0x2E] || bytes == [0x2E, 0x2E] { continue }
            if let name = String(validating: bytes, as: UTF8.self) {
                names.append(name)
            } else {
                undecodable.append(Self.escaped(bytes))
                undecodableBytes.append(bytes)
            }
        }
    }

    /// `latin1-\xE9t\xE9.txt`: valid UTF-8 runs kept, every other byte as `\xHH`.
    public static func escaped(_ bytes: [UInt8]) -> String {
        var out = ""
        var i = 0
        while i < bytes.count {
            // The longest valid UTF-8 sequence starting here (1…4 bytes), else one escaped byte.
            var taken = false
            for length in 1...4 where i + length <= bytes.count {
                if let s = String(validating: bytes[i..<(i + length)], as: UTF8.self) {
                    out += s; i += length; taken = true; break
                }
            }
            if !taken { out += String(format: "\\x%02X", bytes[i]); i += 1 }
        }
        return out
    }
}
