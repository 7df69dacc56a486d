#ifndef CPOPPLERFONTS_H
#define CPOPPLERFONTS_H

// Poppler 22.12 makes every font of a page's resources again at every display pass (its text
// pass, each rendering): `Page::createGfx` builds a `GfxFontDict`, which calls `GfxFont::makeFont`
// for each font, inflating and parsing its embedded program. FontPool.cpp keeps the fonts a
// document made and hands them out again (see there). These figures say whether it is in effect.

#ifdef __cplusplus
extern "C" {
#endif

/// Fonts poppler made since the process started (`made`), and fonts handed out again from the
/// pool instead (`reused`). Both stay 0 when the pool is not bound (see FontPool.cpp).
void ingest_font_pool_counts(long *made, long *reused);

/// Fonts idle in the pool now (at most 512: past it, the one idle the longest is freed).
long ingest_font_pool_idle(void);

#ifdef __cplusplus
}
#endif

#endif
