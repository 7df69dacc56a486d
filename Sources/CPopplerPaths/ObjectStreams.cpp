// A poppler document's cache of parsed object streams, widened.
//
// A PDF 1.5 file keeps most of its objects (page dictionaries, fonts, annotations, outline items,
// destinations) in compressed object streams of about a hundred objects each (pdfTeX). Poppler's
// `XRef` parses a whole stream to fetch one of its objects and keeps the last five parsed
// (`XRef::objStrs`, a `PopplerCache` of five): reading a page, its fonts and its annotations, or
// an outline entry and its destination, goes from stream to stream, and past five each is parsed
// again. On gnuplot.pdf (73 object streams) the run parsed streams 225 times, 0.77 G instructions
// of its 10.9 G. What is parsed is the same whichever number is kept: only how often changes.
//
// `objStrs` is private and its item type (`ObjectStream`, defined in XRef.cc) incomplete here: the
// cache is reached through a pointer to the member named in an explicit instantiation (where access
// is not checked), and its vector's storage (libstdc++: begin, end, end of capacity; the cache
// evicts when its size reaches its capacity) is replaced by a larger block, its entries moved as
// bytes (a key and a `unique_ptr`), nothing constructed or destroyed. Only when the layout checks
// out: three pointers, ordered, a capacity of five entries of 16 bytes.
#include <poppler.h>

#include <cstring>
#include <memory>
#include <new>
#include <utility>

#include <PDFDoc.h>
#include <PopplerCache.h>
#include <XRef.h>

#include "CPopplerObjectStreams.h"
#include "GlibLayout.h"

namespace {

using Cache = PopplerCache<Goffset, ObjectStream>;

template<typename Tag, typename Tag::type Member>
struct Expose
{
    friend typename Tag::type member(Tag) { return Member; }
};

struct ObjectStreamsOfXRef
{
    using type = Cache XRef::*;
    friend type member(ObjectStreamsOfXRef);
};

template struct Expose<ObjectStreamsOfXRef, &XRef::objStrs>;

/// A cache entry as libstdc++ lays out `std::pair<Goffset, std::unique_ptr<ObjectStream>>`.
struct Entry
{
    Goffset key;
    void *stream;
};

/// poppler 22.12's `objStrs` size.
constexpr size_t popplerEntries = 5;

/// The storage of the cache of `document` (begin, end, end of capacity), nil when its layout does not check out.
Entry **storageOf(void *document)
{
    static_assert(sizeof(Cache) == 3 * sizeof(void *), "PopplerCache holds one std::vector");
    static_assert(sizeof(std::pair<Goffset, std::unique_ptr<ObjectStream>>) == sizeof(Entry), "an entry is a key and a pointer");
    PDFDoc *doc = ingest_glib::docOf(static_cast<PopplerDocument *>(document));
    if (doc == nullptr || doc->getXRef() == nullptr) {
        return nullptr;
    }
    Cache &cache = doc->getXRef()->*member(ObjectStreamsOfXRef());
    auto vector = reinterpret_cast<Entry **>(&cache);
    Entry *begin = vector[0], *end = vector[1], *capacity = vector[2];
    return begin == nullptr || end < begin || capacity < end ? nullptr : vector;
}

} // namespace

extern "C" int ingest_document_object_streams_kept(void *document)
{
    Entry **vector = storageOf(document);
    return vector == nullptr ? -1 : int(vector[2] - vector[0]);
}

extern "C" int ingest_document_keep_object_streams(void *document, int count)
{
    Entry **vector = storageOf(document);
    if (vector == nullptr || count <= int(popplerEntries)) {
        return 0;
    }
    Entry *begin = vector[0], *end = vector[1], *capacity = vector[2];
    if (size_t(capacity - begin) != popplerEntries) {
        return 0;
    }
    auto wider = static_cast<Entry *>(::operator new(size_t(count) * sizeof(Entry)));
    std::memcpy(static_cast<void *>(wider), static_cast<const void *>(begin), size_t(end - begin) * sizeof(Entry));
    ::operator delete(static_cast<void *>(begin), popplerEntries * sizeof(Entry));
    vector[0] = wider;
    vector[1] = wider + (end - begin);
    vector[2] = wider + count;
    return 1;
}
