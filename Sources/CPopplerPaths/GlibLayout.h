// poppler-glib gives no `PDFDoc *` for a `PopplerDocument *` nor `Page *` for a `PopplerPage *`:
// their structs (glib/poppler-private.h) are read as 22.12 lays them out, and only when what they
// hold checks out (the document's page count is the one poppler-glib reports; a page's document
// is the one given, its index the one poppler-glib reports, the document's page of that number
// is that page).
#ifndef INGEST_GLIB_LAYOUT_H
#define INGEST_GLIB_LAYOUT_H

#include <poppler.h>

#include <memory>

#include <PDFDoc.h>
#include <Page.h>

class GlobalParamsIniter;

namespace ingest_glib {

/// poppler-glib 22.12's `struct _PopplerPage` (glib/poppler-private.h), up to what is read.
struct GlibPage {
    GObject parent_instance;
    PopplerDocument *document;
    Page *page;
    int index;
};

/// poppler-glib 22.12's `struct _PopplerDocument`, up to what is read.
struct GlibDocument {
    GObject parent_instance;
    std::unique_ptr<GlobalParamsIniter> initer;
    PDFDoc *doc;
};

/// The `PDFDoc *` of `document`, nil when the layout above does not check out.
inline PDFDoc *docOf(PopplerDocument *document)
{
    PDFDoc *doc = reinterpret_cast<GlibDocument *>(document)->doc;
    if (doc == nullptr || poppler_document_get_n_pages(document) != doc->getNumPages()) {
        return nullptr;
    }
    return doc;
}

/// The `Page *` of `page`, nil when the layout above does not check out.
inline Page *pageOf(PopplerPage *page, PopplerDocument *document)
{
    auto glibPage = reinterpret_cast<GlibPage *>(page);
    int index = poppler_page_get_index(page);
    if (glibPage->document != document || glibPage->index != index || glibPage->page == nullptr) {
        return nullptr;
    }
    PDFDoc *doc = docOf(document);
    if (doc == nullptr || index < 0 || index >= doc->getNumPages()) {
        return nullptr;
    }
    Page *found = doc->getPage(index + 1);
    return found == glibPage->page && found->getNum() == index + 1 ? found : nullptr;
}

} // namespace ingest_glib

#endif
