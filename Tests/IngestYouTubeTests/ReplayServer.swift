import Foundation
import XCTest
import IngestCore
import IngestTestSupport
import IngestYouTube

/// The real local HTTP server of these tests (`Fixtures/replay_server.py`), started on an
/// ephemeral port of 127.0.0.1. Routes replay files and inject faults; `/__stats` counts requests.
final class ReplayServer {
    struct Response: Encodable {
        var status: Int = 200
        var file: String? = nil
        var body: String? = nil
        var delay: Double? = nil
        var drop: Bool? = nil
        static func file(_ url: URL) -> Response { Response(file: url.path) }
        static func status(_ s: Int, _ body: String = "") -> Response { Response(status: s, body: body) }
        static let dropped = Response(drop: true)
    }
    struct Route: Encodable { var method: String; var path: String; var responses: [Response] }

    let server: LocalServer
    let folder: TemporaryDirectory
    var port: Int { server.port }
    var baseURL: String { server.baseURL }

    init(_ routes: [Route]) throws {
        folder = try TemporaryDirectory("yt-replay")
        let spec = try JSONEncoder().encode(["routes": routes])
        let specURL = try folder.write("routes.json", spec)
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/replay_server.py")
        server = try LocalServer(script: script, arguments: [specURL.path])
    }

    /// Requests seen per "METHOD path".
    func counts() throws -> [String: Int] {
        // Through the product's own client, so no second HTTP stack is involved.
        let data = try HTTPClient(timeoutSeconds: 5, retries: 0).fetch(URL(string: baseURL + "/__stats")!).body
        return try JSONDecoder().decode([String: Int].self, from: data)
    }

    func setRoutes(_ routes: [Route]) throws {
        _ = try HTTPClient(timeoutSeconds: 5, retries: 0).fetch(URL(string: baseURL + "/__routes")!, method: "POST",
                                                                 body: JSONEncoder().encode(["routes": routes]))
    }

    func stop() {
        server.stop()
        folder.remove()
    }

    deinit { stop() }
}

/// Corpus files of the YouTube folder.
enum YT {
    static func url(_ name: String) -> URL { Corpus.url("youtube/" + name) }
    static func data(_ name: String) throws -> Data { try Data(contentsOf: url(name)) }
    static func json(_ name: String) throws -> JSONValue { try JSONValue.parse(data(name)) }

    /// A context with French messages, French then English as user languages, and a cache folder.
    static func context(network: Bool = false, baseURL: String = "https://www.youtube.com", cache: URL? = nil,
                        languages: [String] = ["fr", "en"], notReadyBelow: Int = 120, retries: Int = 1,
                        timeout: Double = 5) -> ExtractionContext {
        var config = PipelineConfig()
        config.userLanguages = languages
        config.youtube.network = network
        config.youtube.baseURL = baseURL
        config.youtube.retries = retries
        config.youtube.timeoutSeconds = timeout
        config.readiness.notReadyBelow = notReadyBelow
        return ExtractionContext(config: config, language: .fr, cacheDirectory: cache)
    }
}

/// Asserts that `body` throws an IngestError with `code` (and `hint`, when given).
func assertRefusal<T>(_ code: ErrorCode, hint: ErrorCode? = nil, file: StaticString = #filePath, line: UInt = #line,
                      _ body: () throws -> T) {
    do {
        _ = try body()
        XCTFail("expected \(code), got a result", file: file, line: line)
    } catch let e as IngestError {
        XCTAssertEqual(e.code, code, "\(e)", file: file, line: line)
        if let hint { XCTAssertEqual(e.hint, hint, "\(e)", file: file, line: line) }
    } catch {
        XCTFail("expected IngestError \(code), got \(error)", file: file, line: line)
    }
}
