import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import IngestCore

/// SPEC §7: hands a finished document to lesson generation. `directory` is the document JSON the
/// runner writes anyway; `sheet` (the default, offline) also writes a study sheet beside it;
/// `jsonl` prints the document as one line on standard output; `http` POSTs it with an
/// idempotency key (the document id) and retries; `none` hands nothing on.
struct Sink {
    let config: PipelineConfig

    func handOff(_ document: ImportedDocument, outputURL: URL) throws {
        switch config.sink.kind {
        case .directory, .none: return
        case .sheet:
            let sheet = StudySheetBuilder.build(document)
            let data = try StreamingJSONEncoder.encode(sheet, pretty: true)
            try OutputWriter.write(data, to: outputURL.deletingPathExtension().appendingPathExtension("sheet.json"))
        case .jsonl:
            let data = try StreamingJSONEncoder.encode(document, pretty: false)
            StandardOutput.shared.writeLine(data)
        case .http:
            try post(document)
        }
    }

    func post(_ document: ImportedDocument) throws {
        guard let urlString = config.sink.url, let url = URL(string: urlString) else {
            throw IngestError(.sinkFailed, ["sink": "http"], detail: "sink.url is missing")
        }
        let body = try StreamingJSONEncoder.encode(document, pretty: false)
        var lastError = "no attempt"
        for attempt in 0...config.sink.retries {
            if attempt > 0 { Thread.sleep(forTimeInterval: min(8, 0.25 * pow(2, Double(attempt - 1)))) }
            var request = URLRequest(url: url, timeoutInterval: config.sink.timeoutSeconds)
            request.httpMethod = "POST"
            request.httpBody = body
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(document.id, forHTTPHeaderField: "Idempotency-Key")
            let result = HTTPClient.send(request)
            switch result {
            case .success(let status) where (200..<300).contains(status): return
            case .success(let status) where (400..<500).contains(status) && status != 408 && status != 429:
                throw IngestError(.sinkFailed, ["sink": urlString], detail: "HTTP \(status)")
            case .success(let status): lastError = "HTTP \(status)"
            case .failure(let e): lastError = e
            }
        }
        throw IngestError(.sinkFailed, ["sink": urlString], detail: lastError)
    }
}

/// A blocking HTTP call for worker threads (never the main actor): a detached URLSession task
/// and a semaphore.
enum HTTPClient {
    final class Box: @unchecked Sendable { var result: Result<Int, String>? }

    static func send(_ request: URLRequest) -> Result<Int, String> {
        let box = Box()
        let done = DispatchSemaphore(value: 0)
        let task = URLSession.shared.dataTask(with: request) { _, response, error in
            if let error { box.result = .failure(String(describing: error)) }
            else { box.result = .success((response as? HTTPURLResponse)?.statusCode ?? 0) }
            done.signal()
        }
        task.resume()
        done.wait()
        return box.result ?? .failure("no response")
    }
}

extension String: @retroactive Error {}

/// Standard output shared by JSON Lines writers, one whole line at a time.
final class StandardOutput: @unchecked Sendable {
    static let shared = StandardOutput()
    private let lock = NSLock()
    func writeLine(_ data: Data) {
        lock.lock(); defer { lock.unlock() }
        FileHandle.standardOutput.write(data + Data([0x0A]))
    }
}
