import Foundation
import IngestCore
import IngestZip

/// EPUB 2 and 3 through the same ZIP reader and XML scanner as `.docx`: `META-INF/container.xml`
/// names the package document, whose spine gives the reading order; each XHTML chapter streams
/// through `XHTMLHandler`, its blocks carrying its spine position as `page`. A book whose text is
/// encrypted (DRM: `rights.xml`, `sinf.xml`, a Readium LCP license, or `encryption.xml` listing
/// more than obfuscated fonts) is refused by name; a damaged chapter is skipped with a warning.
public struct EPUBExtractor: Extractor {
    public var kinds: Set<SourceKind> { [.epub] }
    public init() {}

    static let chapterTypes: Set<String> = ["application/xhtml+xml", "text/html", "application/x-dtbook+xml", "text/x-oeb1-document"]

    public func extract(_ input: SourceInput, context: ExtractionContext) throws -> Extraction {
        let archive = try PartReading.open(input, context)
        let package = DocxPackage(archive: archive)
        var warnings: [Warning] = []
        try refuseDRM(archive, package)

        var container = ContainerHandler(package.names)
        guard try package.parse("META-INF/container.xml", &container) else {
            throw IngestError(.officeMissingPart, ["part": "META-INF/container.xml"])
        }
        guard let opfPath = container.paths.map({ PartPath.resolve($0, from: "") }).first(where: package.has) else {
            throw IngestError(.officeMissingPart, ["part": container.paths.first ?? "content.opf"])
        }
        var opf = OPFHandler(package.names)
        try package.parse(opfPath, &opf)

        let names = XHTMLHandler.Names(package.names)
        var blocks: [Block] = []
        var images = 0, notes = 0, chapters = 0
        var seen = Set<String>()
        for (index, idref) in opf.spine.enumerated() {
            try context.checkDeadline()
            guard let item = opf.manifest[idref], Self.chapterTypes.contains(item.mediaType.lowercased()) else { continue }
            let href = item.href.split(separator: "#", maxSplits: 1).first.map(String.init) ?? item.href
            let part = PartPath.resolve(href, from: opfPath)
            guard seen.insert(part).inserted else { continue }
            var h = XHTMLHandler(names: names, page: index + 1, deadline: context.checkDeadline)
            guard try PartReading.optional(&warnings, context, part, { try package.parse(part, &h) }) == true else { continue }
            chapters += 1
            images += h.images
            notes += h.notes.count
            // Pictures with their captions; a picture's `src` made its part (a link outside the book: no file).
            let chapter = OfficeFigures.resolvingPictures(OfficeFigures.attachingCaptions(h.blocks)) { src in
                guard !src.isEmpty, !src.contains(":"), let path = src.split(separator: "#").first.map(String.init)?.removingPercentEncoding
                else { return nil }
                let picture = PartPath.resolve(path, from: part)
                return package.has(picture) ? picture : nil
            }
            blocks += FigureText.droppingCaptionEchoes(chapter) + h.notes
        }

        var metadata: [String: JSONValue] = [:]
        for (k, v) in opf.metadata where k != "language" { metadata[k] = .string(v) }
        metadata["packageDocument"] = .string(opfPath)
        metadata["chapters"] = .int(chapters)
        metadata["notes"] = .int(notes)
        metadata["images"] = .int(images)
        let title = opf.metadata["title"].map { TitleCandidate($0, origin: .metadata) }
            ?? blocks.first { $0.kind == .heading }.map { TitleCandidate($0.text, origin: .heading) }
        let language = opf.metadata["language"]?.split(separator: "-").first.map { $0.lowercased() }
        return Extraction(blocks: blocks, title: title, language: language, metadata: metadata, warnings: warnings,
                          thinTextReason: PartReading.thinText(blocks, images: images, context), pagesRead: chapters)
    }

    /// Adobe ADEPT (`rights.xml`), Apple FairPlay (`sinf.xml`), Readium LCP (`license.lcpl`), or any
    /// resource other than a font encrypted with a real cipher.
    func refuseDRM(_ archive: ZipArchive, _ package: DocxPackage) throws {
        for marker in ["META-INF/rights.xml", "META-INF/sinf.xml", "META-INF/license.lcpl"] where archive.entry(marker) != nil {
            throw IngestError(.officeEpubDRM, detail: marker)
        }
        var h = EncryptionHandler(package.names)
        guard (try? package.parse("META-INF/encryption.xml", &h)) == true else {
            // An encryption list we cannot read is assumed to protect the text.
            if archive.entry("META-INF/encryption.xml") != nil { throw IngestError(.officeEpubDRM, detail: "unreadable encryption.xml") }
            return
        }
        if let e = h.encrypted.first(where: { !EPUBNames.fontObfuscation.contains($0.algorithm) }) {
            throw IngestError(.officeEpubDRM, detail: e.uri)
        }
    }
}
