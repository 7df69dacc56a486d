#ifndef CINOTIFY_H
#define CINOTIFY_H
// inotify for IngestWatch. `struct inotify_event` ends in a flexible array member (the name),
// which Swift cannot walk: `cinotify_next` decodes one event of a read buffer at a time.
#ifdef __linux__
#include <sys/inotify.h>
#include <poll.h>
#include <stddef.h>
#include <stdint.h>

/// One decoded event. `name` points into the caller's buffer (valid while it is), "" when the
/// event is about the watched folder itself.
typedef struct {
    int32_t wd;
    uint32_t mask;
    uint32_t cookie;
    uint32_t name_length;
    const char *name;
} cinotify_event;

/// Decodes the event at `*offset` of `buffer` (`length` bytes) and advances `*offset` past it.
/// Returns 1 when an event was decoded, 0 at the end of the buffer or when the next event is cut.
int cinotify_next(const uint8_t *buffer, size_t length, size_t *offset, cinotify_event *event);

/// A non-blocking, close-on-exec inotify descriptor (IN_NONBLOCK and IN_CLOEXEC are an anonymous
/// enum in glibc, awkward in Swift). Returns -1 with errno set on failure.
int cinotify_open(void);

/// What every watched folder reports: files finished (close-write), arriving or leaving (moves),
/// appearing (create: hard links and writers that never close), metadata (attrib: touch), gone
/// (delete), and the folder itself deleted or moved. IN_ONLYDIR: a path that became a file
/// between listing and watching fails instead of being watched. IN_EXCL_UNLINK: no events from
/// files already unlinked but still open.
static const uint32_t CINOTIFY_FOLDER_MASK =
    IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF |
    IN_MOVE_SELF | IN_ATTRIB | IN_ONLYDIR | IN_EXCL_UNLINK;

#endif
#endif
