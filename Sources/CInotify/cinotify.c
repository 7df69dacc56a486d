#ifdef __linux__
#include "cinotify.h"
#include <string.h>

int cinotify_next(const uint8_t *buffer, size_t length, size_t *offset, cinotify_event *event) {
    struct inotify_event header;
    if (*offset > length || length - *offset < sizeof header) return 0;
    // memcpy: the buffer comes from Swift with no alignment promise.
    memcpy(&header, buffer + *offset, sizeof header);
    if (length - *offset - sizeof header < header.len) return 0;
    const char *name = (const char *)(buffer + *offset + sizeof header);
    event->wd = header.wd;
    event->mask = header.mask;
    event->cookie = header.cookie;
    event->name = header.len ? name : "";
    // The kernel pads the name with NULs to an aligned length.
    event->name_length = header.len ? (uint32_t)strnlen(name, header.len) : 0;
    *offset += sizeof header + header.len;
    return 1;
}

int cinotify_open(void) { return inotify_init1(IN_NONBLOCK | IN_CLOEXEC); }
#endif
