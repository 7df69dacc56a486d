// swift-tools-version:6.0
// Ingest: course material → ImportedDocument. Module boundaries follow DESIGN.md: IngestCore
// depends on nothing; the extractors depend on IngestCore and their C modules (OCR gets a PDF's
// pages through IngestCore's PageImageProvider, which IngestPDF implements); only IngestPipeline
// knows every extractor; the CLI knows the runtime, the pipeline and the QA modules. The rule is
// docs/architecture.md's table (ArchitectureTests checks this file against it).
//
// No target that the library products (IngestPipeline, IngestCore) need has unsafeFlags, so another
// package can depend on Ingest by version (Tests/IngestPipelineTests/LibraryByVersionTests.swift
// builds one). Flags only the `ingest` binary or the tests need are set on those targets.
import PackageDescription

/// serial_openmp.c's GOMP_*, line_images.c's pixWriteMem, brick_morphology.c's pix*Brick, stride_map.c's StrideMap::Index and network_io.c's NetworkIO and threshold_rect.c's ImageThresholder::ThresholdRectToPix in the dynamic symbol table (see
/// CTesseract), for the binary and tests.
let exportSerialOpenMP: [LinkerSetting] = [.unsafeFlags(
    ["GOMP_parallel", "GOMP_parallel_sections", "GOMP_sections_next", "GOMP_sections_end_nowait",
     "_ZN9tesseract13UnicharAmbigs13LoadUniversalERKNS_10UNICHARSETEPS1_", "pixWriteMem",
     "pixDilateBrick", "pixErodeBrick", "pixOpenBrick", "pixCloseBrick",
     "_ZNK9tesseract9StrideMap5Index13MaxIndexOfDimENS_14FlexDimensionsE", "_ZNK9tesseract9StrideMap5Index7IsValidEv",
     "_ZNK9tesseract9StrideMap5Index6IsLastENS_14FlexDimensionsE", "_ZN9tesseract9StrideMap5Index9AddOffsetEiNS_14FlexDimensionsE",
     "_ZN9tesseract9StrideMap5Index15SetTFromIndicesEv", "_ZN9tesseract9StrideMap5Index9IncrementEv",
     "_ZN9tesseract9NetworkIO17WriteTimeStepPartEiiiPKf", "_ZN9tesseract9NetworkIO19CopyTimeStepGeneralEiiiRKS0_ii",
     "_ZN9tesseract9NetworkIO15MaxpoolTimeStepEiRKS0_iPi",
     "_ZNK9tesseract16ImageThresholder18ThresholdRectToPixENS_5ImageEiRKSt6vectorIiSaIiEES6_PS1_"]
        .flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] })]

/// FontPool.cpp's binding of libpoppler's `GfxFont::makeFont`, the deleting destructors of its two
/// font classes and `XRef::~XRef` (see CPopplerFonts), in the dynamic symbol table of the binary and
/// the tests: there poppler makes a document's fonts once, not at every display pass.
let exportFontPool: [LinkerSetting] = [.unsafeFlags(
    ["_ZN7GfxFont8makeFontEP4XRefPKc3RefP4Dict", "_ZN11Gfx8BitFontD0Ev", "_ZN10GfxCIDFontD0Ev", "_ZN4XRefD1Ev"]
        .flatMap { ["-Xlinker", "--export-dynamic-symbol=\($0)"] })]

let package = Package(
    name: "Ingest",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "ingest", targets: ["ingest"]),
        .library(name: "IngestPipeline", targets: ["IngestPipeline"]),
        .library(name: "IngestCore", targets: ["IngestCore"]),
    ],
    targets: [
        // MARK: C libraries from Debian (system-library targets)
        .systemLibrary(name: "CPoppler", pkgConfig: "poppler-glib", providers: [.apt(["libpoppler-glib-dev"])]),
        // Tesseract+leptonica, libheif and TagLib are NOT linked: their modules forward every call
        // into the library opened with dlopen on first use (CLazyLoad), so a text or PDF
        // conversion never maps them. Their -dev packages still provide the headers.
        // (valgrind 3.19, bench's callgrind, needs DWARF 4: scripts/build-release.sh passes -gdwarf-4.)
        .target(name: "CLazyLoad"),
        // serial_openmp.c's GOMP_* bind libtesseract's OpenMP calls to a serial version only where
        // they are in the dynamic symbol table: the `ingest` binary and the test bundle export them
        // (`exportSerialOpenMP` below); a library user's program runs libgomp's own.
        .target(name: "CTesseract", dependencies: ["CLazyLoad"]),
        .target(name: "CHeif", dependencies: ["CLazyLoad"]),
        // hunspell (libhunspell-dev's header), opened on the first doubtful-word check of OCR'd or
        // auto-caption text: a born-digital conversion never maps it.
        .target(name: "CHunspell", dependencies: ["CLazyLoad"]),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CCrypto", providers: [.apt(["nettle-dev"])]),
        // TagLib 1.13's C binding lacks the property map: a small C++ shim exposes what we need.
        // Its headers are included as <taglib/…> (no -I flag: a flag would be unsafe for dependents).
        .target(name: "CTagLibShim", dependencies: ["CLazyLoad"], linkerSettings: [.linkedLibrary("stdc++")]),
        // Poppler's fonts made once per document (C++ against libpoppler-private-dev's headers, found
        // through CPoppler's pkg-config flags): bound only where the binary exports its symbols (`exportFontPool`).
        .target(name: "CPopplerFonts", dependencies: ["CPoppler"], linkerSettings: [.linkedLibrary("stdc++")]),
        // A page's stroked and filled paths drawn without its text, for the rule finder (C++ against
        // libpoppler-private-dev's headers: an OutputDev of libpoppler, which it links).
        .target(name: "CPopplerPaths", dependencies: ["CPoppler"], linkerSettings: [.linkedLibrary("stdc++"), .linkedLibrary("poppler")]),

        // MARK: Pure Swift core
        .target(name: "IngestCore"),

        // MARK: Services over C libraries
        .target(name: "IngestDigest", dependencies: ["CCrypto"]),
        .target(name: "IngestStore", dependencies: ["IngestCore", "CSQLite"]),
        .target(name: "IngestZip", dependencies: ["IngestCore", "CZlib"]),
        // libcurl is opened with dlopen on first use, not linked: CCurl needs only its header
        // (libcurl4-openssl-dev), so runs that make no request never map libcurl and its TLS chain.
        .target(name: "CCurl", dependencies: ["CLazyLoad"]),
        .target(name: "IngestHTTP", dependencies: ["IngestCore", "CCurl"]),
        // inotify's header and a helper to walk its event buffer (a flexible array member).
        .target(name: "CInotify"),
        // The parts of `ingest watch`: inotify watcher, polling scanner, stability gate,
        // completeness check, arrival order. The watch loop itself belongs to the runtime.
        .target(name: "IngestWatch", dependencies: ["IngestCore", "CInotify"]),
        // Doubtful words of OCR'd and auto-caption text (hunspell dictionaries, OCR confusions,
        // the document's own words as context), and the subject guess (word lists as data).
        .target(name: "IngestSpell", dependencies: ["IngestCore", "CHunspell"],
                resources: [.embedInCode("Subjects/subjects-fr.txt"), .embedInCode("Subjects/subjects-en.txt")]),

        // MARK: Extractors
        .target(name: "IngestPDF", dependencies: ["IngestCore", "CPoppler", "CPopplerFonts", "CPopplerPaths"]),
        .target(name: "IngestOCR", dependencies: ["IngestCore", "CTesseract", "CHeif"]),
        .target(name: "IngestOffice", dependencies: ["IngestCore", "IngestZip"]),
        .target(name: "IngestAudio", dependencies: ["IngestCore", "CTagLibShim"]),
        .target(name: "IngestYouTube", dependencies: ["IngestCore", "IngestHTTP"]),

        // MARK: Runner and CLI
        // Study sheets of a document (sections, definitions recognised in its text, Markdown):
        // made from an ImportedDocument alone.
        .target(name: "IngestStudySheet", dependencies: ["IngestCore"]),
        .target(name: "IngestPipeline", dependencies: [
            "IngestCore", "IngestDigest", "IngestStore", "IngestPDF", "IngestOCR",
            "IngestOffice", "IngestAudio", "IngestYouTube", "IngestHTTP", "IngestSpell", "IngestStudySheet",
        ]),
        // The runtime: document readers (in process, or worker processes with hard limits), and the
        // loops of convert and watch over them. The CLI knows only it (and what it re-exports).
        .target(name: "CProcess"),
        // The faults tests make its children commit (`TestFault`) exist in debug builds only.
        .target(name: "IngestRuntime", dependencies: ["IngestCore", "IngestPipeline", "IngestWatch", "IngestStore", "CProcess", "IngestDigest",
                                                     "IngestQuality", "IngestReport"],
                swiftSettings: [.define("INGEST_TEST_FAULTS", .when(configuration: .debug))]),
        .executableTarget(name: "ingest", dependencies: ["IngestCore", "IngestRuntime", "IngestPipeline", "IngestStore", "IngestQuality", "IngestReport"],
                         linkerSettings: exportSerialOpenMP + exportFontPool),

        // MARK: Quality (`ingest qa`)
        // Figures of an extracted text: against an expected text (the definitions of
        // shared/tools/textdiff.py), and on its own (signals, dictionary words). Pure Swift.
        .target(name: "IngestQuality", dependencies: ["IngestCore"]),
        // The HTML report a person reads: one self-contained file, no network, no external script.
        .target(name: "IngestReport", dependencies: ["IngestCore", "IngestQuality"]),

        // MARK: Tests mirror Sources
        .target(name: "IngestTestSupport", dependencies: ["IngestCore", "CZlib"], path: "Tests/IngestTestSupport"),
        .testTarget(name: "IngestCoreTests", dependencies: ["IngestCore", "IngestTestSupport"]),
        .testTarget(name: "IngestDigestTests", dependencies: ["IngestDigest", "IngestTestSupport"]),
        .testTarget(name: "IngestStoreTests", dependencies: ["IngestStore", "IngestTestSupport"]),
        .testTarget(name: "IngestHTTPTests", dependencies: ["IngestHTTP", "IngestTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "IngestZipTests", dependencies: ["IngestZip", "IngestTestSupport"]),
        .testTarget(name: "IngestPDFTests", dependencies: ["IngestPDF", "IngestQuality", "IngestTestSupport"], linkerSettings: exportFontPool),
        .testTarget(name: "IngestOCRTests", dependencies: ["IngestOCR", "IngestPDF", "IngestTestSupport"], linkerSettings: exportSerialOpenMP),
        .testTarget(name: "IngestSpellTests", dependencies: ["IngestSpell", "IngestOCR", "IngestTestSupport"]),
        .testTarget(name: "IngestOfficeTests", dependencies: ["IngestOffice", "IngestQuality", "IngestTestSupport"], exclude: ["Fuzz"]),
        .testTarget(name: "IngestAudioTests", dependencies: ["IngestAudio", "IngestTestSupport"], exclude: ["Fuzz"]),
        .testTarget(name: "IngestYouTubeTests", dependencies: ["IngestYouTube", "IngestTestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "IngestWatchTests", dependencies: ["IngestWatch", "IngestTestSupport"]),
        .testTarget(name: "IngestPipelineTests", dependencies: ["IngestPipeline", "IngestPDF", "IngestStudySheet", "IngestTestSupport"]),
        .testTarget(name: "IngestStudySheetTests", dependencies: ["IngestStudySheet", "IngestPipeline", "IngestTestSupport"],
                    exclude: ["Fixtures"]),
        .testTarget(name: "IngestQualityTests", dependencies: ["IngestQuality", "IngestTestSupport"]),
        .testTarget(name: "IngestReportTests", dependencies: ["IngestReport", "IngestQuality", "IngestTestSupport"], exclude: ["Scripts"]),
        .testTarget(name: "IngestRuntimeTests", dependencies: ["IngestRuntime", "IngestPipeline", "IngestTestSupport"]),
        // Issue 33's fidelity suite: documents generated from Fidelity/ sources, read by `ingest qa`.
        .testTarget(name: "IngestFidelityTests", dependencies: ["IngestCore", "IngestQuality", "IngestTestSupport"],
                    exclude: ["Fidelity", "Golden", "README.md"]),
    ]
)

// MARK: Fuzz targets (scripts/fuzz.sh TARGET SECONDS)
// Declared only when INGEST_FUZZ=1: each is a test function run by libFuzzer's driver
// (Fuzz/FuzzSupport), linked with `-sanitize=fuzzer,address` into its own scratch folder, `.build-fuzz`.
if Context.environment["INGEST_FUZZ"] == "1" {
    let fuzzTargets: [(String, [Target.Dependency])] = [
        ("FuzzSniffer", ["IngestCore"]),
        ("FuzzTextDecoding", ["IngestCore"]),
        ("FuzzConfig", ["IngestCore"]),
        ("FuzzCaptions", ["IngestCore", "IngestYouTube"]),
        ("FuzzAudioTags", ["IngestCore", "IngestAudio"]),
        ("FuzzXML", ["IngestOffice"]),
        ("FuzzZip", ["IngestZip"]),
        ("FuzzOffice", ["IngestCore", "IngestOffice"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for (name, dependencies) in fuzzTargets {
        package.targets.append(.executableTarget(name: name, dependencies: dependencies + ["FuzzSupport"], path: "Fuzz/\(name)",
                                                 swiftSettings: [.unsafeFlags(["-parse-as-library"])]))
    }
}
