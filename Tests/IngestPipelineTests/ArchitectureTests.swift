import Foundation
import IngestTestSupport
import XCTest

/// docs/architecture.md's table of modules is the rule of who may import whom: Package.swift's
/// targets and every Swift file's imports are checked against it (issue 35 item 8).
final class ArchitectureTests: XCTestCase {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The table's rows: each module named in the first column may import those of the last.
    static func allowed() throws -> [String: Set<String>] {
        let doc = try String(contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let section = try XCTUnwrap(doc.components(separatedBy: "## Modules and who may import whom").dropFirst().first?
            .components(separatedBy: "\n## ").first, "docs/architecture.md has its section of modules")
        var rules: [String: Set<String>] = [:]
        for line in section.split(separator: "\n") where line.hasPrefix("| ") && !line.hasPrefix("| module") && !line.hasPrefix("|---") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let modules = cells[1].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let may = Set(cells[cells.count - 2].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " *")) }
                .filter { $0 != "—" && !$0.isEmpty })
            for m in modules where m.first?.isLetter == true && !m.contains(" ") { rules[m] = may }
        }
        return rules
    }

    struct Target { var name: String; var type: String; var path: String?; var dependencies: [String] }

    /// Package.swift as SwiftPM reads it (`swift package dump-package`, in a scratch folder of its
    /// own so it never waits for the build's lock).
    static func targets() throws -> [Target] {
        let scratch = try TemporaryDirectory("ingest-dump-package")
        defer { scratch.remove() }
        guard let dump = runTool("swift", ["package", "--package-path", root.path, "--scratch-path", scratch.url.path, "dump-package"]),
              dump.status == 0 else { throw TestSetupFailure("swift package dump-package failed") }
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: dump.stdout) as? [String: Any])
        return try XCTUnwrap(json["targets"] as? [[String: Any]]).map { t in
            let deps = (t["dependencies"] as? [[String: Any]] ?? []).compactMap { d in
                d.values.first.flatMap { ($0 as? [Any])?.first as? String }
            }
            return Target(name: t["name"] as? String ?? "", type: t["type"] as? String ?? "", path: t["path"] as? String, dependencies: deps)
        }
    }

    func testPackageTargetsFollowTheDocumentedRule() throws {
        let rules = try Self.allowed()
        let targets = try Self.targets()
        let built = targets.filter { $0.type != "test" }
        XCTAssertEqual(Set(built.map(\.name)), Set(rules.keys), "every target is a row of docs/architecture.md, and the reverse")
        for t in built {
            let extra = Set(t.dependencies).subtracting(rules[t.name] ?? [])
            XCTAssertTrue(extra.isEmpty, "\(t.name) depends on \(extra.sorted()), which docs/architecture.md does not allow")
        }
    }

    func testEverySwiftFileImportsOnlyItsTargetsDependencies() throws {
        let targets = try Self.targets()
        let modules = Set(targets.map(\.name))
        let pattern = try NSRegularExpression(pattern: #"^\s*(?:@_exported |@testable |@preconcurrency |public |internal |private )*import (?:struct |enum |class |func |protocol |typealias |var |let )?(\w+)"#,
                                              options: .anchorsMatchLines)
        var checked = 0
        for t in targets where t.type == "regular" || t.type == "executable" {
            let folder = Self.root.appendingPathComponent(t.path ?? "Sources/\(t.name)")
            guard let walk = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walk where file.pathExtension == "swift" {
                let text = try String(contentsOf: file, encoding: .utf8)
                for m in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                    let module = (text as NSString).substring(with: m.range(at: 1))
                    guard modules.contains(module), module != t.name else { continue }
                    checked += 1
                    XCTAssertTrue(t.dependencies.contains(module),
                                  "\(file.path.replacingOccurrences(of: Self.root.path + "/", with: "")) imports \(module), not a dependency of \(t.name)")
                }
            }
        }
        XCTAssertGreaterThan(checked, 100, "the imports were found")
    }
}
