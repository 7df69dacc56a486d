import Foundation
import IngestCore
import IngestPDF

/// The figures' crops beside the document (`NAME.figure-2.png`): what a vision model, or a
/// person, is shown of a figure. Written with the document's other outputs, each atomically and
/// before the document that names them, so a document never names a crop that is not there.
extension DocumentImporter {
    /// Each figure block of a PDF source that has a box, its page region drawn as a PNG
    /// (`NAME.figure-N.png`, N counting the document's figures from 1) named in the block's
    /// `image`. Returns the file names written.
    func writeFigureImages(_ document: inout ImportedDocument, results: [SourceResult], outputURL: URL) throws -> Set<String> {
        guard document.blocks.contains(where: { $0.kind == .figure && $0.bbox != nil }) else { return [] }
        let stem = outputURL.deletingPathExtension().lastPathComponent
        let dir = outputURL.deletingLastPathComponent()
        var sources: [Int: FigureCrop.Source?] = [:]
        var written = Set<String>()
        var number = 0
        for i in document.blocks.indices where document.blocks[i].kind == .figure {
            number += 1
            let block = document.blocks[i]
            guard let box = block.bbox, let page = block.page, results.indices.contains(block.source),
                  results[block.source].read.input.kind == .pdf, let file = results[block.source].read.input.files.first else { continue }
            if sources[block.source] == nil { sources[block.source] = FigureCrop.Source(url: file, password: pipeline.password) }
            guard let source = sources[block.source] ?? nil, let picture = source.png(page: page, box: box) else { continue }
            let name = stem + ".figure-\(number).png"
            try OutputWriter.write(picture.data, to: dir.appendingPathComponent(name, isDirectory: false))
            document.blocks[i].image = name
            written.insert(name)
        }
        return written
    }

    /// Removes crops an earlier run wrote for this document that this run did not write (fewer
    /// figures now).
    static func removeStaleFigureImages(beside outputURL: URL, keeping: Set<String>) {
        let stem = outputURL.deletingPathExtension().lastPathComponent
        let dir = outputURL.deletingLastPathComponent()
        guard let names = (try? FolderListing(path: dir.path))?.names else { return }
        let prefix = stem + ".figure-"
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".png") && !keeping.contains(name) {
            if Int(name.dropFirst(prefix.count).dropLast(4)) != nil { unlink(dir.appendingPathComponent(name).path) }
        }
    }
}
