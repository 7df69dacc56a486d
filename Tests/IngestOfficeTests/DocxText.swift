import Foundation
import IngestCore
import IngestOffice

/// The document text as the pipeline builds it (blocks joined by blank lines), with list markers
/// in front of list items, for comparisons with `pandoc -t plain`.
func documentText(_ extraction: Extraction) -> String {
    extraction.blocks.map { b in
        if let m = b.marker, !m.isEmpty { return m + " " + b.text }
        return b.text
    }.joined(separator: "\n\n")
}

func extractDocx(_ url: URL, config: PipelineConfig = PipelineConfig()) throws -> Extraction {
    let size = (try? FileManager.default.attributesOfItem(atPath: url.path)[.size] as? Int) ?? 0
    return try DocxExtractor().extract(SourceInput(files: [url], kind: .docx, byteSize: size ?? 0, name: url.lastPathComponent),
                                       context: ExtractionContext(config: config, language: .en))
}
