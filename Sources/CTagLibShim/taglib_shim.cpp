// One place for every raw TagLib call. Files are opened with the class of OUR sniffed kind.
#include "taglib_shim.h"
#include <cstdlib>
#include <cstring>
#include <memory>
#include <taglib/tfile.h>
#include <taglib/tpropertymap.h>
#include <taglib/audioproperties.h>
#include <taglib/asffile.h>
#include <taglib/wavpackfile.h>
#include <taglib/mpegfile.h>
#include <taglib/flacfile.h>
#include <taglib/vorbisfile.h>
#include <taglib/opusfile.h>
#include <taglib/mp4file.h>
#include <taglib/wavfile.h>
#include <taglib/aifffile.h>

static char *dup_value(const TagLib::PropertyMap &map, const char *key) {
    auto it = map.find(key);
    if (it == map.end() || it->second.isEmpty()) return nullptr;
    std::string s = it->second.toString(" / ").to8Bit(true);
    if (s.empty()) return nullptr;
    return strdup(s.c_str());
}

extern "C" int ingest_taglib_read(const char *path, ingest_taglib_kind kind, ingest_taglib_info *out) {
    std::memset(out, 0, sizeof(*out));
    if (!ingest_taglib_load()) return -1;
    try {
        std::unique_ptr<TagLib::File> f;
        const bool props = true;
        const auto style = TagLib::AudioProperties::Accurate;
        switch (kind) {
        case INGEST_TAGLIB_ASF: f.reset(new TagLib::ASF::File(path, props, style)); break;
        case INGEST_TAGLIB_WAVPACK: f.reset(new TagLib::WavPack::File(path, props, style)); break;
        case INGEST_TAGLIB_MPEG: f.reset(new TagLib::MPEG::File(path, props, style)); break;
        case INGEST_TAGLIB_FLAC: f.reset(new TagLib::FLAC::File(path, props, style)); break;
        case INGEST_TAGLIB_VORBIS: f.reset(new TagLib::Ogg::Vorbis::File(path, props, style)); break;
        case INGEST_TAGLIB_OPUS: f.reset(new TagLib::Ogg::Opus::File(path, props, style)); break;
        case INGEST_TAGLIB_MP4: f.reset(new TagLib::MP4::File(path, props, style)); break;
        case INGEST_TAGLIB_WAV: f.reset(new TagLib::RIFF::WAV::File(path, props, style)); break;
        case INGEST_TAGLIB_AIFF: f.reset(new TagLib::RIFF::AIFF::File(path, props, style)); break;
        default: return 0;
        }
        if (!f->isValid()) return 0;
        TagLib::AudioProperties *ap = f->audioProperties();
        if (!ap || ap->sampleRate() <= 0) return 0;   // a non-audio file can open "valid" with no audio
        out->length_ms = ap->lengthInMilliseconds();
        out->bitrate_kbps = ap->bitrate();
        out->sample_rate = ap->sampleRate();
        out->channels = ap->channels();
        TagLib::PropertyMap map = f->properties();
        out->title = dup_value(map, "TITLE");
        out->artist = dup_value(map, "ARTIST");
        out->album = dup_value(map, "ALBUM");
        out->genre = dup_value(map, "GENRE");
        out->comment = dup_value(map, "COMMENT");
        out->date = dup_value(map, "DATE");
        out->track = dup_value(map, "TRACKNUMBER");
        out->valid = 1;
        return 1;
    } catch (...) {
        return 0;
    }
}

extern "C" void ingest_taglib_free(ingest_taglib_info *info) {
    char **fields[] = {&info->title, &info->artist, &info->album, &info->genre, &info->comment, &info->date, &info->track};
    for (char **p : fields) { std::free(*p); *p = nullptr; }
}
