#include <poppler.h>
#include <cairo.h>
// cairo's PDF surface: a signature's appearance is drawn onto it and its text read back (SignatureAppearance).
#include <cairo-pdf.h>
#include <glib.h>
// malloc_trim: IngestPDF hands the memory freed by a long document's page walk back to the system.
#include <malloc.h>
