import Foundation
@testable import IngestOCR

/// A page read twice by one engine, as the tests of the functions the binary exports in
/// libtesseract's and leptonica's place read it (brick_morphology.c, stride_map.c, network_io.c):
/// first with the library's own (`use(0)`), then with the binary's (`use(1)`, left on). `calls`
/// counts the binary's calls; the readings and the calls made during each are kept.
struct ReadTwice {
    var library: RecognizedPage
    var own: RecognizedPage
    var callsWhileOff: UInt
    var callsWhileOn: UInt

    init(_ page: (width: Int, height: Int, gray: [UInt8]), use: (Int32) -> Void, calls: () -> UInt) throws {
        let engine = try TesseractEngine(languages: "fra+eng")
        defer { use(1) }   // the binary's own stay on for the other tests, whatever happens here
        use(0)
        let start = calls()
        library = try engine.recognize(TextPage.pageImage(page), deadline: .distantFuture, limitSeconds: 120, page: 1)
        let between = calls()
        use(1)
        own = try engine.recognize(TextPage.pageImage(page), deadline: .distantFuture, limitSeconds: 120, page: 1)
        callsWhileOff = between - start
        callsWhileOn = calls() - between
    }
}
