import Foundation
import IngestCore
import IngestHTTP

/// SPEC §7: hands a finished document to lesson generation. `directory` is the document JSON the
/// runner writes anyway; `sheet` (the default, offline) also writes a study sheet beside it;
/// `jsonl` prints the document as one line on standard output; `http` POSTs it with an
/// idempotency key (the document id) and retries; `none` hands nothing on.
struct Sink {
    let config: PipelineConfig
    /// Where `jsonl` lines go (the pipeline's `lineOutput`).
    var lineOutput: @Sendable (Data) -> Void = { StandardOutput.shared.writeLine($0) }

    func handOff(_ document: ImportedDocument, outputURL: URL) throws {
        switch config.sink.kind {
        case .directory, .none: return
        case .sheet:
            let sheet = StudySheetBuilder.build(document)
            try OutputWriter.write(to: outputURL.deletingPathExtension().appendingPathExtension("sheet.json")) { put in
                try StreamingJSONEncoder.encode(sheet, pretty: true, output: put)
            }
        case .jsonl:
            let data = try StreamingJSONEncoder.encode(document, pretty: false)
            lineOutput(data)
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
            let request = HTTPRequest(method: "POST", url: url, headers: ["Content-Type": "application/json", "Idempotency-Key": document.id],
                                      body: body, timeoutSeconds: config.sink.timeoutSeconds)
            let result: Result<Int, String>
            do {
                result = .success(try HTTP.send(request).status)
            } catch let e as IngestError where e.code == .httpLibraryMissing {
                // No libcurl: no retry will find it.
                throw IngestError(.sinkFailed, e.arguments.merging(["sink": urlString]) { _, new in new }, detail: e.detail,
                                  hint: .httpLibraryMissing)
            } catch let e as IngestError {
                result = .failure("\(e.code) \(e.detail ?? "")")
            }
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

extension String: @retroactive Error {}

/// Standard output shared by JSON Lines writers, one whole line at a time.
public final class StandardOutput: @unchecked Sendable {
    public static let shared = StandardOutput()
    private let lock = NSLock()
    public func writeLine(_ data: Data) {
        lock.lock(); defer { lock.unlock() }
        FileHandle.standardOutput.write(data + Data([0x0A]))
    }
}
