import CLazyLoad
import Foundation
import XCTest

/// The loader behind CTesseract/CHeif/CTagLibShim: a library or a symbol that is missing makes
/// `lazy_library_load` return 0 with a reason naming it (Swift then throws the named error),
/// and nothing is left half-resolved.
final class LazyLibraryTests: XCTestCase {
    func load(_ soname: String, _ symbols: [String], alternate: String? = nil) -> (ok: Int32, error: String, slots: [UnsafeMutableRawPointer?]) {
        let names = symbols.map { UnsafePointer(strdup($0)!) }
        defer { names.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        let so = strdup(soname)!
        let other = alternate.map { strdup($0)! }
        defer { free(so); free(other) }
        var slots = [UnsafeMutableRawPointer?](repeating: nil, count: symbols.count)
        return names.map(Optional.some).withUnsafeBufferPointer { nameBuf in
            slots.withUnsafeMutableBufferPointer { slotBuf in
                var lib = lazy_library()   // all zero: PTHREAD_MUTEX_INITIALIZER on glibc, state "not tried"
                lib.soname = UnsafePointer(so)
                lib.alternate = other.map { UnsafePointer($0) }
                lib.symbols = nameBuf.baseAddress
                lib.slots = slotBuf.baseAddress
                lib.count = symbols.count
                let ok = lazy_library_load(&lib)
                XCTAssertEqual(lazy_library_load(&lib), ok, "a second load gives the same answer")
                return (ok, String(cString: lazy_library_error(&lib)), Array(slotBuf))
            }
        }
    }

    func testMissingLibraryIsReportedByName() {
        let r = load("libingest-not-installed.so.7", ["f"])
        XCTAssertEqual(r.ok, 0)
        XCTAssertTrue(r.error.contains("libingest-not-installed.so.7"), r.error)
    }

    func testMissingSymbolIsReportedAndNothingStaysResolved() {
        let r = load("libheif.so.1", ["heif_context_alloc", "heif_no_such_function"])
        XCTAssertEqual(r.ok, 0)
        XCTAssertTrue(r.error.contains("heif_no_such_function"), r.error)
        XCTAssertEqual(r.slots.compactMap { $0 }.count, 0)
    }

    func testEverySymbolResolved() {
        let r = load("libheif.so.1", ["heif_context_alloc", "heif_context_free"])
        XCTAssertEqual(r.ok, 1, r.error)
        XCTAssertEqual(r.error, "")
        XCTAssertEqual(r.slots.compactMap { $0 }.count, 2)
    }

    /// leptonica ≥ 1.83 is libleptonica.so.6, Debian 12's liblept.so.5: the second name is tried
    /// when the first does not open, and the library loads.
    func testAlternateNameOpensWhenTheFirstIsNotInstalled() {
        let r = load("libingest-not-installed.so.6", ["heif_context_alloc"], alternate: "libheif.so.1")
        XCTAssertEqual(r.ok, 1, r.error)
        XCTAssertEqual(r.slots.compactMap { $0 }.count, 1)
    }
}
