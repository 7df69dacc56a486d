// TagLib opened with dlopen on first use: the binary does not link libtag. taglib_shim.cpp
// calls TagLib's C++ API as usual; the 18 TagLib functions it reaches (listed by `nm -u` on
// taglib_shim.o; all functions: no vtable or typeinfo is referenced) are defined here under
// their mangled names as forwarders to the addresses dlsym finds in libtag.so.1. Each forwarder
// is written with TagLib's own types, so the compiler applies the C++ ABI (hidden return
// pointer for String/PropertyMap/std::string, `this` first). A TagLib call added to the shim
// that is not listed here fails at link time ("undefined symbol"), never at run time.
#include "taglib_shim.h"
#include "lazy_library.h"
#include <string>
#include <taglib/tfile.h>
#include <taglib/tpropertymap.h>
#include <taglib/tstring.h>
#include <taglib/tstringlist.h>
#include <taglib/audioproperties.h>

namespace {
using TagLib::String;
using ReadStyle = TagLib::AudioProperties::ReadStyle;

#define TAGLIB_SYMBOLS(X) \
    X(ASF_File, "_ZN6TagLib3ASF4FileC1EPKcbNS_15AudioProperties9ReadStyleE") \
    X(MP4_File, "_ZN6TagLib3MP44FileC1EPKcbNS_15AudioProperties9ReadStyleE") \
    X(Opus_File, "_ZN6TagLib3Ogg4Opus4FileC1EPKcbNS_15AudioProperties9ReadStyleE") \
    X(FLAC_File, "_ZN6TagLib4FLAC4FileC1EPKcbNS_15AudioProperties9ReadStyleE") \
    X(MPEG_File, "_ZN6TagLib4MPEG4FileC1EPKcbNS_15AudioProperties9ReadStyleE") \
    X(WAV_File, "_ZN6TagLib4RIFF3WAV4FileC1EPKcbNS_15AudioProperties9ReadStyleE") \
    X(AIFF_File, "_ZN6TagLib4RIFF4AIFF4FileC1EPKcbNS_15AudioProperties9ReadStyleE") \
    X(Vorbis_File, "_ZN6TagLib6Vorbis4FileC1EPKcbNS_15AudioProperties9ReadStyleE") \
    X(WavPack_File, "_ZN6TagLib7WavPack4FileC1EPKcbNS_15AudioProperties9ReadStyleE") \
    X(PropertyMap_dtor, "_ZN6TagLib11PropertyMapD1Ev") \
    X(String_ctor, "_ZN6TagLib6StringC1EPKcNS0_4TypeE") \
    X(String_dtor, "_ZN6TagLib6StringD1Ev") \
    X(StringList_toString, "_ZNK6TagLib10StringList8toStringERKNS_6StringE") \
    X(PropertyMap_find, "_ZNK6TagLib11PropertyMap4findERKNS_6StringE") \
    X(lengthInMilliseconds, "_ZNK6TagLib15AudioProperties20lengthInMillisecondsEv") \
    X(File_properties, "_ZNK6TagLib4File10propertiesEv") \
    X(File_isValid, "_ZNK6TagLib4File7isValidEv") \
    X(String_to8Bit, "_ZNK6TagLib6String6to8BitB5cxx11Eb")

#define SLOT(id, mangled) SLOT_##id,
enum { TAGLIB_SYMBOLS(SLOT) TAGLIB_COUNT };
#define NAME(id, mangled) mangled,
const char *const taglib_names[] = {TAGLIB_SYMBOLS(NAME)};
void *taglib_slots[TAGLIB_COUNT];
lazy_library taglib = LAZY_LIBRARY_INIT("libtag.so.1", taglib_names, taglib_slots);

template <typename Fn> Fn slot(int i) { return reinterpret_cast<Fn>(lazy_library_slot(&taglib, i)); }
} // namespace

#define HIDDEN __attribute__((visibility("hidden")))

// Complete-object constructors `File(FileName, bool readProperties, ReadStyle)`: `this` first.
#define FILE_CTOR(id, mangled) \
    HIDDEN void forward_##id(void *self, const char *path, bool props, ReadStyle style) __asm__(mangled); \
    void forward_##id(void *self, const char *path, bool props, ReadStyle style) { \
        slot<void (*)(void *, const char *, bool, ReadStyle)>(SLOT_##id)(self, path, props, style); }
FILE_CTOR(ASF_File, "_ZN6TagLib3ASF4FileC1EPKcbNS_15AudioProperties9ReadStyleE")
FILE_CTOR(MP4_File, "_ZN6TagLib3MP44FileC1EPKcbNS_15AudioProperties9ReadStyleE")
FILE_CTOR(Opus_File, "_ZN6TagLib3Ogg4Opus4FileC1EPKcbNS_15AudioProperties9ReadStyleE")
FILE_CTOR(FLAC_File, "_ZN6TagLib4FLAC4FileC1EPKcbNS_15AudioProperties9ReadStyleE")
FILE_CTOR(MPEG_File, "_ZN6TagLib4MPEG4FileC1EPKcbNS_15AudioProperties9ReadStyleE")
FILE_CTOR(WAV_File, "_ZN6TagLib4RIFF3WAV4FileC1EPKcbNS_15AudioProperties9ReadStyleE")
FILE_CTOR(AIFF_File, "_ZN6TagLib4RIFF4AIFF4FileC1EPKcbNS_15AudioProperties9ReadStyleE")
FILE_CTOR(Vorbis_File, "_ZN6TagLib6Vorbis4FileC1EPKcbNS_15AudioProperties9ReadStyleE")
FILE_CTOR(WavPack_File, "_ZN6TagLib7WavPack4FileC1EPKcbNS_15AudioProperties9ReadStyleE")

HIDDEN void forward_PropertyMap_dtor(void *self) __asm__("_ZN6TagLib11PropertyMapD1Ev");
void forward_PropertyMap_dtor(void *self) { slot<void (*)(void *)>(SLOT_PropertyMap_dtor)(self); }

HIDDEN void forward_String_ctor(void *self, const char *s, String::Type t) __asm__("_ZN6TagLib6StringC1EPKcNS0_4TypeE");
void forward_String_ctor(void *self, const char *s, String::Type t) {
    slot<void (*)(void *, const char *, String::Type)>(SLOT_String_ctor)(self, s, t);
}

HIDDEN void forward_String_dtor(void *self) __asm__("_ZN6TagLib6StringD1Ev");
void forward_String_dtor(void *self) { slot<void (*)(void *)>(SLOT_String_dtor)(self); }

HIDDEN String forward_StringList_toString(const TagLib::StringList *self, const String &sep)
    __asm__("_ZNK6TagLib10StringList8toStringERKNS_6StringE");
String forward_StringList_toString(const TagLib::StringList *self, const String &sep) {
    return slot<String (*)(const TagLib::StringList *, const String &)>(SLOT_StringList_toString)(self, sep);
}

HIDDEN TagLib::PropertyMap::ConstIterator forward_PropertyMap_find(const TagLib::PropertyMap *self, const String &key)
    __asm__("_ZNK6TagLib11PropertyMap4findERKNS_6StringE");
TagLib::PropertyMap::ConstIterator forward_PropertyMap_find(const TagLib::PropertyMap *self, const String &key) {
    return slot<TagLib::PropertyMap::ConstIterator (*)(const TagLib::PropertyMap *, const String &)>(SLOT_PropertyMap_find)(self, key);
}

HIDDEN int forward_lengthInMilliseconds(const TagLib::AudioProperties *self)
    __asm__("_ZNK6TagLib15AudioProperties20lengthInMillisecondsEv");
int forward_lengthInMilliseconds(const TagLib::AudioProperties *self) {
    return slot<int (*)(const TagLib::AudioProperties *)>(SLOT_lengthInMilliseconds)(self);
}

HIDDEN TagLib::PropertyMap forward_File_properties(const TagLib::File *self) __asm__("_ZNK6TagLib4File10propertiesEv");
TagLib::PropertyMap forward_File_properties(const TagLib::File *self) {
    return slot<TagLib::PropertyMap (*)(const TagLib::File *)>(SLOT_File_properties)(self);
}

HIDDEN bool forward_File_isValid(const TagLib::File *self) __asm__("_ZNK6TagLib4File7isValidEv");
bool forward_File_isValid(const TagLib::File *self) { return slot<bool (*)(const TagLib::File *)>(SLOT_File_isValid)(self); }

HIDDEN std::string forward_String_to8Bit(const String *self, bool unicode) __asm__("_ZNK6TagLib6String6to8BitB5cxx11Eb");
std::string forward_String_to8Bit(const String *self, bool unicode) {
    return slot<std::string (*)(const String *, bool)>(SLOT_String_to8Bit)(self, unicode);
}

extern "C" int ingest_taglib_load(void) { return lazy_library_load(&taglib); }
extern "C" const char *ingest_taglib_error(void) { return lazy_library_error(&taglib); }
