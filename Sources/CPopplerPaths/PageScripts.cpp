// Whether a PDF holds JavaScript, answered as poppler 22.12's `poppler_document_has_javascript`
// answers it (poppler/JSInfo.cc, `JSInfo::scan` stopping on the first script found), in two parts.
// Poppler's scan loads every page and its annotations once more in the document it is given
// (gnuplot.pdf, 311 pages: 0.30 G instructions); the page walk loads each page's annotations
// already (its form fields and comments are text), so each page's part is asked of the walk's page,
// where its annotations are cached, and only what lies outside the pages is asked of the document.
// The same objects are read with the same poppler calls: the answer is the scan's whichever order
// the pages are asked in (it is a disjunction).
#include <poppler.h>

#include <Annot.h>
#include <Catalog.h>
#include <Form.h>
#include <Link.h>
#include <PDFDoc.h>
#include <Page.h>

#include "CPopplerScripts.h"
#include "GlibLayout.h"

namespace {

/// `JSInfo::scanLinkAction`: a JavaScript action, or a rendition action with a script.
bool isScript(LinkAction *link)
{
    if (link == nullptr) {
        return false;
    }
    if (link->getKind() == actionJavaScript) {
        return true;
    }
    return link->getKind() == actionRendition && !static_cast<LinkRendition *>(link)->getScript().empty();
}

bool isScript(const std::unique_ptr<LinkAction> &link) { return isScript(link.get()); }

/// An annotation's additional actions `JSInfo::scan` asks of screen and widget annotations.
template<typename A>
bool hasScriptedAdditionalAction(A *annot)
{
    for (auto type : { Annot::actionCursorEntering, Annot::actionCursorLeaving, Annot::actionMousePressed, Annot::actionMouseReleased,
                       Annot::actionFocusIn, Annot::actionFocusOut, Annot::actionPageOpening, Annot::actionPageClosing,
                       Annot::actionPageVisible, Annot::actionPageInvisible }) {
        if (isScript(annot->getAdditionalAction(type))) {
            return true;
        }
    }
    return false;
}

} // namespace

extern "C" IngestScriptsResult ingest_document_scripts_outside_pages(void *document)
{
    PDFDoc *doc = ingest_glib::docOf(static_cast<PopplerDocument *>(document));
    if (doc == nullptr) {
        return INGEST_SCRIPTS_UNBOUND;
    }
    Catalog *catalog = doc->getCatalog();
    if (catalog->numJS() > 0) {
        return INGEST_SCRIPTS_FOUND;
    }
    for (auto type : { Catalog::actionCloseDocument, Catalog::actionSaveDocumentStart, Catalog::actionSaveDocumentFinish,
                       Catalog::actionPrintDocumentStart, Catalog::actionPrintDocumentFinish }) {
        if (isScript(catalog->getAdditionalAction(type))) {
            return INGEST_SCRIPTS_FOUND;
        }
    }
    if (catalog->getFormType() == Catalog::AcroForm) {
        Form *form = catalog->getForm();
        for (int i = 0; i < form->getNumFields(); i++) {
            FormField *field = form->getRootField(i);
            for (int j = 0; j < field->getNumWidgets(); j++) {
                FormWidget *widget = field->getWidget(j);
                if (isScript(widget->getActivationAction())) {
                    return INGEST_SCRIPTS_FOUND;
                }
                for (auto type : { Annot::actionFieldModified, Annot::actionFormatField, Annot::actionValidateField, Annot::actionCalculateField }) {
                    if (isScript(widget->getAdditionalAction(type))) {
                        return INGEST_SCRIPTS_FOUND;
                    }
                }
            }
        }
    }
    return INGEST_SCRIPTS_NONE;
}

extern "C" IngestScriptsResult ingest_page_scripts(void *page, void *document)
{
    Page *p = ingest_glib::pageOf(static_cast<PopplerPage *>(page), static_cast<PopplerDocument *>(document));
    if (p == nullptr) {
        return INGEST_SCRIPTS_UNBOUND;
    }
    if (isScript(p->getAdditionalAction(Page::actionOpenPage)) || isScript(p->getAdditionalAction(Page::actionClosePage))) {
        return INGEST_SCRIPTS_FOUND;
    }
    for (Annot *annot : p->getAnnots()->getAnnots()) {
        switch (annot->getType()) {
        case Annot::typeLink:
            if (isScript(static_cast<AnnotLink *>(annot)->getAction())) {
                return INGEST_SCRIPTS_FOUND;
            }
            break;
        case Annot::typeScreen: {
            auto screen = static_cast<AnnotScreen *>(annot);
            if (isScript(screen->getAction()) || hasScriptedAdditionalAction(screen)) {
                return INGEST_SCRIPTS_FOUND;
            }
            break;
        }
        case Annot::typeWidget: {
            auto widget = static_cast<AnnotWidget *>(annot);
            if (isScript(widget->getAction()) || hasScriptedAdditionalAction(widget)) {
                return INGEST_SCRIPTS_FOUND;
            }
            break;
        }
        default:
            break;
        }
    }
    return INGEST_SCRIPTS_NONE;
}

extern "C" int ingest_document_load_pages(void *document)
{
    PDFDoc *doc = ingest_glib::docOf(static_cast<PopplerDocument *>(document));
    if (doc == nullptr) {
        return -1;
    }
    int loaded = 0;
    for (int page = 1; page <= doc->getNumPages(); ++page) {
        loaded += doc->getPage(page) != nullptr;
    }
    return loaded;
}
