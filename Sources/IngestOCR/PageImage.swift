import CTesseract
import Foundation

/// A leptonica image. Owns its `PIX*` and destroys it on release; never shared between threads
/// while being changed (each page's image belongs to the worker recognising it).
// @unchecked: the `PIX*` is changed only by the thread that owns the page (its worker), and handed
// from the thread that made it to that worker once; a C pointer's ownership is invisible to the
// compiler.
final class PageImage: @unchecked Sendable {
    private(set) var raw: UnsafeMutablePointer<PIX>
    /// What `PageInk.measure` found on these pixels, once asked (`look`): a PDF page's look is
    /// asked for its type size (`TextSize.xHeight`, when it is drawn) and again before it is
    /// recognised (blank, `InkCut`) — one walk over a 300-dpi page instead of two (≈ 5 % of the odd
    /// corpus's OCR CPU). Forgotten whenever the pixels change (`replace`, the row filling); a
    /// second handle (`sharedHandle`) measures its own.
    private var measuredLook: (ink: PageInk?, measured: Bool) = (nil, false)

    init(taking raw: UnsafeMutablePointer<PIX>) { self.raw = raw }

    /// `measure()` of these pixels, measured the first time only.
    func look(_ measure: () -> PageInk?) -> PageInk? {
        if measuredLook.measured { return measuredLook.ink }
        let ink = measure()
        measuredLook = (ink, true)
        return ink
    }

    deinit {
        var p: UnsafeMutablePointer<PIX>? = raw
        pixDestroy(&p)
    }

    /// A second handle on the same pixels (leptonica counts the references): handed to an engine,
    /// which copies the pixels and lets its handle go, it leaves this image as it was.
    func sharedHandle() -> PageImage { PageImage(taking: pixClone(raw)!) }   // pixClone only counts a reference

    var width: Int { Int(pixGetWidth(raw)) }
    var height: Int { Int(pixGetHeight(raw)) }
    var depth: Int { Int(pixGetDepth(raw)) }
    var resolution: Int { Int(pixGetXRes(raw)) }

    func setResolution(_ dpi: Int) { pixSetResolution(raw, Int32(dpi), Int32(dpi)) }

    /// Replaces the image by `transform(raw)` when it returns a new one.
    private func replace(_ transform: (UnsafeMutablePointer<PIX>) -> UnsafeMutablePointer<PIX>?) -> Bool {
        guard let next = transform(raw) else { return false }
        var old: UnsafeMutablePointer<PIX>? = raw
        pixDestroy(&old)
        raw = next
        measuredLook = (nil, false)
        return true
    }

    /// Turns the image clockwise by `quarterTurns` × 90°.
    @discardableResult
    func rotateClockwise(quarterTurns: Int) -> Bool {
        let q = ((quarterTurns % 4) + 4) % 4
        guard q != 0 else { return true }
        return replace { pixRotateOrth($0, Int32(q)) }
    }

    /// A copy scaled by `factor` (leptonica averages areas when reducing below 0.7, else
    /// interpolates), its resolution scaled with it; nil when leptonica cannot.
    func scaled(by factor: Double) -> PageImage? {
        let w = max(1, Int((Double(width) * factor).rounded())), h = max(1, Int((Double(height) * factor).rounded()))
        guard factor > 0, let next = pixScaleToSize(raw, Int32(w), Int32(h)) else { return nil }
        let image = PageImage(taking: next)
        if resolution > 0 { image.setResolution(Int((Double(resolution) * factor).rounded())) }
        return image
    }

    @discardableResult
    func flipLeftRight() -> Bool { replace { pixFlipLR(nil, $0) } }
    @discardableResult
    func flipTopBottom() -> Bool { replace { pixFlipTB(nil, $0) } }

    /// An image with an alpha channel (a slide exported as PNG, a screenshot: black text on
    /// transparent pixels whose colour is black) laid over white, as a viewer shows it. The
    /// recogniser gets colour channels only, so without this the text is read on black.
    func flattenAlpha() {
        guard depth == 32, pixGetSpp(raw) == 4 else { return }
        _ = replace { pixAlphaBlendUniform($0, 0xFFFF_FF00) }
    }

    /// An 8-bit gray image from rows of `width` gray bytes (row stride `bytesPerRow`).
    static func gray(width: Int, height: Int, bytesPerRow: Int, bytes: UnsafeRawBufferPointer) -> PageImage? {
        guard width > 0, height > 0, let pix = pixCreate(Int32(width), Int32(height), 8) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        guard let data = pixGetData(pix) else { var p: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&p); return nil }
        let dst = UnsafeMutableRawPointer(data)
        for y in 0..<height {
            dst.advanced(by: y * wpl * 4).copyMemory(from: bytes.baseAddress!.advanced(by: y * bytesPerRow), byteCount: width)
        }
        // Leptonica keeps pixels big-endian inside 32-bit words; bytes copied in file order need the swap.
        pixEndianByteSwap(pix)
        return PageImage(taking: pix)
    }

    /// An empty 8-bit gray image to be filled row by row (`setGrayRow`, then `finishGrayRows`).
    static func emptyGray(width: Int, height: Int) -> PageImage? {
        guard width > 0, height > 0, let pix = pixCreate(Int32(width), Int32(height), 8) else { return nil }
        guard pixGetData(pix) != nil else { var p: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&p); return nil }
        return PageImage(taking: pix)
    }

    /// Copies one row of gray bytes (in order, `width` of them) into row `y` of an image from `emptyGray`.
    func setGrayRow(_ y: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        measuredLook = (nil, false)
        let wpl = Int(pixGetWpl(raw))
        let dst = UnsafeMutableRawPointer(pixGetData(raw)!).advanced(by: y * wpl * 4)
        dst.copyMemory(from: bytes.baseAddress!, byteCount: min(bytes.count, width))
    }

    /// Ends the row-by-row filling: leptonica keeps pixels big-endian inside 32-bit words.
    func finishGrayRows() {
        measuredLook = (nil, false)
        pixEndianByteSwap(raw)
    }

    /// A 32-bit RGB image from interleaved 8-bit RGB or RGBA rows.
    static func rgb(width: Int, height: Int, bytesPerRow: Int, channels: Int, bytes: UnsafeRawBufferPointer) -> PageImage? {
        guard width > 0, height > 0, channels >= 3, let pix = pixCreate(Int32(width), Int32(height), 32) else { return nil }
        let wpl = Int(pixGetWpl(pix))
        guard let data = pixGetData(pix) else { var p: UnsafeMutablePointer<PIX>? = pix; pixDestroy(&p); return nil }
        let src = bytes.bindMemory(to: UInt8.self)
        for y in 0..<height {
            let row = data.advanced(by: y * wpl)
            let base = y * bytesPerRow
            for x in 0..<width {
                let i = base + x * channels
                // Leptonica's 32-bit pixel is 0xRRGGBBAA as a native word.
                row[x] = UInt32(src[i]) << 24 | UInt32(src[i + 1]) << 16 | UInt32(src[i + 2]) << 8
            }
        }
        return PageImage(taking: pix)
    }

    /// PNG bytes of the image (for vision-model page images and tests).
    func pngData() -> Data? {
        var out: UnsafeMutablePointer<UInt8>?
        var size = 0
        guard pixWriteMem(&out, &size, raw, Int32(IFF_PNG)) == 0, let out else { return nil }
        defer { free(out) }
        return Data(bytes: out, count: size)
    }
}
