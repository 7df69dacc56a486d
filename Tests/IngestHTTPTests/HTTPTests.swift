import Foundation
import XCTest
import IngestCore
@testable import IngestHTTP

/// IngestHTTP against a real server on 127.0.0.1: libcurl is loaded and really used.
final class HTTPTests: XCTestCase {
    var server: TestServer!

    override func setUpWithError() throws { server = try TestServer() }
    override func tearDown() { server?.stop() }

    func assertRefusal(_ code: ErrorCode, file: StaticString = #filePath, line: UInt = #line, _ body: () throws -> Any) -> IngestError? {
        do {
            let r = try body()
            XCTFail("expected \(code), got \(r)", file: file, line: line)
        } catch let e as IngestError {
            XCTAssertEqual(e.code, code, "\(e)", file: file, line: line)
            return e
        } catch {
            XCTFail("expected IngestError \(code), got \(error)", file: file, line: line)
        }
        return nil
    }

    func testGet() throws {
        let r = try HTTP.send(HTTPRequest(url: server.url("/hello"), timeoutSeconds: 5))
        XCTAssertEqual(r.status, 200)
        XCTAssertEqual(String(decoding: r.body, as: UTF8.self), "hello")
        XCTAssertEqual(r.headers["x-test"], "yes")
        XCTAssertEqual(r.headers["content-length"], "5")
        XCTAssertEqual(r.url, server.url("/hello"))
    }

    func testPostSendsBodyAndHeaders() throws {
        let body = Data(("{\"text\": \"" + String(repeating: "é", count: 3000) + "\"}").utf8)
        let r = try HTTP.send(HTTPRequest(method: "POST", url: server.url("/echo?x=1"),
                                          headers: ["Content-Type": "application/json", "Idempotency-Key": "abc-123"],
                                          body: body, timeoutSeconds: 5))
        XCTAssertEqual(r.status, 200)
        let echo = try JSONValue.parse(r.body)
        XCTAssertEqual(echo["method"], "POST")
        XCTAssertEqual(echo["path"], "/echo?x=1")
        XCTAssertEqual(echo["body"]?.stringValue.map { Data($0.utf8) }, body)
        XCTAssertEqual(echo["headers"]?["idempotency-key"], "abc-123")
        XCTAssertEqual(echo["headers"]?["content-type"], "application/json")
        XCTAssertNil(echo["headers"]?["expect"], "no 100-continue round trip")
        XCTAssertEqual(echo["headers"]?["user-agent"]?.stringValue?.hasPrefix("ingest (unknown version) curl/"), true)
    }

    func testEmptyPostAndOtherMethods() throws {
        let post = try JSONValue.parse(HTTP.send(HTTPRequest(method: "POST", url: server.url("/echo"), timeoutSeconds: 5)).body)
        XCTAssertEqual(post["method"], "POST")
        XCTAssertEqual(post["body"], "")
        XCTAssertEqual(post["headers"]?["content-length"], "0")
        let put = try JSONValue.parse(HTTP.send(HTTPRequest(method: "PUT", url: server.url("/echo"), body: Data("v".utf8), timeoutSeconds: 5)).body)
        XCTAssertEqual(put["method"], "PUT")
        XCTAssertEqual(put["body"], "v")
    }

    func testRedirectIsFollowedOrNot() throws {
        let followed = try HTTP.send(HTTPRequest(url: server.url("/redirect"), timeoutSeconds: 5))
        XCTAssertEqual(followed.status, 200)
        XCTAssertEqual(String(decoding: followed.body, as: UTF8.self), "hello")
        XCTAssertEqual(followed.url, server.url("/hello"))
        XCTAssertEqual(followed.headers["x-test"], "yes")
        XCTAssertNil(followed.headers["location"], "only the final answer's headers")
        let kept = try HTTP.send(HTTPRequest(url: server.url("/redirect"), timeoutSeconds: 5, followRedirects: false))
        XCTAssertEqual(kept.status, 302)
        XCTAssertEqual(kept.headers["location"], "/hello")
    }

    func testStatusesAreAnswersNotErrors() throws {
        XCTAssertEqual(try HTTP.send(HTTPRequest(url: server.url("/status?code=503"), timeoutSeconds: 5)).status, 503)
        XCTAssertEqual(try HTTP.send(HTTPRequest(url: server.url("/nowhere"), timeoutSeconds: 5)).status, 404)
    }

    /// A timeout below one second is kept to the millisecond (FoundationNetworking rounded it).
    func testTimeoutBelowOneSecond() throws {
        let start = Date()
        let e = assertRefusal(.httpTimeout) { try HTTP.send(HTTPRequest(url: self.server.url("/slow?seconds=3"), timeoutSeconds: 0.3)) }
        let elapsed = Date().timeIntervalSince(start)
        XCTAssertGreaterThanOrEqual(elapsed, 0.25)
        XCTAssertLessThan(elapsed, 1.5)
        XCTAssertEqual(e?.arguments["seconds"], "0.3")
        XCTAssertEqual(e?.arguments["host"], "127.0.0.1")
        XCTAssertEqual(e?.message(.en), "The server 127.0.0.1 did not answer within 0.3 s.")
        // Within the limit, the slow answer arrives.
        XCTAssertEqual(try HTTP.send(HTTPRequest(url: server.url("/slow?seconds=0.2"), timeoutSeconds: 3)).body, Data("late".utf8))
    }

    /// Over the cap, announced (Content-Length) or only counted as it arrives (no length).
    func testAnswerOverTheCapIsRefused() throws {
        for path in ["/big?bytes=200000", "/stream?bytes=200000"] {
            let e = assertRefusal(.httpTooLarge) {
                try HTTP.send(HTTPRequest(url: self.server.url(path), timeoutSeconds: 5, maxResponseBytes: 100_000))
            }
            XCTAssertEqual(e?.arguments["limit"], "100000", path)
            let fits = try HTTP.send(HTTPRequest(url: server.url(path), timeoutSeconds: 5, maxResponseBytes: 200_000))
            XCTAssertEqual(fits.body.count, 200_000, path)
        }
    }

    func testConnectionRefused() {
        // Nothing listens on port 9 of the loopback.
        let e = assertRefusal(.httpUnreachable) { try HTTP.send(HTTPRequest(url: URL(string: "http://127.0.0.1:9/x")!, timeoutSeconds: 5)) }
        XCTAssertEqual(e?.message(.fr), "Le serveur 127.0.0.1 est injoignable.")
        XCTAssertNotNil(e?.detail)
    }

    /// https to a server that speaks plain HTTP: the handshake fails, named as a TLS failure.
    func testTLSFailureIsNamed() {
        let url = URL(string: "https://127.0.0.1:\(server.port)/hello")!
        let e = assertRefusal(.httpTLS) { try HTTP.send(HTTPRequest(url: url, timeoutSeconds: 5)) }
        XCTAssertEqual(e?.message(.en), "The secure connection with 127.0.0.1 failed.")
    }

    func testOnlyHTTPSchemes() {
        _ = assertRefusal(.httpFailed) { try HTTP.send(HTTPRequest(url: URL(fileURLWithPath: "/etc/hostname"), timeoutSeconds: 5)) }
    }

    /// One handle per request: concurrent calls from many threads each get their own answer.
    func testConcurrentRequests() throws {
        let results = Results()
        let base = server.url("/echo")
        DispatchQueue.concurrentPerform(iterations: 16) { i in
            let r = try? HTTP.send(HTTPRequest(method: "POST", url: URL(string: "?n=\(i)", relativeTo: base)!, body: Data("\(i)".utf8), timeoutSeconds: 10))
            results.set(i, r.flatMap { try? JSONValue.parse($0.body)["body"]?.stringValue })
        }
        XCTAssertEqual(results.all(16), (0..<16).map { "\($0)" })
    }

    /// The loader's dlopen step names the library and the package when libcurl cannot be loaded.
    func testMissingLibraryIsNamed() throws {
        let e = try XCTUnwrap(CurlLibrary.openError(soname: "libingest-absent-curl.so.4"))
        XCTAssertEqual(e.code, .httpLibraryMissing)
        XCTAssertTrue(e.detail?.contains("libingest-absent-curl.so.4") ?? false, "\(e)")
        XCTAssertEqual(e.message(.en), "The network library libcurl.so.4 cannot be loaded: install the libcurl4 package (apt install libcurl4).")
        // The next candidate is tried when the first is missing.
        XCTAssertNil(CurlLibrary.openError(soname: "libingest-absent-curl.so.4", alternate: "libcurl.so.4"))
    }
}

/// Answers collected from concurrent threads.
private final class Results: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [Int: String] = [:]
    func set(_ i: Int, _ v: String?) { lock.withLock { values[i] = v } }
    func all(_ n: Int) -> [String?] { lock.withLock { (0..<n).map { values[$0] } } }
}
