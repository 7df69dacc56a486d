import Foundation
import IngestCore
import IngestOffice
import IngestPDF

/// The figures' crops beside the document (`NAME.figure-2.png`): what a vision model, or a
/// person, is shown of a figure. Written with the document's other outputs, each atomically and
/// before the document that names them, so a document never names a crop that is not there.
extension DocumentImporter {
    /// Each figure block of a PDF source that has a box, its page region drawn as a PNG
    /// (`NAME.figure-N.png`, N counting the document's figures from 1) named in the block's
    /// `image`; a figure of a slide deck or a text document (docx, odt, epub), whose `image` names its picture's part in the package,
    /// that picture's bytes as they are (`NAME.figure-N.jpg` for a JPEG). Returns the file names written.
    func writeFigureImages(_ document: inout ImportedDocument, results: [SourceResult], outputURL: URL) throws -> Set<String> {
        guard document.blocks.contains(where: { $0.kind == .figure && ($0.bbox != nil || $0.image != nil) }) else { return [] }
        let stem = outputURL.deletingPathExtension().lastPathComponent
        let dir = outputURL.deletingLastPathComponent()
        var sources: [Int: FigureCrop.Source?] = [:]
        var written = Set<String>()
        var number = 0
        for i in document.blocks.indices where document.blocks[i].kind == .figure {
            number += 1
            let block = document.blocks[i]
            if let part = block.image {
                // A part inside the source is no file beside the document: written, or named nowhere.
                document.blocks[i].image = nil
                guard results.indices.contains(block.source), results[block.source].read.input.kind != .pdf,
                      let file = results[block.source].read.input.files.first,
                      let picture = PackagePicture.read(part, in: file, limits: pipeline.config.limits) else { continue }
                let name = stem + ".figure-\(number).\(picture.fileExtension)"
                try OutputWriter.write(picture.data, to: dir.appendingPathComponent(name, isDirectory: false))
                document.blocks[i].image = name
                written.insert(name)
                continue
            }
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
        for name in names where name.hasPrefix(prefix) && !keeping.contains(name) {
            // A crop (`.png`) or a slide's picture as it was stored (`.jpg`, `.gif`, `.webp`).
            let rest = name.dropFirst(prefix.count)
            guard let dot = rest.lastIndex(of: "."), ["png", "jpg", "gif", "webp"].contains(rest[rest.index(after: dot)...]) else { continue }
            if Int(rest[..<dot]) != nil { unlink(dir.appendingPathComponent(name).path) }
        }
    }
}
