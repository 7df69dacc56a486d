#include <poppler.h>
#include <cairo.h>
#include <glib.h>
// malloc_trim: IngestPDF hands the memory freed by a long document's page walk back to the system.
#include <malloc.h>
