// The space characters a page draws, with their boxes (CPopplerSpaces.h).
//
// An output device that draws nothing: Gfx walks the page's content stream and hands each
// character to `drawChar`, as it does for poppler's TextOutputDev; the spaces are kept, in the
// device space of `poppler_page_render` at 72 dpi (the page's points, y down), where poppler-glib
// puts its text rectangles. Paths, images and Type 3 glyph procedures are skipped.
#include <poppler.h>

#include <cstdlib>
#include <cstring>
#include <vector>

#include <Gfx.h>
#include <GfxState.h>
#include <OutputDev.h>
#include <PDFDoc.h>
#include <Page.h>

#include "CPopplerSpaces.h"
#include "GlibLayout.h"

using ingest_glib::pageOf;

namespace {

class SpacesOutputDev : public OutputDev
{
public:
    std::vector<IngestGlyphBox> spaces;

    bool upsideDown() override { return true; }
    bool useDrawChar() override { return true; }
    bool interpretType3Chars() override { return false; }
    bool needNonText() override { return false; }

    void drawChar(GfxState *state, double x, double y, double dx, double dy, double, double, CharCode, int, const Unicode *u, int uLen) override
    {
        if (uLen != 1 || u == nullptr || u[0] != 0x20) {
            return;
        }
        double x0, y0, x1, y1;
        state->transform(x, y, &x0, &y0);
        state->transform(x + dx, y + dy, &x1, &y1);
        double size = state->getTransformedFontSize();
        IngestGlyphBox box { x0 < x1 ? x0 : x1, y0 - size, x0 < x1 ? x1 : x0, y0 };
        spaces.push_back(box);
    }
};

} // namespace

extern "C" int ingest_page_space_glyphs(void *page, void *document, IngestGlyphBox **boxes)
{
    *boxes = nullptr;
    Page *p = pageOf(static_cast<PopplerPage *>(page), static_cast<PopplerDocument *>(document));
    if (p == nullptr) {
        return -1;
    }
    SpacesOutputDev device;
    // poppler_page_render's call: 72 dpi, no rotation, the crop box.
    p->displaySlice(&device, 72.0, 72.0, 0, false, true, -1, -1, -1, -1, false, nullptr, nullptr, nullptr, nullptr);
    if (device.spaces.empty()) {
        return 0;
    }
    auto out = static_cast<IngestGlyphBox *>(std::malloc(device.spaces.size() * sizeof(IngestGlyphBox)));
    if (out == nullptr) {
        return -1;
    }
    std::memcpy(out, device.spaces.data(), device.spaces.size() * sizeof(IngestGlyphBox));
    *boxes = out;
    return static_cast<int>(device.spaces.size());
}
