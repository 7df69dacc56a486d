#ifndef CPOPPLERSCRIPTS_H
#define CPOPPLERSCRIPTS_H

// Whether a PDF holds JavaScript, asked as poppler 22.12's `poppler_document_has_javascript`
// (`JSInfo::scan`) asks it, in two parts (PageScripts.cpp): what lies outside the pages, once per
// document, and each page's own, asked of a page the walk has loaded (its annotations are then
// loaded already) instead of loading every page again.

#ifdef __cplusplus
extern "C" {
#endif

/// What a question about scripts found.
typedef enum {
    INGEST_SCRIPTS_NONE = 0,
    INGEST_SCRIPTS_FOUND = 1,
    /// The document or page could not be read as poppler-glib 22.12 lays it out: nothing was asked.
    INGEST_SCRIPTS_UNBOUND = 2,
} IngestScriptsResult;

/// JavaScript outside the pages of `document` (a `PopplerDocument *`): named scripts (the catalog's
/// Names/JavaScript tree), the document's additional actions (before close, save, print and after
/// save, print), and the actions of its form fields' widgets (activation, keystroke-modified,
/// format, validate, calculate).
IngestScriptsResult ingest_document_scripts_outside_pages(void *document);

/// JavaScript of one page (a `PopplerPage *` of the `PopplerDocument *` `document`): its open and
/// close actions, its link annotations' actions, its screen and widget annotations' actions and
/// additional actions. A rendition action with a script counts, as in poppler.
IngestScriptsResult ingest_page_scripts(void *page, void *document);

/// Loads every page of `document` (a `PopplerDocument *`) as poppler's scan does before it asks
/// them (`PDFDoc::getPage`); the pages loaded, -1 when the document could not be read as
/// poppler-glib 22.12 lays it out.
int ingest_document_load_pages(void *document);

#ifdef __cplusplus
}
#endif

#endif
