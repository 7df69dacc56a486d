import Foundation
import IngestTestSupport

/// `Fixtures/http_server.py` on an ephemeral port of 127.0.0.1, for as long as the test holds it.
final class TestServer {
    let server: LocalServer
    var port: Int { server.port }

    init() throws {
        server = try LocalServer(script: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/http_server.py"))
    }

    func url(_ path: String) -> URL { URL(string: server.baseURL + path)! }

    func stop() { server.stop() }
}
