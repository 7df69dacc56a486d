// C functions over TagLib's C++ API (the 1.13 C binding lacks the property map and gives the
// length only in whole seconds). Used for the formats we don't parse ourselves (WMA, WavPack).
#pragma once
#ifdef __cplusplus
extern "C" {
#endif

/// Which TagLib file class to open: chosen from OUR sniffed kind, never from the extension.
typedef enum {
    INGEST_TAGLIB_ASF = 1,
    INGEST_TAGLIB_WAVPACK = 2,
    INGEST_TAGLIB_MPEG = 3,
    INGEST_TAGLIB_FLAC = 4,
    INGEST_TAGLIB_VORBIS = 5,
    INGEST_TAGLIB_OPUS = 6,
    INGEST_TAGLIB_MP4 = 7,
    INGEST_TAGLIB_WAV = 8,
    INGEST_TAGLIB_AIFF = 9,
} ingest_taglib_kind;

/// What TagLib read. Strings are UTF-8, malloc'd (NULL when absent); free with ingest_taglib_free.
typedef struct {
    int valid;              // 1 when TagLib opened the file and found audio properties
    char *title, *artist, *album, *genre, *comment, *date, *track;
    int length_ms, bitrate_kbps, sample_rate, channels;
} ingest_taglib_info;

/// Opens libtag.so.1 with dlopen (once per process; the binary does not link it). 1 when usable.
int ingest_taglib_load(void);
/// Why `ingest_taglib_load` failed ("" when it did not).
const char *ingest_taglib_error(void);

/// Reads tags (through the property map) and audio properties. Never throws. -1 when libtag
/// could not be loaded (callers check `ingest_taglib_load` first), 0 when the file is unreadable.
int ingest_taglib_read(const char *path, ingest_taglib_kind kind, ingest_taglib_info *out);
void ingest_taglib_free(ingest_taglib_info *info);

#ifdef __cplusplus
}
#endif
