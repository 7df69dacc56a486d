import Foundation
import IngestTestSupport
import XCTest
@testable import IngestCore

/// Issue 33: a BigTIFF (`II+\0`, `MM\0+`) is a TIFF — Pillow's hopper_bigtiff.tif was "an
/// unknown kind" though the image reader decodes it. Made by libtiff's own tiffcp -8.
final class SniffBigTIFFTests: XCTestCase {
    func testBigTIFFIsATIFF() throws {
        let dir = try TemporaryDirectory("bigtiff")
        defer { dir.remove() }
        let tiff = dir.url.appendingPathComponent("page.tif"), big = dir.url.appendingPathComponent("big.tif")
        guard let made = runTool("convert", ["-size", "64x32", "xc:white", tiff.path]), made.status == 0 else {
            try missingTool("ImageMagick (convert) is not installed (apt-get install imagemagick)")
        }
        for (order, name) in [("-B", "big-be.tif"), ("-L", "big.tif")] {
            let out = name == "big.tif" ? big : dir.url.appendingPathComponent(name)
            guard let r = runTool("tiffcp", ["-8", order, tiff.path, out.path]) else {
                try missingTool("tiffcp is not installed (apt-get install libtiff-tools)")
            }
            XCTAssertEqual(r.status, 0, String(decoding: r.stderr, as: UTF8.self))
            let bytes = try Data(contentsOf: out)
            XCTAssertTrue([[0x49, 0x49, 0x2B, 0x00], [0x4D, 0x4D, 0x00, 0x2B]].contains(Array(bytes.prefix(4))), "\(name): not a BigTIFF header")
            XCTAssertEqual(Sniffer.sniff(prefix: bytes.prefix(Sniffer.prefixLength), fileName: name).kind, .tiff, name)
        }
    }
}
