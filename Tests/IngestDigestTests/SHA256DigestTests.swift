import Foundation
import IngestTestSupport
import XCTest
@testable import IngestDigest

final class SHA256DigestTests: XCTestCase {
    func testKnownVectors() {
        XCTAssertEqual(SHA256Digest.hex(of: Data()), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256Digest.hex(of: Data("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
    }

    func testFileDigestMatchesSha256sum() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("digest-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        var data = Data()
        for i in 0..<(3 << 20) / 7 { data.append(contentsOf: [UInt8(i & 0xFF), 1, 2, 3, 4, 5, UInt8(i >> 8 & 0xFF)]) }
        try data.write(to: url)
        let (digest, count) = try SHA256Digest.hex(ofFile: url)
        XCTAssertEqual(count, data.count)
        XCTAssertEqual(digest, SHA256Digest.hex(of: data))
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        p.arguments = [url.path]
        let pipe = Pipe()
        p.standardOutput = pipe
        guard (try? p.run()) != nil else {
            try missingTool("sha256sum is not installed (apt-get install coreutils)")
        }
        let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitUntilExit()
        XCTAssertEqual(String(out.prefix(64)), digest)
    }
}
