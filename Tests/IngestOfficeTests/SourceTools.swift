import Foundation
import IngestCore
import IngestTestSupport
import XCTest

/// Makes test documents the way real ones are made — pandoc, LibreOffice, python-pptx — from
/// sources written in the test, and compares what Ingest read with those sources word by word.
struct SourceTools {
    let dir: TemporaryDirectory

    static func requirePandoc() throws {
        guard runTool("pandoc", ["--version"])?.status == 0 else { try missingTool("pandoc is not installed (apt-get install pandoc)") }
    }
    static func requireSoffice() throws {
        guard runTool("soffice", ["--version"])?.status == 0 else {
            try missingTool("LibreOffice (soffice) missing (apt-get install libreoffice-writer-nogui libreoffice-impress-nogui)")
        }
    }
    static func requirePythonPptx() throws {
        guard runTool(Python.path, ["-c", "import pptx"])?.status == 0 else {
            try missingTool("python-pptx missing from .build/tools-venv (scripts/install.sh --tests)")
        }
    }

    /// `pandoc SOURCE.md -o NAME` (extra arguments before the output).
    func pandoc(_ markdown: String, _ output: String, _ arguments: [String] = []) throws -> URL {
        let source = try dir.write((output as NSString).deletingPathExtension + ".md", markdown)
        let out = dir.url.appendingPathComponent(output)
        guard let r = runTool("pandoc", [source.path] + arguments + ["-o", out.path]), r.status == 0 else {
            throw TestSetupFailure("pandoc could not write \(output)")
        }
        return out
    }

    /// `soffice --convert-to FORMAT` with a private profile; returns the converted file.
    func soffice(_ input: URL, to format: String, as name: String) throws -> URL {
        let outdir = dir.url.appendingPathComponent("lo-" + name)
        let profile = "file://" + dir.url.appendingPathComponent("lo-profile").path
        guard let r = runTool("soffice", ["-env:UserInstallation=" + profile, "--headless", "--convert-to", format,
                                          "--outdir", outdir.path, input.path]), r.status == 0 else {
            throw TestSetupFailure("soffice could not convert \(input.lastPathComponent) to \(format)")
        }
        let produced = outdir.appendingPathComponent(input.deletingPathExtension().lastPathComponent + "." + format.split(separator: ":")[0])
        let target = dir.url.appendingPathComponent(name)
        try FileManager.default.moveItem(at: produced, to: target)
        return target
    }

    func python(_ script: String, _ arguments: [String]) throws {
        let file = try dir.write("script-\(UUID().uuidString).py", script)
        guard let r = runTool(Python.path, [file.path] + arguments), r.status == 0 else {
            throw TestSetupFailure("python script failed: " + String(decoding: runTool(Python.path, [file.path] + arguments)?.stderr ?? Data(), as: UTF8.self))
        }
    }

    /// A small PNG (ImageMagick is not needed: a fixed 1×1 image).
    func png(_ name: String = "pic.png") throws -> URL {
        let bytes: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1,
                              8, 2, 0, 0, 0, 0x90, 0x77, 0x53, 0xDE, 0, 0, 0, 0x0C, 0x49, 0x44, 0x41, 0x54, 0x08, 0xD7, 0x63, 0xF8,
                              0xCF, 0xC0, 0, 0, 0x03, 0x01, 0x01, 0, 0x18, 0xDD, 0x8D, 0xB0, 0, 0, 0, 0, 0x49, 0x45, 0x4E, 0x44,
                              0xAE, 0x42, 0x60, 0x82]
        return try dir.write(name, Data(bytes))
    }
}

/// Words as the comparison counts them: runs of letters and digits (punctuation, symbols and
/// markup left out), as a multiset.
func wordCounts(_ text: String) -> [String: Int] {
    var counts: [String: Int] = [:]
    var word = ""
    for ch in text.precomposedStringWithCanonicalMapping {
        if ch.isLetter || ch.isNumber { word.append(ch) } else if !word.isEmpty { counts[word, default: 0] += 1; word = "" }
    }
    if !word.isEmpty { counts[word, default: 0] += 1 }
    return counts
}

/// The words one multiset has more than the other (`missing`: in `expected` only; `extra`: in `actual` only).
func wordDifference(expected: String, actual: String) -> (missing: [String: Int], extra: [String: Int]) {
    let e = wordCounts(expected), a = wordCounts(actual)
    var missing: [String: Int] = [:], extra: [String: Int] = [:]
    for (w, n) in e where (a[w] ?? 0) < n { missing[w] = n - (a[w] ?? 0) }
    for (w, n) in a where (e[w] ?? 0) < n { extra[w] = n - (e[w] ?? 0) }
    return (missing, extra)
}

/// What a reader sees of blocks: each one's marker and text.
func visibleText(_ blocks: [Block]) -> String {
    blocks.map { ($0.kind == .listItem ? ($0.marker.map { $0 + " " } ?? "") : "") + $0.text }.joined(separator: "\n")
}
