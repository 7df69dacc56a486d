#ifndef CPOPPLERPATHS_H
#define CPOPPLERPATHS_H

// A page's stroked and filled paths drawn without its text (PagePaths.cpp): what the rule finder
// reads of a page, at a fraction of the cost of rendering it whole (poppler's cairo output
// composites every glyph).

// (The module's umbrella header: what else the module gives is included here.)
#include "CPopplerObjectStreams.h"
#include "CPopplerScripts.h"
#include "CPopplerSpaces.h"

#ifdef __cplusplus
extern "C" {
#endif

/// What `ingest_page_draw_paths` did.
typedef enum {
    /// The page's paths are drawn; it paints nothing else but text.
    INGEST_PATHS_DRAWN = 0,
    /// The page paints no path (nor anything else but text): nothing was drawn.
    INGEST_PATHS_NONE = 1,
    /// The page paints what the pass does not draw (an image, Type 3 text, text as a clip, a
    /// shading, a tiling pattern, a transparency group, a soft mask): what was drawn is partial,
    /// render the page whole.
    INGEST_PATHS_UNSUPPORTED = 2,
    /// The `PopplerPage` could not be read as poppler-glib 22.12 lays it out: nothing was drawn.
    INGEST_PATHS_UNBOUND = 3,
} IngestPathsResult;

/// Draws the stroked and filled paths of `page` (a `PopplerPage *` of the `PopplerDocument *`
/// `document`) on `cairo` (a `cairo_t *`) as `poppler_page_render` would draw them — same
/// transformation, clip, line widths, dashes, colours, opacity and blend mode, annotations
/// included — and no glyph.
IngestPathsResult ingest_page_draw_paths(void *page, void *document, void *cairo);

#ifdef __cplusplus
}
#endif

#endif
