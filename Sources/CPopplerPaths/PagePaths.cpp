// A page's stroked and filled paths drawn on cairo as poppler-glib's `poppler_page_render` draws
// them, without the page's text.
//
// The rule finder (IngestPDF's PageRules) reads a page's long thin ink. Rendering the page whole
// (poppler-glib's CairoOutputDev) composites every glyph: on gnuplot.pdf's rendered pages that was
// half the cost of the rendering, for ink that is no rule (glyph strokes are short). This output
// device is CairoOutputDev's path drawing (poppler 22.12's CairoOutputDev.cc: saveState,
// restoreState, setDefaultCTM, updateCTM, updateLineDash/Join/Cap/MiterLimit/Width with its stroke
// adjustment, updateBlendMode, doPath with alignStrokeCoords, stroke, fill, eoFill, clip, eoClip),
// with the colours and opacities it keeps read from the state when a path is painted. It draws no
// text (`useDrawChar` false, no `drawString`). What it does not draw and could paint a rule is
// reported instead of approximated, and the pass stops: an image, Type 3 text (glyphs that are
// content streams), text drawn as a clip, a shading, a tiling pattern, a transparency group or a
// soft mask. The caller then renders the page whole.
//
// poppler-glib gives no `Page *` for a `PopplerPage *`: see GlibLayout.h.
#include <cairo.h>
#include <poppler.h>

#include <cmath>
#include <memory>
#include <vector>

#include <Gfx.h>
#include <GfxFont.h>
#include <GfxState.h>
#include <OutputDev.h>
#include <PDFDoc.h>
#include <Page.h>

#include "CPopplerPaths.h"
#include "GlibLayout.h"

using ingest_glib::pageOf;

namespace {

class PathsOutputDev : public OutputDev
{
public:
    explicit PathsOutputDev(cairo_t *cr) : cairo(cr) { }

    /// Something was met that this device does not draw (see the file's comment).
    bool unsupported = false;
    /// A path was painted.
    bool painted = false;

    bool upsideDown() override { return true; }
    bool useDrawChar() override { return false; }
    bool interpretType3Chars() override { return false; }
    bool needClipToCropBox() override { return true; }
    // Shadings and tiling patterns reach this device (and are reported) instead of being
    // painted by Gfx as many small paths.
    bool useTilingPatternFill() override { return true; }
    bool useShadedFills(int) override { return true; }

    void saveState(GfxState *) override { cairo_save(cairo); }
    void restoreState(GfxState *state) override
    {
        cairo_restore(cairo);
        updateBlendMode(state);
    }

    void updateAll(GfxState *state) override
    {
        updateLineDash(state);
        updateLineJoin(state);
        updateLineCap(state);
        updateLineWidth(state);
        updateMiterLimit(state);
        updateBlendMode(state);
    }

    void setDefaultCTM(const double *ctm) override
    {
        cairo_matrix_t matrix { ctm[0], ctm[1], ctm[2], ctm[3], ctm[4], ctm[5] };
        cairo_transform(cairo, &matrix);
        OutputDev::setDefaultCTM(ctm);
    }

    void updateCTM(GfxState *state, double m11, double m12, double m21, double m22, double m31, double m32) override
    {
        cairo_matrix_t matrix { m11, m12, m21, m22, m31, m32 };
        cairo_matrix_t inverse = matrix;
        // A singular matrix is ignored, as CairoOutputDev does (cairo would fail).
        if (cairo_matrix_invert(&inverse)) {
            return;
        }
        cairo_transform(cairo, &matrix);
        updateLineDash(state);
        updateLineJoin(state);
        updateLineCap(state);
        updateLineWidth(state);
    }

    void updateLineDash(GfxState *state) override
    {
        double start;
        const std::vector<double> &pattern = state->getLineDash(&start);
        cairo_set_dash(cairo, pattern.data(), static_cast<int>(pattern.size()), start);
    }

    void updateLineJoin(GfxState *state) override
    {
        switch (state->getLineJoin()) {
        case 0:
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_MITER);
            break;
        case 1:
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_ROUND);
            break;
        case 2:
            cairo_set_line_join(cairo, CAIRO_LINE_JOIN_BEVEL);
            break;
        }
    }

    void updateLineCap(GfxState *state) override
    {
        switch (state->getLineCap()) {
        case 0:
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_BUTT);
            break;
        case 1:
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_ROUND);
            break;
        case 2:
            cairo_set_line_cap(cairo, CAIRO_LINE_CAP_SQUARE);
            break;
        }
    }

    void updateMiterLimit(GfxState *state) override { cairo_set_miter_limit(cairo, state->getMiterLimit()); }

    /// A line thinner than a device pixel is drawn one pixel wide, on pixel centres when it is
    /// horizontal or vertical (CairoOutputDev's stroke adjustment, on when not printing).
    void updateLineWidth(GfxState *state) override
    {
        adjustedStrokeWidth = false;
        double width = state->getLineWidth();
        double x = width, y = width;
        cairo_user_to_device_distance(cairo, &x, &y);
        if (std::fabs(x) <= 1.0 && std::fabs(y) <= 1.0) {
            x = y = 1.0;
            cairo_device_to_user_distance(cairo, &x, &y);
            width = std::fmin(std::fabs(x), std::fabs(y));
            adjustedStrokeWidth = true;
        }
        cairo_set_line_width(cairo, width);
    }

    void updateBlendMode(GfxState *state) override
    {
        cairo_operator_t op;
        switch (state->getBlendMode()) {
        default:
        case gfxBlendNormal:
            op = CAIRO_OPERATOR_OVER;
            break;
        case gfxBlendMultiply:
            op = CAIRO_OPERATOR_MULTIPLY;
            break;
        case gfxBlendScreen:
            op = CAIRO_OPERATOR_SCREEN;
            break;
        case gfxBlendOverlay:
            op = CAIRO_OPERATOR_OVERLAY;
            break;
        case gfxBlendDarken:
            op = CAIRO_OPERATOR_DARKEN;
            break;
        case gfxBlendLighten:
            op = CAIRO_OPERATOR_LIGHTEN;
            break;
        case gfxBlendColorDodge:
            op = CAIRO_OPERATOR_COLOR_DODGE;
            break;
        case gfxBlendColorBurn:
            op = CAIRO_OPERATOR_COLOR_BURN;
            break;
        case gfxBlendHardLight:
            op = CAIRO_OPERATOR_HARD_LIGHT;
            break;
        case gfxBlendSoftLight:
            op = CAIRO_OPERATOR_SOFT_LIGHT;
            break;
        case gfxBlendDifference:
            op = CAIRO_OPERATOR_DIFFERENCE;
            break;
        case gfxBlendExclusion:
            op = CAIRO_OPERATOR_EXCLUSION;
            break;
        case gfxBlendHue:
            op = CAIRO_OPERATOR_HSL_HUE;
            break;
        case gfxBlendSaturation:
            op = CAIRO_OPERATOR_HSL_SATURATION;
            break;
        case gfxBlendColor:
            op = CAIRO_OPERATOR_HSL_COLOR;
            break;
        case gfxBlendLuminosity:
            op = CAIRO_OPERATOR_HSL_LUMINOSITY;
            break;
        }
        cairo_set_operator(cairo, op);
    }

    void stroke(GfxState *state) override
    {
        alignStrokeCoords = adjustedStrokeWidth;
        path(state, state->getPath());
        alignStrokeCoords = false;
        GfxRGB rgb;
        state->getStrokeRGB(&rgb);
        cairo_set_source_rgba(cairo, colToDbl(rgb.r), colToDbl(rgb.g), colToDbl(rgb.b), state->getStrokeOpacity());
        cairo_stroke(cairo);
        painted = true;
    }

    void fill(GfxState *state) override { paint(state, CAIRO_FILL_RULE_WINDING); }
    void eoFill(GfxState *state) override { paint(state, CAIRO_FILL_RULE_EVEN_ODD); }

    void clip(GfxState *state) override { clipTo(state, CAIRO_FILL_RULE_WINDING); }
    void eoClip(GfxState *state) override { clipTo(state, CAIRO_FILL_RULE_EVEN_ODD); }
    void clipToStrokePath(GfxState *) override { unsupported = true; }

    /// Text is not drawn; Type 3 glyphs (content streams) and text that clips would be drawing.
    void drawString(GfxState *state, const GooString *) override
    {
        const std::shared_ptr<GfxFont> &font = state->getFont();
        if ((font && font->getType() == fontType3) || (state->getRender() & 4) != 0) {
            unsupported = true;
        }
    }

    bool tilingPatternFill(GfxState *, Gfx *, Catalog *, GfxTilingPattern *, const double *, int, int, int, int, double, double) override
    {
        unsupported = true;
        return true;
    }
    bool functionShadedFill(GfxState *, GfxFunctionShading *) override { return reportShading(); }
    bool axialShadedFill(GfxState *, GfxAxialShading *, double, double) override { return reportShading(); }
    bool radialShadedFill(GfxState *, GfxRadialShading *, double, double) override { return reportShading(); }
    bool gouraudTriangleShadedFill(GfxState *, GfxGouraudTriangleShading *) override { return reportShading(); }
    bool patchMeshShadedFill(GfxState *, GfxPatchMeshShading *) override { return reportShading(); }

    // Images: reported; the base class reads past an inline image's data.
    void drawImageMask(GfxState *state, Object *ref, Stream *str, int width, int height, bool invert, bool interpolate, bool inlineImg) override
    {
        unsupported = true;
        OutputDev::drawImageMask(state, ref, str, width, height, invert, interpolate, inlineImg);
    }
    void drawImage(GfxState *state, Object *ref, Stream *str, int width, int height, GfxImageColorMap *colorMap, bool interpolate, const int *maskColors, bool inlineImg) override
    {
        unsupported = true;
        OutputDev::drawImage(state, ref, str, width, height, colorMap, interpolate, maskColors, inlineImg);
    }
    void drawMaskedImage(GfxState *, Object *, Stream *, int, int, GfxImageColorMap *, bool, Stream *, int, int, bool, bool) override { unsupported = true; }
    void drawSoftMaskedImage(GfxState *, Object *, Stream *, int, int, GfxImageColorMap *, bool, Stream *, int, int, GfxImageColorMap *, bool) override { unsupported = true; }
    void setSoftMaskFromImageMask(GfxState *, Object *, Stream *, int, int, bool, bool, double *) override { unsupported = true; }
    void unsetSoftMaskFromImageMask(GfxState *, double *) override { }

    void beginTransparencyGroup(GfxState *, const double *, GfxColorSpace *, bool, bool, bool) override { unsupported = true; }
    void setSoftMask(GfxState *, const double *, bool, Function *, GfxColor *) override { unsupported = true; }

private:
    cairo_t *cairo;
    bool adjustedStrokeWidth = false;
    bool alignStrokeCoords = false;

    bool reportShading()
    {
        unsupported = true;
        return true;
    }

    void paint(GfxState *state, cairo_fill_rule_t rule)
    {
        path(state, state->getPath());
        cairo_set_fill_rule(cairo, rule);
        GfxRGB rgb;
        state->getFillRGB(&rgb);
        cairo_set_source_rgba(cairo, colToDbl(rgb.r), colToDbl(rgb.g), colToDbl(rgb.b), state->getFillOpacity());
        cairo_fill(cairo);
        painted = true;
    }

    void clipTo(GfxState *state, cairo_fill_rule_t rule)
    {
        path(state, state->getPath());
        cairo_set_fill_rule(cairo, rule);
        cairo_clip(cairo);
    }

    /// Point i of `subpath`, moved to the centre of its device pixel when it ends a horizontal or
    /// vertical segment and `alignStrokeCoords` is on (CairoOutputDev::alignStrokeCoords).
    void point(const GfxSubpath *subpath, int i, double *x, double *y)
    {
        *x = subpath->getX(i);
        *y = subpath->getY(i);
        if (!alignStrokeCoords) {
            return;
        }
        const double tolerance = 0.5;
        double x1 = *x, y1 = *y;
        cairo_user_to_device(cairo, &x1, &y1);
        bool align = false;
        if (i > 0 && !subpath->getCurve(i - 1)) {
            double x2 = subpath->getX(i - 1), y2 = subpath->getY(i - 1);
            cairo_user_to_device(cairo, &x2, &y2);
            align = std::fabs(x2 - x1) < tolerance || std::fabs(y2 - y1) < tolerance;
        }
        if (i < subpath->getNumPoints() - 1 && !subpath->getCurve(i + 1)) {
            double x2 = subpath->getX(i + 1), y2 = subpath->getY(i + 1);
            cairo_user_to_device(cairo, &x2, &y2);
            align = align || std::fabs(x2 - x1) < tolerance || std::fabs(y2 - y1) < tolerance;
        }
        if (align) {
            cairo_user_to_device(cairo, x, y);
            *x = std::floor(*x) + 0.5;
            *y = std::floor(*y) + 0.5;
            cairo_device_to_user(cairo, x, y);
        }
    }

    /// CairoOutputDev::doPath.
    void path(GfxState *, const GfxPath *p)
    {
        double x, y;
        cairo_new_path(cairo);
        for (int i = 0; i < p->getNumSubpaths(); ++i) {
            const GfxSubpath *subpath = p->getSubpath(i);
            if (subpath->getNumPoints() <= 0) {
                continue;
            }
            point(subpath, 0, &x, &y);
            cairo_move_to(cairo, x, y);
            int j = 1;
            while (j < subpath->getNumPoints()) {
                if (subpath->getCurve(j)) {
                    point(subpath, j + 2, &x, &y);
                    cairo_curve_to(cairo, subpath->getX(j), subpath->getY(j), subpath->getX(j + 1), subpath->getY(j + 1), x, y);
                    j += 3;
                } else {
                    point(subpath, j, &x, &y);
                    cairo_line_to(cairo, x, y);
                    ++j;
                }
            }
            if (subpath->isClosed()) {
                cairo_close_path(cairo);
            }
        }
    }
};

/// Stops the pass once something it does not draw was met.
bool stopWhenUnsupported(void *device)
{
    return static_cast<PathsOutputDev *>(device)->unsupported;
}

} // namespace

extern "C" IngestPathsResult ingest_page_draw_paths(void *page, void *document, void *cairo)
{
    Page *p = pageOf(static_cast<PopplerPage *>(page), static_cast<PopplerDocument *>(document));
    if (p == nullptr) {
        return INGEST_PATHS_UNBOUND;
    }
    auto cr = static_cast<cairo_t *>(cairo);
    PathsOutputDev device(cr);
    cairo_save(cr);
    // poppler_page_render's call: 72 dpi (the context holds the scale), no rotation, the crop box.
    p->displaySlice(&device, 72.0, 72.0, 0, false, true, -1, -1, -1, -1, false, stopWhenUnsupported, &device, nullptr, nullptr);
    cairo_restore(cr);
    if (device.unsupported) {
        return INGEST_PATHS_UNSUPPORTED;
    }
    return device.painted ? INGEST_PATHS_DRAWN : INGEST_PATHS_NONE;
}
