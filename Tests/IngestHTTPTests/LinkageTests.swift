import Foundation
import XCTest
import IngestTestSupport

/// The point of IngestHTTP: `ingest` does not load libcurl (and its TLS, Kerberos, LDAP… chain)
/// at start-up. FoundationNetworking would bring it back: dynamically (debug builds) as a NEEDED
/// libFoundationNetworking.so, statically (release, --static-swift-stdlib) as a NEEDED libcurl.
final class LinkageTests: XCTestCase {
    /// On the binary this test run built (a `.build/release/ingest` left from an older commit
    /// would prove nothing); scripts/build-release.sh can run the same readelf on the release one.
    func testIngestNeedsNeitherLibcurlNorFoundationNetworking() throws {
        let binary = try XCTUnwrap(IngestBinary.url, "the ingest executable is not built")
        let needed = try neededLibraries(binary)
        XCTAssertTrue(needed.contains { $0.hasPrefix("libc.so") }, "readelf found no NEEDED entries in \(binary.path): \(needed)")
        XCTAssertFalse(needed.contains { $0.contains("curl") || $0.contains("FoundationNetworking") }, "\(binary.path): \(needed)")
    }

    /// The DT_NEEDED entries of an ELF file, from `readelf -d`.
    func neededLibraries(_ binary: URL) throws -> [String] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["readelf", "-d", binary.path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/readelf") else {
            try missingTool("readelf is not installed (apt-get install binutils)")
        }
        try process.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw TestSetupFailure("readelf failed on \(binary.path)") }
        // "0x…1 (NEEDED)  Shared library: [libc.so.6]"
        return text.split(separator: "\n").filter { $0.contains("(NEEDED)") }.compactMap { line in
            guard let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }
}
