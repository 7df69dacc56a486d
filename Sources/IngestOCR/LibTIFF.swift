import CTesseract
import Foundation
import IngestCore

/// TIFF pages leptonica refuses (tiled, planar "separate", unusual sample layouts) read through
/// libtiff's RGBA interface, which reads every layout libtiff knows. libtiff is leptonica's own
/// dependency: once liblept.so.5 is open it is mapped already, and its functions are looked up
/// here by name. The project has no libtiff headers, so the prototypes below are copied from
/// tiffio.h (stable since libtiff 4.0) — the only calls made.
enum LibTIFF {
    typealias ReadProc = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int) -> Int
    typealias SeekProc = @convention(c) (UnsafeMutableRawPointer?, UInt64, Int32) -> UInt64
    typealias CloseProc = @convention(c) (UnsafeMutableRawPointer?) -> Int32
    typealias SizeProc = @convention(c) (UnsafeMutableRawPointer?) -> UInt64
    typealias MapProc = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<UInt64>?) -> Int32
    typealias UnmapProc = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UInt64) -> Void
    /// TIFF *TIFFClientOpen(const char *, const char *, thandle_t, TIFFReadWriteProc, TIFFReadWriteProc,
    ///                      TIFFSeekProc, TIFFCloseProc, TIFFSizeProc, TIFFMapFileProc, TIFFUnmapFileProc)
    typealias ClientOpen = @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UnsafeMutableRawPointer?,
                                           ReadProc, ReadProc, SeekProc, CloseProc, SizeProc, MapProc, UnmapProc) -> OpaquePointer?
    /// int TIFFSetDirectory(TIFF *, tdir_t)
    typealias SetDirectory = @convention(c) (OpaquePointer, UInt32) -> Int32
    /// int TIFFReadRGBAImageOriented(TIFF *, uint32_t, uint32_t, uint32_t *, int, int)
    typealias ReadRGBA = @convention(c) (OpaquePointer, UInt32, UInt32, UnsafeMutablePointer<UInt32>, Int32, Int32) -> Int32
    /// void TIFFClose(TIFF *)
    typealias Close = @convention(c) (OpaquePointer) -> Void
    /// int TIFFIsCODECConfigured(uint16_t)
    typealias CodecConfigured = @convention(c) (UInt16) -> Int32
    /// TIFFErrorHandler TIFFSetErrorHandler(TIFFErrorHandler) (and the warning one): NULL prints nothing.
    typealias SetHandler = @convention(c) (OpaquePointer?) -> OpaquePointer?

    struct Functions: @unchecked Sendable {   // C function pointers: immutable once looked up
        let open: ClientOpen, setDirectory: SetDirectory, readRGBA: ReadRGBA, close: Close, codecConfigured: CodecConfigured
    }

    /// The functions, or nil when libtiff.so.6 (or one of them) is not there.
    static let functions: Functions? = {
        guard (try? OCRLibraries.requireTesseract()) != nil,
              let lib = dlopen("libtiff.so.6", RTLD_NOW) ?? dlopen("libtiff.so.5", RTLD_NOW) else { return nil }
        func f<T>(_ name: String, _: T.Type) -> T? { dlsym(lib, name).map { unsafeBitCast($0, to: T.self) } }
        guard let open = f("TIFFClientOpen", ClientOpen.self), let dir = f("TIFFSetDirectory", SetDirectory.self),
              let read = f("TIFFReadRGBAImageOriented", ReadRGBA.self), let close = f("TIFFClose", Close.self),
              let codec = f("TIFFIsCODECConfigured", CodecConfigured.self) else { return nil }
        // libtiff's messages would go to stderr; we name the cause ourselves.
        _ = f("TIFFSetErrorHandler", SetHandler.self)?(nil)
        _ = f("TIFFSetWarningHandler", SetHandler.self)?(nil)
        return Functions(open: open, setDirectory: dir, readRGBA: read, close: close, codecConfigured: codec)
    }()

    /// Whether this libtiff decodes compression `scheme` (nil when libtiff is not there).
    static func decodes(compression scheme: Int) -> Bool? {
        guard let fns = functions, scheme >= 0, scheme <= 0xFFFF else { return nil }
        return fns.codecConfigured(UInt16(scheme)) != 0
    }

    /// The bytes libtiff reads from: a window on the file already in memory.
    private final class Memory {
        let base: UnsafeRawPointer
        let size: Int
        var position = 0
        init(_ base: UnsafeRawPointer, _ size: Int) { self.base = base; self.size = size }
        static func of(_ h: UnsafeMutableRawPointer?) -> Memory { Unmanaged<Memory>.fromOpaque(h!).takeUnretainedValue() }
    }

    /// Page `page` of `data` as a 32-bit RGB image, upright as stored row order says (the EXIF-style
    /// orientation tag is applied by the caller), transparent parts laid on white. Nil when libtiff
    /// cannot read it.
    static func read(_ data: Data, page: Int, width: Int, height: Int) -> PageImage? {
        guard let fns = functions, width > 0, height > 0,
              let pix = pixCreate(Int32(width), Int32(height), 32) else { return nil }
        let image = PageImage(taking: pix)
        guard let words = pixGetData(pix), Int(pixGetWpl(pix)) == width else { return nil }
        let ok: Bool = data.withUnsafeBytes { buf in
            guard let base = buf.baseAddress else { return false }
            let memory = Memory(base, buf.count)
            let handle = Unmanaged.passRetained(memory)
            defer { handle.release() }
            let read: ReadProc = { h, dst, n in
                let m = Memory.of(h)
                let count = max(0, min(n, m.size - m.position))
                if count > 0, let dst { dst.copyMemory(from: m.base + m.position, byteCount: count) }
                m.position += count
                return count
            }
            let write: ReadProc = { _, _, _ in 0 }
            let seek: SeekProc = { h, offset, whence in
                let m = Memory.of(h)
                let o = Int(truncatingIfNeeded: offset)
                switch whence {
                case 1: m.position += o      // SEEK_CUR
                case 2: m.position = m.size + o  // SEEK_END
                default: m.position = o
                }
                return UInt64(truncatingIfNeeded: m.position)
            }
            let close: CloseProc = { _ in 0 }
            let size: SizeProc = { h in UInt64(Memory.of(h).size) }
            let map: MapProc = { h, base, size in
                let m = Memory.of(h)
                base?.pointee = UnsafeMutableRawPointer(mutating: m.base)
                size?.pointee = UInt64(m.size)
                return 1
            }
            let unmap: UnmapProc = { _, _, _ in }
            guard let tif = fns.open("page", "r", handle.toOpaque(), read, write, seek, close, size, map, unmap) else { return false }
            defer { fns.close(tif) }
            guard fns.setDirectory(tif, UInt32(page)) != 0 else { return false }
            // ORIENTATION_TOPLEFT (1): rows top first; libtiff turns only flips, so the caller
            // finishes from the orientation tag (TIFFOrientation).
            return fns.readRGBA(tif, UInt32(width), UInt32(height), words, 1, 1) != 0
        }
        guard ok else { return nil }
        // libtiff's pixel is 0xAABBGGRR, alpha premultiplied; leptonica's is 0xRRGGBBAA. Laid on white.
        for i in 0..<(width * height) {
            let v = words[i]
            let a = v >> 24, lift = 255 - a
            let r = min(255, (v & 0xFF) + lift), g = min(255, (v >> 8 & 0xFF) + lift), b = min(255, (v >> 16 & 0xFF) + lift)
            words[i] = r << 24 | g << 16 | b << 8
        }
        return image
    }
}
