// Forwarders for every libheif function Ingest calls (sources and tests): the binary does not
// link libheif; it is opened the first time a HEIC/HEIF/AVIF file is decoded. To call a new
// function, add it to the table (with its prototype from the header).
#include "CHeif.h"
#include "lazy_library.h"

#define HEIF_FUNCTIONS(F, V) \
    F(enum heif_filetype_result, heif_check_filetype, (const uint8_t *data, int len), (data, len)) \
    F(struct heif_context *, heif_context_alloc, (void), ()) \
    F(struct heif_error, heif_context_encode_image, (struct heif_context *ctx, const struct heif_image *image, struct heif_encoder *encoder, const struct heif_encoding_options *options, struct heif_image_handle **out_image_handle), (ctx, image, encoder, options, out_image_handle)) \
    V(heif_context_free, (struct heif_context *ctx), (ctx)) \
    F(struct heif_error, heif_context_get_encoder_for_format, (struct heif_context *ctx, enum heif_compression_format format, struct heif_encoder **out), (ctx, format, out)) \
    F(struct heif_error, heif_context_get_primary_image_handle, (struct heif_context *ctx, struct heif_image_handle **out), (ctx, out)) \
    F(struct heif_error, heif_context_read_from_memory_without_copy, (struct heif_context *ctx, const void *mem, size_t size, const struct heif_reading_options *options), (ctx, mem, size, options)) \
    F(struct heif_error, heif_context_write_to_file, (struct heif_context *ctx, const char *filename), (ctx, filename)) \
    F(struct heif_error, heif_decode_image, (const struct heif_image_handle *in_handle, struct heif_image **out_img, enum heif_colorspace colorspace, enum heif_chroma chroma, const struct heif_decoding_options *options), (in_handle, out_img, colorspace, chroma, options)) \
    V(heif_encoder_release, (struct heif_encoder *encoder), (encoder)) \
    F(struct heif_error, heif_encoder_set_lossy_quality, (struct heif_encoder *encoder, int quality), (encoder, quality)) \
    F(struct heif_error, heif_image_add_plane, (struct heif_image *image, enum heif_channel channel, int width, int height, int bit_depth), (image, channel, width, height, bit_depth)) \
    F(struct heif_error, heif_image_create, (int width, int height, enum heif_colorspace colorspace, enum heif_chroma chroma, struct heif_image **out_image), (width, height, colorspace, chroma, out_image)) \
    F(int, heif_image_get_height, (const struct heif_image *image, enum heif_channel channel), (image, channel)) \
    F(uint8_t *, heif_image_get_plane, (struct heif_image *image, enum heif_channel channel, int *out_stride), (image, channel, out_stride)) \
    F(const uint8_t *, heif_image_get_plane_readonly, (const struct heif_image *image, enum heif_channel channel, int *out_stride), (image, channel, out_stride)) \
    F(int, heif_image_get_width, (const struct heif_image *image, enum heif_channel channel), (image, channel)) \
    F(int, heif_image_handle_get_height, (const struct heif_image_handle *handle), (handle)) \
    F(int, heif_image_handle_get_width, (const struct heif_image_handle *handle), (handle)) \
    V(heif_image_handle_release, (const struct heif_image_handle *handle), (handle)) \
    V(heif_image_release, (const struct heif_image *image), (image))

enum { HEIF_FUNCTIONS(LAZY_SLOT_F, LAZY_SLOT_V) HEIF_COUNT };

static const char *const heif_names[] = {HEIF_FUNCTIONS(LAZY_NAME_F, LAZY_NAME_V)};
static void *heif_slots[HEIF_COUNT];
static lazy_library heif = LAZY_LIBRARY_INIT("libheif.so.1", heif_names, heif_slots);

#define HEIF_F(ret, name, params, args) LAZY_FORWARD_F(heif, ret, name, params, args)
#define HEIF_V(name, params, args) LAZY_FORWARD_V(heif, name, params, args)
HEIF_FUNCTIONS(HEIF_F, HEIF_V)

int ingest_heif_load(void) { return lazy_library_load(&heif); }

const char *ingest_heif_error(void) { return lazy_library_error(&heif); }
