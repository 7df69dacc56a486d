import CHeif
import Foundation
import IngestCore

/// HEIC/HEIF phone photos through libheif. libheif applies the file's rotation and mirroring
/// (`irot`/`imir`) while decoding, which is how phones record orientation in HEIC.
enum HEIF {
    static func decode(_ data: Data, fileName: String, maxPixels: Int) throws -> PageImage {
        try data.withUnsafeBytes { buf -> PageImage in
            guard let ctx = heif_context_alloc() else { throw IngestError(.ocrEngineFailed, ["reason": "heif_context_alloc"]) }
            defer { heif_context_free(ctx) }
            var err = heif_context_read_from_memory_without_copy(ctx, buf.baseAddress, buf.count, nil)
            guard err.code == heif_error_Ok else { throw corrupt(fileName, err) }
            var handle: OpaquePointer?
            err = heif_context_get_primary_image_handle(ctx, &handle)
            guard err.code == heif_error_Ok, let handle else { throw corrupt(fileName, err) }
            defer { heif_image_handle_release(handle) }
            try ImageSource.checkSize(width: Int(heif_image_handle_get_width(handle)),
                                      height: Int(heif_image_handle_get_height(handle)), maxPixels: maxPixels)
            var image: OpaquePointer?
            err = heif_decode_image(handle, &image, heif_colorspace_RGB, heif_chroma_interleaved_RGB, nil)
            guard err.code == heif_error_Ok, let image else {
                if err.code == heif_error_Unsupported_feature || err.code == heif_error_Unsupported_filetype {
                    throw IngestError(.ocrUnsupportedImage, ["file": fileName, "format": "HEIF"], detail: message(err))
                }
                throw corrupt(fileName, err)
            }
            defer { heif_image_release(image) }
            var stride: Int32 = 0
            guard let plane = heif_image_get_plane_readonly(image, heif_channel_interleaved, &stride) else {
                throw corrupt(fileName, err)
            }
            let w = Int(heif_image_get_width(image, heif_channel_interleaved))
            let h = Int(heif_image_get_height(image, heif_channel_interleaved))
            guard let pix = PageImage.rgb(width: w, height: h, bytesPerRow: Int(stride), channels: 3,
                                    bytes: UnsafeRawBufferPointer(start: plane, count: Int(stride) * h)) else {
                throw corrupt(fileName, err)
            }
            return pix
        }
    }

    private static func message(_ e: heif_error) -> String { e.message.map { String(cString: $0) } ?? "libheif \(e.code)" }

    private static func corrupt(_ file: String, _ e: heif_error) -> IngestError {
        IngestError(.ocrCorruptImage, ["file": file], detail: message(e))
    }
}
