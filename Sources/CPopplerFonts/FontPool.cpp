// The fonts of a PDF made once per document instead of once per display pass.
//
// Poppler 22.12 (libpoppler.so.126) gives every display pass — the text pass of a page, each of
// its renderings — a fresh `GfxResources`, whose `GfxFontDict` calls `GfxFont::makeFont` for each
// font of the page's resources: a Type 1 font's embedded program is inflated and parsed again for
// its built-in encoding, at every pass of every page. On a 311-page pdfTeX manual (gnuplot.pdf)
// that was 23 % of the CPU of a conversion: 60 % of the text pass, whose fonts are the same on
// every page. poppler-glib shares nothing between passes, and has no API to.
//
// This file binds three of libpoppler's entry points where they are in the dynamic symbol table
// (the `ingest` binary and the test bundle export them, Package.swift `exportFontPool`, as
// CTesseract's serial OpenMP; another program linking IngestPDF runs poppler's own):
// - `GfxFont::makeFont(xref, tag, ref, dict)`: a font of an indirect object (ref.gen < 100000;
//   poppler numbers inline font dictionaries from 100000 up) that a pass made earlier in the same
//   document (`xref`) under the same resource name (`tag`) and is not in use is handed out again;
//   otherwise poppler makes one, which joins the pool if it is usable (`isOk`).
// - the deleting destructors of `Gfx8BitFont` and `GfxCIDFont` (their vtables' entries): a pooled
//   font the pass is done with goes back to the pool instead of being freed.
// - `XRef::~XRef` (the end of a document): its idle pooled fonts are freed, and those still held
//   are no longer pooled, so their holder frees them as poppler would.
// A font is lent to one holder at a time (one `GfxFontDict`, with what takes a reference from
// it: a `GfxState`, a `TextPage`'s font info), so no two holders alive at once share one: two
// passes, or a page and a form XObject naming the same font, get two objects, as they did.
// A GfxFont is not changed by its use (its methods are const, or read the document), so the
// object handed out again is the one poppler would have made.
// Thread-safe: one lock around the pool; a document is read by one thread at a time (poppler's rule).
#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <list>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <tuple>
#include <unordered_map>
#include <vector>

#include <GfxFont.h>

#include "CPopplerFonts.h"

class XRef;

namespace {

struct Key {
    XRef *xref;
    int num, gen;
    std::string tag;
    bool operator<(const Key &other) const
    {
        return std::tie(xref, num, gen, tag) < std::tie(other.xref, other.num, other.gen, other.tag);
    }
};

/// Fonts pooled at most (all open documents): past it, a font is made and freed as poppler would.
constexpr size_t largest = 4096;
/// Idle fonts kept at most (all open documents): past it, the one idle the longest is freed. A
/// font takes ≈ 20 KB (gnuplot.pdf's 70: 1.5 MB of RSS; scrguide-en.pdf's ≈ 300, a page's text
/// pass and renderings beside it, all within).
constexpr size_t idleMost = 512;

struct Pool {
    std::mutex lock;
    /// Pooled fonts not in use, by what made them.
    std::map<Key, std::vector<GfxFont *>> idle;
    /// Idle fonts, the longest idle first.
    std::list<GfxFont *> order;
    struct Entry {
        Key key;
        /// Its place in `order` while idle.
        std::list<GfxFont *>::iterator place;
        bool isIdle;
    };
    /// Every pooled font, in use or idle.
    std::unordered_map<GfxFont *, Entry> pooled;
};

/// Never destroyed: fonts may be freed while the process exits.
Pool &pool()
{
    static Pool *shared = new Pool;
    return *shared;
}

std::atomic<long> made { 0 }, reused { 0 };

template<class Function>
Function poppler(const char *symbol)
{
    return reinterpret_cast<Function>(dlsym(RTLD_NEXT, symbol));
}

using MakeFont = std::unique_ptr<GfxFont> (*)(XRef *, const char *, Ref, Dict *);
using Destroy = void (*)(void *);

/// Whether `font` is pooled: then it is idle again, and must not be freed. The font idle the
/// longest past `idleMost` leaves the pool; it is handed to `freed`, to be freed once unlocked.
bool giveBack(void *font, GfxFont *&freed)
{
    auto &p = pool();
    std::lock_guard<std::mutex> held(p.lock);
    auto found = p.pooled.find(static_cast<GfxFont *>(font));
    if (found == p.pooled.end()) {
        return false;
    }
    auto &entry = found->second;
    p.idle[entry.key].push_back(found->first);
    entry.place = p.order.insert(p.order.end(), found->first);
    entry.isIdle = true;
    if (p.order.size() > idleMost) {
        GfxFont *oldest = p.order.front();
        p.order.pop_front();
        auto old = p.pooled.find(oldest);
        auto &fonts = p.idle[old->second.key];
        fonts.erase(std::find(fonts.begin(), fonts.end(), oldest));
        if (fonts.empty()) {
            p.idle.erase(old->second.key);
        }
        p.pooled.erase(old);
        freed = oldest;
    }
    return true;
}

/// `giveBack`, then the font it let go freed (`delete`: no longer pooled, poppler's destructor).
bool giveBackFreeing(void *font)
{
    GfxFont *freed = nullptr;
    bool kept = giveBack(font, freed);
    delete freed;
    return kept;
}

} // namespace

std::unique_ptr<GfxFont> GfxFont::makeFont(XRef *xref, const char *tagA, Ref idA, Dict *fontDict)
{
    static const MakeFont make = poppler<MakeFont>("_ZN7GfxFont8makeFontEP4XRefPKc3RefP4Dict");
    if (idA.gen >= 100000 || idA.num < 0 || tagA == nullptr) {
        made.fetch_add(1, std::memory_order_relaxed);
        return make(xref, tagA, idA, fontDict);
    }
    Key key { xref, idA.num, idA.gen, tagA };
    auto &p = pool();
    {
        std::lock_guard<std::mutex> held(p.lock);
        auto found = p.idle.find(key);
        if (found != p.idle.end() && !found->second.empty()) {
            GfxFont *font = found->second.back();
            found->second.pop_back();
            auto &entry = p.pooled.at(font);
            p.order.erase(entry.place);
            entry.isIdle = false;
            reused.fetch_add(1, std::memory_order_relaxed);
            return std::unique_ptr<GfxFont>(font);
        }
    }
    std::unique_ptr<GfxFont> font = make(xref, tagA, idA, fontDict);
    made.fetch_add(1, std::memory_order_relaxed);
    if (font && font->isOk()) {
        std::lock_guard<std::mutex> held(p.lock);
        if (p.pooled.size() < largest) {
            p.pooled.emplace(font.get(), Pool::Entry { std::move(key), p.order.end(), false });
        }
    }
    return font;
}

// The deleting destructors (`delete font`, through the vtable), and the document's end.
extern "C" void ingest_delete_8bit_font(void *font) __asm__("_ZN11Gfx8BitFontD0Ev");
extern "C" void ingest_delete_8bit_font(void *font)
{
    static const Destroy destroy = poppler<Destroy>("_ZN11Gfx8BitFontD0Ev");
    if (!giveBackFreeing(font)) {
        destroy(font);
    }
}

extern "C" void ingest_delete_cid_font(void *font) __asm__("_ZN10GfxCIDFontD0Ev");
extern "C" void ingest_delete_cid_font(void *font)
{
    static const Destroy destroy = poppler<Destroy>("_ZN10GfxCIDFontD0Ev");
    if (!giveBackFreeing(font)) {
        destroy(font);
    }
}

extern "C" void ingest_xref_end(void *xref) __asm__("_ZN4XRefD1Ev");
extern "C" void ingest_xref_end(void *xref)
{
    static const Destroy end = poppler<Destroy>("_ZN4XRefD1Ev");
    std::vector<GfxFont *> idle;
    {
        auto &p = pool();
        std::lock_guard<std::mutex> held(p.lock);
        for (auto k = p.idle.begin(); k != p.idle.end();) {
            if (k->first.xref == xref) {
                idle.insert(idle.end(), k->second.begin(), k->second.end());
                k = p.idle.erase(k);
            } else {
                ++k;
            }
        }
        for (auto k = p.pooled.begin(); k != p.pooled.end();) {
            if (k->second.key.xref == xref) {
                if (k->second.isIdle) {
                    p.order.erase(k->second.place);
                }
                k = p.pooled.erase(k);
            } else {
                ++k;
            }
        }
    }
    // No longer pooled: `delete` reaches poppler's destructors.
    for (GfxFont *font : idle) {
        delete font;
    }
    end(xref);
}

extern "C" long ingest_font_pool_idle(void)
{
    auto &p = pool();
    std::lock_guard<std::mutex> held(p.lock);
    return static_cast<long>(p.order.size());
}

extern "C" void ingest_font_pool_counts(long *madeCount, long *reusedCount)
{
    *madeCount = made.load(std::memory_order_relaxed);
    *reusedCount = reused.load(std::memory_order_relaxed);
}
