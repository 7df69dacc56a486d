import Foundation
import IngestQuality
import IngestTestSupport

/// One way of making documents from the fidelity sources: a folder of the generated corpus,
/// holding the French and the English document made that way (never two renderings of one
/// source: they would be duplicates of each other, and only the first would be written).
struct FidelityVariant: Sendable, Hashable {
    /// The folder, and the key of the variant's qa baseline (`qa/fidelity/NAME.baseline.json`).
    let name: String
    /// `md` or `tex`: which source the documents come from.
    let source: String
    /// A scan or photos: judged on CER (≤ 1 %), not word by word.
    let isScan: Bool
    /// What the format carries, so what is asked of it: every heading at its level, list items
    /// and tables (`document`, and `pdf`, where headings come from the outline); on `slides` only
    /// the deck's title and the slide titles are headings (pandoc writes deeper ones as lines of
    /// the slide); a scan (`none`) is judged on its characters alone.
    let structure: Structure
    enum Structure: Sendable { case document, slides, pdf, none }

    static let all: [FidelityVariant] = [
        .init(name: "pandoc-docx", source: "md", isScan: false, structure: .document),
        .init(name: "pandoc-odt", source: "md", isScan: false, structure: .document),
        .init(name: "pandoc-epub", source: "md", isScan: false, structure: .document),
        .init(name: "pandoc-pptx", source: "md", isScan: false, structure: .slides),
        .init(name: "writer-docx", source: "md", isScan: false, structure: .document),
        .init(name: "writer-pdf", source: "md", isScan: false, structure: .pdf),
        .init(name: "impress-odp", source: "md", isScan: false, structure: .slides),
        .init(name: "latex-pdf", source: "tex", isScan: false, structure: .pdf),
        .init(name: "latex-pdf-2col", source: "tex", isScan: false, structure: .pdf),
        .init(name: "scan-pdf", source: "tex", isScan: true, structure: .none),
        .init(name: "scan-png", source: "md", isScan: true, structure: .none),
    ]
}

/// The fidelity corpus, generated at test time in a temporary folder from the sources in
/// `Fidelity/` with the tools real files come from: pandoc (docx, odt, epub, pptx), LibreOffice
/// (PDF and docx from the odt, odp from the pptx), pdflatex (A5, justified and hyphenated,
/// fancyhdr running header and page-number footer, one and two columns), and 300-dpi scans of
/// those PDFs (pdftoppm → img2pdf, and PNG page photos). Each variant folder holds its documents,
/// their expected texts (`NAME.expected.txt`, from the source) and a qa manifest.
struct FidelityCorpus: Sendable {
    static let sourceDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fidelity")
    /// The sources' base names, each as `.md` and `.tex`: a French and an English lesson of prose,
    /// and a French chemistry lesson whose truth is numbers (exponents, signs, decimal commas,
    /// subscripts and charges, a table of them).
    static let documents = ["cours-acoustique", "course-light", "cours-chimie"]
    /// The LaTeX packages the `.tex` sources load (texlive-latex-base, -recommended, -extra,
    /// -fonts-recommended, -lang-french, lmodern).
    static let latexFiles = ["fancyhdr.sty", "lmodern.sty", "french.ldf", "newunicodechar.sty", "booktabs.sty", "geometry.sty", "hyperref.sty"]

    let root: URL
    let truths: [String: SourceTruth]   // "md/cours-acoustique" → truth

    func truth(_ variant: FidelityVariant, _ document: String) -> SourceTruth { truths["\(variant.source)/\(document)"]! }
    func folder(_ variant: FidelityVariant) -> URL { root.appendingPathComponent(variant.name) }

    /// Checks every tool first (skip locally, fail under CI=true), then makes the corpus in `root`.
    static func make(in root: URL) throws -> FidelityCorpus {
        try requireTools()
        let fm = FileManager.default
        let work = root.appendingPathComponent("work")
        try fm.createDirectory(at: work, withIntermediateDirectories: true)
        for v in FidelityVariant.all { try fm.createDirectory(at: root.appendingPathComponent(v.name), withIntermediateDirectories: true) }
        func at(_ variant: String, _ file: String) -> URL { root.appendingPathComponent(variant).appendingPathComponent(file) }

        var truths: [String: SourceTruth] = [:]
        for name in documents {
            for ext in ["md", "tex"] {
                let source = sourceDirectory.appendingPathComponent("\(name).\(ext)")
                try fm.copyItem(at: source, to: work.appendingPathComponent("\(name).\(ext)"))
                truths["\(ext)/\(name)"] = try SourceTruth.read(source)
            }
            // pandoc: the Markdown into four formats (a deck with one slide per `##` section).
            let md = work.appendingPathComponent("\(name).md").path
            try run("pandoc", ["-f", "markdown", "-o", at("pandoc-docx", "\(name).docx").path, md])
            try run("pandoc", ["-f", "markdown", "-o", at("pandoc-odt", "\(name).odt").path, md])
            try run("pandoc", ["-f", "markdown", "-o", at("pandoc-epub", "\(name).epub").path, md])
            try run("pandoc", ["-f", "markdown", "--slide-level=2", "-o", at("pandoc-pptx", "\(name).pptx").path, md])
            // pdflatex, twice (the second run writes the outline), in one and in two columns.
            for (variant, prefix) in [("latex-pdf", ""), ("latex-pdf-2col", "\\def\\fidelitycolumns{twocolumn}")] {
                let job = "\(name)-\(variant)"
                for _ in 0..<2 {
                    try run("pdflatex", ["-interaction=nonstopmode", "-halt-on-error", "-output-directory", work.path, "-jobname", job,
                                         "\(prefix)\\input{\(work.appendingPathComponent("\(name).tex").path)}"], in: work)
                }
                try fm.copyItem(at: work.appendingPathComponent("\(job).pdf"), to: at(variant, "\(name).pdf"))
            }
        }
        // LibreOffice: one start per target format, each converting both documents, with a
        // private profile (no user state, no lock).
        let profile = "-env:UserInstallation=file://" + work.appendingPathComponent("profile").path
        let odts = documents.map { at("pandoc-odt", "\($0).odt").path }
        let pptxs = documents.map { at("pandoc-pptx", "\($0).pptx").path }
        try run("soffice", [profile, "--headless", "--convert-to", "pdf", "--outdir", root.appendingPathComponent("writer-pdf").path] + odts)
        try run("soffice", [profile, "--headless", "--convert-to", "docx", "--outdir", root.appendingPathComponent("writer-docx").path] + odts)
        try run("soffice", [profile, "--headless", "--convert-to", "odp", "--outdir", root.appendingPathComponent("impress-odp").path] + pptxs)

        // Scans at 300 dpi: the one-column LaTeX PDF as an image-only PDF (gray pages, img2pdf),
        // the LibreOffice PDF as PNG page photos (NAME-1.png, NAME-2.png…: one lesson each).
        for name in documents {
            let pages = work.appendingPathComponent("\(name)-scan")
            try run("pdftoppm", ["-r", "300", "-gray", "-png", at("latex-pdf", "\(name).pdf").path, pages.path])
            let images = try fm.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix("\(name)-scan-") && $0.hasSuffix(".png") }
                .sorted().map { work.appendingPathComponent($0).path }
            guard !images.isEmpty else { throw TestSetupFailure("pdftoppm made no page of \(name)") }
            try run("img2pdf", ["-o", at("scan-pdf", "\(name).pdf").path] + images)
            try run("pdftoppm", ["-r", "300", "-png", at("writer-pdf", "\(name).pdf").path, at("scan-png", name).path])
        }

        // soffice exits 0 even when it converts nothing: every document must be there.
        for v in FidelityVariant.all {
            for name in documents {
                let files = try fm.contentsOfDirectory(atPath: root.appendingPathComponent(v.name).path).filter { $0.hasPrefix(name) }
                guard !files.isEmpty else { throw TestSetupFailure("\(v.name): \(name) was not made") }
            }
        }
        let corpus = FidelityCorpus(root: root, truths: truths)
        for v in FidelityVariant.all {
            var entries: [String] = []
            for name in documents {
                try corpus.truth(v, name).expectedText.write(to: at(v.name, "\(name).expected.txt"), atomically: true, encoding: .utf8)
                // The source's tables, as pandoc reads them: `ingest qa` scores each document's table blocks against them (TEDS).
                try JSONEncoder().encode(ExpectedStructure(tables: corpus.truth(v, name).tables))
                    .write(to: at(v.name, "\(name).structure.json"))
                entries.append("{\"name\": \"\(name)\", \"expected\": \"\(name).expected.txt\", \"readiness\": \"ready\", "
                               + "\"structure\": \"\(name).structure.json\"}")
            }
            try "{\"documents\": [\(entries.joined(separator: ", "))]}\n"
                .write(to: at(v.name, "manifest.json"), atomically: true, encoding: .utf8)
        }
        try? fm.removeItem(at: work)
        return corpus
    }

    static func requireTools() throws {
        for (tool, args, package) in [("pandoc", ["--version"], "pandoc"), ("soffice", ["--version"], "libreoffice-writer-nogui libreoffice-impress-nogui"),
                                      ("pdflatex", ["--version"], "texlive-latex-base"), ("pdftoppm", ["-v"], "poppler-utils"),
                                      ("img2pdf", ["--version"], "img2pdf")] {
            guard runTool(tool, args) != nil, runTool("which", [tool])?.status == 0 else {
                try missingTool("\(tool) is not installed (apt-get install \(package); scripts/install.sh --tests)")
            }
        }
        for file in latexFiles {
            guard runTool("kpsewhich", [file])?.status == 0 else {
                try missingTool("the LaTeX file \(file) is missing (scripts/install.sh --tests installs the texlive packages)")
            }
        }
        // Impress (its slide show library stands for the package): without it, soffice makes no .odp.
        guard FileManager.default.fileExists(atPath: "/usr/lib/libreoffice/program/libslideshowlo.so") else {
            try missingTool("LibreOffice Impress is not installed (apt-get install libreoffice-impress-nogui)")
        }
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String], in directory: URL? = nil) throws -> Data {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = out
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw TestSetupFailure("\(tool) \(arguments.joined(separator: " ")) failed (\(process.terminationStatus)): "
                                   + String(decoding: data.suffix(2000), as: UTF8.self))
        }
        return data
    }
}
