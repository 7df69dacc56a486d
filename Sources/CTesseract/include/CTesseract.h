// Tesseract's C API and leptonica, declared by their own headers (libtesseract-dev,
// libleptonica-dev) but NOT linked: every function Swift calls is defined in tesseract_lazy.c
// as a forwarder into libtesseract.so.5 / leptonica (libleptonica.so.6 or liblept.so.5), opened with dlopen on first use.
// Swift checks `ingest_tesseract_load()` before the first call and throws a named error.
#pragma once
#include <tesseract/capi.h>
#include <leptonica/allheaders.h>
// malloc_trim (glibc, always linked): IngestOCR hands back the memory a recognised page freed.
#include <malloc.h>

/// Opens libtesseract.so.5 and the leptonica it uses (libleptonica.so.6 or liblept.so.5), once per process. 1 when both are usable.
int ingest_tesseract_load(void);
/// Why `ingest_tesseract_load` failed ("" when it did not).
const char *ingest_tesseract_error(void);
/// The soname that failed to load, or NULL when both loaded.
const char *ingest_tesseract_failed_library(void);
/// libtesseract's version ("5.3.0") and leptonica's ("leptonica-1.82.0"); "" when not loaded.
const char *ingest_tesseract_version(void);
const char *ingest_leptonica_version(void);
/// A symbol of libtesseract or one of its dependencies (libgomp's `omp_*`), NULL when absent.
void *ingest_tesseract_lookup(const char *name);
/// Parallel regions run by serial_openmp.c's GOMP_parallel (libtesseract's calls bind to it):
/// tests check that the interposition holds.
unsigned long ingest_serial_openmp_regions(void);
/// Bytes of leptonica pixel buffers allocated through Ingest's allocator (tesseract_lazy.c), which
/// writes each new buffer's pages once: tests check that it is the one leptonica uses.
unsigned long ingest_pix_bytes_allocated(void);
/// While on (1) on the calling thread, libtesseract's UnicharAmbigs::LoadUniversal returns at once
/// (universal_ambigs.c): an engine of LSTM-only languages never reads those tables. 0 turns it off.
void ingest_tesseract_skip_universal_ambigs(int on);
/// Universal ambiguity tables left unbuilt so far: tests check that the interposition holds.
unsigned long ingest_tesseract_universal_ambigs_skipped(void);
/// While on (1) on the calling thread, the PNGs libtesseract makes of its line images are written
/// raw (leptonica's serialised pix, line_images.c); 0 turns it off. `pixWriteMem` is defined there.
void ingest_tesseract_line_images_raw(int on);
/// Line images written raw so far: tests check that the interposition holds.
unsigned long ingest_tesseract_raw_line_images(void);
/// While on (1, the default) on the calling thread, leptonica's pixDilateBrick, pixErodeBrick,
/// pixOpenBrick and pixCloseBrick of a new 1-bpp image are made in O(log size) passes
/// (brick_morphology.c, where those four are defined): the same bits. 0 sends them to leptonica's own.
void ingest_leptonica_own_bricks(int on);
/// Brick morphology calls made by brick_morphology.c so far: tests check that the interposition holds.
unsigned long ingest_own_bricks_made(void);
/// leptonica's own brick function `op` (0 dilate, 1 erode, 2 open, 3 close): tests compare with it.
PIX *ingest_leptonica_brick(int op, PIX *pixd, PIX *pixs, l_int32 hsize, l_int32 vsize);
/// tesseract::StrideMap::Index's MaxIndexOfDim, IsValid, IsLast, AddOffset, SetTFromIndices and
/// Increment, defined by stride_map.c under their C++ names (libtesseract's PLT calls bind there):
/// each does its work without calling the others. `index` is a tesseract::StrideMap::Index.
#define MAX_INDEX_OF_DIM "_ZNK9tesseract9StrideMap5Index13MaxIndexOfDimENS_14FlexDimensionsE"
#define IS_VALID "_ZNK9tesseract9StrideMap5Index7IsValidEv"
#define IS_LAST "_ZNK9tesseract9StrideMap5Index6IsLastENS_14FlexDimensionsE"
#define ADD_OFFSET "_ZN9tesseract9StrideMap5Index9AddOffsetEiNS_14FlexDimensionsE"
#define SET_T "_ZN9tesseract9StrideMap5Index15SetTFromIndicesEv"
#define INCREMENT "_ZN9tesseract9StrideMap5Index9IncrementEv"
int ingest_stride_max_index_of_dim(const void *index, int dim) __asm__(MAX_INDEX_OF_DIM);
_Bool ingest_stride_is_valid(const void *index) __asm__(IS_VALID);
_Bool ingest_stride_is_last(const void *index, int dim) __asm__(IS_LAST);
_Bool ingest_stride_add_offset(void *index, int offset, int dim) __asm__(ADD_OFFSET);
void ingest_stride_set_t_from_indices(void *index) __asm__(SET_T);
_Bool ingest_stride_increment(void *index) __asm__(INCREMENT);
/// 1 (the default): libtesseract's calls of those six run stride_map.c's; 0: libtesseract's own (tests).
void ingest_tesseract_own_stride_map(int on);
/// AddOffset calls stride_map.c answered on the calling thread so far (tests: the interposition holds).
unsigned long ingest_tesseract_own_stride_offsets(void);
/// libtesseract's own function `which` of the six, in the order above (tests compare with it).
void *ingest_tesseract_stride_map_function(int which);
/// tesseract::ImageThresholder::ThresholdRectToPix, defined by threshold_rect.c under its C++ name
/// (libtesseract's PLT call binds there): one gray channel thresholded 32 pixels a word. `self` is
/// an ImageThresholder, `src` the tesseract::Image (one Pix pointer, passed as it), the vectors
/// std::vector<int> (libstdc++: begin, end, end of storage).
#define THRESHOLD_RECT_TO_PIX "_ZNK9tesseract16ImageThresholder18ThresholdRectToPixENS_5ImageEiRKSt6vectorIiSaIiEES6_PS1_"
struct ingest_int_vector { const int *begin, *end, *capacity; };
void ingest_threshold_rect_to_pix(const void *self, PIX *src, int channels, const struct ingest_int_vector *thresholds,
                                  const struct ingest_int_vector *hi_values, PIX **out) __asm__(THRESHOLD_RECT_TO_PIX);
/// 1 (the default): libtesseract's calls run threshold_rect.c's; 0: libtesseract's own (tests).
void ingest_tesseract_own_threshold(int on);
/// Pages threshold_rect.c has thresholded so far (tests: the interposition holds).
unsigned long ingest_tesseract_own_thresholds_made(void);
/// libtesseract's own ThresholdRectToPix (tests compare with it).
void *ingest_tesseract_threshold_function(void);
/// tesseract::NetworkIO::WriteTimeStepPart, defined by network_io.c under its C++ name
/// (libtesseract's PLT calls bind there): an integer model's outputs rounded four at a time.
#define WRITE_TIME_STEP_PART "_ZN9tesseract9NetworkIO17WriteTimeStepPartEiiiPKf"
void ingest_network_io_write_time_step_part(void *self, int t, int offset, int num_features, const float *input) __asm__(WRITE_TIME_STEP_PART);
/// 1 (the default): libtesseract's calls run network_io.c's; 0: libtesseract's own (tests).
void ingest_tesseract_own_network_io(int on);
/// Time steps network_io.c wrote on the calling thread so far (tests: the interposition holds).
unsigned long ingest_tesseract_own_time_step_writes(void);
/// libtesseract's own WriteTimeStepPart (tests compare with it).
void *ingest_tesseract_write_time_step_part(void);
/// tesseract::NetworkIO::CopyTimeStepGeneral and MaxpoolTimeStep, defined by network_io.c under
/// their C++ names (the same switch and libtesseract's own by `ingest_tesseract_network_io_function(0/1)`).
#define COPY_TIME_STEP_GENERAL "_ZN9tesseract9NetworkIO19CopyTimeStepGeneralEiiiRKS0_ii"
#define MAXPOOL_TIME_STEP "_ZN9tesseract9NetworkIO15MaxpoolTimeStepEiRKS0_iPi"
void ingest_network_io_copy_time_step_general(void *self, int dest_t, int dest_offset, int num_features,
                                              const void *src, int src_t, int src_offset) __asm__(COPY_TIME_STEP_GENERAL);
void ingest_network_io_maxpool_time_step(void *self, int dest_t, const void *src, int src_t, int *max_line) __asm__(MAXPOOL_TIME_STEP);
void *ingest_tesseract_network_io_function(int which);
