// Forwarders for every hunspell function Ingest calls: the binary does not link libhunspell; it is
// opened on the first doubtful-word check. To call a new function, add it to the table (with its
// prototype from the header).
#include "CHunspell.h"
#include "lazy_library.h"

#define HUNSPELL_FUNCTIONS(F, V) \
    F(Hunhandle *, Hunspell_create, (const char *affpath, const char *dpath), (affpath, dpath)) \
    V(Hunspell_destroy, (Hunhandle *h), (h)) \
    F(char *, Hunspell_get_dic_encoding, (Hunhandle *h), (h)) \
    F(int, Hunspell_spell, (Hunhandle *h, const char *word), (h, word)) \
    F(int, Hunspell_suggest, (Hunhandle *h, char ***slst, const char *word), (h, slst, word)) \
    F(int, Hunspell_stem, (Hunhandle *h, char ***slst, const char *word), (h, slst, word)) \
    V(Hunspell_free_list, (Hunhandle *h, char ***slst, int n), (h, slst, n))

enum { HUNSPELL_FUNCTIONS(LAZY_SLOT_F, LAZY_SLOT_V) HUNSPELL_COUNT };

static const char *const hunspell_names[] = {HUNSPELL_FUNCTIONS(LAZY_NAME_F, LAZY_NAME_V)};
static void *hunspell_slots[HUNSPELL_COUNT];
static lazy_library hunspell = LAZY_LIBRARY_INIT("libhunspell-1.7.so.0", hunspell_names, hunspell_slots);

#define HUN_F(ret, name, params, args) LAZY_FORWARD_F(hunspell, ret, name, params, args)
#define HUN_V(name, params, args) LAZY_FORWARD_V(hunspell, name, params, args)
HUNSPELL_FUNCTIONS(HUN_F, HUN_V)

int ingest_hunspell_load(void) { return lazy_library_load(&hunspell); }

const char *ingest_hunspell_error(void) { return lazy_library_error(&hunspell); }
