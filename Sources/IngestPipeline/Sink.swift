import Foundation
import IngestCore
import IngestHTTP

/// SPEC §7: hands a finished document to lesson generation. `directory` is the document JSON the
/// runner writes anyway; `sheet` (the default, offline) also writes a study sheet beside it
/// (`NAME.sheet.json` and its Markdown rendering `NAME.sheet.md`); `jsonl` prints the document as
/// one line on standard output; `http` POSTs it with an idempotency key (id + revision) and
/// retries — through the library's delivery record when there is a library (`Deliverer`), or at
/// once here when there is none; `none` hands nothing on. A document that is not ready is never
/// handed on (the caller checks).
struct Sink {
    let config: PipelineConfig
    /// Where `jsonl` lines go (the pipeline's `lineOutput`).
    var lineOutput: @Sendable (Data) -> Void = { StandardOutput.shared.writeLine($0) }

    func handOff(_ document: ImportedDocument, outputURL: URL, recordsDelivery: Bool) throws {
        switch config.sink.kind {
        case .directory, .none: return
        case .sheet:
            let sheet = StudySheetBuilder.build(document)
            let base = outputURL.deletingPathExtension()
            try OutputWriter.write(to: base.appendingPathExtension("sheet.json")) { put in
                try StreamingJSONEncoder.encode(sheet, pretty: true, output: put)
            }
            try OutputWriter.write(Data(StudySheetMarkdown.render(sheet, language: config.messageLanguage).utf8),
                                   to: base.appendingPathExtension("sheet.md"))
        case .jsonl:
            let data = try StreamingJSONEncoder.encode(document, pretty: false)
            lineOutput(data)
        case .http:
            // With a library the delivery is recorded as pending with the document and sent by
            // the run's `Deliverer`, outside the worker and its time limit.
            if recordsDelivery { return }
            let body = try StreamingJSONEncoder.encode(document, pretty: false)
            let urlString = config.sink.url ?? "http"
            switch try HTTPDelivery(sink: config.sink).post(body, key: DeliveryKey.of(id: document.id, revision: document.revision)) {
            case .delivered: return
            case .rejected(let status, _): throw IngestError(.sinkFailed, ["sink": urlString], detail: "HTTP \(status)")
            case .failed(let error, _): throw IngestError(.sinkFailed, ["sink": urlString], detail: error)
            }
        }
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
