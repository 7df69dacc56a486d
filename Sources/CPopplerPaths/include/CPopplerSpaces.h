#ifndef CPOPPLERSPACES_H
#define CPOPPLERSPACES_H
// The space characters a page draws (SpaceGlyphs.cpp): poppler's text leaves them out (a space
// only cuts words), but where a producer draws one tells a line broken at a space from a word cut
// at a line's end (LibreOffice draws the space it wraps a line at, none where it cuts a word too
// wide for a table's column).
#ifdef __cplusplus
extern "C" {
#endif
/// A space character's box in the page's points, y down, as poppler-glib's text rectangles: from
/// its origin to its advance, from its baseline up by the font's size.
typedef struct {
    double x0, y0, x1, y1;
} IngestGlyphBox;
/// The boxes of the U+0020 characters `page` (a `PopplerPage *` of the `PopplerDocument *`
/// `document`) draws, in drawing order, into `*boxes` (malloc'ed, the caller frees it); how many,
/// -1 when the page could not be read as poppler-glib 22.12 lays it out (then `*boxes` is NULL).
int ingest_page_space_glyphs(void *page, void *document, IngestGlyphBox **boxes);
#ifdef __cplusplus
}
#endif
#endif
